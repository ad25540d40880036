"""The set-up after the venv: interface catalogs, static assets, the content release. Each step
is a no-op when its inputs (hashed files) are unchanged; only the release step loads content,
and only when the content or the code that reads it changed.

    python -m deploy.setup [catalogs] [assets] [release]     (all three by default)
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMPS = ROOT / "var" / "build"
TRANSLATIONS = ROOT / "translations"


def _stamp(name: str) -> str | None:
    try:
        return json.loads((STAMPS / f"{name}.json").read_text(encoding="utf-8"))["inputs"]
    except (OSError, ValueError, KeyError):
        return None


def _record(name: str, inputs: str) -> None:
    STAMPS.mkdir(parents=True, exist_ok=True)
    (STAMPS / f"{name}.json").write_text(json.dumps({"inputs": inputs}), encoding="utf-8")


def catalogs() -> str:
    po = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))
    h = hashlib.sha256()
    for path in po:
        h.update(str(path.relative_to(TRANSLATIONS)).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    inputs = h.hexdigest()
    if _stamp("catalogs") == inputs and all(p.with_suffix(".mo").is_file() for p in po):
        return "unchanged"
    pybabel = Path(sys.executable).with_name("pybabel")
    subprocess.run([str(pybabel), "-q", "compile", "-d", str(TRANSLATIONS)], check=True)
    _record("catalogs", inputs)
    return f"compiled {len(po)} languages"


def assets() -> str:
    from web import assets as static_assets

    if static_assets.load() is not None:
        return "unchanged"
    manifest = static_assets.build()
    return f"{len(manifest['files'])} files hashed into var/static"


def release() -> str:
    from publish.__main__ import publish
    from publish.release import CONTENT_DIR, DEFAULT_ROOT

    if publish(CONTENT_DIR, DEFAULT_ROOT) != 0:
        raise SystemExit(1)
    return "done"


STEPS = {"catalogs": catalogs, "assets": assets, "release": release}


def main(argv: list[str]) -> int:
    for name in argv or list(STEPS):
        started = time.perf_counter()
        result = STEPS[name]()
        if name != "release":
            print(f"{name}: {result} ({time.perf_counter() - started:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
