"""Deductio rules engine: setup, clue actions, powers, reveal cards, guesses, the state's JSON."""
from __future__ import annotations

import json
import random

import pytest
from engine_test_support import bad_input, refusal

from engine.core import Rng
from engine.deductio import REVEAL, State, from_situation, new_game, replay
from engine.deductio.clues import CLUE_IDS, NUMBERS

BASE = {
    "secrets": [8, 13, 12],
    "centre": [2, 11, 17],
    "secret_deck": [5, 19, 1, 20],
    "row": ["odd", "ge9", "not-9-19"],
    "clue_deck": ["le10", "digit1", "even", "le16"],
}


def situation(**changes) -> State:
    return from_situation({**BASE, **changes})


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
