"""What the tests of a running server share: a master's workers, a bounded wait for a state.

(Imported as ``processes``: a name of its own, since ``conftest`` is several modules.)"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (a gunicorn master's workers), from /proc."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if f"\nPPid:\t{pid}\n" in Path(f"/proc/{entry}/status").read_text():
                    out.add(int(entry))
            except OSError:
                pass
    return out


def until(condition, what: str, seconds: float):
    """Wait for a state (bounded); the tests assert on states, never on how long they took."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"never: {what}")
