"""Wizard (Ken Fisher; Amigo): the trick-taking game with Wizards and Jesters.

A game is (options, seed, actions); its state is the replay of the action log.

Cards are tokens: "H7", "D13", "C1", "S10" (suit letter H/D/C/S and rank 1-13),
"W" for a Wizard and "J" for a Jester (four of each; the tokens do not tell them apart).

Actions (small JSON dicts; the optional "player" names the seat that acts and is checked):
    {"type": "choose_trump", "suit": "H"}      dealer, after a turned-up Wizard
    {"type": "bid", "bid": 2}                  0..cards dealt this round
    {"type": "play", "card": "H7"}

Seats are numbered 0..players-1; "left" is the next seat up (seat + 1). In refusals the
params carry both `player` (0-based) and `seat` (1-based, for sentences); view panels show
1-based seats.

Options:
    players                    3..6 (default 4)
    forbid_bids_equal_tricks   bool (default False): the common variant in which the bids of
                               a round may not add up to the number of cards dealt
    first_dealer               seat of the first dealer (default 0)
    start_round, end_round     play only rounds start_round..end_round (defaults 1 and
                               60 / players): a shortened game for tutorials and examples
    deal                       a preset deal for start_round: {"hands": [[tokens] per seat],
                               "trump_card": token (optional)}; the rest of the deck is
                               shuffled with the seed

Pure functions for the ruling tools and the JSON API (all validate, raising BadInput):
    parse_card / card_token / norm_card, trick_winner(trump, cards), legal_cards(trump, hand,
    trick), check_play(trump, hand, trick, card) (raises the game's RuleViolation),
    score_round / score_details(bids, tricks, round_size=None), ranking(totals), rounds_for.
A compact log for URLs: encode_log / decode_log ("b2.tH.H7", see below).

Nothing here knows a language: refusals carry a rule id, a code and params; the reasons of
the pure functions are codes too (REASONS), with sentences in labels.yaml.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.core import BadInput, Rng, RuleViolation, guard

GAME_ID = "wizard"
VERSION = 1

SUITS: tuple[str, ...] = ("H", "D", "C", "S")
RANKS = range(1, 14)
WIZARD = "W"
JESTER = "J"
COPIES = 4  # Wizards, and Jesters, in the deck
DECK_SIZE = 60
MIN_PLAYERS, MAX_PLAYERS = 3, 6
MAX_HAND = DECK_SIZE // MIN_PLAYERS  # 20

# --- cards ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One card: kind is "suit", "wizard" or "jester"; suit and rank only for suit cards."""

    kind: str
    suit: str | None = None
    rank: int | None = None

    @property
    def token(self) -> str:
        return card_token(self)


FULL_DECK: tuple[str, ...] = tuple(
    [f"{s}{r}" for s in SUITS for r in RANKS] + [WIZARD] * COPIES + [JESTER] * COPIES
)
SUIT_OF: dict[str, str | None] = {t: (None if t in (WIZARD, JESTER) else t[0]) for t in FULL_DECK}
RANK_OF: dict[str, int] = {t: (14 if t == WIZARD else 0 if t == JESTER else int(t[1:])) for t in FULL_DECK}
# Hands are kept sorted: Wizards, then hearts, spades, diamonds, clubs (low to high), Jesters.
_SUIT_ORDER = {"H": 1, "S": 2, "D": 3, "C": 4}
SORT_KEY: dict[str, int] = {
    t: (0 if t == WIZARD else 99 if t == JESTER else _SUIT_ORDER[t[0]] * 20 + int(t[1:])) for t in FULL_DECK
}
_TOKEN = re.compile(r"^([HDCS])([1-9]|1[0-3])$")


def full_deck() -> list[str]:
    """The 60 cards in a fixed order: 13 of each suit, then 4 Wizards and 4 Jesters."""
    return list(FULL_DECK)


def parse_card(token: Any) -> Card:
    """"H7" -> Card("suit", "H", 7); "W" -> Card("wizard"); "J" -> Card("jester").

    Case and surrounding spaces are forgiven; anything else raises BadInput("unknown-card")."""
    if isinstance(token, str) and len(token) <= 8:
        t = token.strip().upper()
        if t == WIZARD:
            return Card("wizard")
        if t == JESTER:
            return Card("jester")
        m = _TOKEN.match(t)
        if m:
            return Card("suit", m.group(1), int(m.group(2)))
    raise BadInput("unknown-card", token=_show(token))


def card_token(card: Card) -> str:
    if card.kind == "wizard":
        return WIZARD
    if card.kind == "jester":
        return JESTER
    if card.kind == "suit" and card.suit in SUITS and card.rank in RANKS:
        return f"{card.suit}{card.rank}"
    raise BadInput("unknown-card", token=_show(card))


def norm_card(token: Any) -> str:
    """The canonical token of a card ("h7 " -> "H7"), or BadInput("unknown-card")."""
    if type(token) is str and token in SUIT_OF:  # the fast path: already canonical
        return token
    return card_token(parse_card(token))


