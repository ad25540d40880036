"""Deductio rules engine: clue deck, rules, worked examples, seeded random games, golden game.

Regenerate the golden file (only after a deliberate change of the setup or the rules):
    python tests/engine/test_deductio.py --golden
"""
from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow `python tests/engine/test_deductio.py --golden`
    sys.path.insert(0, str(ROOT))

from engine_test_support import bad_input, checkable_rules, examples_of, refusal
from engine_test_support import run_safely as run_example_safely

from content.loader import read_yaml
from engine.core import BadInput, Rng, RuleViolation, guarded_rules, guards_disabled
from engine.deductio import (
    ACTION_TYPES,
    BAD_INPUT_CODES,
    REVEAL,
    TOKEN_LABELS,
    VIEW_LABELS,
    VIOLATIONS,
    State,
    clue_choice,
    from_situation,
    new_game,
    possible_numbers,
    replay,
    run_example,
)
from engine.deductio.clues import (
    CLUE_IDS,
    CLUES,
    NUMBERS,
    clue_params,
    digit_mark,
    is_true,
)

GAME_DIR = ROOT / "content" / "games" / "deductio"
GOLDEN = Path(__file__).resolve().parent / "golden" / "deductio.json"
LANGS = ("lt", "et", "ko", "fi", "en")

# The outline's `check: true` rules of Deductio (../shared/outline.yaml); game.yaml is read as
# well so that a rule added there is held to the same standard.
CHECK_RULES = {
    "deductio.components.secret-cards", "deductio.components.reveal-cards", "deductio.setup.deal",
    "deductio.setup.clue-row", "deductio.goal", "deductio.turn.actions", "deductio.clue.choose-true",
    "deductio.clue.none-true", "deductio.clue.refill", "deductio.clue.powers", "deductio.clue.plus-minus",
    "deductio.clue.digits", "deductio.power.eye", "deductio.power.magnifier", "deductio.reveal.effect",
    "deductio.reveal.plus-minus-discard", "deductio.guess.how", "deductio.guess.truth",
    "deductio.guess.wrong", "deductio.guess.right", "deductio.guess.guessed-player",
}


check_rules = partial(checkable_rules, GAME_DIR, CHECK_RULES)
examples = partial(examples_of, GAME_DIR)
run_safely = partial(run_example_safely, run_example)


BASE = {
    "secrets": [8, 13, 12],
    "centre": [2, 11, 17],
    "secret_deck": [5, 19, 1, 20],
    "row": ["odd", "ge9", "not-9-19"],
    "clue_deck": ["le10", "digit1", "even", "le16"],
}


def situation(**changes) -> State:
    return from_situation({**BASE, **changes})


# --- the clue deck ---------------------------------------------------------------------------


def test_default_deck_has_35_distinct_clue_cards():
    assert len(CLUE_IDS) == 35 == len(set(CLUE_IDS))
    assert REVEAL not in CLUES
    kinds = Counter(c.kind for c in CLUES.values())
    assert kinds == {"even": 1, "odd": 1, "digit1": 1, "digit2": 1, "ge": 7, "le": 6, "not": 10, "nb": 5,
                     "pm1": 1, "p1": 1, "m1": 1}
    powers = Counter(c.power for c in CLUES.values() if c.power)
    assert powers == {"eye1": 3, "eye2": 3, "magnifier": 4}


def test_known_printed_clues_are_in_the_deck():
    # "is 7 or more", "is even", "is a single digit", "is not 9 or 19", "is not between 17 and
    # 20", "is 14 or less", "has two digits", the +1/-1 card (seeds/README.md)
    for cid in ("ge7", "even", "digit1", "not-9-19", "nb-17-20", "le14", "digit2", "pm1"):
        assert cid in CLUES


@pytest.mark.parametrize("clue, true_for", [
    ("even", [2, 4, 20]), ("odd", [1, 3, 19]), ("digit1", list(range(1, 10))), ("digit2", list(range(10, 21))),
    ("ge7", list(range(7, 21))), ("le14", list(range(1, 15))), ("not-9-19", [n for n in NUMBERS if n not in (9, 19)]),
    ("nb-17-20", list(range(1, 17))), ("nb-1-4", list(range(5, 21))),
])
def test_fixed_clue_truth(clue, true_for):
    expected = set(true_for) if clue not in ("even", "odd") else {n for n in NUMBERS if n % 2 == (clue == "odd")}
    assert {n for n in NUMBERS if is_true(clue, n, [])} == expected


def test_plus_minus_clues_read_the_centre():
    centre = [4, 11, 17]
    assert [n for n in NUMBERS if is_true("pm1", n, centre)] == [3, 5, 10, 12, 16, 18]
    assert [n for n in NUMBERS if is_true("p1", n, centre)] == [5, 12, 18]
    assert [n for n in NUMBERS if is_true("m1", n, centre)] == [3, 10, 16]
    assert not any(is_true("pm1", n, []) for n in NUMBERS)


