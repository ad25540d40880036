"""Siggil engine: rules, worked examples, seeded random games, golden playthrough."""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from content.loader import read_yaml
from engine import siggil as S
from engine.core import BadInput, Rng, RuleViolation, guarded_rules, guards_disabled
from engine.siggil.layouts import LAYOUTS, check_layout

GAME_DIR = ROOT / "content" / "games" / "siggil"
GOLDEN = Path(__file__).resolve().parent / "golden" / "siggil.json"
LANGS = ("en", "lt", "et", "ko", "fi")
EXAMPLES: list[dict] = read_yaml(GAME_DIR / "examples.yaml")
ACTION_TYPES = {"take", "capture", "pass", "discard", "release"}


def run(example: dict) -> dict:
    try:
        return S.run_example(example)
    except Exception as e:
        return {"passed": False, "outcome": {"error": repr(e)}, "view": []}


def table(**situation) -> S.State:
    return S.from_situation(situation)


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


# --- worked examples ------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_passes(example):
    result = run(example)
    assert result["passed"], result["outcome"]
    json.dumps(result)  # JSON-able


def test_every_checkable_rule_and_code_has_an_example():
    game = read_yaml(GAME_DIR / "game.yaml")
    named = {r for e in EXAMPLES for r in e["rules"]}
    missing = [r["id"] for r in game["rules"] if r.get("check") and r["id"] not in named]
    assert not missing, f"checkable rules without an example: {missing}"
    codes = {e.get("code") for e in EXAMPLES if "refused" in e}
    assert not set(S.VIOLATIONS) - codes, f"codes no example expects: {sorted(set(S.VIOLATIONS) - codes)}"
    for e in EXAMPLES:
        if "refused" in e:
            assert S.VIOLATIONS[e["code"]] == e["refused"], e["id"]


def test_switching_off_any_guard_fails_an_example():
    rules = sorted(r for r, fns in guarded_rules().items() if any(f.startswith("engine.siggil.") for f in fns))
    assert len(rules) == len(set(S.VIOLATIONS.values()))
    unnoticed = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run(e)["passed"] for e in EXAMPLES):
                unnoticed.append(rule)
    assert not unnoticed, f"no example notices these guards missing: {unnoticed}"


def test_violation_texts_and_labels_cover_the_engine():
    texts = read_yaml(GAME_DIR / "violations.yaml")
    for code in set(S.VIOLATIONS) | S.BAD_INPUT_CODES:
        assert code in texts, code
        assert all(isinstance(texts[code].get(lang), str) and texts[code][lang].strip() for lang in LANGS), code
        assert texts[code].get("rule") == S.VIOLATIONS.get(code), code
    assert set(texts) == set(S.VIOLATIONS) | S.BAD_INPUT_CODES
    labels = read_yaml(GAME_DIR / "labels.yaml")
    used = {panel["label"] for e in EXAMPLES for panel in run(e)["view"]}
    for panel_states in (S.state_view(play_random({"players": p}, 3)) for p in (1, 2)):
        used |= {panel["label"] for panel in panel_states}
    assert not used - set(labels["labels"]), sorted(used - set(labels["labels"]))
    assert set(labels["families"]) == set(S.FAMILIES)
    for group in labels.values():
        for code, item in group.items():
            assert all(isinstance(item.get(lang), str) and item[lang].strip() for lang in LANGS), code


# --- seeded random games --------------------------------------------------------------------


def play_random(options: dict, seed: int) -> S.State:
    st_ = S.new_game(options, seed)
    rng = Rng(seed * 7919 + 1)
    while not st_.is_over:
        st_.apply(rng.choice(st_.legal_actions()))
    return st_


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


if __name__ == "__main__":  # regenerate the golden file: python tests/engine/test_siggil.py
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
