"""Command line: build the index, or try a query.

    python -m search build [--dir DIR] [--content DIR] [--force] [--lang LANG ...]
    python -m search query "text" --lang en [--game wizard] [--dir DIR]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .analyzers import LANGS
from .index import DEFAULT_ROOT, build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m search")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the index of every language (only what changed)")
    b.add_argument("--dir", type=Path, default=DEFAULT_ROOT, help=f"index root (default {DEFAULT_ROOT})")
    b.add_argument("--content", type=Path, default=None, help="content folder (default: content/)")
    b.add_argument("--force", action="store_true", help="rebuild even if the content is unchanged")
    b.add_argument("--lang", action="append", choices=LANGS, help="only these languages")
    q = sub.add_parser("query", help="run one query and print the result as JSON")
    q.add_argument("text")
    q.add_argument("--lang", required=True, choices=LANGS)
    q.add_argument("--game", default=None)
    q.add_argument("--limit", type=int, default=5)
    q.add_argument("--dir", type=Path, default=DEFAULT_ROOT)
    args = parser.parse_args(argv)

    if args.command == "build":
        from content.loader import ContentError, load_site

        try:
            site = load_site(args.content) if args.content else load_site()
        except ContentError as e:
            print(f"content error: {e}", file=sys.stderr)
            return 1
        for r in build(args.dir, site=site, langs=tuple(args.lang or LANGS), force=args.force):
            state = "built" if r.rebuilt else "unchanged"
            print(f"{r.lang}: {state}, {r.docs} entries, {r.hash[:12]} -> {r.path} ({r.seconds:.2f} s)")
        return 0

    from .query import QueryError, Searcher

    searcher = Searcher(args.dir)
    try:
        result = searcher.search(args.text, args.lang, game=args.game, limit=args.limit)
    except QueryError as e:
        print(json.dumps({"error": {"code": e.code, "message": e.message}}), file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