def test_digit_marks():
    assert [digit_mark(n) for n in (1, 9, 10, 20)] == ["#", "#", "##", "##"]


def test_clue_params_fill_the_statements():
    assert clue_params("ge7") == {"n": 7}
    assert clue_params("not-9-19") == {"a": 9, "b": 19}
    assert clue_params("nb-17-20") == {"a": 17, "b": 20}
    assert clue_params("pm1") == {}


# --- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players, reveals, box, deck, target", [(2, 7, 0, 15, 3), (3, 7, 0, 14, 2), (4, 5, 2, 13, 2)])
def test_setup(players, reveals, box, deck, target):
    for seed in range(40):
        s = new_game({"players": players}, seed)
        assert sorted(s.secrets + s.centre + s.secret_deck) == list(NUMBERS)
        assert len(s.secrets) == players and len(s.centre) == 3 and len(s.secret_deck) == deck
        assert len(s.row) == 3 and REVEAL not in s.row  # reveal cards go in only after the row
        assert sorted(s.row + [c for c in s.clue_deck if c != REVEAL]) == sorted(CLUE_IDS)
        assert s.clue_deck.count(REVEAL) == reveals and s.box == box
        assert s.current_player == s.turn and s.phase == "turn" and s.win_target == target
    assert len({tuple(new_game({"players": players}, seed).clue_deck) for seed in range(20)}) == 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_is_drawn_from_the_seed(players):
    """The publisher's setup chooses the first player at random: every seat starts some games,
    and one seed always gives the same first player (and the same deal)."""
    first = [new_game({"players": players}, seed).current_player for seed in range(60)]
    assert set(first) == set(range(players))
    for seed in (0, 7, 2030):
        a, b = new_game({"players": players}, seed), new_game({"players": players}, seed)
        assert a.current_player == b.current_player and a.snapshot() == b.snapshot()
        assert replay({"players": players}, seed, []).current_player == a.current_player


def test_the_first_player_follows_the_deal_from_the_same_generator():
    # Drawn after the deal, with the engine's own generator: the deal of a seed is what it was.
    s = new_game({"players": 3}, 2030)
    rng = Rng(2030)
    numbers = rng.shuffle(list(NUMBERS))
    assert s.secrets == numbers[:3]
    clues = rng.shuffle(list(CLUE_IDS))
    assert s.row == clues[:3]
    rng.shuffle(clues[3:] + [REVEAL] * 7)
    assert s.turn == rng.below(3) == 1


def test_a_situation_names_its_player_to_move():
    assert situation().turn == 0


@pytest.mark.parametrize("options, code", [
    ({"players": 1}, "bad-player-count"), ({"players": 5}, "bad-player-count"), ({"players": "2"}, "bad-player-count"),
    ({}, "bad-player-count"), ({"players": 2, "variant": "x"}, "unknown-option"), ([], "unknown-option"),
])
def test_bad_options(options, code):
    assert bad_input(lambda: new_game(options, 0)) == code


def test_bad_seed():
    assert bad_input(lambda: new_game({"players": 2}, -1)) == "bad-seed"
    assert bad_input(lambda: new_game({"players": 2}, "7")) == "bad-seed"


@pytest.mark.parametrize("changes, code", [
    ({"secrets": [8, 8, 12]}, "duplicate-number"),
    ({"secrets": [8, 21, 12]}, "number-out-of-range"),
    ({"centre": [2, 8]}, "duplicate-number"),
    ({"row": ["odd", "odd"]}, "duplicate-clue"),
    ({"row": ["odd", "ge9", "le6", "le8"]}, "row-too-long"),
    ({"row": ["odd", "hint"]}, "unknown-clue"),
    ({"clue_deck": ["odd"]}, "duplicate-clue"),
    ({"clue_deck": [REVEAL] * 8}, "bad-situation"),
    ({"upright": [[], []]}, "bad-situation"),
    ({"collected": [[6, 7], [], []]}, "bad-situation"),
    ({"turn": 3}, "unknown-player"),
    ({"penalty_left": 3}, "bad-situation"),
    ({"players": 5}, "bad-player-count"),
    ({"hidden": 1}, "bad-situation"),
])
def test_bad_situations(changes, code):
    assert bad_input(lambda: situation(**changes)) == code


# --- clue actions ------------------------------------------------------------------------------


def test_take_true_clue_then_refill_and_pass():
    s = situation()
    s.apply({"type": "take", "clue": "not-9-19"})
    assert s.upright[0] == ["not-9-19"] and s.row == ["odd", "ge9", "le10"] and s.current_player == 1


def test_untrue_clue_refused_and_nothing_changes():
    s = situation()
    before = s.to_json()
    rv = refusal(lambda: s.apply({"type": "take", "clue": "ge9"}))
    assert (rv.rule_id, rv.code, rv.params) == ("deductio.clue.choose-true", "clue-not-true", {"clue": "ge9", "secret": 8})
    assert s.to_json() == before


