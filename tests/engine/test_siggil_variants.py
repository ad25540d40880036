"""Siggil's disputed points as named options: each variant (and the default layout) changes the
engine's answer, and the default is the reading the rulings follow.

- larger_sets: set sizes are minimums (reviews, the publisher's description), not exact (the
  two rulebook texts, followed by default);
- taken_sets_face_up: a set whose spirit was taken stays face up (the Russian edition's rules
  as rendered in English), not face down (the rulebook we received, followed by default);
- layout: "pyramids" (many cards available at first, fewer later) is the default, the apex
  layout ("pyramids-apex", 2 cards at first) a named option.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine import siggil as S
from engine.core import BadInput, RuleViolation, guards_disabled

LARGER = {"larger_sets": True}
FACE_UP = {"taken_sets_face_up": True}


def table(**situation) -> S.State:
    return S.from_situation(situation)


def refusal(state: S.State, action: dict) -> tuple[str, str]:
    with pytest.raises(RuleViolation) as e:
        state.apply(action)
    return e.value.rule_id, e.value.code


# --- the options ------------------------------------------------------------------------------


def test_options_name_every_variant_with_its_default():
    st_ = S.new_game({"players": 3}, 1)
    assert st_.options == {"players": 3, "layout": "pyramids", "larger_sets": False, "taken_sets_face_up": False}
    assert S.VARIANTS == {"larger_sets": "siggil.capture.variant-larger-sets",
                          "taken_sets_face_up": "siggil.capture.variant-face-up"}
    on = S.new_game({"players": 3, **LARGER, **FACE_UP}, 1)
    assert on.larger_sets and on.taken_sets_face_up
    # a saved game keeps its variants, and replays under them
    again = S.from_json(json.loads(json.dumps(on.to_json())))
    assert again.options == on.options


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_variant_is_true_or_false(value):
    with pytest.raises(BadInput) as e:
        S.new_game({"players": 2, "larger_sets": value}, 1)
    assert e.value.code == "bad-variant" and e.value.params["variant"] == "larger_sets"
    with pytest.raises(BadInput) as e:
        S.check_capture(2, "spirit-leaf", [], [], ["leaf1", "leaf2", "leaf4"], taken_sets_face_up=value)
    assert e.value.code == "bad-variant"
    with pytest.raises(BadInput) as e:
        table(players=2, sigil=["stone1"], larger_sets=value)
    assert e.value.code == "bad-variant"


# --- (1) set sizes: exact, or minimums ---------------------------------------------------------


def free_table(**variants) -> S.State:
    return table(players=3, phase="capture", sigil=["stone6"], free=["spirit-cloud"],
                 hands=[["cloud1", "cloud2", "cloud3", "cloud4"], [], []], **variants)


def test_a_free_spirit_with_a_fourth_card():
    four = {"type": "capture", "spirit": "spirit-cloud", "cards": ["cloud1", "cloud2", "cloud3", "cloud4"]}
    assert refusal(free_table(), four) == ("siggil.capture.free", "set-size")
    st_ = free_table(**LARGER)
    st_.apply(four)
    assert st_.held == {"spirit-cloud": 0} and len(st_.sets[0]["spirit-cloud"]) == 4
    # too few stays refused in the variant, by the variant's rule
    two = {"type": "capture", "spirit": "spirit-cloud", "cards": ["cloud1", "cloud2"]}
    assert refusal(free_table(), two) == ("siggil.capture.free", "set-size")
    assert refusal(free_table(**LARGER), two) == ("siggil.capture.variant-larger-sets", "set-too-small")


def test_the_legal_captures_follow_the_variant():
    def sizes(state: S.State) -> set[int]:
        return {len(a["cards"]) for a in state.legal_actions() if a["type"] == "capture"}

    assert sizes(free_table()) == {3}
    assert sizes(free_table(**LARGER)) == {3, 4}


def steal_table(hand: list[str], **variants) -> S.State:
    return table(players=3, phase="capture", sigil=["stone6"], hands=[hand, [], []],
                 sets={1: {"spirit-deer": ["deer1", "deer3", "deer7"]}}, held={"spirit-deer": 1}, **variants)


def test_a_steal_with_two_cards_more():
    five = ["stone2", "leaf2", "water2", "cloud2", "turtle2"]
    action = {"type": "capture", "spirit": "spirit-deer", "cards": five}
    rule, code = refusal(steal_table(five), action)
    assert (rule, code) == ("siggil.capture.steal", "steal-size")
    st_ = steal_table(five, **LARGER)
    st_.apply(action)
    assert st_.held == {"spirit-deer": 0} and st_.events["way"] == "steal"
    three = {"type": "capture", "spirit": "spirit-deer", "cards": five[:3]}
    assert refusal(steal_table(five, **LARGER), three) == ("siggil.capture.variant-larger-sets", "steal-too-small")


def recapture_table(**variants) -> S.State:
    return table(players=2, phase="capture", sigil=["stone6"], hands=[["deer4", "deer5", "deer6"], []],
                 sets={0: {"spirit-deer": ["deer1", "deer3", "deer7"]},
                       1: {"spirit-deer": ["stone2", "leaf2", "water2", "cloud2"]}},
                 held={"spirit-deer": 1}, **variants)


def test_a_recapture_past_one_more():
    three = {"type": "capture", "spirit": "spirit-deer", "cards": ["deer4", "deer5", "deer6"]}
    assert refusal(recapture_table(), three) == ("siggil.capture.recapture", "recapture-size")
    st_ = recapture_table(**LARGER)
    st_.apply(three)
    assert st_.held == {"spirit-deer": 0} and len(st_.sets[0]["spirit-deer"]) == 6
    one = {"type": "capture", "spirit": "spirit-deer", "cards": ["deer4"]}
    assert refusal(recapture_table(**LARGER), one) == ("siggil.capture.variant-larger-sets", "recapture-too-small")


def test_the_solo_game_follows_the_variant_too():
    five = ["stone2", "stone3", "stone4", "stone5", "stone7"]
    exact = S.check_capture(1, "spirit-stone", [], [], five, level="advanced")
    assert (exact["legal"], exact["code"]) == (False, "solo-set-size")
    larger = S.check_capture(1, "spirit-stone", [], [], five, level="advanced", larger_sets=True)
    assert larger["legal"] and larger["params"]["size"] == 5
    short = S.check_capture(1, "spirit-stone", [], [], five[:3], level="advanced", larger_sets=True)
    assert (short["rule"], short["code"]) == ("siggil.capture.variant-larger-sets", "solo-set-too-small")


def test_check_capture_answers_like_a_game():
    """The ruling tools' helper and a game agree in both readings."""
    holder, play = ["deer1", "deer3", "deer7"], ["stone2", "leaf2", "water2", "cloud2", "turtle2"]
    for larger in (False, True):
        answer = S.check_capture(3, "spirit-deer", holder, [], play, larger_sets=larger)
        st_ = steal_table(play, larger_sets=larger)
        try:
            st_.apply({"type": "capture", "spirit": "spirit-deer", "cards": play})
        except RuleViolation as e:
            assert (answer["legal"], answer["rule"], answer["code"]) == (False, e.rule_id, e.code)
        else:
            assert answer["legal"]


