"""Content that cannot be served: the file, the entry id and what is wrong."""
from __future__ import annotations

from pathlib import Path


class ContentError(Exception):
    def __init__(self, path: Path | str, entry_id: str | None, message: str) -> None:
        where = f"{path}" + (f" [{entry_id}]" if entry_id else "")
        super().__init__(f"{where}: {message}")
        self.path = str(path)
        self.entry_id = entry_id
