"""The content version this process serves, and how a new one reaches it without a restart.

Where the content comes from (``create_app``'s config):

- ``RELEASES_DIR`` (the default: ``var/releases``): the live release, named by its ``CURRENT``
  pointer (publish/release.py), followed as it moves;
- ``RELEASE``: one release folder, served as it is (``python -m publish`` validates a release
  this way before switching to it);
- ``CONTENT_DIR`` / ``INDEX_DIR``: the YAML read and proved at start-up with an index built
  beside it (tests with content of their own).

Following the pointer: each process compares the pointer's inode and mtime with what it
serves, at its first request and then once a second in a background thread (one ``stat``).
When the pointer names another version, the thread opens it (the compiled content, the
index, the rendered texts), then swaps it in with one assignment. Each request takes the
version live when it starts (``g.release``) and finishes on it; the version before is closed
once the last request using it has ended. A release made by other code than the process runs
is not taken (it is named in /healthz as ``pending``): new code needs a new process (USR2,
docs/deploy.md).
"""
from __future__ import annotations

import gc
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, current_app, g, has_request_context

from content.model import Site
from publish import release as releases
from publish.fingerprint import version_of
from search.query import Searcher

log = logging.getLogger("rules.live")
CHECK_SECONDS = 1.0


@dataclass(eq=False)
class Release:
    """One content version, open: what every request reads, and its per-version caches."""

    version: str
    site: Site
    examples: dict
    searcher: Searcher
    meta: dict = field(default_factory=dict)
    path: Path | None = None  # None: content read from CONTENT_DIR
    html: dict = field(default_factory=dict)  # (text, lang) -> rendered Markdown (web/render.py)
    fragments: dict = field(default_factory=dict)  # card chips, example figures (web/templating.py)
    out_of_date: dict = field(default_factory=dict)  # lang -> keys of translations that may be out of date
    users: int = 0  # requests reading it now
    retired: bool = False  # another version is live
    closed: bool = False

    def close(self) -> None:
        self.closed = True
        self.searcher.close()
        self.html.clear()
        self.fragments.clear()


class NotServable(Exception):
    """A release this process cannot serve (made by other code)."""


def open_release(path: Path) -> Release:
    meta = releases.read_meta(path)
    if not releases.compatible(meta):
        raise NotServable(f"release {path.name} was built by other code (re-exec to serve it)")
    site, examples, searcher, meta = releases.load(path)
    return Release(meta["version"], site, examples, searcher, meta, path)


def open_content(content_dir: Path | str, index_dir: Path | str) -> Release:
    from content.loader import load_site
    from engine.examples import run_all

    site = load_site(content_dir)
    return Release(version_of(content_dir), site, run_all(site), Searcher(index_dir), {}, None)


class Live:
    """The release a process serves, and its watch over the pointer."""

    def __init__(self, app: Flask, release: Release, root: Path | None,
                 prepare: Callable[[Release], None] = lambda r: None, interval: float = CHECK_SECONDS) -> None:
        self.app, self.release, self.root = app, release, root
        self.prepare, self.interval = prepare, interval
        self.stamp = releases.pointer_stamp(root) if root else None
        self.lock = threading.Lock()  # guards release, users, retired
        self.checking = threading.Lock()  # one check at a time
        self.pid: int | None = None
        self.checks = 0
        self.switches = 0
        self.pending: str | None = None  # a version named by the pointer and not served, and why

    # -- following the pointer --
    def check(self) -> bool:
        """Switch to the version the pointer names, if it is another; True if switched."""
        if self.root is None:
            return False
        with self.checking:
            self.checks += 1
            stamp = releases.pointer_stamp(self.root)
            if stamp == self.stamp:
                return False
            self.stamp = stamp
            version = releases.current(self.root)
            if version is None or version == self.release.version:
                self.pending = None
                return False
            started = time.perf_counter()
            try:
                fresh = open_release(releases.path_of(self.root, version))
                self.prepare(fresh)
            except Exception as e:  # keep serving what we have; a new pointer is tried again
                self.pending = f"{version}: {e}"
                log.warning("content version %s not taken: %s", version, e)
                return False
            gc.freeze()  # as at start-up: the new version stays out of the collector's passes
            self._swap(fresh)
            self.pending = None
            log.info("content version %s live in pid %d (%.2f s to open)", version, os.getpid(),
                     time.perf_counter() - started)
            return True

    def _swap(self, fresh: Release) -> None:
        with self.lock:
            old, self.release = self.release, fresh
            old.retired = True
            idle = old.users == 0
            self.switches += 1
        self.app.extensions.update(site=fresh.site, example_results=fresh.examples, searcher=fresh.searcher)
        if idle:
            old.close()

    def _watch(self) -> None:
        while True:
            time.sleep(self.interval)
            try:
                self.check()
            except Exception:  # never let the watch die: it is how content arrives
                log.exception("content check failed")

    def _started(self) -> None:
        """In a process's first request: check now (a worker forked from a master that
        loaded an older version must not serve it), then watch in the background."""
        self.pid = os.getpid()
        if self.root is None:
            return
        self.check()
        threading.Thread(target=self._watch, name="content-watch", daemon=True).start()

    # -- requests --
    def enter(self) -> Release:
        if self.pid != os.getpid():
            self._started()
        with self.lock:
            release = self.release
            release.users += 1
        g.release = release
        return release

    def leave(self) -> None:
        release = g.pop("release", None)
        if release is None:
            return
        with self.lock:
            release.users -= 1
            idle = release.retired and release.users == 0
        if idle:
            release.close()


def first_release(app: Flask) -> tuple[Release, Path | None]:
    config = app.config
    if config.get("CONTENT_DIR") or config.get("INDEX_DIR"):
        return open_content(config.get("CONTENT_DIR") or releases.CONTENT_DIR,
                            config.get("INDEX_DIR") or releases.ROOT / "var" / "index"), None
    if config.get("RELEASE"):
        return open_release(Path(config["RELEASE"])), None
    root = Path(config["RELEASES_DIR"])
    version = releases.current(root)
    if version is None:
        raise RuntimeError(f"no content release under {root}: run make setup (or python -m publish)")
    try:
        return open_release(releases.path_of(root, version)), root
    except NotServable as e:
        raise RuntimeError(f"{e}: run make setup (or python -m publish) with this code") from None


def init(app: Flask, release: Release, root: Path | None, prepare: Callable[[Release], None]) -> Live:
    live = Live(app, release, root, prepare, float(app.config.get("CONTENT_CHECK_SECONDS", CHECK_SECONDS)))
    app.extensions.update(live=live, site=release.site, example_results=release.examples, searcher=release.searcher)

    @app.before_request
    def take_release():
        live.enter()

    @app.teardown_request
    def let_go(exc):
        live.leave()

    return live


def live() -> Live:
    return current_app.extensions["live"]


def current() -> Release:
    """The release of this request (the one live when it started), else the live one."""
    if has_request_context():
        release = g.get("release")
        if release is not None:
            return release
    return current_app.extensions["live"].release


def site() -> Site:
    return current().site
