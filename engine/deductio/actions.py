"""What each action does to the table, once its guards have passed, and what follows from it
(the power decision, the guessed player's new card, refilling the row, the next turn).

Each function takes the State and changes it in place; State.apply dispatches through
_HANDLERS and restores the events when a guard refuses."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import BadInput

from .clues import CLUES, REVEAL
from .guards import (
    check_card_has_power,
    check_clue_action_done,
    check_clue_true,
    check_eye_count,
    check_no_power_in_penalty,
    check_none_true,
    check_one_guess_per_turn,
    check_one_number,
    check_other_player,
    check_power_just_placed,
    check_power_pending,
    check_truthful_answer,
)
from .rules import OVER, PENALTY, PENALTY_ACTIONS, POWER, ROW_SIZE, TURN

if TYPE_CHECKING:
    from .state import State


# --- the actions --------------------------------------------------------------------------------


def _take(state: State, a: dict) -> None:
    clue = a["clue"]
    if clue not in state.row:
        raise BadInput("clue-not-in-row", clue=clue)
    check_clue_action_done(state)
    check_clue_true(state, clue)
    if state.phase == POWER:
        _forfeit_power(state)
    p = state.turn
    state.row.remove(clue)
    state.upright[p].append(clue)
    state.events.append({"event": "take", "player": p, "clue": clue, "penalty": state.phase == PENALTY})
    if state.phase == TURN and CLUES[clue].power:
        state.phase, state.pending = POWER, clue
        return
    _end_clue_action(state)


def _take_all(state: State, a: dict) -> None:
    if not state.row:
        raise BadInput("row-empty")
    check_clue_action_done(state)
    check_none_true(state)
    if state.phase == POWER:
        _forfeit_power(state)
    p = state.turn
    cards, state.row = state.row, []
    state.sideways[p].extend(cards)
    state.events.append({"event": "take-all", "player": p, "clues": list(cards), "penalty": state.phase == PENALTY})
    _end_clue_action(state)


def _guess(state: State, a: dict) -> None:
    numbers, target, answer = a["numbers"], a["target"], a.get("answer")
    check_clue_action_done(state)
    check_one_guess_per_turn(state)
    check_one_number(state, numbers)
    check_other_player(state, target)
    check_truthful_answer(state, target, numbers, answer)
    if state.phase == POWER:
        _forfeit_power(state)
    result = _resolve_guess(state, target, numbers, answer, free=False)
    if result == "over":
        return
    if result == "right":
        _refill(state)
        _next_turn(state)
        return
    state.phase, state.penalty_left = PENALTY, PENALTY_ACTIONS
    state.events.append({"event": "penalty", "player": state.turn, "actions": PENALTY_ACTIONS})
    if not state.row:
        state.events.append({"event": "penalty-ended-early", "player": state.turn})
        _next_turn(state)


def _check_power(state: State, card: str, kind: str) -> None:
    check_card_has_power(state, card, kind)
    check_no_power_in_penalty(state, card)
    check_power_just_placed(state, card)


def _close_power(state: State, card: str) -> bool:
    """True when `card` was the pending decision (which is now taken)."""
    if state.phase == POWER and card == state.pending:
        state.phase, state.pending = TURN, None
        return True
    return False


def _eye(state: State, a: dict) -> None:
    card = a["card"]
    _check_power(state, card, "eye")
    most = CLUES[card].eye_count or 2
    count = a.get("count", most)
    check_eye_count(state, card, count, most)
    was_pending = _close_power(state, card)
    k = min(count, len(state.secret_deck))
    seen = state.secret_deck[:k]
    state.secret_deck = state.secret_deck[k:] + seen
    state.events.append({"event": "eye", "player": state.turn, "clue": card, "seen": seen})
    if was_pending:
        _end_clue_action(state)


def _magnify(state: State, a: dict) -> None:
    card, numbers, target, answer = a["card"], a["numbers"], a["target"], a.get("answer")
    _check_power(state, card, "magnifier")
    check_one_number(state, numbers)
    check_other_player(state, target)
    check_truthful_answer(state, target, numbers, answer)
    was_pending = _close_power(state, card)
    state.events.append({"event": "magnifier", "player": state.turn, "clue": card})
    if _resolve_guess(state, target, numbers, answer, free=True) == "over":
        return
    if was_pending:
        _end_clue_action(state)


def _skip(state: State, a: dict) -> None:
    check_power_pending(state)
    if state.phase != POWER:  # (guard off) nothing to skip
        return
    state.events.append({"event": "skip", "player": state.turn, "clue": state.pending})
    state.phase, state.pending = TURN, None
    _end_clue_action(state)


# --- consequences ------------------------------------------------------------------------------


def _forfeit_power(state: State) -> None:
    """(Only reachable with the turn-actions guard off.) The pending power is lost."""
    state.events.append({"event": "power-lost", "player": state.turn, "clue": state.pending})
    state.phase, state.pending = TURN, None
    _refill(state)


def _resolve_guess(state: State, target: int, numbers: tuple[int, ...], answer: str | None, free: bool) -> str:
    guesser = state.turn
    secret = state.secrets[target]
    right = (secret in numbers) if answer is None else (answer == "right")
    number: Any = numbers[0] if len(numbers) == 1 else list(numbers)
    event = {"event": "guess", "player": guesser, "target": target, "number": number, "right": right, "free": free}
    state.events.append(event)
    if not right:
        return "wrong"  # the target does not reveal the card
    event["card"] = secret
    state.collected[guesser].append(secret)
    state.secrets[target] = None
    if len(state.collected[guesser]) >= state.win_target:
        _finish(state, [guesser])
        return "over"
    dropped = state.upright[target] + state.sideways[target]
    state.upright[target], state.sideways[target] = [], []
    state.discard.extend(dropped)
    state.events.append({"event": "discard", "player": target, "clues": dropped})
    if state.secret_deck:
        state.secrets[target] = state.secret_deck.pop(0)
        state.events.append({"event": "draw", "player": target})
        return "right"
    # Ruling: no secret number card left to draw: the game ends at once.
    state.events.append({"event": "secret-deck-empty", "player": target})
    best = max(len(c) for c in state.collected)
    _finish(state, [i for i in range(state.players) if len(state.collected[i]) == best])
    return "over"


def _finish(state: State, winners: list[int]) -> None:
    state.phase, state.pending, state.penalty_left = OVER, None, 0
    state.winners = sorted(winners)
    state.events.append({"event": "win", "players": list(state.winners)})


def _end_clue_action(state: State) -> None:
    _refill(state)
    if state.phase == PENALTY:
        state.penalty_left -= 1
        if state.penalty_left > 0 and not state.row:
            state.events.append({"event": "penalty-ended-early", "player": state.turn})
            state.penalty_left = 0
        if state.penalty_left == 0:
            _next_turn(state)
    else:
        _next_turn(state)


def _next_turn(state: State) -> None:
    state.turn = (state.turn + 1) % state.players
    state.phase, state.pending, state.penalty_left = TURN, None, 0


def _refill(state: State) -> None:
    """Top the row up to 3; reveal cards turn up a secret number; rebuild an empty deck."""
    while len(state.row) < ROW_SIZE:
        if not state.clue_deck:
            if not state.discard:
                return
            state.clue_deck, state.discard = state.discard, []
            state.rng.shuffle(state.clue_deck)
            state.events.append({"event": "rebuild", "cards": len(state.clue_deck)})
        card = state.clue_deck.pop(0)
        if card != REVEAL:
            state.row.append(card)
            continue
        state.box += 1
        if not state.secret_deck:  # ruling: nothing left to reveal
            state.events.append({"event": "reveal", "number": None})
            continue
        number = state.secret_deck.pop(0)
        state.centre.append(number)
        state.events.append({"event": "reveal", "number": number})
        for p in range(state.players):
            gone = [c for c in state.sideways[p] if CLUES[c].uses_centre]
            if gone:
                state.sideways[p] = [c for c in state.sideways[p] if not CLUES[c].uses_centre]
                state.discard.extend(gone)
                state.events.append({"event": "discard", "player": p, "clues": gone})


_HANDLERS: dict[str, Callable[[State, dict], None]] = {
    "take": _take,
    "take-all": _take_all,
    "guess": _guess,
    "eye": _eye,
    "magnify": _magnify,
    "skip": _skip,
}
