"""Siggil engine: seeded random games and the golden playthrough.

Regenerate the golden file (only after a deliberate change of the rules):
    python tests/engine/test_siggil_games.py
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine import siggil as S
from engine.core import BadInput, Rng, RuleViolation

GOLDEN = Path(__file__).resolve().parent / "golden" / "siggil.json"
ACTION_TYPES = {"take", "capture", "pass", "discard", "release"}


# --- seeded random games --------------------------------------------------------------------


def check_invariants(st_: S.State) -> None:
    cards = [c for c in st_.sigil if c is not None] + st_.free + st_.discard + st_.escaped + list(st_.held)
    for hand in st_.hands:
        assert not any(S.IS_SPIRIT[c] for c in hand)
        cards += hand
    for sets in st_.sets:
        for cards_of_set in sets.values():
            cards += cards_of_set
    assert sorted(cards) == sorted(S.ALL_CARDS), "a card was created or lost"
    assert st_.remaining == sum(1 for c in st_.sigil if c is not None)
    for pos in st_.available():
        assert st_.face_up[pos] and not S.IS_SPIRIT[st_.sigil[pos]]
    if st_.is_over:
        assert st_.current_player is None and st_.legal_actions() == []
    else:
        assert st_.current_player in range(st_.players) and st_.legal_actions()
    scores = st_.scores
    assert sum(scores) == len(st_.held) <= 7
    free_size = st_.set_size_for_free()
    for s, holder in st_.held.items():
        sizes = {p: len(sets[s]) for p, sets in enumerate(st_.sets) if s in sets}
        assert sizes[holder] == max(sizes.values()) and list(sizes.values()).count(sizes[holder]) == 1
    for sets in st_.sets:
        for s, cards_of_set in sets.items():
            assert S.set_kind(s, cards_of_set) and len(cards_of_set) >= free_size and s in st_.held
    if st_.players == 1:
        assert len(st_.free) <= 3 or st_.phase in ("release", "over")
        assert len(st_.escaped) <= 7 - st_.target
        if st_.is_over:
            assert (st_.winners == [0]) == (scores[0] >= st_.target)
    elif st_.is_over:
        if st_.reason == "spirits-target":
            assert st_.winners and scores[st_.winners[0]] >= st_.target
        else:
            assert st_.remaining == 0 and max(scores) < st_.target
            assert (st_.winners, st_.reason) == S._rank(scores, [len(h) for h in st_.hands])
    else:
        assert max(scores, default=0) < st_.target


def illegal_candidates(st_: S.State, rng: Rng) -> list[dict]:
    """Actions worth trying: random positions, captures built to break one rule each."""
    out: list[dict] = [
        {"type": "take", "pos": rng.below(len(st_.sigil))},
        {"type": "discard", "pos": rng.below(len(st_.sigil))},
        {"type": "pass"},
        {"type": "release", "spirit": rng.choice(list(S.SPIRITS))},
    ]
    if st_.is_over:
        return out
    p = st_.current
    hand = S.sort_cards(st_.hands[p])
    # mostly a spirit that matters (free, held, escaped), sometimes one still in the sigil
    spirits = st_.free + list(st_.held) + st_.escaped
    spirit = rng.choice(spirits) if spirits and rng.below(4) else rng.choice(list(S.SPIRITS))
    fam, num = S.FAMILY_OF[spirit], S.NUMBER_OF[spirit]
    fams = [c for c in hand if S.FAMILY_OF[c] == fam]
    nums = [c for c in hand if S.NUMBER_OF[c] == num]
    offs = [c for c in hand if S.FAMILY_OF[c] != fam and S.NUMBER_OF[c] != num]
    for pool in (fams, nums):
        k = rng.below(len(pool) + 1)
        out.append({"type": "capture", "spirit": spirit, "cards": pool[:k]})
    if fams and nums:
        f = [c for c in fams if S.NUMBER_OF[c] != num][:2]
        n = [c for c in nums if S.FAMILY_OF[c] != fam][:1]
        out.append({"type": "capture", "spirit": spirit, "cards": f + n})
    if offs:
        out.append({"type": "capture", "spirit": spirit, "cards": fams[:2] + offs[:1]})
    stranger = rng.choice([c for c in S.CARDS if c not in hand] or list(S.CARDS))
    out.append({"type": "capture", "spirit": spirit, "cards": fams[:2] + [stranger]})
    return out


def fingerprint(st_: S.State) -> tuple:
    """Everything a refused action must leave alone, cheaply."""
    return (st_.phase, st_.current, st_.turn, st_.resume, st_.remaining, tuple(st_.sigil), tuple(st_.face_up),
            tuple(st_.cover_left), tuple(st_.free), tuple(map(tuple, st_.hands)),
            tuple(tuple(sorted((k, tuple(v)) for k, v in ps.items())) for ps in st_.sets),
            tuple(sorted(st_.held.items())), tuple(st_.discard), tuple(st_.escaped), len(st_.log),
            tuple(st_.winners), st_.reason)


MODES = [({"players": 2}, 110), ({"players": 3}, 90), ({"players": 4}, 90),
         ({"players": 1, "level": "easy"}, 110), ({"players": 1, "level": "advanced"}, 150),
         ({"players": 2, "layout": "pyramids-apex"}, 25), ({"players": 4, "layout": "pyramids-apex"}, 25),
         ({"players": 3, "larger_sets": True, "taken_sets_face_up": True}, 40),
         ({"players": 4, "larger_sets": True}, 30), ({"players": 1, "level": "advanced", "larger_sets": True}, 60)]
TRIES_PER_STEP = 3


def test_seeded_random_games():
    """Full random games: legal actions always apply, every other action is refused with a
    RuleViolation that changes nothing; invariants hold after every action; every action type
    and every violation code is reached."""
    codes: Counter = Counter()
    types: Counter = Counter()
    reasons: Counter = Counter()
    seed0 = 1000
    for options, games in MODES:
        for g in range(games):
            seed = seed0 + g
            st_ = S.new_game(options, seed)
            rng = Rng(seed ^ 0x5EED)
            check_invariants(st_)
            steps = 0
            while True:
                legal = st_.legal_actions()
                legal_keys = {json.dumps(a, sort_keys=True) for a in legal}
                before = fingerprint(st_)
                candidates = illegal_candidates(st_, rng)
                for _ in range(TRIES_PER_STEP):
                    cand = candidates[rng.below(len(candidates))]
                    norm = {**cand, "cards": S.sort_cards(cand["cards"])} if "cards" in cand else cand
                    if json.dumps(norm, sort_keys=True) in legal_keys:
                        continue
                    try:
                        st_.apply(cand)
                    except RuleViolation as e:
                        assert S.VIOLATIONS[e.code] == e.rule_id
                        codes[e.code] += 1
                    else:
                        raise AssertionError(f"{cand} is not among the legal actions but was accepted")
                    assert fingerprint(st_) == before, f"refused {cand} changed the state"
                if st_.is_over:
                    break
                action = rng.choice(legal)
                st_.apply(action)
                types[action["type"]] += 1
                steps += 1
                assert steps <= 3 * 56 + 10, "the game does not end"
                check_invariants(st_)
            reasons[st_.reason] += 1
    missing_codes = sorted(set(S.VIOLATIONS) - set(codes))
    missing_types = sorted(ACTION_TYPES - set(types))
    assert not missing_codes and not missing_types, \
        f"not reached: codes {missing_codes}, action types {missing_types}"
    assert {"spirits-target", "most-spirits", "fewest-cards", "shared", "target-unreachable"} <= set(reasons)


def test_refusal_changes_nothing_in_full_json():
    st_ = S.new_game({"players": 3}, 5)
    st_.apply(st_.legal_actions()[0])
    before = st_.to_json()
    for bad in ({"type": "take", "pos": 0}, {"type": "discard", "pos": 0}, {"type": "release", "spirit": 1},
                {"type": "capture", "spirit": 2, "cards": ["deer1"]}):
        with pytest.raises(RuleViolation):
            st_.apply(bad)
        assert st_.to_json() == before


def test_illegal_action_shapes_are_bad_input():
    st_ = S.new_game({"players": 2}, 4)
    for action, code in [("take", "bad-action"), ({"type": "jump"}, "bad-action"),
                         ({"type": "take"}, "bad-action"), ({"type": "take", "pos": 56}, "unknown-position"),
                         ({"type": "take", "pos": True}, "unknown-position"),
                         ({"type": "take", "pos": 1, "x": 1}, "bad-action"),
                         ({"type": "capture", "spirit": "spirit-owl", "cards": []}, "unknown-spirit"),
                         ({"type": "capture", "spirit": 8, "cards": []}, "unknown-spirit"),
                         ({"type": "capture", "spirit": 1, "cards": ["stone1", "stone1"]}, "duplicate-card"),
                         ({"type": "capture", "spirit": 1, "cards": ["spirit-deer"]}, "spirit-in-set"),
                         ({"type": "capture", "spirit": 1, "cards": "stone1"}, "bad-action")]:
        before = st_.snapshot()
        with pytest.raises(BadInput) as e:
            st_.apply(action)
        assert e.value.code == code, action
        assert st_.snapshot() == before


# --- golden playthrough ---------------------------------------------------------------------

# Regenerated in 2026-12 for a deliberate change of the rules' defaults: the default layout
# became "pyramids" (ruling in siggil.setup.sigil) and every game's options now name the two
# variants. The first three games are the same plays as before (the third names the apex
# layout, which was its default then); the last two are new.
GOLDEN_GAMES = [({"players": 3, "layout": "pyramids"}, 2025),  # steal + recapture
                ({"players": 1, "level": "advanced", "layout": "pyramids"}, 14),  # release
                ({"players": 2, "layout": "pyramids-apex"}, 7),  # the apex layout
                ({"players": 2}, 7),  # the default layout
                ({"players": 3, "larger_sets": True, "taken_sets_face_up": True}, 90)]  # both variants:
# a free spirit captured with 4 cards, two steals leaving their sets face up


def make_golden() -> dict:
    games = []
    for options, seed in GOLDEN_GAMES:
        st_ = S.new_game(options, seed)
        rng = Rng(seed + 99)
        states = [st_.snapshot()]
        while not st_.is_over:
            st_.apply(rng.choice(st_.legal_actions()))
            states.append(st_.snapshot())
        games.append({"options": options, "seed": seed, "log": S.encode_log(st_.log), "actions": st_.log,
                      "states": states, "final": st_.to_json()})
    return {"game": "siggil", "version": S.VERSION, "games": games}


def test_golden_playthrough():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert golden["games"]
    for game in golden["games"]:
        st_ = S.new_game(game["options"], game["seed"])
        assert st_.snapshot() == game["states"][0]
        assert S.decode_log(game["log"]) == game["actions"]
        for action, expected in zip(game["actions"], game["states"][1:]):
            st_.apply(action)
            assert st_.snapshot() == expected
        assert st_.is_over
        assert st_.to_json() == game["final"]
        assert S.from_json(game["final"]).snapshot() == game["final"]["state"]


if __name__ == "__main__":  # regenerate the golden file: python tests/engine/test_siggil_games.py
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    data = make_golden()
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    lines = ['{"game":"siggil","version":' + str(data["version"]) + ',"games":[']
    for i, game in enumerate(data["games"]):
        lines.append("{" + ",".join(f'"{k}":{json.dumps(game[k], **compact)}' for k in ("options", "seed", "log", "actions")))
        lines.append(',"states":[')
        lines.append(",\n".join(json.dumps(s, **compact) for s in game["states"]))
        lines.append('],"final":' + json.dumps(game["final"], **compact) + "}" + ("," if i < len(data["games"]) - 1 else ""))
    lines.append("]}")
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
