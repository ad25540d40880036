"""Static files with content-hashed names, from a manifest built at set-up time.

``python -m web.assets`` (run by ``make``) copies ``static/`` to ``var/static/``, adding beside
each file a copy named by its content (``site.css`` -> ``site.3f2a91c0d7.css``) and, for text
files, a gzip of each (``.gz``, which the front serves as it is), then writes
``manifest.json``: the hashed name of every file and a digest of the sources. ``url_for('static',
filename='site.css')`` gives the hashed name (a ``url_defaults`` hook, so every template and
game keeps writing the plain name); the caching policy (web/caching.py) marks hashed names
immutable. Files are only ever added: a page cached before a deploy still finds the assets it
names. Flask's own static view serves the folder when no front does.

If the manifest is missing or older than ``static/`` the plain files are served unhashed
(``no-cache``) and a warning says to run ``make``.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "static"
BUILT = ROOT / "var" / "static"
MANIFEST = "manifest.json"
COMPRESSED = {".css", ".js", ".svg", ".json", ".txt", ".html"}
log = logging.getLogger("rules.assets")


def sources(source: Path = SOURCE) -> list[Path]:
    return sorted(p for p in source.rglob("*") if p.is_file() and not p.name.startswith("."))


def source_digest(source: Path = SOURCE) -> str:
    h = hashlib.sha256()
    for path in sources(source):
        h.update(str(path.relative_to(source)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def hashed_name(rel: str, data: bytes) -> str:
    stem, dot, ext = rel.rpartition(".")
    tag = hashlib.sha256(data).hexdigest()[:10]
    return f"{stem}.{tag}.{ext}" if dot else f"{rel}.{tag}"


def _write(path: Path, data: bytes) -> None:
    """Write whole or not at all (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def build(source: Path = SOURCE, out: Path = BUILT) -> dict:
    files = {}
    for path in sources(source):
        rel = path.relative_to(source).as_posix()
        data = path.read_bytes()
        name = hashed_name(rel, data)
        files[rel] = name
        for target in (rel, name):
            _write(out / target, data)
            if path.suffix in COMPRESSED:
                _write(out / f"{target}.gz", gzip.compress(data, compresslevel=9, mtime=0))
    manifest = {"source": source_digest(source), "files": files}
    _write(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
    for folder in [out, *(p for p in out.rglob("*") if p.is_dir())]:
        os.chmod(folder, 0o755)
    return manifest


def load(out: Path = BUILT, source: Path = SOURCE) -> dict | None:
    """The manifest, if it was built from the static files as they are now."""
    try:
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if manifest.get("source") == source_digest(source) else None


def init(app: Flask) -> None:
    out = Path(app.config.get("ASSETS_DIR") or BUILT)
    manifest = load(out)
    files: dict[str, str] = manifest["files"] if manifest else {}
    app.extensions["assets"] = {"files": files, "hashed": frozenset(files.values()),
                                "version": manifest["source"] if manifest else source_digest()}
    if manifest is None:
        log.warning("static assets not built or out of date (run make): serving static/ unhashed")
        return
    app.static_folder = str(out)

    @app.url_defaults
    def hashed(endpoint, values):
        if endpoint == "static":
            name = files.get(values.get("filename"))
            if name:
                values["filename"] = name


def main() -> int:
    manifest = build()
    print(f"static assets: {len(manifest['files'])} files hashed into {BUILT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
