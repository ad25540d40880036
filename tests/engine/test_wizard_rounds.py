"""Wizard rules engine: a game's options, rounds, the deal, trump, bids, a round by hand, the action
log and the state's JSON."""
from __future__ import annotations

import json

import pytest
from engine_test_support import bad_input, refusal

from engine.core import Rng
from engine.wizard import FULL_DECK, State, decode_log, encode_log, new_game, replay

# --- games: options, rounds, trump, bids ---------------------------------------------------------

ROUND3 = {"players": 4, "start_round": 3,
          "deal": {"hands": [["H2", "S9", "J"], ["H10", "D4", "C7"], ["H5", "S3", "W"], ["S12", "D11", "C1"]],
                   "trump_card": "C9"}}


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_per_player_count(players, rounds):
    state = new_game({"players": players}, 1)
    assert state.rounds == rounds
    assert [len(h) for h in state.hands] == [1] * players
    last = new_game({"players": players, "start_round": rounds}, 1)
    assert last.trump_card is None and last.trump is None
    assert sorted(t for h in last.hands for t in h) == sorted(FULL_DECK)


@pytest.mark.parametrize("options, code", [
    ({"players": 2}, "bad-player-count"),
    ({"players": 7}, "bad-player-count"),
    ({"players": "4"}, "bad-player-count"),
    ({"players": 4, "colour": "red"}, "bad-option"),
    ({"players": 4, "first_dealer": 4}, "bad-option"),
    ({"players": 4, "start_round": 16}, "bad-option"),
    ({"players": 4, "start_round": 3, "end_round": 2}, "bad-option"),
    ({"players": 4, "forbid_bids_equal_tricks": "yes"}, "bad-option"),
    ({"players": 3, "deal": {"hands": [["H1"], ["H2"]]}}, "deal-hands-count"),
    ({"players": 3, "deal": {"hands": [["H1"], ["H2"], ["H3", "H4"]]}}, "deal-hand-size"),
    ({"players": 3, "deal": {"hands": [["H1"], ["H2"], ["H1"]]}}, "duplicate-card"),
    ({"players": 3, "deal": {"hands": [["H1"], ["H2"], ["H3"]], "trump_card": "H3"}}, "duplicate-card"),
    ({"players": 3, "start_round": 2, "deal": {"hands": [["W", "W"], ["W", "W"], ["H1", "H2"]], "trump_card": "W"}},
     "too-many-wizards"),
    ({"players": 3, "deal": {"hands": [["H1"], ["H2"], ["Z3"]]}}, "unknown-card"),
    ({"players": 3, "deal": {"hands": [["H1"], ["H2"], ["H3"]], "extra": 1}}, "bad-option"),
])
def test_bad_options(options, code):
    assert bad_input(lambda: new_game(options, 1)) == code


def test_no_turn_up_in_a_preset_last_round():
    hands = [list(FULL_DECK[i::3]) for i in range(3)]
    assert bad_input(lambda: new_game({"players": 3, "start_round": 20,
                                       "deal": {"hands": hands, "trump_card": "W"}}, 1)) == "deal-no-turn-up"
    state = new_game({"players": 3, "start_round": 20, "deal": {"hands": hands}}, 1)
    assert state.trump_card is None and state.undealt == []


def test_first_dealer_and_rotation():
    state = new_game({"players": 5, "first_dealer": 3}, 11)
    seen = []
    rng = Rng(3)
    while not state.is_over:
        if not seen or seen[-1][0] != state.round:
            seen.append((state.round, state.dealer))
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    assert [d for _, d in seen] == [(3 + i) % 5 for i in range(12)]


def test_deal_one_at_a_time_from_left_of_dealer():
    state = new_game({"players": 4, "first_dealer": 1}, 42)
    deck = list(FULL_DECK)
    Rng(42).shuffle(deck)
    # round 1, dealer 1: seat 2 gets the first card, seat 3 the second, seat 0 the third ...
    assert [state.hands[p] for p in (2, 3, 0, 1)] == [[deck[0]], [deck[1]], [deck[2]], [deck[3]]]
    assert state.trump_card == deck[4]


def test_trump_from_turned_up_card():
    suit = new_game({"players": 3, "deal": {"hands": [["H3"], ["C4"], ["S12"]], "trump_card": "D8"}}, 1)
    assert (suit.trump, suit.phase, suit.current_player) == ("D", "bid", 1)
    jester = new_game({"players": 3, "deal": {"hands": [["H3"], ["C4"], ["S12"]], "trump_card": "J"}}, 1)
    assert (jester.trump, jester.phase) == (None, "bid")
    wiz = new_game({"players": 3, "deal": {"hands": [["H3"], ["C4"], ["S12"]], "trump_card": "W"}}, 1)
    assert (wiz.phase, wiz.current_player) == ("trump", 0)
    assert [a["suit"] for a in wiz.legal_actions()] == ["H", "D", "C", "S"]
    for none in (None, "none", "-", ""):
        assert refusal(lambda none=none: wiz.apply({"type": "choose_trump", "suit": none})).code == "must-choose-suit"
    assert bad_input(lambda: wiz.apply({"type": "choose_trump", "suit": "X"})) == "bad-trump"
    wiz.apply({"type": "choose_trump", "suit": "h"})
    assert (wiz.trump, wiz.phase, wiz.current_player) == ("H", "bid", 1)
    assert wiz.actions == [{"type": "choose_trump", "suit": "H"}]


