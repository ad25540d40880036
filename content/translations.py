"""The translators' command: which translations may be out of date, and confirming them.

    python -m content.translations status [LANG]
    python -m content.translations confirm LANG ID [ID ...]
    python -m content.translations confirm LANG --all

See content/versions.py and docs/content-format.md.
"""
from __future__ import annotations

import sys

from .loader import CONTENT_DIR, load_site
from .model import LANGS
from .versions import REFERENCE, confirm


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("status", "confirm"):
        print(__doc__, file=sys.stderr)
        return 2
    site = load_site(CONTENT_DIR)
    if argv[0] == "status":
        found = [s for s in site.stale if len(argv) < 2 or s.lang == argv[1]]
        for s in found:
            print(s)
        return 1 if found else 0
    if len(argv) < 3 or argv[1] not in LANGS or argv[1] == REFERENCE:
        print("usage: python -m content.translations confirm LANG (--all | ID ...)", file=sys.stderr)
        return 2
    lang, ids = argv[1], None if argv[2:] == ["--all"] else argv[2:]
    for game in site.games.values():
        n = confirm(CONTENT_DIR / "games" / game.id, game, lang, ids)
        if n:
            print(f"{game.id}: {n} {lang} texts confirmed against the current English")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