def test_take_all_only_when_none_true():
    s = situation()
    rv = refusal(lambda: s.apply({"type": "take-all"}))
    assert rv.code == "true-clue-in-row" and rv.params["clues"] == ["not-9-19"]
    s = situation(row=["odd", "ge9", "digit2"])
    s.apply({"type": "take-all"})
    assert s.sideways[0] == ["odd", "ge9", "digit2"] and s.row == ["le10", "digit1", "even"]


def test_bad_actions():
    s = situation()
    assert bad_input(lambda: s.apply({"type": "take", "clue": "le10"})) == "clue-not-in-row"
    assert bad_input(lambda: s.apply({"type": "take", "clue": "hint-card"})) == "unknown-clue"
    assert bad_input(lambda: s.apply({"type": "take"})) == "bad-action"
    assert bad_input(lambda: s.apply({"type": "pass"})) == "unknown-action"
    assert bad_input(lambda: s.apply({"type": "take-all", "extra": 1})) == "bad-action"
    assert bad_input(lambda: s.apply({"type": "guess", "number": 0, "target": 1})) == "number-out-of-range"
    assert bad_input(lambda: s.apply({"type": "guess", "number": True, "target": 1})) == "number-out-of-range"
    assert bad_input(lambda: s.apply({"type": "guess", "number": [3, 3], "target": 1})) == "duplicate-number"
    assert bad_input(lambda: s.apply({"type": "guess", "number": [], "target": 1})) == "bad-action"
    assert bad_input(lambda: s.apply({"type": "guess", "number": 3, "target": 3})) == "unknown-player"
    assert bad_input(lambda: s.apply({"type": "guess", "number": 3, "target": 1, "answer": "maybe"})) == "bad-action"
    assert bad_input(lambda: s.apply({"type": "eye", "card": "ge11", "count": 3})) == "bad-count"
    assert bad_input(lambda: s.apply("take")) == "bad-action"
    assert bad_input(lambda: s.apply({"type": "skip", "player": -1})) == "unknown-player"
    s = situation(row=[], clue_deck=[])
    assert bad_input(lambda: s.apply({"type": "take-all"})) == "row-empty"


def test_empty_row_leaves_only_guesses():
    s = situation(row=[], clue_deck=[])
    assert {a["type"] for a in s.legal_actions()} == {"guess"}


# --- powers ----------------------------------------------------------------------------------


def test_power_is_a_pending_decision_resolved_before_the_refill():
    s = situation(row=["nb-13-16", "ge9", "odd"])
    s.apply({"type": "take", "clue": "nb-13-16"})
    assert s.phase == "power" and s.pending == "nb-13-16" and s.row == ["ge9", "odd"] and s.current_player == 0
    assert s.legal_actions() == [{"type": "eye", "card": "nb-13-16", "count": 1},
                                 {"type": "eye", "card": "nb-13-16", "count": 2}, {"type": "skip"}]
    s.apply({"type": "eye", "card": "nb-13-16", "count": 1})
    assert s.secret_deck == [19, 1, 20, 5] and s.events[-1]["seen"] == [5]
    assert s.row == ["ge9", "odd", "le10"] and s.current_player == 1 and s.phase == "turn"


def test_skip_loses_the_power():
    s = from_situation({**BASE, "secrets": [8, 13], "row": ["nb-13-16", "ge9", "odd"]})
    s.apply({"type": "take", "clue": "nb-13-16"})
    s.apply({"type": "skip"})
    s.apply({"type": "take", "clue": "ge9"})  # player 1 (13)
    assert refusal(lambda: s.apply({"type": "eye", "card": "nb-13-16"})).code == "power-lost"


def test_magnifier_guess_no_penalty_and_reward():
    s = situation(row=["not-10-20", "ge9", "odd"])
    s.apply({"type": "take", "clue": "not-10-20"})
    assert {a["type"] for a in s.legal_actions()} == {"magnify", "skip"}
    s.apply({"type": "magnify", "card": "not-10-20", "number": 12, "target": 1})
    assert s.phase == "turn" and s.current_player == 1 and s.penalty_left == 0
    s = situation(row=["not-10-20", "ge9", "odd"], upright=[[], ["le14"], []])
    s.apply({"type": "take", "clue": "not-10-20"})
    s.apply({"type": "magnify", "card": "not-10-20", "number": 13, "target": 1})
    assert s.collected[0] == [13] and s.secrets[1] == 5 and s.upright[1] == [] and s.discard == ["le14"]


