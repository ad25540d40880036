"""Input validation: shape checks that need no game situation (cards, numbers, players,
action dicts). Everything refused here is a BadInput, never a rule."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput

from .clues import CLUES


def _v(x: Any) -> Any:
    """A param value that is safe to echo back (JSON-able, bounded)."""
    if isinstance(x, bool) or x is None or isinstance(x, int):
        return x
    return str(x)[:40]


_FIELDS: dict[str, frozenset[str]] = {
    "take": frozenset({"clue"}),
    "take-all": frozenset(),
    "guess": frozenset({"number", "target", "answer"}),
    "eye": frozenset({"card", "count"}),
    "magnify": frozenset({"card", "number", "target", "answer"}),
    "skip": frozenset(),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "take": ("clue",), "take-all": (), "guess": ("number", "target"), "eye": ("card",),
    "magnify": ("card", "number", "target"), "skip": (),
}
ACTION_TYPES: tuple[str, ...] = tuple(_FIELDS)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _number(x: Any) -> int:
    if not _is_int(x) or not 1 <= x <= 20:
        raise BadInput("number-out-of-range", number=_v(x))
    return x


def _numbers(xs: Any, field: str, *, seen: set[int] | None = None) -> list[int]:
    if not isinstance(xs, (list, tuple)):
        raise BadInput("not-a-list", field=field)
    seen = set() if seen is None else seen
    out = []
    for x in xs:
        n = _number(x)
        if n in seen:
            raise BadInput("duplicate-number", number=n)
        seen.add(n)
        out.append(n)
    return out


def _clue(x: Any) -> str:
    if not isinstance(x, str) or x not in CLUES:
        raise BadInput("unknown-clue", clue=_v(x))
    return x


def _clues(xs: Any, field: str, *, seen: set[str] | None = None) -> list[str]:
    if not isinstance(xs, (list, tuple)):
        raise BadInput("not-a-list", field=field)
    seen = set() if seen is None else seen
    out = []
    for x in xs:
        c = _clue(x)
        if c in seen:
            raise BadInput("duplicate-clue", clue=c)
        seen.add(c)
        out.append(c)
    return out


def _player(x: Any, players: int) -> int:
    if not _is_int(x) or not 0 <= x < players:
        raise BadInput("unknown-player", player=_v(x))
    return x


def _parse_action(action: Any, players: int) -> dict:
    """Shape checks that need no game situation; returns a normalized copy."""
    if not isinstance(action, dict):
        raise BadInput("bad-action", field="action")
    kind = action.get("type")
    if kind not in _FIELDS:
        raise BadInput("unknown-action", type=_v(kind))
    fields = _FIELDS[kind]
    for key in action:
        if key not in fields and key not in ("type", "player"):
            raise BadInput("bad-action", field=_v(key))
    for key in _REQUIRED[kind]:
        if key not in action:
            raise BadInput("bad-action", field=key)
    a: dict = {"type": kind, "player": None}
    if "player" in action:
        a["player"] = _player(action["player"], players)
    if "clue" in action:
        a["clue"] = _clue(action["clue"])
    if "card" in action:
        a["card"] = _clue(action["card"])
    if "number" in action:
        raw = action["number"]
        a["numbers"] = tuple(_numbers(raw, "number")) if isinstance(raw, (list, tuple)) else (_number(raw),)
        if not a["numbers"]:
            raise BadInput("bad-action", field="number")
    if "target" in action:
        a["target"] = _player(action["target"], players)
    if "answer" in action:
        if action["answer"] not in ("right", "wrong"):
            raise BadInput("bad-action", field="answer")
        a["answer"] = action["answer"]
    if "count" in action:
        if not _is_int(action["count"]) or action["count"] not in (1, 2):
            raise BadInput("bad-count", count=_v(action["count"]))
        a["count"] = action["count"]
    return a


def _log_form(action: dict) -> dict:
    """The action as it goes into the log (a JSON-able copy)."""
    return {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in action.items()}
