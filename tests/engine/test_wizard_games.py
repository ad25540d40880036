"""Wizard rules engine: seeded random games and the golden game.

Regenerate the golden file (only after a deliberate change of the deal or the rules):
    python tests/engine/test_wizard_games.py --golden
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow `python tests/engine/test_wizard_games.py --golden`
    sys.path.insert(0, str(ROOT))

from engine.core import Rng, RuleViolation
from engine.wizard import FULL_DECK, VIOLATIONS, State, decode_log, encode_log, new_game, replay

GOLDEN = Path(__file__).resolve().parent / "golden" / "wizard.json"


# --- seeded random games ----------------------------------------------------------------------


def fingerprint(state: State) -> tuple:
    return (state.phase, state.round, state.dealer, state.current, state.trump, state.trump_card, state.leader,
            tuple(map(tuple, state.hands)), tuple(state.bids), tuple(state.won), tuple(state.trick),
            tuple(state.played), tuple(state.totals), len(state.actions), len(state.round_scores), state.rng.state)


SORTED_DECK = sorted(FULL_DECK)


def check_invariants(state: State, options: dict) -> None:
    n = state.n
    cards = [t for h in state.hands for t in h] + state.trick + state.played + state.undealt
    if state.trump_card is not None:
        cards.append(state.trump_card)
    assert sorted(cards) == SORTED_DECK, "a card was created or lost"
    assert len(state.played) == n * sum(state.won)
    if state.is_over:
        assert state.current_player is None and state.legal_actions() == []
        assert len(state.round_scores) == options.get("end_round", state.rounds) - options.get("start_round", 1) + 1
        return
    assert state.current_player in range(n)
    assert state.legal_actions(), "a player to move with nothing to do"
    r = state.round
    assert state.dealer == (options.get("first_dealer", 0) + r - options.get("start_round", 1)) % n
    assert state.trump_card is None if r * n == 60 else len(state.undealt) == 60 - r * n - 1
    if state.phase == "trump":
        assert state.trump_card == "W" and state.current_player == state.dealer
    if state.phase == "play":
        assert all(b is not None and 0 <= b <= r for b in state.bids)
        if options.get("forbid_bids_equal_tricks"):
            assert sum(state.bids) != r
        played_now = len(state.trick)
        tricks_done = sum(state.won)
        for k in range(n):
            seat = (state.leader + k) % n
            assert len(state.hands[seat]) == r - tricks_done - (1 if k < played_now else 0)
        assert state.current_player == (state.leader + played_now) % n
    else:
        assert all(len(h) == r for h in state.hands) and sum(state.won) == 0
    assert state.totals == [sum(rs[i] for rs in state.round_scores) for i in range(n)]


def illegal_candidates(state: State, rng: Rng) -> list[dict]:
    """Actions worth trying at this point; the caller keeps those that are not legal."""
    out: list[dict] = [
        {"type": "bid", "bid": state.round + 1 + rng.below(3)},
        {"type": "bid", "bid": -1},
        {"type": "bid", "bid": rng.below(state.round + 1)},
        {"type": "choose_trump", "suit": rng.choice(["H", "D", "C", "S", None])},
        {"type": "play", "card": rng.choice(list(FULL_DECK))},
    ]
    if state.current is not None:
        hand = state.hands[state.current]
        if hand:
            out.append({"type": "play", "card": rng.choice(hand)})
        legal = state.legal_actions()
        if legal:
            wrong = (state.current + 1 + rng.below(state.n - 1)) % state.n
            out.append({**rng.choice(legal), "player": wrong})
            out.append({**rng.choice(legal), "player": state.current})
    return out


def is_legal(state: State, action: dict, legal: list[dict]) -> bool:
    if "player" in action and action["player"] != state.current:
        return False
    bare = {k: v for k, v in action.items() if k != "player"}
    return bare in legal


def random_game(seed: int, full_checks: bool, codes: Counter, kinds: Counter) -> State:
    rng = Rng(seed * 7919 + 1)
    players = 3 + rng.below(4)
    rounds = 60 // players
    options: dict = {"players": players, "forbid_bids_equal_tricks": rng.below(2) == 1,
                     "first_dealer": rng.below(players)}
    if rng.below(3) == 0:  # a shortened game now and then, ending in the real last round or not
        options["start_round"] = 1 + rng.below(rounds)
        if rng.below(2):
            options["end_round"] = options["start_round"] + rng.below(rounds - options["start_round"] + 1)
    state = new_game(options, seed)
    steps = 0
    while True:
        if full_checks:
            check_invariants(state, options)
            legal = state.legal_actions()
            for action in illegal_candidates(state, rng):
                if is_legal(state, action, legal):
                    continue
                before = fingerprint(state)
                try:
                    state.apply(action)
                except RuleViolation as e:  # any other exception fails the test
                    codes[e.code] += 1
                    assert VIOLATIONS[e.code] == e.rule_id
                else:
                    raise AssertionError(f"{action} is not legal but was accepted")
                assert fingerprint(state) == before, f"refused {action} changed the state"
        if state.is_over:
            break
        legal = state.legal_actions()
        if full_checks and steps % 7 == 0:  # every legal action is accepted
            for action in legal:
                state.clone().apply(action)
        action = legal[rng.below(len(legal))]
        kinds[action["type"]] += 1
        state.apply(action)
        steps += 1
        assert steps < 1000, "the game does not end"
    assert state.winners == [i for i, t in enumerate(state.totals) if t == max(state.totals)]
    return state


def test_random_games_with_full_checks():
    codes: Counter = Counter()
    kinds: Counter = Counter()
    for seed in range(120):
        random_game(seed, True, codes, kinds)
    assert not set(VIOLATIONS) - set(codes), f"violation codes never reached: {set(VIOLATIONS) - set(codes)}"
    assert not {"choose_trump", "bid", "play"} - set(kinds), f"action types never reached: {kinds}"


def test_many_random_games_end_with_consistent_scores():
    for seed in range(1000, 2500):
        state = random_game(seed, False, Counter(), Counter())
        options = state.options
        assert len(state.round_scores) == options["end_round"] - options["start_round"] + 1
        assert state.is_over and state.current_player is None
        for points in state.round_scores:
            assert all(p % 10 == 0 and (p >= 20 or p < 0) for p in points)


def test_replay_reproduces_random_games():
    for seed in range(5):
        state = random_game(seed, False, Counter(), Counter())
        again = replay(state.options, state.seed, json.loads(json.dumps(state.actions)))
        assert again.to_json() == state.to_json()


# --- the golden game -------------------------------------------------------------------------------

GOLDEN_OPTIONS = {"players": 4, "forbid_bids_equal_tricks": True, "first_dealer": 2}
GOLDEN_SEED = 20240607


def without_log(data: dict) -> dict:
    """A state's JSON without its action log (the golden file holds the log once)."""
    return {k: v for k, v in data.items() if k != "actions"}