def test_switching_off_the_variant_guard_lets_too_small_sets_through():
    with guards_disabled("siggil.capture.variant-larger-sets"):
        assert S.check_capture(3, "spirit-leaf", [], [], ["leaf1"], larger_sets=True)["legal"]
        # the default reading does not use that guard
        assert not S.check_capture(3, "spirit-leaf", [], [], ["leaf1"])["legal"]


# --- (2) a taken set: face down, or face up ----------------------------------------------------------


def test_a_taken_set_lies_face_down_or_face_up():
    hand = ["stone2", "leaf2", "water2", "cloud2"]
    action = {"type": "capture", "spirit": "spirit-deer", "cards": hand}
    seen = {}
    for face_up in (False, True):
        st_ = steal_table(hand, taken_sets_face_up=face_up)
        st_.apply(action)
        assert st_.held == {"spirit-deer": 0}  # the same capture either way
        assert st_.set_face_up(1, "spirit-deer") is face_up
        seen[face_up] = st_.observation(2)["sets"][1]["spirit-deer"]
        labels = {p["label"] for p in S.state_view(st_) if p.get("player") == 2 and p["label"].endswith("-set")}
        assert labels == {"face-up-set" if face_up else "face-down-set"}
    assert seen == {False: 3, True: ["deer1", "deer3", "deer7"]}


def test_check_capture_says_how_the_taken_set_lies():
    args = (3, "spirit-leaf", ["leaf1", "leaf2", "leaf4"], [], ["stone3", "deer3", "turtle3", "cloud3"])
    assert S.check_capture(*args)["holder_set_after"] == "face-down"
    assert S.check_capture(*args, taken_sets_face_up=True)["holder_set_after"] == "face-up"
    assert S.check_capture(3, "spirit-leaf", [], [], ["leaf1", "leaf2", "leaf4"],
                           taken_sets_face_up=True)["holder_set_after"] is None  # a free spirit leaves no set


def test_face_up_changes_what_is_seen_never_what_is_legal():
    for seed in range(6):
        plain = S.new_game({"players": 3}, seed)
        shown = S.new_game({"players": 3, **FACE_UP}, seed)
        while not plain.is_over:
            assert plain.legal_actions() == shown.legal_actions()
            action = plain.legal_actions()[(seed * 7 + len(plain.log)) % len(plain.legal_actions())]
            plain.apply(action)
            shown.apply(action)
        assert plain.snapshot() == shown.snapshot()


# --- (3) the default layout ----------------------------------------------------------------------------


def test_the_default_layout_opens_wide_and_narrows():
    default = S.new_game({"players": 2}, 0)
    apex = S.new_game({"players": 2, "layout": "pyramids-apex"}, 0)
    assert default.layout_name == S.DEFAULT_LAYOUT == "pyramids"
    assert len(default.available()) == 14 and len(apex.available()) == 2
    # every covered card of the default layout lies under two cards
    assert {len(c) for c in default.covered_by if c} == {2}
    assert {len(c) for c in apex.covered_by if c} == {1, 2}


def test_the_default_layout_narrows_as_it_is_taken_apart():
    state = S.new_game({"players": 2}, 3)
    first = len(state.available())
    while state.remaining > 20:  # take the first available card each turn, never capture
        state.apply({"type": "take", "pos": state.available()[0]})
        if not state.is_over:
            state.apply({"type": "pass"})
    assert len(state.available()) < first