def test_bidding_variant_restricts_only_the_last_bidder():
    state = new_game({**ROUND3, "forbid_bids_equal_tricks": True}, 1)
    state.apply({"type": "bid", "bid": 3})
    assert state.legal_bids() == [0, 1, 2, 3]
    state.apply({"type": "bid", "bid": 0})
    state.apply({"type": "bid", "bid": 0})
    assert state.legal_bids() == [1, 2, 3]  # 0 would make the total 3
    e = refusal(lambda: state.apply({"type": "bid", "bid": 0}))
    assert (e.rule_id, e.code, e.params) == ("wizard.bid.variant-total", "bids-equal-tricks",
                                             {"bid": 0, "others": 3, "round": 3})
    # when the others already bid more than the round, every bid is allowed
    over = new_game({**ROUND3, "forbid_bids_equal_tricks": True}, 1)
    for bid in (3, 3, 3):
        over.apply({"type": "bid", "bid": bid})
    assert over.legal_bids() == [0, 1, 2, 3]


def test_bad_actions():
    state = new_game(ROUND3, 1)
    for action, code in [
        ("b1", "bad-action"), ({"type": "pass"}, "unknown-action"), ({"type": "bid", "bid": "1"}, "bad-bid"),
        ({"type": "bid", "bid": 1.0}, "bad-bid"), ({"type": "bid", "bid": 1, "player": 9}, "bad-player"),
        ({"type": "bid", "bid": 1, "player": True}, "bad-player"), ({"type": "play", "card": "H44"}, "unknown-card"),
        ({"type": "bid", "bid": 1, "extra": 0}, "bad-action"),
    ]:
        assert bad_input(lambda action=action: state.apply(action)) == code
    assert state.actions == []


def test_a_full_round_by_hand():
    state = replay(ROUND3, 1, decode_log("b1.b1.b0.b0"))
    assert (state.phase, state.current_player, state.leader) == ("play", 1, 1)
    e = refusal(lambda: state.apply({"type": "play", "card": "H10", "player": 0}))
    assert (e.code, e.params) == ("play-out-of-turn", {"player": 0, "seat": 1, "to_move": 1, "to_move_seat": 2})
    for card in ("H10", "W", "C1", "J"):
        state.apply({"type": "play", "card": card})
    assert state.last_trick == {"cards": ["H10", "W", "C1", "J"], "leader": 1, "winner": 2}
    assert state.current_player == 2
    for card in ("H5", "S12", "H2", "C7"):
        state.apply({"type": "play", "card": card})
    assert state.current_player == 1 and state.won == [0, 1, 1, 0]
    for card in ("D4", "S3", "D11", "S9"):
        state.apply({"type": "play", "card": card})
    assert state.round_scores == [[20, 30, 30, -10]]
    assert (state.round, state.dealer) == (4, 1)


def test_log_encoding_round_trip():
    actions = [{"type": "choose_trump", "suit": "S"}, {"type": "bid", "bid": 12},
               {"type": "play", "card": "D13", "player": 2}, {"type": "play", "card": "W"},
               {"type": "choose_trump", "suit": None}]
    text = encode_log(actions)
    assert text == "tS.b12.2:D13.W.t-"
    assert decode_log(text) == actions
    assert decode_log(" b1, H7  J ") == [{"type": "bid", "bid": 1}, {"type": "play", "card": "H7"},
                                         {"type": "play", "card": "J"}]
    for bad in ("b", "x7", "H14", "12:b1", "tX"):
        assert bad_input(lambda bad=bad: decode_log(bad)) in ("bad-log-entry", "unknown-card")
    assert bad_input(lambda: decode_log("b1." * 3000)) == "log-too-long"
    assert bad_input(lambda: replay({"players": 3}, 1, [{"type": "bid", "bid": 0}] * 3000)) == "log-too-long"


def test_json_round_trip_and_clone():
    state = replay(ROUND3, 1, decode_log("b1.b1.b0.b0.H10.W"))
    data = json.loads(json.dumps(state.to_json()))
    again = State.from_json(data)
    assert again.to_json() == state.to_json()
    twin = state.clone()
    twin.apply({"type": "play", "card": "C1"})
    assert state.to_json() == again.to_json()  # the original did not move
    assert bad_input(lambda: State.from_json({"game": "siggil"})) == "bad-state"
    assert bad_input(lambda: State.from_json({"version": 99})) == "bad-state"
