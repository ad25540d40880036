"""Wizard's table drawn, measured as players use it: a 390x844 touch phone in Debian's chromium.

    .venv/bin/python bench/taps_wizard_table.py [--base http://127.0.0.1:PORT] [--langs en,ko]

Without --base it serves the site with gunicorn on a free loopback port (bench/phone.py). It
measures the height of every Wizard rule page that has worked examples (px, as the phone lays
it out: the longest is the figure issue 12 asks for), and the taps from a rule page's first
example to the drawn table of every other example (each is a <details>: one tap opens it).

A benchmark, not a test: figures go in docs/at-the-table.md.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.phone import PHONE, phone_browser


def rule_pages() -> list[str]:
    """The Wizard entries with worked examples, from the content itself."""
    from content.loader import load_site

    site = load_site()
    with_examples = {rule for ex in site.games["wizard"].examples for rule in ex.rules}
    return sorted(e for e in with_examples if e in site.entries and not e.startswith("wizard.faq."))


def heights(browser, base: str, langs: list[str]) -> list[tuple[str, str, int, int, int, int]]:
    """(lang, entry, page height px, examples, drawings, height with every example open) per rule page."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    out = []
    for lang in langs:
        for entry in rule_pages():
            page.goto(f"{base}/{lang}/wizard/{entry}", wait_until="load")
            height = page.evaluate("document.documentElement.scrollHeight")
            examples = page.locator(".examples .example").count()
            drawings = page.locator(".examples svg.table-drawing").count()
            page.evaluate("document.querySelectorAll('details.example').forEach(d => d.open = true)")
            opened = page.evaluate("document.documentElement.scrollHeight")
            out.append((lang, entry, height, examples, drawings, opened))
    context.close()
    return out


def taps_to_open(browser, base: str, lang: str, entry: str) -> tuple[int, int]:
    """Taps that show every example's table on one rule page: (taps, examples)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{base}/{lang}/wizard/{entry}", wait_until="load")
    taps = 0
    summaries = page.locator(".examples details.example:not([open]) > summary")
    for i in range(summaries.count()):
        summaries.nth(0).tap()  # the opened one leaves the :not([open]) list
        taps += 1
    total = page.locator(".examples .example").count()
    assert page.locator(".examples details.example:not([open])").count() == 0
    context.close()
    return taps, total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base")
    parser.add_argument("--langs", default="en,ko")
    args = parser.parse_args()
    with phone_browser(args.base) as (browser, base):
        rows = heights(browser, base, args.langs.split(","))
        print("| language | rule page | height (px) | examples | drawn | every example open (px) |")
        print("|---|---|---|---|---|---|")
        for lang, entry, height, examples, drawings, opened in sorted(rows, key=lambda r: -r[2])[:8]:
            print(f"| {lang} | {entry} | {height} | {examples} | {drawings} | {opened} |")
        lang, entry, *_ = max(rows, key=lambda r: r[2])
        print(f"\nlongest: {entry} ({lang}), {max(r[2] for r in rows)} px; "
              f"with every example open the longest is {max(r[5] for r in rows)} px")
        if any(r[4] for r in rows):
            taps, total = taps_to_open(browser, base, lang, entry)
            print(f"taps to see every example drawn on {entry}: {taps} for {total} examples")


if __name__ == "__main__":
    main()