def test_magnifier_winning_guess_ends_the_game_at_once():
    s = situation(row=["not-10-20", "ge9", "odd"], collected=[[6], [], []])
    s.apply({"type": "take", "clue": "not-10-20"})
    s.apply({"type": "magnify", "card": "not-10-20", "number": 13, "target": 1})
    assert s.is_over and s.winners == [0] and s.row == ["ge9", "odd"]  # no refill after the end


def test_no_power_from_penalty_or_sideways_cards():
    s = situation(row=["nb-13-16", "ge9", "odd"])
    s.apply({"type": "guess", "number": 12, "target": 1})
    s.apply({"type": "take", "clue": "nb-13-16"})
    assert s.phase == "penalty" and s.pending is None
    assert refusal(lambda: s.apply({"type": "eye", "card": "nb-13-16"})).code == "no-power-in-penalty"
    assert refusal(lambda: s.apply({"type": "skip"})).code == "no-power-pending"
    s = situation(secrets=[14, 3, 6], sideways=[["nb-13-16"], [], []])
    assert refusal(lambda: s.apply({"type": "eye", "card": "nb-13-16"})).code == "power-from-sideways"


def test_eye_with_a_short_secret_deck():
    s = situation(row=["nb-13-16", "ge9", "odd"], secret_deck=[5])
    s.apply({"type": "take", "clue": "nb-13-16"})
    s.apply({"type": "eye", "card": "nb-13-16", "count": 2})
    assert s.events[-1]["seen"] == [5] and s.secret_deck == [5]


# --- reveal cards and the clue deck ----------------------------------------------------------


def test_reveal_turns_up_a_number_and_discards_sideways_plus_minus():
    s = situation(clue_deck=[REVEAL, REVEAL, "le10"], sideways=[[], ["pm1", "even"], ["m1"]], upright=[[], [], ["p1"]])
    s.apply({"type": "take", "clue": "not-9-19"})
    assert s.centre == [2, 11, 17, 5, 19] and s.box == 7 and s.row == ["odd", "ge9", "le10"]
    assert s.sideways == [[], ["even"], []] and s.upright[2] == ["p1"] and sorted(s.discard) == ["m1", "pm1"]


def test_rebuild_from_discard_never_returns_reveal_cards():
    s = situation(clue_deck=[REVEAL], discard=["le10", "digit1", "even"])
    s.apply({"type": "take", "clue": "not-9-19"})
    assert REVEAL not in s.clue_deck and REVEAL not in s.row and s.box == 7
    assert len(s.row) == 3 and len(s.clue_deck) == 2 and s.discard == []


def test_reveal_with_an_empty_secret_deck_reveals_nothing():
    s = situation(secret_deck=[], clue_deck=[REVEAL, "le10"], sideways=[[], ["pm1"], []])
    s.apply({"type": "take", "clue": "not-9-19"})
    assert s.centre == [2, 11, 17] and s.box == 7 and s.sideways[1] == ["pm1"]


# --- guesses -----------------------------------------------------------------------------------


def test_wrong_guess_penalty_two_clue_actions():
    s = situation(row=["odd", "ge9", "digit2"])
    s.apply({"type": "guess", "number": 12, "target": 1})
    assert s.phase == "penalty" and s.penalty_left == 2 and s.current_player == 0
    assert "card" not in s.events[0] and s.secrets == [8, 13, 12]  # the target does not reveal
    assert {a["type"] for a in s.legal_actions()} == {"take-all"}
    s.apply({"type": "take-all"})
    assert s.penalty_left == 1 and s.current_player == 0
    s.apply({"type": "take", "clue": "le10"})
    assert s.phase == "turn" and s.current_player == 1


def test_penalty_ends_early_when_no_clue_card_can_be_drawn():
    s = situation(row=["not-9-19"], clue_deck=[])
    s.apply({"type": "guess", "number": 12, "target": 1})
    s.apply({"type": "take", "clue": "not-9-19"})
    assert s.current_player == 1 and s.events[-1]["event"] == "penalty-ended-early"
    s = situation(row=[], clue_deck=[])
    s.apply({"type": "guess", "number": 12, "target": 1})
    assert s.current_player == 1 and s.phase == "turn"


def test_guess_refusals():
    s = situation()
    assert refusal(lambda: s.apply({"type": "guess", "number": 8, "target": 0})).code == "target-self"
    assert refusal(lambda: s.apply({"type": "guess", "number": [12, 13], "target": 1})).code == "one-number-per-guess"
    wrong_said = {"type": "guess", "number": 13, "target": 1, "answer": "wrong"}
    right_said = {"type": "guess", "number": 12, "target": 1, "answer": "right"}
    assert refusal(lambda: s.apply(wrong_said)).code == "must-answer-truthfully"
    assert refusal(lambda: s.apply(right_said)).code == "must-answer-truthfully"
    assert refusal(lambda: s.apply({"type": "take", "clue": "not-9-19", "player": 2})).code == "not-your-turn"
    s.apply({"type": "guess", "number": 12, "target": 1, "answer": "wrong"})
    assert refusal(lambda: s.apply({"type": "guess", "number": 13, "target": 1})).code == "one-guess-per-turn"


