"""What every game engine shares: refusals that name a rule, guards, a seeded shuffle."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


class RuleViolation(Exception):
    """An action the rules refuse. Carries the rule id and a code, never a sentence."""

    def __init__(self, rule_id: str, code: str, **params: Any) -> None:
        super().__init__(f"{code} ({rule_id}) {params}")
        self.rule_id = rule_id
        self.code = code
        self.params = params

    def to_json(self) -> dict:
        return {"rule": self.rule_id, "code": self.code, "params": self.params}


class BadInput(ValueError):
    """Input that is not a game situation at all (unknown card, duplicate card, ...)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}")
        self.code = code
        self.params = params


def whole_number(raw: Any, max_digits: int = 4) -> int | None:
    """A user's number: ASCII digits only, at most ``max_digits`` of them; None otherwise.

    The one parser for every number that comes from outside (URLs, forms, JSON strings,
    compact logs): ``str.isdigit()`` and regex ``\\d`` accept "²" or "٣", which either
    break ``int()`` or read as something the player never typed."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if not isinstance(raw, str) or not 0 < len(raw) <= max_digits or not (raw.isascii() and raw.isdigit()):
        return None
    return int(raw)


# --- guards -----------------------------------------------------------------
# Each rule the engine enforces is one named guard registered under its rule id.
# Tests switch guards off one at a time to prove an example notices the absence.

_GUARDS: dict[str, list[str]] = {}
_DISABLED: set[str] = set()


def guard(rule_id: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a check function under a rule id; it raises RuleViolation when broken."""

    def register(check: Callable[..., None]) -> Callable[..., None]:
        _GUARDS.setdefault(rule_id, []).append(f"{check.__module__}.{check.__qualname__}")

        def run(*args: Any, **kwargs: Any) -> None:
            if rule_id not in _DISABLED:
                check(*args, **kwargs)

        run.rule_id = rule_id  # type: ignore[attr-defined]
        run.__name__ = check.__name__
        run.__doc__ = check.__doc__
        return run

    return register


def guarded_rules() -> dict[str, list[str]]:
    """Rule id -> the guard functions registered for it (engine modules must be imported)."""
    return {rule: list(names) for rule, names in _GUARDS.items()}


@contextmanager
def guards_disabled(*rule_ids: str) -> Iterator[None]:
    """Switch guards off for a test; they come back on when the block ends."""
    before = set(_DISABLED)
    _DISABLED.update(rule_ids)
    try:
        yield
    finally:
        _DISABLED.clear()
        _DISABLED.update(before)


# --- randomness ---------------------------------------------------------------
# Our own generator and shuffle, so a seeded game (and a golden file) never depends
# on the standard library's shuffle algorithm.


@dataclass
class Rng:
    """SplitMix64: tiny, fast, and fully specified here."""

    seed: int
    state: int = field(init=False)

    def __post_init__(self) -> None:
        self.state = self.seed & 0xFFFFFFFFFFFFFFFF

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection, no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def choice(self, items: list):
        return items[self.below(len(items))]
