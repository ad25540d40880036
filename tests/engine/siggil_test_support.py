"""Helpers the Siggil engine tests share (imported by file name: tests/engine has no package)."""
from __future__ import annotations

from engine import siggil as S
from engine.core import Rng


def table(**situation) -> S.State:
    return S.from_situation(situation)


def play_random(options: dict, seed: int) -> S.State:
    st_ = S.new_game(options, seed)
    rng = Rng(seed * 7919 + 1)
    while not st_.is_over:
        st_.apply(rng.choice(st_.legal_actions()))
    return st_
