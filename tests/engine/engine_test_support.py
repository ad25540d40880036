"""Helpers the per-game engine tests share (imported by file name: tests/engine has no package)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from content.loader import read_yaml
from engine.core import BadInput, RuleViolation


def checkable_rules(game_dir: Path, outline_rules: set[str]) -> set[str]:
    """The outline's `check: true` rules, plus any game.yaml marks checkable."""
    rules = set(outline_rules)
    game_yaml = game_dir / "game.yaml"
    if game_yaml.exists():
        rules |= {r["id"] for r in read_yaml(game_yaml)["rules"] if r.get("check")}
    return rules


def examples_of(game_dir: Path) -> list[dict]:
    return read_yaml(game_dir / "examples.yaml")


def run_safely(run_example: Callable[[dict], dict], example: dict) -> dict:
    """An example whose run raises counts as failed (a guard test must not crash)."""
    try:
        return run_example(example)
    except Exception as e:
        return {"passed": False, "outcome": {"error": repr(e)}, "view": []}


def bad_input(call) -> str:
    with pytest.raises(BadInput) as info:
        call()
    return info.value.code


def refusal(call) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        call()
    return info.value
