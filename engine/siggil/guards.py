"""The guards: one per rule, each registered under its rule id (engine.core.guard)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import RuleViolation, guard

from .facts import (
    CAPTURE,
    DISCARD,
    FAMILY_OF,
    FREE_SET,
    MULTI_END_REASONS,
    NUMBER_OF,
    OVER,
    R_AVAILABLE,
    R_END_LAST,
    R_END_SPIRITS,
    R_FREE,
    R_FREED,
    R_LARGER,
    R_ONCE,
    R_RECAPTURE,
    R_SOLO_LIMIT,
    R_SOLO_TURN,
    R_SOLO_WIN,
    R_STEAL,
    R_TAKE,
    RELEASE,
    SOLO_FREE_LIMIT,
    SOLO_SET,
    SPIRITS_TARGET,
    TAKE,
    _seat,
    set_kind,
)

if TYPE_CHECKING:
    from .state import State


# --- guards: one per rule, raising RuleViolation(rule id, code, params) ------------------------


@guard(R_END_SPIRITS)
def check_not_won(state: State) -> None:
    """The game ends at once when a player holds enough spirits."""
    if state.phase == OVER and state.reason == SPIRITS_TARGET:
        raise RuleViolation(R_END_SPIRITS, "game-won", **_seat(state.winners[0]),
                            spirits=state.scores[state.winners[0]])


@guard(R_END_LAST)
def check_not_exhausted(state: State) -> None:
    """The game ends at the end of the turn in which the last sigil card was taken."""
    if state.phase == OVER and state.reason in MULTI_END_REASONS:
        raise RuleViolation(R_END_LAST, "sigil-exhausted", winners=[w + 1 for w in state.winners])


@guard(R_SOLO_WIN)
def check_solo_not_over(state: State) -> None:
    if state.phase == OVER and state.players == 1:
        raise RuleViolation(R_SOLO_WIN, "solo-over", won=bool(state.winners), spirits=state.scores[0])


@guard(R_SOLO_LIMIT)
def check_release_order(state: State, kind: str) -> None:
    """While more than 3 spirits are free, the player first releases one; not otherwise."""
    if state.phase == RELEASE and kind != "release":
        raise RuleViolation(R_SOLO_LIMIT, "release-first", choices=state.releasable())
    if state.phase != RELEASE and kind == "release":
        raise RuleViolation(R_SOLO_LIMIT, "no-release-needed", free=len(state.free), limit=SOLO_FREE_LIMIT)


@guard(R_SOLO_TURN)
def check_solo_order(state: State, kind: str) -> None:
    """Solo: discard first, then take; only the solo game discards."""
    if kind == "discard" and state.players != 1:
        raise RuleViolation(R_SOLO_TURN, "discard-solo-only")
    if state.players == 1:
        if state.phase == DISCARD and kind in ("take", "capture", "pass"):
            raise RuleViolation(R_SOLO_TURN, "discard-first")
        if kind == "discard" and state.phase in (TAKE, CAPTURE):
            raise RuleViolation(R_SOLO_TURN, "one-discard-per-turn")


@guard(R_TAKE)
def check_take_order(state: State, kind: str) -> None:
    """One card must be taken each turn, and only one."""
    if kind == "take" and state.phase == CAPTURE:
        raise RuleViolation(R_TAKE, "one-card-per-turn")
    if kind == "pass" and state.phase == TAKE:
        raise RuleViolation(R_TAKE, "must-take")


@guard(R_ONCE)
def check_capture_after_take(state: State, kind: str) -> None:
    """A spirit is captured after the card is taken (once: the capture ends the turn)."""
    if kind == "capture" and state.phase == TAKE:
        raise RuleViolation(R_ONCE, "capture-before-take")


@guard(R_AVAILABLE)
def check_available(state: State, pos: int) -> None:
    """Only a card on which no card lies may be taken (or discarded)."""
    if state.sigil[pos] is None:
        raise RuleViolation(R_AVAILABLE, "position-empty", pos=pos)
    if state.cover_left[pos]:
        by = [q for q in state.covered_by[pos] if state.sigil[q] is not None]
        raise RuleViolation(R_AVAILABLE, "card-covered", pos=pos, card=state.visible(pos), covered_by=by)


@guard(R_FREED)
def check_spirit_out(spirit: str, where: str) -> None:
    """A spirit can be captured only once it has left the sigil."""
    if where not in ("free", "held", "escaped"):
        raise RuleViolation(R_FREED, "spirit-not-free", spirit=spirit)


@guard(R_SOLO_LIMIT)
def check_not_escaped(spirit: str, where: str) -> None:
    if where == "escaped":
        raise RuleViolation(R_SOLO_LIMIT, "spirit-escaped", spirit=spirit)


@guard(R_STEAL)
def check_not_yours(spirit: str, holder: int | None, player: int) -> None:
    if holder is not None and holder == player:
        raise RuleViolation(R_STEAL, "spirit-already-yours", spirit=spirit, **_seat(player))


@guard(R_FREE)
def check_in_hand(hand: list[str], cards: list[str]) -> None:
    """The cards of a set are played from the hand."""
    for c in cards:
        if c not in hand:
            raise RuleViolation(R_FREE, "card-not-in-hand", card=c)


@guard(R_FREE)
def check_set_shape(spirit: str, kept: list[str], added: list[str]) -> None:
    """All cards of a set share the spirit's family, or all bear its number; never mixed.

    kept: cards already in the set (recapture), added: the cards played now."""
    fam, num = FAMILY_OF[spirit], NUMBER_OF[spirit]
    for c in added:
        if FAMILY_OF[c] != fam and NUMBER_OF[c] != num:
            raise RuleViolation(R_FREE, "card-off-spirit", card=c, spirit=spirit, family=fam, number=num)
    cards = kept + added
    if cards and set_kind(spirit, cards) is None:
        raise RuleViolation(R_FREE, "set-mixed", spirit=spirit, family=fam, number=num)


@guard(R_FREE)
def check_free_size(players: int, got: int) -> None:
    need = FREE_SET[players]
    if got != need:
        raise RuleViolation(R_FREE, "set-size", need=need, got=got, players=players)


@guard(R_SOLO_TURN)
def check_solo_size(level: str, got: int) -> None:
    need = SOLO_SET[level]
    if got != need:
        raise RuleViolation(R_SOLO_TURN, "solo-set-size", need=need, got=got, level=level)


@guard(R_STEAL)
def check_steal_size(holder_size: int, got: int, holder: int | None) -> None:
    need = holder_size + 1
    if got != need:
        extra = _seat(holder) if holder is not None else {}
        raise RuleViolation(R_STEAL, "steal-size", need=need, got=got, holder_size=holder_size, **extra)


@guard(R_RECAPTURE)
def check_recapture_size(holder_size: int, mine: int, added: int, holder: int | None) -> None:
    total = holder_size + 1
    if mine + added != total:
        extra = _seat(holder) if holder is not None else {}
        raise RuleViolation(R_RECAPTURE, "recapture-size", need=total - mine, got=added, total=total,
                            mine=mine, holder_size=holder_size, **extra)


TOO_SMALL = {"free": "set-too-small", "solo": "solo-set-too-small", "steal": "steal-too-small",
             "recapture": "recapture-too-small"}


@guard(R_LARGER)
def check_at_least(way: str, need: int, got: int, **params: object) -> None:
    """The larger-sets variant: a set may have more cards than the rule names, never fewer.

    way: free, solo, steal or recapture (need and got count the cards played now)."""
    if got < need:
        raise RuleViolation(R_LARGER, TOO_SMALL[way], need=need, got=got, **params)


@guard(R_SOLO_LIMIT)
def check_releasable(state: State, spirit: str) -> None:
    """A 4th free spirit replaces one of the three that were there before (player's choice)."""
    choices = state.releasable()
    if spirit not in choices:
        raise RuleViolation(R_SOLO_LIMIT, "release-not-among-three", spirit=spirit, choices=choices)
