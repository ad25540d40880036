"""Deductio rules engine: seeded random games and the golden game.

Regenerate the golden file (only after a deliberate change of the setup or the rules):
    python tests/engine/test_deductio_games.py --golden
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow `python tests/engine/test_deductio_games.py --golden`
    sys.path.insert(0, str(ROOT))

from engine.core import BadInput, RuleViolation, guarded_rules, guards_disabled
from engine.deductio import ACTION_TYPES, REVEAL, VIOLATIONS, State, new_game, possible_numbers
from engine.deductio.clues import CLUE_IDS, CLUES, NUMBERS, is_true

GOLDEN = Path(__file__).resolve().parent / "golden" / "deductio.json"


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