def test_right_guess_reward_and_guessed_player():
    s = situation(upright=[[], ["le14", "le16"], []], sideways=[[], ["even"], []], row=["odd", "ge9", "not-9-19"],
                  clue_deck=["le10"])
    s.apply({"type": "guess", "number": 13, "target": 1, "answer": "right"})
    assert s.collected == [[13], [], []] and s.secrets == [8, 5, 12] and s.secret_deck == [19, 1, 20]
    assert s.upright[1] == [] and s.sideways[1] == [] and s.discard == ["le14", "le16", "even"]
    assert s.current_player == 1 and not s.is_over


@pytest.mark.parametrize("players, have, over", [(2, 1, False), (2, 2, True), (3, 1, True), (4, 0, False), (4, 1, True)])
def test_win_target(players, have, over):
    secrets = [8, 13, 12, 3][:players]
    s = from_situation({"secrets": secrets, "centre": [2, 11, 17], "collected": [[6, 9][:have]] + [[]] * (players - 1)})
    s.apply({"type": "guess", "number": 13, "target": 1})
    assert s.is_over == over
    if over:
        assert s.winners == [0] and s.current_player is None and s.legal_actions() == []
        assert refusal(lambda: s.apply({"type": "skip"})).code == "game-over"


def test_guessed_player_with_empty_secret_deck_ends_the_game():
    s = from_situation({"secrets": [8, 13, 12], "centre": [2, 11, 17], "secret_deck": [], "row": ["odd"]})
    s.apply({"type": "guess", "number": 13, "target": 1})
    assert s.is_over and s.winners == [0]
    s = from_situation({"secrets": [8, 13], "centre": [2], "secret_deck": [], "collected": [[6], [1, 20]]})
    s.apply({"type": "guess", "number": 13, "target": 1})
    assert s.is_over and s.winners == [0, 1]


def test_row_topped_up_after_a_right_guess():
    s = situation(row=[], clue_deck=[], upright=[[], ["le14", "odd"], []])
    s.apply({"type": "guess", "number": 13, "target": 1})
    assert sorted(s.row) == ["le14", "odd"] and s.discard == []


# --- the pure helpers ----------------------------------------------------------------------------


def test_clue_choice():
    assert clue_choice(8, [2, 11, 17], ["odd", "ge9", "not-9-19"]) == {
        "take": ["not-9-19"], "must_take_all": False, "must_guess": False, "rule": "deductio.clue.choose-true",
        "true": ["not-9-19"], "untrue": ["odd", "ge9"], "powers": {}, "digits": "#"}
    r = clue_choice(8, [2, 11, 17], ["odd", "ge9", "digit2"])
    assert r["take"] == [] and r["must_take_all"] and r["rule"] == "deductio.clue.none-true"
    r = clue_choice(8, [2, 11, 17], [])
    assert r["must_guess"] and not r["must_take_all"] and r["rule"] == "deductio.turn.actions"
    assert clue_choice(8, [], ["not-10-20", "nb-1-4"])["powers"] == {"not-10-20": "magnifier", "nb-1-4": "eye2"}


@pytest.mark.parametrize("args, code", [
    ((0, [], []), "number-out-of-range"), (("8", [], []), "number-out-of-range"),
    ((8, [8], []), "duplicate-number"), ((8, [2, 2], []), "duplicate-number"), ((8, [21], []), "number-out-of-range"),
    ((8, [], ["odd", "odd"]), "duplicate-clue"), ((8, [], ["odd", "x"]), "unknown-clue"),
    ((8, [], ["odd", "even", "ge3", "le6"]), "row-too-long"), ((8, 2, []), "not-a-list"), ((8, [], "odd"), "not-a-list"),
])
def test_clue_choice_bad_input(args, code):
    assert bad_input(lambda: clue_choice(*args)) == code


def test_possible_numbers():
    assert possible_numbers(["even", "ge9"], ["pm1"], [2, 11, 17]) == [14, 20]
    assert possible_numbers(["even", "ge9"], ["pm1"], [2, 11, 17], [20]) == [14]
    assert possible_numbers([], [], []) == list(NUMBERS)
    assert possible_numbers(["digit1"], ["odd"], [2, 4], [6]) == [8]


