"""The rules as pure functions: who wins, and may this spirit be captured with these cards.

The ruling tools ask these without a game in progress; a capture is judged by the same guards
a game runs."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput, RuleViolation

from .facts import (
    FEWEST_CARDS,
    FREE_SET,
    LEVELS,
    MAX_PLAYERS,
    MOST_SPIRITS,
    R_END_LAST,
    R_END_SPIRITS,
    R_FREE,
    R_RECAPTURE,
    R_SOLO_TURN,
    R_STEAL,
    SHARED,
    SOLO_SET,
    SPIRITS,
    SPIRITS_TARGET,
    TARGET_SPIRITS,
    _card,
    _seat,
    _show,
    _spirit,
    set_kind,
    variant_flags,
)
from .guards import (
    check_at_least,
    check_free_size,
    check_recapture_size,
    check_set_shape,
    check_solo_size,
    check_steal_size,
)


def _rank(spirits: list[int], hand_sizes: list[int]) -> tuple[list[int], str]:
    """Most spirits wins; tie -> fewest cards in hand; still tied -> shared."""
    best = max(spirits)
    tied = [i for i, s in enumerate(spirits) if s == best]
    if len(tied) == 1:
        return tied, MOST_SPIRITS
    fewest = min(hand_sizes[i] for i in tied)
    still = [i for i in tied if hand_sizes[i] == fewest]
    return still, (FEWEST_CARDS if len(still) == 1 else SHARED)


def check_size(way: str, got: int, *, players: int, level: str | None, larger: bool, holder_size: int = 0,
               mine: int = 0, holder: int | None = None) -> None:
    """The size rule of a capture: exact by default, a minimum in the larger-sets variant.

    way: free, steal or recapture; got: the cards played now; holder_size: the cards under a
    held spirit; mine: the cards already in my set (recapture); holder: the seat holding it."""
    seat = _seat(holder) if holder is not None else {}
    if way == "free":
        solo = players == 1
        need = SOLO_SET[level] if solo else FREE_SET[players]
        if larger:
            check_at_least("solo" if solo else "free", need, got, **({"level": level} if solo else {"players": players}))
        elif solo:
            check_solo_size(level, got)
        else:
            check_free_size(players, got)
    elif way == "steal":
        if larger:
            check_at_least("steal", holder_size + 1, got, holder_size=holder_size, **seat)
        else:
            check_steal_size(holder_size, got, holder)
    elif larger:
        total = holder_size + 1
        check_at_least("recapture", total - mine, got, total=total, mine=mine, holder_size=holder_size, **seat)
    else:
        check_recapture_size(holder_size, mine, got, holder)


# --- pure helpers for the ruling tools ----------------------------------------------------------


def _helper_players(players: Any, *, solo: bool) -> int:
    low = 1 if solo else 2
    if type(players) is not int or not low <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_show(players), min=low, max=MAX_PLAYERS)
    return players


def check_capture(players: int, spirit: str, holder_set: list[str], my_set: list[str], play: list[str],
                  level: str = "easy", larger_sets: bool = False, taken_sets_face_up: bool = False) -> dict:
    """May I capture this spirit by playing `play`?

    holder_set: the cards under the spirit (empty for a free spirit); my_set: the cards I
    already have in front of me for this spirit (a set that held it; empty if none).
    larger_sets, taken_sets_face_up: the named variants (engine.siggil package docstring).
    -> {"legal", "way": "free"|"steal"|"recapture", "rule", "code" (None when legal), "params",
        "holder_set_after": "face-down"|"face-up" (how the set the spirit leaves lies
        afterwards; None for a free spirit or a refusal)}.
    players 1 is the solo game (level "easy" or "advanced"): free spirits only."""
    players = _helper_players(players, solo=True)
    variants = variant_flags({"larger_sets": larger_sets, "taken_sets_face_up": taken_sets_face_up})
    if players == 1 and level not in LEVELS:
        raise BadInput("bad-level", level=_show(level))
    s = _spirit(spirit)
    lists = []
    for value in (holder_set, my_set, play):
        if not isinstance(value, list) or len(value) > 8:
            raise BadInput("bad-action", reason="cards")
        lists.append([_card(c) for c in value])
    holder, mine, cards = lists
    seen: set[str] = set()
    for c in holder + mine + cards:
        if c in seen:
            raise BadInput("duplicate-card", card=c)
        seen.add(c)
    free_size = SOLO_SET[level] if players == 1 else FREE_SET[players]
    if holder and (players == 1 or set_kind(s, holder) is None or len(holder) < free_size):
        raise BadInput("bad-holder-set", spirit=s)
    if mine and (not holder or set_kind(s, mine) is None or len(mine) < free_size or len(mine) >= len(holder)):
        raise BadInput("bad-own-set", spirit=s)
    way = "free" if not holder else ("recapture" if mine else "steal")
    rule = {"free": R_SOLO_TURN if players == 1 else R_FREE, "steal": R_STEAL, "recapture": R_RECAPTURE}[way]
    try:
        check_set_shape(s, mine, cards)
        check_size(way, len(cards), players=players, level=level, larger=variants["larger_sets"],
                   holder_size=len(holder), mine=len(mine))
    except RuleViolation as e:
        return {"legal": False, "way": way, "rule": e.rule_id, "code": e.code, "params": e.params,
                "holder_set_after": None}
    kind = set_kind(s, mine + cards)
    after = None if way == "free" else ("face-up" if variants["taken_sets_face_up"] else "face-down")
    return {"legal": True, "way": way, "rule": rule, "code": None,
            "params": {"spirit": s, "kind": kind, "size": len(mine) + len(cards)}, "holder_set_after": after}


def end_of_game(players: int, spirits: list[int], hand_sizes: list[int], sigil_empty: bool) -> dict:
    """Is the game (2-4 players) over, and who won?

    spirits: spirits each player holds; hand_sizes: cards in each hand; sigil_empty: the turn
    in which the last card left the sigil is over.
    -> {"over", "winners": [indexes], "rule", "reason"}."""
    players = _helper_players(players, solo=False)
    for value, code in ((spirits, "bad-spirit-count"), (hand_sizes, "bad-hand-size")):
        if not isinstance(value, list) or len(value) != players:
            raise BadInput(code, players=players)
        if any(type(v) is not int or not 0 <= v <= 49 for v in value):
            raise BadInput(code, players=players)
    if not isinstance(sigil_empty, bool):
        raise BadInput("bad-situation", reason="sigil_empty")
    if sum(spirits) > len(SPIRITS):
        raise BadInput("too-many-spirits", total=sum(spirits))
    target = TARGET_SPIRITS[players]
    at_target = [i for i, s in enumerate(spirits) if s >= target]
    if len(at_target) > 1:  # the game would have ended when the first of them got there
        raise BadInput("impossible-spirits", target=target)
    if at_target:
        return {"over": True, "winners": at_target, "rule": R_END_SPIRITS, "reason": SPIRITS_TARGET}
    if not sigil_empty:
        return {"over": False, "winners": [], "rule": R_END_LAST, "reason": "game-continues"}
    winners, reason = _rank(spirits, hand_sizes)
    return {"over": True, "winners": winners, "rule": R_END_LAST, "reason": reason}
