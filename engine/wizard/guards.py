"""Every refusal the engine makes: one @guard per rule id (engine.core.guard), the codes of
the rule violations (VIOLATIONS) and of bad input (BAD_INPUT_CODES).

check_play runs the play guards on a situation outside a game (the ruling tools).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import RuleViolation, guard

from .cards import JESTER, WIZARD, norm_card
from .rules import PHASE_BID, PHASE_OVER, PHASE_TRUMP, _check_situation, led_suit

if TYPE_CHECKING:
    from .state import State


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


def check_play(trump: Any, hand: Any, trick: Any, card: Any) -> None:
    """Raise RuleViolation if playing card from hand to trick breaks a rule (as in a game)."""
    trump, hand, trick = _check_situation(trump, hand, trick)
    card = norm_card(card)
    check_card_in_hand(hand, card)
    check_follow_suit(trick, hand, card)
    check_jester_led(trick, hand, card)


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
