"""The options of a game, validated and with their defaults (see the package docstring)."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput

from .cards import DECK_SIZE, MAX_HAND, _card_list, _show, check_cards, norm_card
from .guards import _seat
from .rules import rounds_for

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
