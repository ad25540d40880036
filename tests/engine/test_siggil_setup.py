"""Siggil engine: the cards, the layouts, the options and the setup."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import siggil as S
from engine.core import BadInput, Rng
from engine.siggil.layouts import LAYOUTS, check_layout

# --- cards and layouts ----------------------------------------------------------------------


def test_deck_has_56_distinct_cards():
    deck = S.full_deck()
    assert len(deck) == len(set(deck)) == 56
    assert sum(1 for c in deck if S.IS_SPIRIT[c]) == 7
    for i, family in enumerate(S.FAMILIES):
        assert S.NUMBER_OF[f"spirit-{family}"] == i + 1
        assert S.FAMILY_OF[f"spirit-{family}"] == family


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_layouts_are_two_pyramids(name):
    layout = check_layout(name)
    positions = layout["positions"]
    assert len(positions) == 56
    for group in (0, 1):
        rows = Counter(p["row"] for p in positions if p["group"] == group)
        assert rows == {r: r for r in range(1, 8)}
    for p in positions:
        assert p["face_up"] == (p["row"] % 2 == 0)
        assert 1 <= len(p["covered_by"]) <= 2 or not p["covered_by"]
        for q in p["covered_by"]:
            assert positions[q]["group"] == p["group"]
            assert abs(positions[q]["row"] - p["row"]) == 1
    top_rows = {p["row"] for p in positions if not p["covered_by"]}
    assert top_rows == ({7} if name == "pyramids" else {1})


def test_default_layout_row7_on_top_each_card_under_two():
    positions = LAYOUTS["pyramids"]["positions"]
    for p in positions:
        assert len(p["covered_by"]) == (0 if p["row"] == 7 else 2)


def test_bad_layouts_refused():
    with pytest.raises(BadInput) as e:
        check_layout({"positions": [{"covered_by": [1]}, {"covered_by": [0]}]}, size=None)
    assert e.value.params["reason"] == "cycle"
    with pytest.raises(BadInput):
        check_layout({"positions": [{"covered_by": [5]}]}, size=None)
    with pytest.raises(BadInput) as e:
        check_layout({"positions": []})
    assert e.value.code == "bad-layout"
    with pytest.raises(BadInput) as e:
        S.new_game({"players": 2, "layout": "the-turtle"})
    assert e.value.code == "unknown-layout"


@pytest.mark.parametrize("options", [{"players": 0}, {"players": 5}, {"players": "2"}, {"players": 2, "level": "easy"},
                                     {"players": 1, "level": "hard"}, {"colour": "red"}])
def test_bad_options(options):
    with pytest.raises(BadInput):
        S.new_game(options, 1)


# --- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_frees_spirits_on_top_and_turns_cards_up(players):
    for seed in range(40):
        st_ = S.new_game({"players": players}, seed)
        assert sorted([c for c in st_.sigil if c] + st_.free) == sorted(S.ALL_CARDS)
        for pos in st_.available():
            assert st_.face_up[pos] and not S.IS_SPIRIT[st_.sigil[pos]]
        for s in st_.free:  # free spirits are out of the sigil
            assert s not in st_.sigil
        assert st_.phase == "take" and st_.current_player == 0


def test_solo_deck_puts_a_spirit_after_every_seven_cards():
    for seed in range(20):
        deck = S.solo_deck(Rng(seed))
        assert sorted(deck) == sorted(S.ALL_CARDS)
        assert [i for i, c in enumerate(deck) if S.IS_SPIRIT[c]] == [7, 15, 23, 31, 39, 47, 55]
        st_ = S.new_game({"players": 1}, seed)
        for i, card in enumerate(deck):
            assert st_.sigil[i] == card or (st_.sigil[i] is None and card in st_.free)