@pytest.mark.parametrize("args, code", [
    ((["odd"], ["odd"], []), "duplicate-clue"), ((["nope"], [], []), "unknown-clue"),
    (([], [], [2, 2]), "duplicate-number"), (([], [], [2], [2]), "duplicate-number"),
    (([], [], [0]), "number-out-of-range"), (([], [], [], [25]), "number-out-of-range"),
    (("odd", [], []), "not-a-list"), (([], None, []), "not-a-list"),
])
def test_possible_numbers_bad_input(args, code):
    assert bad_input(lambda: possible_numbers(*args)) == code


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_helpers_agree_with_the_truth(data):
    """Taking true cards upright and false ones sideways never loses the real secret number."""
    numbers = data.draw(st.permutations(list(NUMBERS)))
    secret, centre, seen = numbers[0], numbers[1:data.draw(st.integers(1, 8))], numbers[8:10]
    cards = data.draw(st.lists(st.sampled_from(CLUE_IDS), unique=True, max_size=12))
    upright = [c for c in cards if is_true(c, secret, centre)]
    sideways = [c for c in cards if not is_true(c, secret, centre)]
    possible = possible_numbers(upright, sideways, centre, seen)
    assert secret in possible and not set(possible) & (set(centre) | set(seen))
    choice = clue_choice(secret, centre, cards[:3])
    assert choice["take"] == [c for c in cards[:3] if c in upright]
    assert choice["must_take_all"] == (bool(cards[:3]) and not choice["take"])


# --- JSON ----------------------------------------------------------------------------------------


def test_json_round_trip_and_replay():
    s = new_game({"players": 3}, 11)
    rnd = random.Random(3)
    for _ in range(40):
        if s.is_over:
            break
        s.apply(rnd.choice(s.legal_actions()))
    data = json.loads(json.dumps(s.to_json()))
    assert State.from_json(data).to_json() == s.to_json()
    assert replay({"players": 3}, 11, data["actions"]).snapshot() == s.snapshot()
    t = situation()
    t.apply({"type": "take", "clue": "not-9-19"})
    assert State.from_json(json.loads(json.dumps(t.to_json()))).snapshot() == t.snapshot()
    assert bad_input(lambda: State.from_json({"game": "wizard"})) == "bad-state"
    assert bad_input(lambda: State.from_json({"game": "deductio", "start": {}})) == "bad-state"
    assert bad_input(lambda: State.from_json({**data, "actions": [{"type": "take", "clue": "zzz"}]})) == "unknown-clue"


# --- examples ----------------------------------------------------------------------------------


def test_every_example_passes():
    failed = [(ex["id"], r["outcome"]) for ex in examples() if not (r := run_safely(ex))["passed"]]
    assert not failed, failed


def test_every_checkable_rule_has_an_example():
    covered = {rule for ex in examples() for rule in ex["rules"]}
    assert not check_rules() - covered, sorted(check_rules() - covered)


def test_every_violation_code_is_expected_by_an_example():
    expected = {ex["code"] for ex in examples() if ex.get("refused") and ex.get("code")}
    assert not set(VIOLATIONS) - expected, sorted(set(VIOLATIONS) - expected)
    for ex in examples():
        if ex.get("code"):
            assert VIOLATIONS[ex["code"]] == ex["refused"], ex["id"]


def test_example_ids_and_views():
    ids = [ex["id"] for ex in examples()]
    assert len(ids) == len(set(ids)) and all(i.startswith("deductio.ex.") for i in ids)
    for ex in examples():
        for panel in run_safely(ex)["view"]:
            assert panel["label"] in VIEW_LABELS, (ex["id"], panel)
            assert ("cards" in panel) != ("value" in panel)
            json.dumps(panel)


def test_switching_off_a_guard_fails_an_example():
    rules = sorted(r for r in guarded_rules() if r.startswith("deductio."))
    assert rules, "no guards registered"
    exs = examples()
    silent = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run_safely(ex)["passed"] for ex in exs):
                silent.append(rule)
    assert not silent, f"no example notices the guard of {silent} switched off"


# --- texts -------------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_violation_sentences():
    texts = read_yaml(GAME_DIR / "violations.yaml")
    assert set(texts) == set(VIOLATIONS) | BAD_INPUT_CODES
    for code, item in texts.items():
        assert item.get("rule") == VIOLATIONS.get(code), code
        for lang in LANGS:
            assert isinstance(item.get(lang), str) and item[lang].strip(), (code, lang)
        assert len({frozenset(PLACEHOLDER.findall(item[lang])) for lang in LANGS}) == 1, code


def test_labels():
    data = read_yaml(GAME_DIR / "labels.yaml")
    assert set(data["labels"]) == set(VIEW_LABELS) | set(TOKEN_LABELS)
    assert set(data["clues"]) == set(CLUE_IDS)
    for group in ("labels", "clues"):
        for code, item in data[group].items():
            for lang in LANGS:
                assert isinstance(item.get(lang), str) and item[lang].strip(), (group, code, lang)
    for cid in CLUE_IDS:
        for lang in LANGS:
            text = data["clues"][cid][lang].format(**clue_params(cid))
            assert "{" not in text and all(str(v) in text for v in clue_params(cid).values()), (cid, lang)
    for code, item in data["labels"].items():
        for lang in LANGS:
            assert set(PLACEHOLDER.findall(item[lang])) <= {"player"}, (code, lang)


