"""Wizard rules engine: the cards, who wins a trick, which cards may be played, scores and ranking."""
from __future__ import annotations

from collections import Counter

import pytest
from engine_test_support import bad_input
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import RuleViolation
from engine.wizard import (
    FULL_DECK,
    REASONS,
    Card,
    card_token,
    check_play,
    legal_cards,
    parse_card,
    ranking,
    score_details,
    score_round,
    trick_winner,
)

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
