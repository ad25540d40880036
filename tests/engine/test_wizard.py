"""Wizard rules engine: unit tests, worked examples, seeded random games, golden game.

Regenerate the golden file (only after a deliberate change of the deal or the rules):
    python tests/engine/test_wizard.py --golden
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # allow `python tests/engine/test_wizard.py --golden`
    sys.path.insert(0, str(ROOT))

from engine_test_support import bad_input, checkable_rules, examples_of, refusal
from engine_test_support import run_safely as run_example_safely

from content.loader import read_yaml
from engine.core import BadInput, Rng, RuleViolation, guarded_rules, guards_disabled
from engine.wizard import (
    BAD_INPUT_CODES,
    FULL_DECK,
    REASONS,
    VIOLATIONS,
    Card,
    State,
    card_token,
    check_play,
    decode_log,
    encode_log,
    legal_cards,
    new_game,
    parse_card,
    ranking,
    replay,
    run_example,
    score_details,
    score_round,
    trick_winner,
)

GAME_DIR = ROOT / "content" / "games" / "wizard"
GOLDEN = Path(__file__).resolve().parent / "golden" / "wizard.json"
LANGS = ("lt", "et", "ko", "fi", "en")

# The outline's `check: true` rules of Wizard (../shared/outline.yaml); game.yaml, when present,
# is read as well so that a rule added there is held to the same standard.
CHECK_RULES = {
    "wizard.components.deck", "wizard.rounds.count", "wizard.rounds.deal", "wizard.rounds.dealer",
    "wizard.trump.turn-up", "wizard.trump.jester", "wizard.trump.wizard", "wizard.trump.last-round",
    "wizard.bid.announce", "wizard.bid.variant-total", "wizard.play.lead", "wizard.play.follow-suit",
    "wizard.play.wizard-jester-anytime", "wizard.play.jester-led", "wizard.play.wizard-led",
    "wizard.trick.winner", "wizard.score.made", "wizard.score.missed", "wizard.end.winner",
}
FAQ_IDS = {
    "wizard.faq.jester-despite-suit", "wizard.faq.wizard-despite-suit", "wizard.faq.cannot-follow",
    "wizard.faq.jester-led", "wizard.faq.wizard-led", "wizard.faq.two-wizards", "wizard.faq.all-jesters",
    "wizard.faq.low-trump", "wizard.faq.wizard-turned-up", "wizard.faq.no-trump-choice",
    "wizard.faq.jester-turned-up", "wizard.faq.last-round-trump", "wizard.faq.bid-zero",
    "wizard.faq.missed-bid", "wizard.faq.bids-equal-tricks", "wizard.faq.rounds", "wizard.faq.who-leads",
}


check_rules = partial(checkable_rules, GAME_DIR, CHECK_RULES)
examples = partial(examples_of, GAME_DIR)
run_safely = partial(run_example_safely, run_example)


# --- cards ------------------------------------------------------------------------------------


def test_deck_has_sixty_cards():
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == 60
    assert counts["W"] == 4 and counts["J"] == 4
    for suit in "HDCS":
        assert [t for t in FULL_DECK if t[0] == suit] == [f"{suit}{r}" for r in range(1, 14)]


def test_parse_and_token_round_trip():
    for token in set(FULL_DECK):
        assert card_token(parse_card(token)) == token
    assert parse_card("H7") == Card("suit", "H", 7)
    assert parse_card("W") == Card("wizard") and parse_card("J").kind == "jester"
    assert parse_card(" d13 ").token == "D13"


@pytest.mark.parametrize("token", ["H0", "H14", "X5", "H07", "", "WW", "7H", None, 7, ["H7"], "H" * 50])
def test_unknown_cards(token):
    assert bad_input(lambda: parse_card(token)) == "unknown-card"


def test_card_token_refuses_impossible_cards():
    assert bad_input(lambda: card_token(Card("suit", "H", 14))) == "unknown-card"
    assert bad_input(lambda: card_token(Card("joker"))) == "unknown-card"


# --- who wins a trick ---------------------------------------------------------------------------


@pytest.mark.parametrize("trump, cards, winner, reason", [
    ("H", ["H13", "W", "W", "J"], 1, "first-wizard"),
    ("H", ["W", "H13"], 0, "first-wizard"),
    ("S", ["H13", "S2", "H12", "D1"], 1, "highest-trump"),
    ("S", ["S3", "S2", "H12"], 0, "highest-trump"),
    ("S", ["H4", "S2", "S9", "S1"], 2, "highest-trump"),
    ("C", ["H5", "H11", "D13", "J"], 1, "highest-led"),
    (None, ["C3", "S13", "H13"], 0, "highest-led"),
    (None, ["J", "D4", "D9", "S13"], 2, "highest-led"),
    ("D", ["J", "J", "J", "J"], 0, "first-jester"),
    (None, ["J", "J", "J"], 0, "first-jester"),
    ("H", ["J", "J", "W"], 2, "first-wizard"),
    ("H", ["J", "H1"], 1, "highest-trump"),
])
def test_trick_winner(trump, cards, winner, reason):
    result = trick_winner(trump, cards)
    assert result["winner"] == winner
    assert result["reason"] == reason
    assert result["rule"] == "wizard.trick.winner"
    assert result["params"]["card"] == cards[winner]


@pytest.mark.parametrize("trump, cards, code", [
    ("H", [], "empty-trick"),
    ("H", ["W"] * 5, "too-many-wizards"),
    ("H", ["J"] * 5, "too-many-jesters"),
    ("H", ["H7", "S2", "H7"], "duplicate-card"),
    ("H", ["H1", "H2", "H3", "H4", "H5", "H6", "H7"], "too-many-cards"),
    ("X", ["H1"], "bad-trump"),
    ("", ["H1"], "bad-trump"),
    ("H", "H7", "not-a-card-list"),
    ("H", ["Q"], "unknown-card"),
])
def test_trick_winner_bad_input(trump, cards, code):
    assert bad_input(lambda: trick_winner(trump, cards)) == code


# An independent statement of the winner rule, to compare against on random tricks.
def reference_winner(trump, cards):
    if "W" in cards:
        return cards.index("W")
    suits = [c for c in cards if c != "J"]
    if not suits:
        return 0
    led = suits[0][0]
    pool = [c for c in suits if c[0] == trump] or [c for c in suits if c[0] == led]
    best = max(pool, key=lambda c: int(c[1:]))
    return cards.index(best)


distinct_cards = st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=6).filter(
    lambda cs: all(cs.count(c) == 1 for c in cs if c not in "WJ")
    and cs.count("W") <= 4 and cs.count("J") <= 4)


@settings(max_examples=300, deadline=None)
@given(trump=st.sampled_from(["H", "D", "C", "S", None]), cards=distinct_cards)
def test_trick_winner_matches_reference(trump, cards):
    assert trick_winner(trump, cards)["winner"] == reference_winner(trump, cards)


# --- which cards may be played -----------------------------------------------------------------


@pytest.mark.parametrize("hand, trick, legal, rule, reason", [
    (["H2", "S9", "J"], [], ["H2", "S9", "J"], "wizard.play.lead", "lead-any"),
    (["W", "H2", "H9", "S5", "D1", "J"], ["H10"], ["W", "H2", "H9", "J"], "wizard.play.follow-suit", "must-follow"),
    (["S3", "C5"], ["H10", "H4"], ["S3", "C5"], "wizard.play.follow-suit", "cannot-follow"),
    (["H9", "S2"], ["W", "H3"], ["H9", "S2"], "wizard.play.wizard-led", "wizard-led"),
    (["D9", "S2", "J"], ["J", "D4"], ["D9", "J"], "wizard.play.jester-led", "jester-then-suit"),
    (["C8", "S6"], ["J", "J", "C3"], ["C8"], "wizard.play.jester-led", "jester-then-suit"),
    (["S2", "H4"], ["J", "D4"], ["S2", "H4"], "wizard.play.jester-led", "jester-cannot-follow"),
    (["D9", "S2"], ["J"], ["D9", "S2"], "wizard.play.jester-led", "jesters-only"),
    (["D9", "S2"], ["J", "W", "D4"], ["D9", "S2"], "wizard.play.jester-led", "jester-then-wizard"),
    (["W", "W", "H1"], ["H2"], ["W", "W", "H1"], "wizard.play.follow-suit", "must-follow"),
])
def test_legal_cards(hand, trick, legal, rule, reason):
    result = legal_cards("C", hand, trick)
    assert (result["legal"], result["rule"], result["reason"]) == (legal, rule, reason)
    assert REASONS[result["reason"]] == result["rule"]


@pytest.mark.parametrize("hand, trick, code", [
    ([], [], "empty-hand"),
    (["H7", "S2"], ["H7"], "card-in-hand-and-trick"),
    (["H7", "H7"], [], "duplicate-card"),
    (["W", "W", "W"], ["W", "W"], "too-many-wizards"),
    (["J", "J", "H3"], ["J", "J", "J"], "too-many-jesters"),
    (["H1"], ["S1", "S2", "S3", "S4", "S5", "S6"], "too-many-cards"),
    ([f"H{r}" for r in range(1, 14)] + [f"S{r}" for r in range(1, 9)], [], "too-many-cards"),
    ([f"H{r}" for r in range(1, 12)], ["S1", "S2", "S3", "S4", "S5"], "too-many-cards"),
    (["H1"], "S1", "not-a-card-list"),
])
def test_legal_cards_bad_input(hand, trick, code):
    assert bad_input(lambda: legal_cards("H", hand, trick)) == code


def test_legal_cards_bad_trump():
    assert bad_input(lambda: legal_cards("none", ["H1"], [])) == "bad-trump"


@settings(max_examples=300, deadline=None)
@given(trump=st.sampled_from(["H", "D", "C", "S", None]),
       cards=st.lists(st.sampled_from(FULL_DECK), min_size=2, max_size=10).filter(
           lambda cs: all(cs.count(c) == 1 for c in cs if c not in "WJ")
           and cs.count("W") <= 4 and cs.count("J") <= 4),
       split=st.integers(min_value=0, max_value=5))
def test_legal_cards_agree_with_the_play_guards(trump, cards, split):
    trick, hand = cards[:min(split, len(cards) - 1)], cards[min(split, len(cards) - 1):]
    legal = legal_cards(trump, hand, trick)["legal"]
    for card in set(hand):
        try:
            check_play(trump, hand, trick, card)
            accepted = True
        except RuleViolation as e:
            accepted = False
            assert e.rule_id in ("wizard.play.follow-suit", "wizard.play.jester-led")
        assert accepted == (card in legal), (hand, trick, card)


# --- scores and ranking -------------------------------------------------------------------------


def test_score_round():
    assert score_round([2, 0, 1], [2, 0, 1]) == [40, 20, 30]
    assert score_round([3, 0, 1, 0], [1, 2, 1, 0], 4) == [-20, -20, 30, 20]
    assert score_round([0, 0, 0], [0, 0, 1]) == [20, 20, -10]
    details = score_details([1, 2, 0], [2, 0, 1])
    assert [d["rule"] for d in details] == ["wizard.score.missed"] * 3
    assert details[0]["params"] == {"bid": 1, "tricks": 2, "off": 1, "points": -10}


@pytest.mark.parametrize("bids, tricks, size, code", [
    ([1, 1], [1, 1], None, "bad-player-count"),
    ([1, 1, 1], [1, 1], None, "bids-tricks-length"),
    ([1, -1, 1], [1, 0, 1], None, "negative-number"),
    ([1, "a", 1], [1, 0, 1], None, "not-a-number"),
    ([1, True, 1], [1, 0, 1], None, "not-a-number"),
    ([1, 1, 1], [1, 1, 1], 2, "tricks-total"),
    ([0, 0, 0], [0, 0, 0], None, "tricks-total"),
    ([0, 0, 0], [20, 1, 0], None, "tricks-total"),
    ([3, 0, 0], [1, 1, 0], None, "bid-too-high"),
    ([0, 0, 0], [1, 0, 0], 0, "bad-round"),
    ([0, 0, 0, 0], [1, 0, 0, 0], 16, "bad-round"),
    ("12", [1], None, "not-a-list"),
])
def test_score_bad_input(bids, tricks, size, code):
    assert bad_input(lambda: score_round(bids, tricks, size)) == code


def test_ranking_ties_share_the_win():
    assert ranking([120, 150, 150, 90]) == {"winners": [1, 2], "ranks": [3, 1, 1, 4], "rule": "wizard.end.winner"}
    assert ranking([0, 0, 0])["winners"] == [0, 1, 2]
    assert bad_input(lambda: ranking([1, 2])) == "bad-player-count"
    assert bad_input(lambda: ranking([1, 2, "x"])) == "not-a-number"
    assert bad_input(lambda: ranking(None)) == "not-a-list"


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


# --- the content files ------------------------------------------------------------------------


def test_every_example_passes():
    failed = {ex["id"]: r["outcome"] for ex in examples() if not (r := run_safely(ex))["passed"]}
    assert not failed


def test_examples_cover_rules_codes_and_faq():
    exs = examples()
    ids = [ex["id"] for ex in exs]
    assert len(ids) == len(set(ids))
    assert all(i.startswith("wizard.ex.") for i in ids)
    named = {rule for ex in exs for rule in ex["rules"]}
    assert not check_rules() - named, "checkable rules without an example"
    expected_codes = {ex.get("code") for ex in exs}
    assert not set(VIOLATIONS) - expected_codes, "violation codes no example expects"
    for ex in exs:
        if "refused" in ex:
            assert VIOLATIONS[ex["code"]] == ex["refused"], ex["id"]
    decidable_faq = FAQ_IDS  # every Wizard FAQ answer is one the engine can decide
    assert not decidable_faq - named, "FAQ entries without an example"


def test_switching_off_a_guard_fails_an_example_of_its_rule():
    exs = examples()
    rules = [r for r in guarded_rules() if r.startswith("wizard.")]
    assert set(VIOLATIONS.values()) == set(rules)
    unnoticed = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run_safely(ex)["passed"] for ex in exs if rule in ex["rules"]):
                unnoticed.append(rule)
    assert not unnoticed


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_violation_sentences():
    texts = read_yaml(GAME_DIR / "violations.yaml")
    assert set(texts) == set(VIOLATIONS) | BAD_INPUT_CODES
    for code, item in texts.items():
        assert item.get("rule") == VIOLATIONS.get(code), code
        for lang in LANGS:
            assert isinstance(item.get(lang), str) and item[lang].strip(), (code, lang)
        names = {lang: set(PLACEHOLDER.findall(item[lang])) for lang in LANGS}
        assert all(n == names["en"] for n in names.values()), (code, names)


def test_labels_cover_views_reasons_and_tokens():
    labels = read_yaml(GAME_DIR / "labels.yaml")
    for group, table in labels.items():
        for code, item in table.items():
            assert all(isinstance(item.get(lang), str) and item[lang].strip() for lang in LANGS), (group, code)
    assert set(labels["reasons"]) == set(REASONS)
    for code, item in labels["reasons"].items():
        names = {lang: set(PLACEHOLDER.findall(item[lang])) for lang in LANGS}
        assert all(n == names["en"] for n in names.values()), (code, names)
    seen_labels, trump_values = set(), set()
    for ex in examples():
        for panel in run_safely(ex)["view"]:
            seen_labels.add(panel["label"])
            assert ("cards" in panel) != ("value" in panel), panel
            if panel["label"] in ("trump", "attempt-trump"):
                trump_values.add(panel["value"])
    assert not seen_labels - set(labels["labels"])
    assert not trump_values - set(labels["values"])
    assert {"W", "J", "H", "D", "C", "S"} <= set(labels["cards"])


def test_reason_and_violation_params_fill_every_sentence():
    """Each sentence can be formatted with the params the engine gives its code."""
    violations = read_yaml(GAME_DIR / "violations.yaml")
    reasons = read_yaml(GAME_DIR / "labels.yaml")["reasons"]
    samples = []
    for hand, trick in [(["H2"], []), (["H2", "S1"], ["H4"]), (["S1"], ["H4"]), (["S1"], ["W"]),
                        (["S1"], ["J"]), (["S1"], ["J", "W"]), (["S1", "H1"], ["J", "H4"]), (["S1"], ["J", "H4"])]:
        r = legal_cards("H", hand, trick)
        samples.append((reasons, r["reason"], r["params"]))
    for cards in (["W", "H1"], ["S1", "H1"], ["S1", "S2"], ["J", "J"]):
        r = trick_winner("H", cards)
        samples.append((reasons, r["reason"], r["params"]))
    for d in score_details([1, 0, 2], [1, 1, 1]):
        samples.append((reasons, d["reason"], d["params"]))
    for code, params in refusals_seen().items():
        samples.append((violations, code, params))
    for code, params in bad_inputs_seen().items():
        samples.append((violations, code, params))
    assert {code for table, code, _ in samples if table is reasons} == set(REASONS)
    for table, code, params in samples:
        for lang in LANGS:
            table[code][lang].format(**params)


def bad_inputs_seen() -> dict[str, dict]:
    calls = [
        lambda: parse_card("Q1"), lambda: trick_winner("H", ["H1", "H1"]), lambda: trick_winner("H", ["W"] * 5),
        lambda: trick_winner("H", ["J"] * 5), lambda: trick_winner("Q", ["H1"]), lambda: trick_winner("H", ["H1"] * 7),
        lambda: trick_winner("H", "H1"), lambda: trick_winner("H", []), lambda: legal_cards("H", [], []),
        lambda: legal_cards("H", ["H1"], ["H1"]), lambda: score_round(1, [1]), lambda: score_round([1, 1, 1], [1, 1]),
        lambda: score_round([1, "x", 1], [1, 1, 1]), lambda: score_round([1, -1, 1], [1, 1, 1]),
        lambda: score_round([1, 1, 1], [1, 1, 1], 2), lambda: score_round([3, 1, 1], [1, 0, 1]),
        lambda: score_round([1, 1, 1], [1, 1, 1], 30), lambda: new_game({"players": 9}, 1),
        lambda: new_game({"colour": 1}, 1), lambda: new_game({"players": 3, "deal": {"hands": []}}, 1),
        lambda: new_game({"players": 3, "deal": {"hands": [[], [], []]}}, 1),
        lambda: new_game({"players": 3, "start_round": 20,
                          "deal": {"hands": [list(FULL_DECK[i::3]) for i in range(3)], "trump_card": "J"}}, 1),
        lambda: new_game({}, 1).apply([]), lambda: new_game({}, 1).apply({"type": "x"}),
        lambda: new_game({}, 1).apply({"type": "bid", "bid": "x"}),
        lambda: new_game({}, 1).apply({"type": "bid", "bid": 0, "player": 8}),
        lambda: State.from_json([]), lambda: decode_log("b1" * 5000), lambda: decode_log("zz"),
        lambda: run_example({"kind": "nothing"}),
    ]
    seen = {}
    for call in calls:
        with pytest.raises(BadInput) as info:
            call()
        seen[info.value.code] = info.value.params
    assert set(seen) == BAD_INPUT_CODES, BAD_INPUT_CODES - set(seen)
    return seen


_REFUSALS: dict[str, dict] = {}


def refusals_seen() -> dict[str, dict]:
    if not _REFUSALS:
        for ex in examples():
            outcome = run_safely(ex)["outcome"]
            if "refused" in outcome:
                _REFUSALS[outcome["refused"]["code"]] = outcome["refused"]["params"]
    assert set(_REFUSALS) == set(VIOLATIONS)
    return _REFUSALS


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