def _show(value: Any) -> str:
    """A short, JSON-safe rendering of bad input for error params."""
    text = value if isinstance(value, str) else repr(value)
    return text[:12]


def check_cards(cards: list[str]) -> None:
    """Raise BadInput when a set of cards cannot come from one deck."""
    seen: set[str] = set()
    wizards = jesters = 0
    for t in cards:
        if t == WIZARD:
            wizards += 1
        elif t == JESTER:
            jesters += 1
        elif t in seen:
            raise BadInput("duplicate-card", card=t)
        else:
            seen.add(t)
    if wizards > COPIES:
        raise BadInput("too-many-wizards", count=wizards, max=COPIES)
    if jesters > COPIES:
        raise BadInput("too-many-jesters", count=jesters, max=COPIES)


def _card_list(value: Any, where: str, most: int) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise BadInput("not-a-card-list", where=where)
    if len(value) > most:
        raise BadInput("too-many-cards", where=where, count=len(value), max=most)
    return [norm_card(t) for t in value]


def _trump(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().upper() in SUITS:
        return value.strip().upper()
    raise BadInput("bad-trump", trump=_show(value))


# --- the rules as pure functions ----------------------------------------------------------


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


def check_play(trump: Any, hand: Any, trick: Any, card: Any) -> None:
    """Raise RuleViolation if playing card from hand to trick breaks a rule (as in a game)."""
    trump, hand, trick = _check_situation(trump, hand, trick)
    card = norm_card(card)
    check_card_in_hand(hand, card)
    check_follow_suit(trick, hand, card)
    check_jester_led(trick, hand, card)


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


# --- guards: every refusal the engine makes ---------------------------------------------------

PHASE_TRUMP, PHASE_BID, PHASE_PLAY, PHASE_OVER = "trump", "bid", "play", "over"


def _seat(player: int) -> dict:
    return {"player": player, "seat": player + 1}


@guard("wizard.rounds.count")
def check_not_over(state: State) -> None:
    if state.phase == PHASE_OVER:
        raise RuleViolation("wizard.rounds.count", "game-over", rounds=state.last_round)


@guard("wizard.trump.turn-up")
def check_trump_not_set_by_card(state: State) -> None:
    t = state.trump_card
    if t is not None and t not in (WIZARD, JESTER):
        raise RuleViolation("wizard.trump.turn-up", "trump-set-by-card", card=t, trump=t[0])


@guard("wizard.trump.jester")
def check_trump_not_jester(state: State) -> None:
    if state.trump_card == JESTER:
        raise RuleViolation("wizard.trump.jester", "no-trump-jester", card=JESTER)


@guard("wizard.trump.last-round")
def check_trump_not_last_round(state: State) -> None:
    if state.trump_card is None:
        raise RuleViolation("wizard.trump.last-round", "no-trump-last-round", round=state.round)


@guard("wizard.trump.wizard")
def check_trump_choice_open(state: State) -> None:
    if state.trump_card == WIZARD and state.phase != PHASE_TRUMP:
        raise RuleViolation("wizard.trump.wizard", "trump-already-chosen", trump=state.trump)


@guard("wizard.trump.wizard")
def check_dealer_chooses(state: State, player: int | None) -> None:
    if player is not None and player != state.dealer:
        raise RuleViolation("wizard.trump.wizard", "not-dealer", **_seat(player),
                            dealer=state.dealer, dealer_seat=state.dealer + 1)


@guard("wizard.trump.wizard")
def check_suit_chosen(suit: str | None) -> None:
    if suit is None:
        raise RuleViolation("wizard.trump.wizard", "must-choose-suit")


@guard("wizard.trump.wizard")
def check_trump_chosen(state: State) -> None:
    if state.phase == PHASE_TRUMP:
        raise RuleViolation("wizard.trump.wizard", "dealer-must-choose-trump",
                            dealer=state.dealer, dealer_seat=state.dealer + 1)


@guard("wizard.bid.announce")
def check_bidding_open(state: State) -> None:
    if state.phase != PHASE_BID:
        raise RuleViolation("wizard.bid.announce", "bidding-closed", round=state.round)


@guard("wizard.bid.announce")
def check_bid_turn(state: State, player: int | None) -> None:
    if player is not None and player != state.current:
        raise RuleViolation("wizard.bid.announce", "bid-out-of-turn", **_seat(player),
                            to_move=state.current, to_move_seat=state.current + 1)


@guard("wizard.bid.announce")
def check_bid_range(round_size: int, bid: int) -> None:
    if not 0 <= bid <= round_size:
        raise RuleViolation("wizard.bid.announce", "bid-out-of-range", bid=bid, max=round_size)


@guard("wizard.bid.variant-total")
def check_bid_total(state: State, bid: int) -> None:
    if not state.forbid_equal:
        return
    if sum(1 for b in state.bids if b is None) != 1:
        return
    others = sum(b for b in state.bids if b is not None)
    if others + bid == state.round:
        raise RuleViolation("wizard.bid.variant-total", "bids-equal-tricks",
                            bid=bid, others=others, round=state.round)


@guard("wizard.bid.announce")
def check_bids_done(state: State) -> None:
    if state.phase == PHASE_BID:
        raise RuleViolation("wizard.bid.announce", "bids-first", to_move=state.current,
                            to_move_seat=state.current + 1)


@guard("wizard.play.lead")
def check_play_turn(state: State, player: int | None) -> None:
    if player is not None and player != state.current:
        raise RuleViolation("wizard.play.lead", "play-out-of-turn", **_seat(player),
                            to_move=state.current, to_move_seat=state.current + 1)


@guard("wizard.rounds.deal")
def check_card_in_hand(hand: list[str], card: str) -> None:
    if card not in hand:
        raise RuleViolation("wizard.rounds.deal", "card-not-in-hand", card=card)


@guard("wizard.play.follow-suit")
def check_follow_suit(trick: list[str], hand: list[str], card: str) -> None:
    """A led suit card must be followed by a player holding that suit (Wizards and
    Jesters excepted: they may always be played)."""
    if not trick:
        return
    lead = trick[0]
    if lead == WIZARD or lead == JESTER or card == WIZARD or card == JESTER:
        return
    suit = lead[0]
    if card[0] != suit and any(t[0] == suit for t in hand):
        raise RuleViolation("wizard.play.follow-suit", "must-follow-suit", suit=suit, card=card)


@guard("wizard.play.jester-led")
def check_jester_led(trick: list[str], hand: list[str], card: str) -> None:
    """After a led Jester the first card that is not a Jester sets the suit to follow
    (a Wizard there frees everyone)."""
    if not trick or trick[0] != JESTER or card == WIZARD or card == JESTER:
        return
    how, suit, setter = led_suit(trick)
    if how != "suit":
        return
    if card[0] != suit and any(t[0] == suit for t in hand):
        raise RuleViolation("wizard.play.jester-led", "must-follow-suit-after-jester",
                            suit=suit, card=card, set_by=trick[setter])  # type: ignore[index]


VIOLATIONS: dict[str, str] = {
    "game-over": "wizard.rounds.count",
    "card-not-in-hand": "wizard.rounds.deal",
    "trump-set-by-card": "wizard.trump.turn-up",
    "no-trump-jester": "wizard.trump.jester",
    "no-trump-last-round": "wizard.trump.last-round",
    "trump-already-chosen": "wizard.trump.wizard",
    "not-dealer": "wizard.trump.wizard",
    "must-choose-suit": "wizard.trump.wizard",
    "dealer-must-choose-trump": "wizard.trump.wizard",
    "bidding-closed": "wizard.bid.announce",
    "bid-out-of-turn": "wizard.bid.announce",
    "bid-out-of-range": "wizard.bid.announce",
    "bids-first": "wizard.bid.announce",
    "bids-equal-tricks": "wizard.bid.variant-total",
    "play-out-of-turn": "wizard.play.lead",
    "must-follow-suit": "wizard.play.follow-suit",
    "must-follow-suit-after-jester": "wizard.play.jester-led",
}

BAD_INPUT_CODES: set[str] = {
    # cards and situations
    "unknown-card", "duplicate-card", "too-many-wizards", "too-many-jesters", "bad-trump",
    "too-many-cards", "not-a-card-list", "empty-trick", "empty-hand", "card-in-hand-and-trick",
    # scores
    "not-a-list", "bids-tricks-length", "not-a-number", "negative-number", "tricks-total",
    "bid-too-high", "bad-round",
    # games, options and actions
    "bad-player-count", "bad-option", "deal-hands-count", "deal-hand-size", "deal-no-turn-up",
    "bad-action", "unknown-action", "bad-bid", "bad-player", "bad-state", "log-too-long",
    "bad-log-entry", "bad-example",
}

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

# --- options -----------------------------------------------------------------------------------

_KEYS_CARD = frozenset({"type", "card", "player"})
_KEYS_BID = frozenset({"type", "bid", "player"})
_KEYS_SUIT = frozenset({"type", "suit", "player"})

OPTION_KEYS = {"players", "forbid_bids_equal_tricks", "first_dealer", "start_round", "end_round", "deal"}


def normalize_options(options: Any) -> dict:
    """Validated options with defaults filled in (BadInput on anything else)."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadInput("bad-option", option="options")
    for key in options:
        if key not in OPTION_KEYS:
            raise BadInput("bad-option", option=_show(key))
    players = options.get("players", 4)
    rounds = rounds_for(players)
    forbid = options.get("forbid_bids_equal_tricks", False)
    if type(forbid) is not bool:
        raise BadInput("bad-option", option="forbid_bids_equal_tricks")

    def seat_or_round(key: str, default: int, low: int, high: int) -> int:
        value = options.get(key, default)
        if type(value) is not int or not low <= value <= high:
            raise BadInput("bad-option", option=key)
        return value

    first_dealer = seat_or_round("first_dealer", 0, 0, players - 1)
    start = seat_or_round("start_round", 1, 1, rounds)
    end = seat_or_round("end_round", rounds, start, rounds)
    out = {"players": players, "forbid_bids_equal_tricks": forbid, "first_dealer": first_dealer,
           "start_round": start, "end_round": end}
    if options.get("deal") is not None:
        out["deal"] = _normalize_deal(options["deal"], players, start)
    return out


def _normalize_deal(deal: Any, players: int, round_size: int) -> dict:
    if not isinstance(deal, dict) or set(deal) - {"hands", "trump_card"}:
        raise BadInput("bad-option", option="deal")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise BadInput("deal-hands-count", hands=len(hands) if isinstance(hands, list) else 0,
                       players=players)
    out_hands = []
    for p, hand in enumerate(hands):
        hand = _card_list(hand, "hand", MAX_HAND)
        if len(hand) != round_size:
            raise BadInput("deal-hand-size", **_seat(p), size=len(hand), round=round_size)
        out_hands.append(hand)
    turn_up = deal.get("trump_card")
    dealt = [t for h in out_hands for t in h]
    if turn_up is not None:
        turn_up = norm_card(turn_up)
        if len(dealt) == DECK_SIZE:
            raise BadInput("deal-no-turn-up", round=round_size)
        dealt.append(turn_up)
    check_cards(dealt)
    out: dict[str, Any] = {"hands": out_hands}
    if turn_up is not None:
        out["trump_card"] = turn_up
    return out


# --- the game ------------------------------------------------------------------------------------


def _remove_cards(pool: list[str], cards: list[str]) -> None:
    for t in cards:
        pool.remove(t)


class State:
    """A game of Wizard in progress: build it with new_game() or replay()."""

    def __init__(self, options: dict, seed: int) -> None:
        self.options = normalize_options(options)
        if type(seed) is not int:
            raise BadInput("bad-option", option="seed")
        self.seed = seed
        self.rng = Rng(seed)
        o = self.options
        self.n: int = o["players"]
        self.forbid_equal: bool = o["forbid_bids_equal_tricks"]
        self.last_round: int = o["end_round"]
        self.actions: list[dict] = []
        self.totals: list[int] = [0] * self.n
        self.round_scores: list[list[int]] = []  # per round played, points per player
        self.last_trick: dict | None = None
        self.finished_round: dict | None = None  # the last round scored: round, bids, tricks_won, points
        self.round = o["start_round"] - 1
        self.dealer = (o["first_dealer"] - 1) % self.n
        self._start_round(o.get("deal"))

    # -- round flow ------------------------------------------------------------------------------

    def _start_round(self, preset: dict | None = None) -> None:
        n = self.n
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        r = self.round
        if preset is not None:
            hands = [list(h) for h in preset["hands"]]
            rest = list(FULL_DECK)
            for h in hands:
                _remove_cards(rest, h)
            turn_up = preset.get("trump_card")
            if turn_up is not None:
                rest.remove(turn_up)
            self.rng.shuffle(rest)
            if turn_up is None and rest:
                turn_up = rest.pop(0)
            self.undealt = rest
        else:
            deck = list(FULL_DECK)
            self.rng.shuffle(deck)
            # dealt one at a time, starting left of the dealer
            hands = [deck[(p - self.dealer - 1) % n: r * n: n] for p in range(n)]
            turn_up = deck[r * n] if r * n < DECK_SIZE else None
            self.undealt = deck[r * n + 1:]
        key = SORT_KEY.__getitem__
        self.hands: list[list[str]] = [sorted(h, key=key) for h in hands]
        self.trump_card: str | None = turn_up
        self.trump: str | None = turn_up[0] if turn_up is not None and turn_up not in (WIZARD, JESTER) else None
        self.bids: list[int | None] = [None] * n
        self.won: list[int] = [0] * n
        self.trick: list[str] = []
        self.played: list[str] = []  # cards of the tricks finished this round
        self.leader = (self.dealer + 1) % n
        if turn_up == WIZARD:
            self.phase = PHASE_TRUMP
            self.current: int | None = self.dealer
        else:
            self.phase = PHASE_BID
            self.current = (self.dealer + 1) % n

    def _end_round(self) -> None:
        points = [_score(b, w) for b, w in zip(self.bids, self.won)]  # type: ignore[arg-type]
        self.round_scores.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.finished_round = {"round": self.round, "bids": list(self.bids), "tricks_won": list(self.won),
                               "points": points}
        if self.round >= self.last_round:
            self.phase = PHASE_OVER
            self.current = None
        else:
            self._start_round()

    # -- the OpenSpiel-like surface ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        return _winners(self.totals) if self.is_over else []

    @property
    def ranks(self) -> list[int]:
        return _ranks(self.totals)

    @property
    def rounds(self) -> int:
        return DECK_SIZE // self.n

    def legal_bids(self) -> list[int]:
        if self.phase != PHASE_BID:
            return []
        out = list(range(self.round + 1))
        if self.forbid_equal and sum(1 for b in self.bids if b is None) == 1:
            forbidden = self.round - sum(b for b in self.bids if b is not None)
            if 0 <= forbidden <= self.round:
                out.remove(forbidden)
        return out

    def legal_plays(self) -> list[str]:
        """Distinct legal cards of the player to move, in hand order."""
        if self.phase != PHASE_PLAY:
            return []
        legal = _legal_in_trick(self.hands[self.current], self.trick)[0]  # type: ignore[index]
        return list(dict.fromkeys(legal))

    def legal_actions(self) -> list[dict]:
        if self.phase == PHASE_PLAY:
            return [{"type": "play", "card": t} for t in self.legal_plays()]
        if self.phase == PHASE_BID:
            return [{"type": "bid", "bid": b} for b in self.legal_bids()]
        if self.phase == PHASE_TRUMP:
            return [{"type": "choose_trump", "suit": s} for s in SUITS]
        return []

    def apply(self, action: Any) -> None:
        """Apply one action for the player to move; RuleViolation (state unchanged) if the
        rules refuse it, BadInput if it is not an action at all."""
        if type(action) is not dict:
            raise BadInput("bad-action", action=_show(action))
        kind = action.get("type")
        player = action.get("player")
        if player is not None and (type(player) is not int or not 0 <= player < self.n):
            raise BadInput("bad-player", player=_show(player), players=self.n)
        if kind == "play":
            if not action.keys() <= _KEYS_CARD:
                raise BadInput("bad-action", action="play")
            card = norm_card(action.get("card"))
            if self.phase != PHASE_PLAY:  # (these three pass whenever cards are being played)
                check_not_over(self)
                check_trump_chosen(self)
                check_bids_done(self)
            check_play_turn(self, player)
            hand = self.hands[self.current]  # type: ignore[index]
            check_card_in_hand(hand, card)
            check_follow_suit(self.trick, hand, card)
            check_jester_led(self.trick, hand, card)
            self._play(card)
            record: dict = {"type": "play", "card": card}
        elif kind == "bid":
            if not action.keys() <= _KEYS_BID:
                raise BadInput("bad-action", action="bid")
            bid = action.get("bid")
            if type(bid) is not int:
                raise BadInput("bad-bid", bid=_show(bid))
            check_not_over(self)
            check_trump_chosen(self)
            check_bidding_open(self)
            check_bid_turn(self, player)
            check_bid_range(self.round, bid)
            check_bid_total(self, bid)
            self._bid(bid)
            record = {"type": "bid", "bid": bid}
        elif kind == "choose_trump":
            if not action.keys() <= _KEYS_SUIT:
                raise BadInput("bad-action", action="choose_trump")
            suit = action.get("suit")
            if isinstance(suit, str) and suit.strip().lower() in ("", "none", "-"):
                suit = None
            suit = _trump(suit)
            check_not_over(self)
            check_trump_not_last_round(self)
            check_trump_not_jester(self)
            check_trump_not_set_by_card(self)
            check_trump_choice_open(self)
            check_dealer_chooses(self, player)
            check_suit_chosen(suit)
            self.trump = suit
            self.phase = PHASE_BID
            self.current = (self.dealer + 1) % self.n
            record = {"type": "choose_trump", "suit": suit}
        else:
            raise BadInput("unknown-action", type=_show(kind))
        if player is not None:
            record["player"] = player
        self.actions.append(record)

    def _bid(self, bid: int) -> None:
        self.bids[self.current] = bid  # type: ignore[index]
        self.current = (self.current + 1) % self.n  # type: ignore[operator]
        if self.current == (self.dealer + 1) % self.n:
            self.phase = PHASE_PLAY
            self.current = self.leader

    def _play(self, card: str) -> None:
        cur: int = self.current  # type: ignore[assignment]
        self.hands[cur].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            self.current = (cur + 1) % self.n
            return
        index, _reason = _winner(self.trump, trick)
        winner = (self.leader + index) % self.n
        self.won[winner] += 1
        self.last_trick = {"cards": trick, "leader": self.leader, "winner": winner}
        self.played.extend(trick)
        self.trick = []
        self.leader = self.current = winner
        if not self.hands[winner]:
            self._end_round()

    def clone(self) -> State:
        """An independent copy (cheaper than a replay), e.g. to try an action."""
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.seed)
        other.rng.state = self.rng.state
        other.actions = list(self.actions)
        other.totals = list(self.totals)
        other.round_scores = [list(r) for r in self.round_scores]
        other.hands = [list(h) for h in self.hands]
        other.bids = list(self.bids)
        other.won = list(self.won)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.undealt = list(self.undealt)
        return other

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The log (options, seed, actions) and, for readers, the position it leads to."""
        return {
            "game": GAME_ID,
            "version": VERSION,
            "options": _copy_options(self.options),
            "seed": self.seed,
            "actions": [dict(a) for a in self.actions],
            "phase": self.phase,
            "round": self.round,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "trump_card": self.trump_card,
            "trump": self.trump,
            "current_player": self.current,
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "tricks_won": list(self.won),
            "trick": list(self.trick),
            "leader": self.leader,
            "last_trick": None if self.last_trick is None else {
                **self.last_trick, "cards": list(self.last_trick["cards"])},
            "played": list(self.played),
            "undealt": list(self.undealt),
            "finished_round": _copy_finished(self.finished_round),
            "round_scores": [list(r) for r in self.round_scores],
            "totals": list(self.totals),
            "is_over": self.is_over,
            "winners": self.winners,
            "ranks": self.ranks,
        }

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Rebuild a state from to_json() output (or any {options, seed, actions}) by replay."""
        if not isinstance(data, dict) or data.get("game", GAME_ID) != GAME_ID:
            raise BadInput("bad-state")
        if data.get("version", VERSION) != VERSION:
            raise BadInput("bad-state", version=_show(data.get("version")))
        return replay(data.get("options") or {}, data.get("seed", 0), data.get("actions") or [])


def _copy_finished(finished: dict | None) -> dict | None:
    if finished is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in finished.items()}


def _copy_options(options: dict) -> dict:
    out = dict(options)
    if "deal" in out:
        deal = out["deal"]
        out["deal"] = {**deal, "hands": [list(h) for h in deal["hands"]]}
    return out


def new_game(options: dict | None = None, seed: int = 0) -> State:
    return State(options or {}, seed)


MAX_ACTIONS = 2000  # a 3-player game has 20 + 60 + 630 = 710 at most (one trump choice a round)


def replay(options: dict | None, seed: int, actions: Any) -> State:
    """The state after these actions; the first refused action raises (RuleViolation)."""
    if not isinstance(actions, list):
        raise BadInput("bad-action", action="actions")
    if len(actions) > MAX_ACTIONS:
        raise BadInput("log-too-long", count=len(actions), max=MAX_ACTIONS)
    state = new_game(options, seed)
    for action in actions:
        state.apply(action)
    return state


# --- a compact log for URLs -----------------------------------------------------------------
# "b2" bid 2, "tH" choose hearts as trump ("t-" no trump), a card token plays it; "3:" before
# an entry names seat 3 (0-based) as the one acting. Entries are joined by ".".

MAX_LOG_CHARS = 8000


def encode_action(action: dict) -> str:
    kind = action.get("type")
    if kind == "bid":
        text = f"b{action['bid']}"
    elif kind == "choose_trump":
        text = f"t{action['suit'] or '-'}"
    elif kind == "play":
        text = norm_card(action["card"])
    else:
        raise BadInput("unknown-action", type=_show(kind))
    if action.get("player") is not None:
        text = f"{action['player']}:{text}"
    return text


def encode_log(actions: list[dict]) -> str:
    return ".".join(encode_action(a) for a in actions)


_ENTRY = re.compile(r"^(?:([0-9]):)?(?:b([0-9]{1,2})|t([HDCS-])|([HDCSWJ][0-9]{0,2}))$")


def decode_log(text: Any) -> list[dict]:
    if not isinstance(text, str):
        raise BadInput("bad-log-entry", entry=_show(text))
    if len(text) > MAX_LOG_CHARS:
        raise BadInput("log-too-long", count=len(text), max=MAX_LOG_CHARS)
    out: list[dict] = []
    for entry in re.split(r"[.,\s]+", text.strip()):
        if not entry:
            continue
        m = _ENTRY.match(entry)
        if not m:
            raise BadInput("bad-log-entry", entry=_show(entry))
        seat, bid, suit, card = m.groups()
        if bid is not None:
            action: dict = {"type": "bid", "bid": int(bid)}
        elif suit is not None:
            action = {"type": "choose_trump", "suit": None if suit == "-" else suit}
        else:
            action = {"type": "play", "card": norm_card(card)}
        if seat is not None:
            action["player"] = int(seat)
        out.append(action)
    return out


# --- worked examples ----------------------------------------------------------------------------


def _seats(values: list) -> str:
    return " · ".join("–" if v is None else str(v) for v in values)


def _trump_value(state: State) -> str:
    if state.phase == PHASE_TRUMP:
        return "pending"
    return state.trump or "none"


def game_outcome(state: State) -> dict:
    """The facts of a position that examples may check."""
    out = {
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "dealer": state.dealer,
        "trump_card": state.trump_card,
        "trump": state.trump,
        "current_player": state.current,
        "hand_sizes": [len(h) for h in state.hands],
        "cards_in_game": sum(len(h) for h in state.hands) + len(state.trick) + len(state.played)
        + len(state.undealt) + (state.trump_card is not None),
        "bids": list(state.bids),
        "tricks_won": list(state.won),
        "trick": list(state.trick),
        "leader": state.leader,
        "last_trick": state.last_trick and {**state.last_trick, "cards": list(state.last_trick["cards"])},
        "finished_round": _copy_finished(state.finished_round),
        "round_scores": [list(r) for r in state.round_scores],
        "totals": list(state.totals),
        "is_over": state.is_over,
        "winners": state.winners,
        "ranks": state.ranks,
        "legal_bids": state.legal_bids(),
        "legal_cards": state.legal_plays(),
    }
    if state.current is not None:
        out["hand"] = list(state.hands[state.current])
    return out


def game_view(state: State, attempt: dict | None = None) -> list[dict]:
    view: list[dict] = []
    done = state.finished_round
    if done is not None and (state.is_over or all(b is None for b in state.bids)):
        # a round has just been scored: show how it ended before the next one
        view += [
            {"label": "finished-round", "value": done["round"]},
            {"label": "last-trick", "cards": list(state.last_trick["cards"]) if state.last_trick else []},
            {"label": "finished-bids", "value": _seats(done["bids"])},
            {"label": "finished-tricks", "value": _seats(done["tricks_won"])},
            {"label": "points", "value": _seats(done["points"])},
        ]
    view += [
        {"label": "round", "value": f"{state.round}/{state.rounds}"},
        {"label": "dealer", "value": state.dealer + 1},
        {"label": "trump-card", "cards": [] if state.trump_card is None else [state.trump_card]},
        {"label": "trump", "value": _trump_value(state)},
    ]
    if state.phase in (PHASE_BID, PHASE_PLAY):
        view.append({"label": "bids", "value": _seats(state.bids)})
    if state.phase == PHASE_PLAY:
        view.append({"label": "tricks-won", "value": _seats(state.won)})
    if state.last_trick is not None and state.phase == PHASE_PLAY and not state.trick:
        view.append({"label": "last-trick", "cards": list(state.last_trick["cards"])})
    if state.phase == PHASE_PLAY:
        view.append({"label": "trick", "cards": list(state.trick)})
    if state.current is not None:
        view.append({"label": "to-move", "value": state.current + 1})
        view.append({"label": "hand", "cards": list(state.hands[state.current])})
    if state.round_scores:
        view.append({"label": "totals", "value": _seats(state.totals)})
    if state.is_over:
        view.append({"label": "winners", "value": _seats([w + 1 for w in state.winners])})
    if attempt is not None:
        view.extend(_attempt_view(attempt))
    return view


def _attempt_view(action: Any) -> list[dict]:
    if not isinstance(action, dict):
        return []
    kind = action.get("type")
    if kind == "play" and isinstance(action.get("card"), str):
        return [{"label": "attempt-card", "cards": [action["card"]]}]
    if kind == "bid":
        return [{"label": "attempt-bid", "value": str(action.get("bid"))}]
    if kind == "choose_trump":
        return [{"label": "attempt-trump", "value": str(action.get("suit") or "none")}]
    return []


def _refusal(run, example: dict, view: list[dict]) -> dict:
    """Run a call that should be refused; compare with example's refused/code."""
    want_rule, want_code = example.get("refused"), example.get("code")
    try:
        result = run()
    except RuleViolation as e:
        outcome = {"refused": e.to_json()}
        passed = e.rule_id == want_rule and (want_code is None or e.code == want_code)
        return {"passed": passed, "outcome": outcome, "view": view}
    return {"passed": False, "outcome": {"accepted": True, **(result or {})}, "view": view}


def _compare(example: dict, outcome: dict, view: list[dict]) -> dict:
    expect = example.get("expect")
    if not isinstance(expect, dict) or not expect:
        raise BadInput("bad-example", reason="expect")
    passed = all(key in outcome and outcome[key] == value for key, value in expect.items())
    return {"passed": passed, "outcome": outcome, "view": view}


def _example_actions(example: dict) -> list:
    actions = list(example.get("actions") or [])
    if example.get("log"):
        actions = decode_log(example["log"]) + actions
    return actions


def _run_game(example: dict) -> dict:
    actions = _example_actions(example)
    options, seed = example.get("options") or {}, example.get("seed", 0)
    if "refused" in example:
        if not actions:
            raise BadInput("bad-example", reason="no action to refuse")
        state = replay(options, seed, actions[:-1])
        view = game_view(state, actions[-1])
        before = state.to_json()

        def attempt() -> dict:
            state.apply(actions[-1])
            return game_outcome(state)

        result = _refusal(attempt, example, view)
        if result["passed"] and state.to_json() != before:  # a refusal must change nothing
            result["passed"] = False
        return result
    state = replay(options, seed, actions)
    return _compare(example, game_outcome(state), game_view(state))


def _situation_view(example: dict, trump: Any) -> list[dict]:
    view: list[dict] = []
    if trump is None or trump in SUITS:
        view.append({"label": "trump", "value": trump or "none"})
    if "trick" in example or "cards" in example:
        view.append({"label": "trick", "cards": list(example.get("trick", example.get("cards")) or [])})
    if "hand" in example:
        view.append({"label": "hand", "cards": list(example["hand"])})
    return view


def _run_bad_input(call, example: dict, view: list[dict]) -> dict | None:
    """Examples expecting {"bad_input": code}: None when the example expects no bad input."""
    want = (example.get("expect") or {}).get("bad_input")
    if want is None:
        return None
    try:
        result = call()
    except BadInput as e:
        return {"passed": e.code == want, "outcome": {"bad_input": e.code, "params": e.params}, "view": view}
    return {"passed": False, "outcome": {"accepted": True, "result": result}, "view": view}


def run_example(example: dict) -> dict:
    """Run one entry of content/games/wizard/examples.yaml.

    kinds: game (options, seed, actions and/or log), trick (trump, cards), legal (trump,
    hand, trick), play (trump, hand, trick, play: card; accepted or refused), score (bids,
    tricks, round), ranking (totals), deck. `expect: {bad_input: code}` expects BadInput."""
    if not isinstance(example, dict):
        raise BadInput("bad-example", reason="not a mapping")
    kind = example.get("kind", "game")
    if kind == "game":
        bad = _run_bad_input(lambda: game_outcome(replay(example.get("options") or {}, example.get("seed", 0),
                                                         _example_actions(example))), example, [])
        return bad if bad is not None else _run_game(example)
    if kind == "trick":
        trump, cards = example.get("trump"), example.get("cards")
        view = _situation_view(example, trump)
        bad = _run_bad_input(lambda: trick_winner(trump, cards), example, view)
        if bad is not None:
            return bad
        result = trick_winner(trump, cards)
        view.append({"label": "winning-card", "cards": [result["params"]["card"]]})
        view.append({"label": "winner-position", "value": result["winner"] + 1})
        return _compare(example, result, view)
    if kind == "legal":
        trump, hand, trick = example.get("trump"), example.get("hand"), example.get("trick") or []
        view = _situation_view(example, trump)
        bad = _run_bad_input(lambda: legal_cards(trump, hand, trick), example, view)
        if bad is not None:
            return bad
        result = legal_cards(trump, hand, trick)
        view.append({"label": "legal", "cards": result["legal"]})
        return _compare(example, result, view)
    if kind == "play":
        trump, hand, trick, card = (example.get("trump"), example.get("hand"), example.get("trick") or [],
                                    example.get("play"))
        view = _situation_view(example, trump) + [{"label": "attempt-card", "cards": [card]}]
        bad = _run_bad_input(lambda: check_play(trump, hand, trick, card), example, view)
        if bad is not None:
            return bad
        if "refused" in example:
            return _refusal(lambda: check_play(trump, hand, trick, card), example, view)
        check_play(trump, hand, trick, card)  # a refusal here fails the example (raised)
        return _compare(example, {"accepted": True}, view)
    if kind == "score":
        bids, tricks, size = example.get("bids"), example.get("tricks"), example.get("round")
        view = [{"label": "bids", "value": _seats(list(bids or []))},
                {"label": "tricks-won", "value": _seats(list(tricks or []))}]
        bad = _run_bad_input(lambda: score_details(bids, tricks, size), example, view)
        if bad is not None:
            return bad
        details = score_details(bids, tricks, size)
        scores = [d["points"] for d in details]
        view.append({"label": "points", "value": _seats(scores)})
        return _compare(example, {"scores": scores, "rules": [d["rule"] for d in details]}, view)
    if kind == "ranking":
        totals = example.get("totals")
        view = [{"label": "totals", "value": _seats(list(totals or []))}]
        bad = _run_bad_input(lambda: ranking(totals), example, view)
        if bad is not None:
            return bad
        result = ranking(totals)
        view.append({"label": "winners", "value": _seats([w + 1 for w in result["winners"]])})
        return _compare(example, result, view)
    if kind == "deck":
        deck = full_deck()
        outcome = {
            "cards": len(deck),
            "suits": {s: sum(1 for t in deck if SUIT_OF[t] == s) for s in SUITS},
            "ranks": sorted({RANK_OF[t] for t in deck if SUIT_OF[t] is not None}),
            "wizards": deck.count(WIZARD),
            "jesters": deck.count(JESTER),
        }
        view = [{"label": "deck", "cards": [f"{s}{r}" for s in SUITS for r in (1, 13)] + [WIZARD, JESTER]},
                {"label": "deck-size", "value": len(deck)}]
        return _compare(example, outcome, view)
    raise BadInput("bad-example", reason="kind")
