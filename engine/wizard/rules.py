"""The rules of Wizard as pure functions: the suit to follow, who wins a trick, which cards
may be played, the score of a round, the final ranking, how many rounds a game has.

The public functions validate their input (raising BadInput) and answer with a rule id, a
reason code (REASONS) and params; the underscored ones are the engine's hot path (input
already valid).
"""
from __future__ import annotations

from typing import Any

from engine.core import BadInput

from .cards import (
    DECK_SIZE,
    JESTER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RANK_OF,
    WIZARD,
    _card_list,
    _show,
    _trump,
    check_cards,
)

# The phases of a round: trump (the dealer names it after a turned-up Wizard), bid, play; over
# after the last round.
PHASE_TRUMP, PHASE_BID, PHASE_PLAY, PHASE_OVER = "trump", "bid", "play", "over"


def led_suit(trick: list[str]) -> tuple[str, str | None, int | None]:
    """What the trick asks to follow: (how, suit, index of the card that set it).

    how is "lead" (empty trick), "wizard" (a Wizard led, or came first after Jesters),
    "jesters" (only Jesters so far) or "suit"."""
    for i, t in enumerate(trick):
        if t == JESTER:
            continue
        if t == WIZARD:
            return "wizard", None, i
        return "suit", t[0], i
    return ("jesters", None, None) if trick else ("lead", None, None)


def _winner(trump: str | None, cards: list[str]) -> tuple[int, str]:
    """Index of the winning card and why: the engine's hot path (cards already valid)."""
    if WIZARD in cards:
        return cards.index(WIZARD), "first-wizard"
    best, best_rank, best_trump, led = -1, -1, False, None
    for i, t in enumerate(cards):
        if t == JESTER:
            continue
        s = t[0]
        r = RANK_OF[t]
        if led is None:
            led = s
        if s == trump:
            if not best_trump or r > best_rank:
                best, best_rank, best_trump = i, r, True
        elif s == led and not best_trump and r > best_rank:
            best, best_rank = i, r
    if best < 0:
        return 0, "first-jester"
    return best, ("highest-trump" if best_trump else "highest-led")


def trick_winner(trump: Any, cards: Any) -> dict:
    """Who wins these cards (in the order played; 1 to 6 cards, so a trick in progress
    tells who is winning so far).

    -> {"winner": index into cards, "rule": "wizard.trick.winner", "reason": code, "params": {...}}
    reason: first-wizard | highest-trump | highest-led | first-jester."""
    trump = _trump(trump)
    if isinstance(cards, (list, tuple)) and not cards:
        raise BadInput("empty-trick")
    cards = _card_list(cards, "trick", MAX_PLAYERS)
    check_cards(cards)
    index, reason = _winner(trump, cards)
    params: dict[str, Any] = {"card": cards[index], "position": index + 1}
    if reason == "highest-trump":
        params["trump"] = trump
    elif reason == "highest-led":
        params["suit"] = cards[index][0]
    return {"winner": index, "rule": "wizard.trick.winner", "reason": reason, "params": params}


def _legal_in_trick(hand: list[str], trick: list[str]) -> tuple[list[str], str, str, dict]:
    """(legal cards of hand in hand order, rule id, reason code, params) -- no validation."""
    how, suit, setter = led_suit(trick)
    if how == "lead":
        return list(hand), "wizard.play.lead", "lead-any", {}
    if trick[0] == WIZARD:
        return list(hand), "wizard.play.wizard-led", "wizard-led", {}
    if trick[0] == JESTER:
        if how == "jesters":
            return list(hand), "wizard.play.jester-led", "jesters-only", {}
        if how == "wizard":
            return list(hand), "wizard.play.jester-led", "jester-then-wizard", {}
        assert setter is not None
        params = {"suit": suit, "card": trick[setter]}
        follow = [t for t in hand if t[0] == suit]
        if not follow:
            return list(hand), "wizard.play.jester-led", "jester-cannot-follow", params
        return [t for t in hand if t[0] == suit or t in (WIZARD, JESTER)], "wizard.play.jester-led", \
            "jester-then-suit", params
    params = {"suit": suit}
    if not any(t[0] == suit for t in hand):
        return list(hand), "wizard.play.follow-suit", "cannot-follow", params
    return [t for t in hand if t[0] == suit or t in (WIZARD, JESTER)], "wizard.play.follow-suit", \
        "must-follow", params


def _check_situation(trump: Any, hand: Any, trick: Any) -> tuple[str | None, list[str], list[str]]:
    trump = _trump(trump)
    trick = _card_list(trick if trick is not None else [], "trick", MAX_PLAYERS - 1)
    # k cards before yours mean at least k+1 players, so at most 60 / (k+1) cards in hand
    most = DECK_SIZE // max(MIN_PLAYERS, len(trick) + 1)
    hand = _card_list(hand, "hand", most)
    if not hand:
        raise BadInput("empty-hand")
    in_trick = {t for t in trick if t not in (WIZARD, JESTER)}
    for t in hand:
        if t in in_trick:
            raise BadInput("card-in-hand-and-trick", card=t)
    check_cards(hand + trick)
    return trump, hand, trick


