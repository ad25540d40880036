"""What the tests of a running server share: a master's workers, a bounded wait for a state.

(Imported as ``processes``: a name of its own, since ``conftest`` is several modules.)"""
from __future__ import annotations

import time

import pytest

from bench.load import children  # noqa: F401  (the benchmarks' reading of /proc, shared)


def until(condition, what: str, seconds: float):
    """Wait for a state (bounded); the tests assert on states, never on how long they took."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"never: {what}")