def golden_game() -> dict:
    state = new_game(GOLDEN_OPTIONS, GOLDEN_SEED)
    rng = Rng(GOLDEN_SEED)
    checkpoints = {0: without_log(state.to_json())}
    while not state.is_over:
        legal = state.legal_actions()
        before = state.round
        state.apply(legal[rng.below(len(legal))])
        if len(state.actions) <= 8 or state.round != before or state.is_over:  # the start, and each round's end
            checkpoints[len(state.actions)] = without_log(state.to_json())
    return {"options": GOLDEN_OPTIONS, "seed": GOLDEN_SEED, "actions": state.actions,
            "log": encode_log(state.actions), "states": {str(k): v for k, v in checkpoints.items()}}


def test_golden_game():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert decode_log(golden["log"]) == golden["actions"]
    for count, expected in golden["states"].items():
        state = replay(golden["options"], golden["seed"], golden["actions"][: int(count)])
        assert without_log(state.to_json()) == expected, f"state after {count} actions differs"
    final = replay(golden["options"], golden["seed"], golden["actions"])
    assert final.is_over
    assert without_log(final.to_json()) == golden["states"][str(len(golden["actions"]))]
    assert State.from_json(final.to_json()).to_json() == final.to_json()


if __name__ == "__main__" and "--golden" in sys.argv:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(golden_game(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
