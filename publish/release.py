"""Releases on disk: a content version built whole, validated, switched in atomically, rolled back.

Layout of the releases folder (default ``var/releases``, ``RELEASES_DIR`` in the environment)::

    CURRENT                the live version's name (a text file, replaced with os.replace)
    HISTORY                the versions published, one a line, the live one last (rollback pops it)
    <version>/             one release, never changed once it is there
        meta.json          version, code, counts, the index versions; written last
        content.pickle     the validated Site and the worked examples' results (compiled.py)
        index/<lang>/      the search index of each language (search/index.py's layout)
    .build-*/              a build at work (renamed to <version>/ once complete)

A release holds the texts and the index together: a reader never sees the texts of one
version with the search of another. Workers watch ``CURRENT`` (web/live.py).
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import compiled
from .fingerprint import FORMAT, ROOT, code_digest, version_of

DEFAULT_ROOT = Path(os.environ.get("RELEASES_DIR") or ROOT / "var" / "releases")
CONTENT_DIR = ROOT / "content"
POINTER = "CURRENT"
HISTORY = "HISTORY"
META = "meta.json"
COMPILED = "content.pickle"
INDEX = "index"
KEEP = 5  # releases kept on disk (the live one and those before it, for rollback)


class PublishError(Exception):
    """A release that cannot be built, validated or switched to; nothing was switched."""


@dataclass(frozen=True)
class Built:
    version: str
    path: Path
    rebuilt: bool
    seconds: float


def path_of(root: Path | str, version: str) -> Path:
    return Path(root) / version


def is_complete(path: Path) -> bool:
    return (path / META).is_file() and (path / COMPILED).is_file()


def read_meta(path: Path) -> dict:
    return json.loads((path / META).read_text(encoding="utf-8"))


def compatible(meta: dict) -> bool:
    """Was this release made by the code this process runs? (Only then can it read it.)"""
    return meta.get("format") == FORMAT and meta.get("code") == code_digest()


def current(root: Path | str = DEFAULT_ROOT) -> str | None:
    try:
        return (Path(root) / POINTER).read_text(encoding="utf-8").strip() or None
    except FileNotFoundError:
        return None


def pointer_stamp(root: Path | str) -> tuple[int, int] | None:
    """A cheap fingerprint of the pointer file (inode, mtime): a switch replaces the file."""
    try:
        st = os.stat(Path(root) / POINTER)
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns


def history(root: Path | str = DEFAULT_ROOT) -> list[str]:
    try:
        text = (Path(root) / HISTORY).read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return [line.split()[-1] for line in text.splitlines() if line.strip()]


# --- building ------------------------------------------------------------------------------


def _seed_index(root: Path, target: Path) -> None:
    """Start the new release's index from the live one's (hard links: index files are never
    written once complete), so that a language whose documents did not change is not rebuilt."""
    live = current(root)
    source = path_of(root, live) / INDEX if live else None
    if source is None or not source.is_dir():
        return
    shutil.copytree(source, target, copy_function=_link_or_copy)


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _trim_index(index_root: Path) -> dict[str, str]:
    """Keep only the version each language points at; name them."""
    from search.index import current_version

    names = {}
    for lang_dir in sorted(p for p in index_root.iterdir() if p.is_dir()):
        live = current_version(lang_dir)
        names[lang_dir.name] = live.name if live else ""
        for other in lang_dir.iterdir():
            if other.is_dir() and live is not None and other.name != live.name:
                shutil.rmtree(other, ignore_errors=True)
    return names


def build(content_dir: Path | str = CONTENT_DIR, root: Path | str = DEFAULT_ROOT, *,
          validate: Callable[[Path], None] | None = None, force: bool = False) -> Built:
    """Build the release of content_dir (unless it exists): load and prove the content, run the
    worked examples, compile, index, then ``validate(path)`` (raising PublishError to refuse).
    Does not switch to it: see ``switch``."""
    started = time.perf_counter()
    root, content_dir = Path(root), Path(content_dir)
    version = version_of(content_dir)
    final = path_of(root, version)
    if not force and is_complete(final):
        return Built(version, final, False, time.perf_counter() - started)

    from content.errors import ContentError
    from content.loader import load_site
    from engine.examples import run_all
    from search.index import build as build_index
    from search.query import Searcher

    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    os.chmod(tmp, 0o755)
    try:
        try:
            site = load_site(content_dir)
        except ContentError as e:
            raise PublishError(f"content error: {e}") from None
        examples = run_all(site)
        compiled.write(tmp / COMPILED, site, examples)
        _seed_index(root, tmp / INDEX)
        build_index(tmp / INDEX, site=site)
        indexes = _trim_index(tmp / INDEX)
        searcher = Searcher(tmp / INDEX)  # opened and warmed once here; each worker reads the result
        searcher.save_states()
        searcher.close()
        meta = {
            "version": version, "format": FORMAT, "code": code_digest(), "content": str(content_dir),
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "games": sorted(site.games), "entries": len(site.entries),
            "examples": {"run": len(examples), "failed": sorted(k for k, r in examples.items() if not r["passed"])},
            "stale": len(site.stale), "index": indexes,
        }
        (tmp / META).write_text(json.dumps(meta, indent=1), encoding="utf-8")
        if validate is not None:
            validate(tmp)
        if final.exists():
            shutil.rmtree(final)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Built(version, final, True, time.perf_counter() - started)


# --- switching -----------------------------------------------------------------------------


def _write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def switch(root: Path | str, version: str, *, record: bool = True) -> None:
    """Make version the live one: one atomic rename of the pointer. Running workers pick it
    up at their next check (web/live.py); nothing else moves."""
    root = Path(root)
    path = path_of(root, version)
    if not is_complete(path):
        raise PublishError(f"no complete release {version} under {root}")
    _write_atomically(root / POINTER, version + "\n")
    if record:
        past = history(root)
        if not past or past[-1] != version:
            past.append(version)
        _write_history(root, past)


def _write_history(root: Path, versions: list[str]) -> None:
    _write_atomically(root / HISTORY, "".join(f"{v}\n" for v in versions))


def rollback(root: Path | str = DEFAULT_ROOT) -> str:
    """Back to the version published before the live one (as an undo: rolling back twice goes
    back two versions). Returns the version now live."""
    root = Path(root)
    past = history(root)
    live = current(root)
    while past and past[-1] == live:
        past.pop()
    while past and not is_complete(path_of(root, past[-1])):
        past.pop()
    if not past:
        raise PublishError("nothing to roll back to: no earlier release on disk")
    switch(root, past[-1], record=False)
    _write_history(root, past)
    return past[-1]


def prune(root: Path | str = DEFAULT_ROOT, keep: int = KEEP) -> list[str]:
    """Remove releases other than the live one and the last `keep` published; builds left
    over for an hour. A worker has read a release whole into memory: removing its folder
    never disturbs it."""
    root = Path(root)
    if not root.is_dir():
        return []
    kept = set(history(root)[-keep:]) | {current(root)}
    removed = []
    now = time.time()
    for path in root.iterdir():
        if not path.is_dir() or path.name in kept:
            continue
        if path.name.startswith(".build-") and now - path.stat().st_mtime < 3600:
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path.name)
    return removed


def load(path: Path):
    """(site, examples, searcher, meta) of a complete release."""
    from search.query import Searcher

    meta = read_meta(path)
    site, examples = compiled.read(path / COMPILED)
    return site, examples, Searcher(path / INDEX), meta