# --- seeded random games -------------------------------------------------------------------------


def _fingerprint(s: State) -> tuple:
    return (s.snapshot(), len(s.log), list(s.events))


def _candidates(s: State, rnd: random.Random) -> list[dict]:
    """Well-formed actions, legal or not, around the current situation."""
    p = s.turn
    others = [t for t in range(s.players) if t != p]
    cards = list(dict.fromkeys(s.row + s.upright[p] + s.sideways[p] + rnd.sample(CLUE_IDS, 3)))
    out: list[dict] = [{"type": "take", "clue": c} for c in s.row]
    out += [{"type": "take-all"}] if s.row else []
    out.append({"type": "skip"})
    n = rnd.choice(NUMBERS)
    t = rnd.choice(others)
    secret = s.secrets[t]
    out += [
        {"type": "guess", "number": n, "target": t},
        {"type": "guess", "number": n, "target": p},
        {"type": "guess", "number": [n, n % 20 + 1], "target": t},
        {"type": "guess", "number": secret, "target": t, "answer": "wrong"},
        {"type": "guess", "number": secret % 20 + 1, "target": t, "answer": "right"},
        {"type": "guess", "number": n, "target": t, "player": rnd.choice(others)},
    ]
    for c in cards:
        out.append({"type": "eye", "card": c, "count": rnd.choice((1, 2))})
        out.append({"type": "magnify", "card": c, "number": n, "target": t})
    return out


def _bad_inputs(s: State) -> list[dict]:
    return [
        {"type": "take", "clue": "no-such-card"}, {"type": "guess", "number": 21, "target": 1},
        {"type": "guess", "number": 3, "target": s.players}, {"type": "shout"},
        {"type": "eye", "card": "ge11", "count": 0},
        *[{"type": "take", "clue": c} for c in CLUE_IDS[:6] if c not in s.row][:1],
    ]


ALL_NUMBERS, ALL_CLUES = list(NUMBERS), sorted(CLUE_IDS)


def _check_counts(s: State) -> None:
    """No card created or lost; exactly one player to move until the game is over."""
    held = [x for x in s.secrets if x is not None]
    numbers = held + s.centre + s.secret_deck
    for c in s.collected:
        numbers += c
    assert sorted(numbers) == ALL_NUMBERS, "a secret number card was created or lost"
    clues = s.row + s.discard + [c for c in s.clue_deck if c != REVEAL]
    for p in range(s.players):
        clues += s.upright[p] + s.sideways[p]
    assert sorted(clues) == ALL_CLUES, "a clue card was created or lost"
    assert s.clue_deck.count(REVEAL) + s.box == 7 and REVEAL not in s.row and len(s.row) <= 3
    if s.is_over:
        assert s.current_player is None and s.winners
        assert all(len(s.collected[w]) == s.win_target for w in s.winners)  # scores consistent
        return
    assert s.current_player == s.turn and 0 <= s.turn < s.players and len(held) == s.players
    assert all(len(c) < s.win_target for c in s.collected)
    assert s.secret_deck, "the secret number deck ran out in a standard game"


def _check_invariants(s: State) -> None:
    _check_counts(s)
    assert s.scores == [len(c) for c in s.collected]
    if s.is_over:
        assert s.legal_actions() == []
        return
    assert s.legal_actions()
    if s.phase != "power" and len(s.row) < 3:
        assert not s.clue_deck and not s.discard
    if s.phase == "penalty":
        assert s.penalty_left in (1, 2) and s.row
    if s.phase == "power":
        assert s.pending in s.upright[s.turn] and CLUES[s.pending].power
    seen = [n for c in s.collected for n in c]
    for p in range(s.players):
        secret = s.secrets[p]
        assert all(is_true(c, secret, s.centre) for c in s.upright[p]), "an upright card is not true"
        assert not any(is_true(c, secret, s.centre) for c in s.sideways[p]), "a sideways card is true"
        assert secret in possible_numbers(s.upright[p], s.sideways[p], s.centre, seen)


def _choose(legal: list[dict], policy: str, rnd: random.Random) -> dict:
    if policy == "uniform":
        return rnd.choice(legal)
    kind = rnd.choice(sorted({a["type"] for a in legal}))  # the type first: clue actions and powers come often
    return rnd.choice([a for a in legal if a["type"] == kind])


