"""Siggil engine: the turn, the captures (free, steal, recapture), the end of the game, solo
release, observation, the state's JSON and the compact log."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from siggil_test_support import play_random, table

from engine import siggil as S
from engine.core import BadInput, RuleViolation

# --- the turn and the captures ---------------------------------------------------------------


def test_take_then_capture_or_pass():
    st_ = table(players=2, sigil=["cloud1", "cloud2", "cloud3", "stone4"], free=["spirit-cloud"],
                hands=[["cloud4", "cloud5"], []])
    assert {a["type"] for a in st_.legal_actions()} == {"take"}
    st_.apply({"type": "take", "pos": 0})
    legal = st_.legal_actions()
    assert {"type": "pass"} in legal
    assert {"type": "capture", "spirit": "spirit-cloud", "cards": ["cloud1", "cloud4", "cloud5"]} in legal
    st_.apply({"type": "capture", "spirit": 5, "cards": ["cloud5", "cloud1", "cloud4"]})  # number form
    assert st_.log[-1] == {"type": "capture", "spirit": "spirit-cloud", "cards": ["cloud1", "cloud4", "cloud5"]}
    assert st_.current_player == 1 and st_.phase == "take"


def test_steal_leaves_cards_face_down_and_recapture_adds():
    st_ = table(players=2, phase="capture", sigil=["stone7", "turtle7"],
                hands=[["stone2", "leaf2", "water2", "cloud2"], ["deer4", "deer5", "deer6"]],
                sets={1: {"spirit-deer": ["deer1", "deer3", "deer7"]}}, held={"spirit-deer": 1})
    st_.apply({"type": "capture", "spirit": "spirit-deer", "cards": ["stone2", "leaf2", "water2", "cloud2"]})
    assert st_.held == {"spirit-deer": 0}
    assert st_.sets[1]["spirit-deer"] == ["deer1", "deer3", "deer7"]
    st_.apply({"type": "take", "pos": 0})
    # player 1 may only recapture by adding to the old set: exactly 2 deer to reach 5
    caps = [a for a in st_.legal_actions() if a["type"] == "capture"]
    assert caps and all(len(a["cards"]) == 2 and all(c.startswith("deer") for c in a["cards"]) for a in caps)
    with pytest.raises(RuleViolation) as e:
        st_.apply({"type": "capture", "spirit": "spirit-deer", "cards": ["deer4", "deer5", "deer6"]})
    assert (e.value.rule_id, e.value.code) == ("siggil.capture.recapture", "recapture-size")
    st_.apply({"type": "capture", "spirit": "spirit-deer", "cards": ["deer4", "deer6"]})
    assert st_.held == {"spirit-deer": 1}
    assert len(st_.sets[1]["spirit-deer"]) == 5 and len(st_.sets[0]["spirit-deer"]) == 4


def test_check_capture_matches_the_rules():
    ok = S.check_capture(2, "spirit-leaf", [], [], ["leaf1", "leaf2", "leaf3"])
    assert ok == {"legal": True, "way": "free", "rule": "siggil.capture.free", "code": None,
                  "params": {"spirit": "spirit-leaf", "kind": "family", "size": 3}, "holder_set_after": None}
    # leaf3 counts as the Leaf spirit's family and as its number, but a set is one or the other
    assert S.check_capture(2, "spirit-leaf", [], [], ["leaf3", "stone3", "deer3"])["params"]["kind"] == "number"
    assert S.check_capture(2, "spirit-leaf", [], [], ["leaf1", "leaf2", "stone3"])["code"] == "set-mixed"
    assert S.check_capture(4, "spirit-leaf", [], [], ["leaf1", "leaf2"])["legal"]
    assert S.check_capture(4, "spirit-leaf", [], [], ["leaf1", "leaf2", "leaf4"])["code"] == "set-size"
    steal = S.check_capture(3, "spirit-leaf", ["leaf1", "leaf2", "leaf4"], [], ["stone3", "deer3", "turtle3", "cloud3"])
    assert steal["legal"] and steal["way"] == "steal"
    rec = S.check_capture(3, "spirit-leaf", ["stone3", "deer3", "turtle3", "cloud3"], ["leaf1", "leaf2", "leaf4"],
                          ["leaf5", "leaf6"])
    assert rec["legal"] and rec["way"] == "recapture" and rec["rule"] == "siggil.capture.recapture"
    assert S.check_capture(1, "spirit-leaf", [], [], ["leaf1", "leaf2", "leaf4"], level="advanced")["code"] \
        == "solo-set-size"


@pytest.mark.parametrize("args, code", [
    ((5, "spirit-leaf", [], [], []), "bad-player-count"),
    ((2, "spirit-moss", [], [], []), "unknown-spirit"),
    ((2, "spirit-leaf", [], [], ["leaf9"]), "unknown-card"),
    ((2, "spirit-leaf", [], [], ["spirit-deer"]), "spirit-in-set"),
    ((2, "spirit-leaf", ["leaf1", "leaf2", "leaf4"], [], ["leaf1"]), "duplicate-card"),
    ((2, "spirit-leaf", ["leaf1", "deer2", "leaf4"], [], []), "bad-holder-set"),
    ((2, "spirit-leaf", [], ["leaf1", "leaf2", "leaf4"], []), "bad-own-set"),
    ((2, "spirit-leaf", ["leaf1", "leaf2", "leaf4"], ["stone3", "deer3", "turtle3", "cloud3"], []), "bad-own-set"),
    ((1, "spirit-leaf", ["leaf1", "leaf2", "leaf4"], [], []), "bad-holder-set"),
])
def test_check_capture_bad_input(args, code):
    with pytest.raises(BadInput) as e:
        S.check_capture(*args)
    assert e.value.code == code
    assert code in S.BAD_INPUT_CODES


def test_end_of_game():
    assert S.end_of_game(2, [5, 1], [3, 3], False)["winners"] == [0]
    assert S.end_of_game(3, [3, 3, 1], [3, 3, 0], False) == {
        "over": False, "winners": [], "rule": "siggil.end.last-card", "reason": "game-continues"}
    assert S.end_of_game(3, [3, 3, 1], [3, 2, 0], True)["winners"] == [1]
    assert S.end_of_game(2, [0, 0], [3, 3], True) == {
        "over": True, "winners": [0, 1], "rule": "siggil.end.last-card", "reason": "shared"}
    for args, code in [((2, [5, 3], [1, 1], False), "too-many-spirits"), ((4, [3, 3, 0, 0], [1, 1, 1, 1], False),
                                                                            "impossible-spirits"),
                       ((2, [1], [1, 1], False), "bad-spirit-count"), ((2, [1, 1], [1, -1], False), "bad-hand-size"),
                       ((1, [1], [1], False), "bad-player-count")]:
        with pytest.raises(BadInput) as e:
            S.end_of_game(*args)
        assert e.value.code == code


def test_game_ends_at_end_of_turn_of_last_card():
    st_ = table(players=3, sigil=["stone5"], free=["spirit-stone"], hands=[["stone1", "stone2"], [], []])
    st_.apply({"type": "take", "pos": 0})
    assert not st_.is_over and st_.phase == "capture"
    st_.apply({"type": "capture", "spirit": "spirit-stone", "cards": ["stone1", "stone2", "stone5"]})
    assert st_.is_over and st_.winners == [0] and st_.reason == "most-spirits" and st_.current_player is None


def test_solo_release_keeps_newcomers():
    st_ = table(players=1, level="advanced",
                sigil=[{"card": "spirit-cloud", "covered_by": [2]}, {"card": "spirit-water", "covered_by": [2]},
                       "turtle4", "feather1"],
                free=["spirit-stone", "spirit-deer"])
    st_.apply({"type": "discard", "pos": 2})  # two spirits come out at once: 4 free
    assert st_.free == ["spirit-stone", "spirit-deer", "spirit-cloud", "spirit-water"]
    assert st_.releasable() == ["spirit-stone", "spirit-deer", "spirit-cloud"]
    st_.apply({"type": "release", "spirit": "spirit-cloud"})
    assert st_.phase == "take" and st_.escaped == ["spirit-cloud"]


def test_observation_hides_hands_face_down_cards_and_advanced_discards():
    st_ = table(players=1, level="advanced", sigil=[{"card": "deer1", "up": False, "covered_by": [1]}, "deer2"],
                discard=["leaf1"], hands=[["stone1"]])
    obs = st_.observation(0)
    assert obs["sigil"] == ["hidden", "deer2"] and obs["discard"] == 1 and obs["hands"] == [["stone1"]]


# --- JSON and the compact log ---------------------------------------------------------------


def test_json_round_trip_and_log_codec():
    for options in ({"players": 3}, {"players": 1, "level": "advanced"}, {"players": 2, "layout": "pyramids-apex"}):
        st_ = play_random(options, 11)
        data = json.loads(json.dumps(st_.to_json()))
        again = S.from_json(data)
        assert again.snapshot() == st_.snapshot()
        assert S.decode_log(S.encode_log(st_.log)) == st_.log
        assert len(S.encode_log(st_.log)) < 1000
        data["state"]["scores"] = [9]
        with pytest.raises(BadInput) as e:
            S.from_json(data)
        assert e.value.code == "state-mismatch"
    sit = table(players=2, sigil=["stone1", "stone2"])
    sit.apply({"type": "take", "pos": 0})
    assert S.from_json(json.loads(json.dumps(sit.to_json()))).snapshot() == sit.snapshot()


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(alphabet="tdprcSDLTCWF0123456789.x", max_size=30))
def test_decode_log_never_crashes(text):
    try:
        actions = S.decode_log(text)
    except BadInput as e:
        assert e.code == "bad-log"
        return
    assert S.encode_log(actions) == text  # one spelling per log


@settings(max_examples=300, deadline=None, derandomize=True)
@given(players=st.integers(0, 5), spirit=st.sampled_from(list(S.SPIRITS) + ["x", 3, 9]),
       holder=st.lists(st.sampled_from(S.CARDS), max_size=6, unique=True),
       mine=st.lists(st.sampled_from(S.CARDS), max_size=5, unique=True),
       play=st.lists(st.sampled_from(list(S.CARDS) + ["spirit-deer", "owl1"]), max_size=6))
def test_check_capture_only_answers_or_refuses_input(players, spirit, holder, mine, play):
    try:
        result = S.check_capture(players, spirit, holder, mine, play)
    except BadInput as e:
        assert e.code in S.BAD_INPUT_CODES
        return
    assert result["way"] in ("free", "steal", "recapture")
    assert result["legal"] == (result["code"] is None)
    if not result["legal"]:
        assert S.VIOLATIONS[result["code"]] == result["rule"]