def legal_cards(trump: Any, hand: Any, trick: Any) -> dict:
    """Which cards of hand may be played to trick (cards already played, in order).

    -> {"legal": [tokens, in hand order], "rule": rule id, "reason": code, "params": {...}}
    reason: lead-any | wizard-led | jesters-only | jester-then-wizard | jester-then-suit |
    jester-cannot-follow | must-follow | cannot-follow."""
    trump, hand, trick = _check_situation(trump, hand, trick)
    legal, rule, reason, params = _legal_in_trick(hand, trick)
    return {"legal": legal, "rule": rule, "reason": reason, "params": params}


def _count(value: Any, what: str) -> int:
    if type(value) is not int:
        raise BadInput("not-a-number", where=what, value=_show(value))
    if value < 0:
        raise BadInput("negative-number", where=what, value=value)
    return value


def _score(bid: int, won: int) -> int:
    return 20 + 10 * won if bid == won else -10 * abs(bid - won)


def score_details(bids: Any, tricks: Any, round_size: Any = None) -> list[dict]:
    """Per player: {"player", "bid", "tricks", "points", "rule", "reason", "params"}.

    The round size is the total of tricks won (every trick goes to someone); when round_size
    is given the total must equal it."""
    if not isinstance(bids, (list, tuple)) or not isinstance(tricks, (list, tuple)):
        raise BadInput("not-a-list")
    if len(bids) != len(tricks):
        raise BadInput("bids-tricks-length", bids=len(bids), tricks=len(tricks))
    n = len(bids)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=n, min=MIN_PLAYERS, max=MAX_PLAYERS)
    bids = [_count(b, "bids") for b in bids]
    tricks = [_count(t, "tricks") for t in tricks]
    total = sum(tricks)
    most = DECK_SIZE // n
    if round_size is not None:
        round_size = _count(round_size, "round")
        if not 1 <= round_size <= most:
            raise BadInput("bad-round", round=round_size, max=most)
        if total != round_size:
            raise BadInput("tricks-total", total=total, round=round_size)
    elif not 1 <= total <= most:
        raise BadInput("tricks-total", total=total, round=most)
    size = round_size if round_size is not None else total
    for b in bids:
        if b > size:
            raise BadInput("bid-too-high", bid=b, max=size)
    out = []
    for i, (b, t) in enumerate(zip(bids, tricks)):
        made = b == t
        out.append({
            "player": i, "bid": b, "tricks": t, "points": _score(b, t),
            "rule": "wizard.score.made" if made else "wizard.score.missed",
            "reason": "made" if made else "missed",
            "params": {"bid": b, "tricks": t, "off": abs(b - t), "points": _score(b, t)},
        })
    return out


def score_round(bids: Any, tricks: Any, round_size: Any = None) -> list[int]:
    """Points of one round per player: 20 + 10 per trick if exact, else -10 per trick off."""
    return [d["points"] for d in score_details(bids, tricks, round_size)]


def ranking(totals: Any) -> dict:
    """Final standing: {"winners": [players with the highest total], "ranks": [1-based place
    per player, tied players share a place], "rule": "wizard.end.winner"}."""
    if not isinstance(totals, (list, tuple)):
        raise BadInput("not-a-list")
    if not MIN_PLAYERS <= len(totals) <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=len(totals), min=MIN_PLAYERS, max=MAX_PLAYERS)
    for t in totals:
        if type(t) is not int:
            raise BadInput("not-a-number", where="totals", value=_show(t))
    return {"winners": _winners(list(totals)), "ranks": _ranks(list(totals)), "rule": "wizard.end.winner"}


def _winners(totals: list[int]) -> list[int]:
    top = max(totals)
    return [i for i, t in enumerate(totals) if t == top]


def _ranks(totals: list[int]) -> list[int]:
    return [1 + sum(1 for o in totals if o > t) for t in totals]


def rounds_for(players: int) -> int:
    """How many rounds a game has: 60 / players (20, 15, 12, 10)."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_show(players), min=MIN_PLAYERS, max=MAX_PLAYERS)
    return DECK_SIZE // players


# Reason codes of trick_winner, legal_cards and score_details (sentences in labels.yaml).
REASONS: dict[str, str] = {
    "first-wizard": "wizard.trick.winner",
    "highest-trump": "wizard.trick.winner",
    "highest-led": "wizard.trick.winner",
    "first-jester": "wizard.trick.winner",
    "lead-any": "wizard.play.lead",
    "wizard-led": "wizard.play.wizard-led",
    "jesters-only": "wizard.play.jester-led",
    "jester-then-wizard": "wizard.play.jester-led",
    "jester-then-suit": "wizard.play.jester-led",
    "jester-cannot-follow": "wizard.play.jester-led",
    "must-follow": "wizard.play.follow-suit",
    "cannot-follow": "wizard.play.follow-suit",
    "made": "wizard.score.made",
    "missed": "wizard.score.missed",
}