def _play(seed: int, players: int, policy: str, reached: dict, thorough: bool) -> State:
    """One full seeded game; `thorough` also tries illegal actions and checks every invariant."""
    rnd = random.Random(seed * 7919 + players)
    s = new_game({"players": players}, seed)
    check = _check_invariants if thorough else _check_counts
    check(s)
    for _step in range(4000):
        if s.is_over:
            break
        legal = s.legal_actions()
        if thorough:
            for cand in rnd.sample(_candidates(s, rnd), 3):
                if cand in legal:
                    continue
                before = _fingerprint(s)
                with pytest.raises(RuleViolation) as info:
                    s.apply(cand)
                assert _fingerprint(s) == before, f"refused {cand} changed the state"
                assert VIOLATIONS[info.value.code] == info.value.rule_id
                reached["codes"][info.value.code] += 1
            before = _fingerprint(s)
            with pytest.raises(BadInput):
                s.apply(rnd.choice(_bad_inputs(s)))
            assert _fingerprint(s) == before
        action = _choose(legal, policy, rnd)
        s.apply(action)
        reached["actions"][action["type"]] += 1
        for e in s.events:
            reached["events"][e["event"]] += 1
        check(s)
    assert s.is_over, f"game {seed}/{players}/{policy} did not end"
    if thorough:
        before = _fingerprint(s)
        with pytest.raises(RuleViolation) as info:
            s.apply({"type": "take-all"})
        assert info.value.code == "game-over" and _fingerprint(s) == before
        reached["codes"]["game-over"] += 1
    return s


WANTED_EVENTS = {"take", "take-all", "guess", "penalty", "penalty-ended-early", "eye", "magnifier", "skip",
                 "reveal", "discard", "draw", "rebuild", "win"}


def test_seeded_random_games():
    """2000 full games (uniform among legal actions, or action type first), cards counted after
    every action; 120 of them also try illegal actions at every step and check every invariant."""
    reached = {"actions": Counter(), "codes": Counter(), "events": Counter()}
    lengths = []
    for seed in range(1000):
        for policy in ("uniform", "by-type"):
            s = _play(seed, 2 + seed % 3, policy, reached, thorough=seed < 60)
            lengths.append(len(s.log))
    missing_actions = set(ACTION_TYPES) - set(reached["actions"])
    missing_codes = set(VIOLATIONS) - set(reached["codes"])
    missing_events = WANTED_EVENTS - set(reached["events"])
    assert not missing_actions, f"action types never reached: {sorted(missing_actions)}"
    assert not missing_codes, f"violation codes never reached: {sorted(missing_codes)}"
    assert not missing_events, f"events never reached: {sorted(missing_events)}"
    assert max(lengths) < 4000


def test_every_legal_action_is_accepted():
    rnd = random.Random(5)
    for seed in range(25):
        s = new_game({"players": 2 + seed % 3}, seed)
        while not s.is_over:
            legal = s.legal_actions()
            for action in legal:
                s.copy().apply(action)
            kinds = sorted({a["type"] for a in legal})
            kind = rnd.choice(kinds)
            s.apply(rnd.choice([a for a in legal if a["type"] == kind]))


def test_guards_off_never_crash():
    """With any one rule switched off the engine still only raises its own refusals."""
    rules = sorted(r for r in guarded_rules() if r.startswith("deductio."))
    for i, rule in enumerate(rules):
        rnd = random.Random(i)
        with guards_disabled(rule):
            for seed in range(4):
                s = new_game({"players": 2 + seed % 3}, seed)
                for _ in range(300):
                    if s.is_over:
                        break
                    for cand in rnd.sample(_candidates(s, rnd), 3):
                        try:
                            s.copy().apply(cand)
                        except (RuleViolation, BadInput):
                            pass
                    s.apply(rnd.choice(s.legal_actions()))


# --- golden game ---------------------------------------------------------------------------------

GOLDEN_OPTIONS, GOLDEN_SEED = {"players": 3}, 2030


def golden_game() -> dict:
    rnd = random.Random(GOLDEN_SEED)
    s = new_game(GOLDEN_OPTIONS, GOLDEN_SEED)
    states = [s.snapshot()]
    while not s.is_over:
        legal = s.legal_actions()
        kind = rnd.choice(sorted({a["type"] for a in legal}))
        s.apply(rnd.choice([a for a in legal if a["type"] == kind]))
        states.append({**s.snapshot(), "events": s.events})
    return {"options": GOLDEN_OPTIONS, "seed": GOLDEN_SEED, "actions": s.to_json()["actions"], "states": states}


def test_golden_game():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    s = new_game(golden["options"], golden["seed"])
    assert s.snapshot() == golden["states"][0]
    for action, want in zip(golden["actions"], golden["states"][1:]):
        s.apply(action)
        assert {**s.snapshot(), "events": s.events} == want, action
    assert s.is_over and len(golden["actions"]) == len(golden["states"]) - 1
    assert golden_game() == golden  # the seeded policy itself is stable too


def test_golden_game_shows_the_main_rules():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    kinds = {a["type"] for a in golden["actions"]}
    events = {e["event"] for st_ in golden["states"][1:] for e in st_["events"]}
    assert kinds == set(ACTION_TYPES)
    assert {"reveal", "penalty", "draw", "win"} <= events


if __name__ == "__main__" and "--golden" in sys.argv:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(golden_game(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
