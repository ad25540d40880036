"""How long a rule page is on a 390x844 phone: every rule page in every language, as Chromium
lays it out (examples folded but the first, as served). Prints the longest pages.

    .venv/bin/python bench/rule_heights.py [--base http://127.0.0.1:PORT] [--top 10]

Without --base it serves the site with gunicorn on a free loopback port (bench/phone.py).
Figures go in docs/at-the-table.md, never in a test.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phone import PHONE, phone_browser


def rule_pages() -> list[str]:
    from content.loader import load_site
    from content.model import LANGS

    site = load_site()
    return [f"/{lang}/{game.id}/{entry.id}" for game in site.games.values() for entry in game.rules
            for lang in LANGS]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=None)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    heights = []
    with phone_browser(args.base) as (browser, base):
        page = browser.new_context(**PHONE).new_page()
        for url in rule_pages():
            page.goto(base + url, wait_until="load")
            heights.append((page.evaluate("document.documentElement.scrollHeight"), url))
    heights.sort(reverse=True)
    print(f"{len(heights)} rule pages; the longest (px):")
    for height, url in heights[:args.top]:
        print(f"  {height:>6,}  {url}")
    print(f"median {heights[len(heights) // 2][0]:,} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
