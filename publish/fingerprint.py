"""What a release is made from, as hashes of files: deciding that nothing changed never loads
the content.

A release (a content version) is made from the content's data files (YAML, the sources) and
from the code that reads, checks and indexes them (``content/``, ``search/``, ``engine/``,
``publish/``, and the pinned libraries in ``requirements.lock``). Its version is a hash of
both: the same files give the same version, so building again is a no-op, and a worker
accepts only a release made by the code it runs (see ``release.compatible``).
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ("content", "search", "engine", "publish")
CODE_FILES = ("requirements.lock",)
FORMAT = 1  # bump when the layout of a release changes


def _files(folder: Path, code: bool) -> list[Path]:
    out = []
    for path in folder.rglob("*"):
        if not path.is_file() or "__pycache__" in path.parts or path.name.startswith("."):
            continue
        if (path.suffix == ".py") == code:
            out.append(path)
    return sorted(out)


def digest(root: Path, files: Iterable[Path]) -> str:
    """One hash over the files' paths (relative to root) and bytes."""
    h = hashlib.sha256()
    for path in files:
        h.update(str(path.relative_to(root)).encode("utf-8") + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def content_digest(content_dir: Path | str) -> str:
    """The content's data files (everything but Python) under content_dir."""
    content_dir = Path(content_dir)
    return digest(content_dir, _files(content_dir, code=False))


_CODE: str | None = None


def code_digest() -> str:
    """The code that shapes a release, hashed once per process (a running process keeps the
    code it started with, whatever happens on disk since)."""
    global _CODE
    if _CODE is None:
        files = [p for d in CODE_DIRS for p in _files(ROOT / d, code=True)]
        files += [ROOT / name for name in CODE_FILES if (ROOT / name).is_file()]
        _CODE = digest(ROOT, files)
    return _CODE


def version_of(content_dir: Path | str) -> str:
    """The content version that content_dir would make with this code: 12 hex digits."""
    h = hashlib.sha256(f"{FORMAT}\0{content_digest(content_dir)}\0{code_digest()}".encode())
    return h.hexdigest()[:12]
