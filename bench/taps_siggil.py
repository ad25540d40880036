"""Siggil's capture checker on a 390x844 touch phone (Playwright, Debian's chromium): taps to
check a capture, and whether the verdict is in the first screen when the answer comes.

    .venv/bin/python bench/taps_siggil.py [--base http://127.0.0.1:PORT] [--lang en]

Without --base it serves this checkout with gunicorn on a free loopback port. The same script
measures an older checkout (--base pointing at it): a native select counts 2 taps (open it,
choose), a chip or a button 1; fields already right by default cost nothing. With and without
JavaScript: the form is a plain GET form, the script only spares a page load.

A measurement, not a test: the figures go in docs/at-the-table.md ("## Siggil").
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from phone import PHONE, phone_browser  # bench/phone.py: the same phone, the same server

# The tasks: what a player wants checked, as the fields of the form.
TASKS = {
    "steal (3 players, Leaf spirit held on Leaf 1-3, play Leaf 4-7)":
        {"players": "3", "spirit": "leaf", "where": "held", "holder": ["leaf1", "leaf2", "leaf3"],
         "play": ["leaf4", "leaf5", "leaf6", "leaf7"]},
    "refused (2 players, free Deer spirit, play Deer 5, Deer 7, Leaf 3)":
        {"players": "2", "spirit": "deer", "where": "free", "play": ["deer5", "deer7", "leaf3"]},
}


class Taps:
    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def choose(self, name: str, value: str) -> None:
        """A field set to a value: a select is 2 taps, a chip 1, already set 0."""
        select = self.page.locator(f"select[name='{name}']")
        if select.count():
            if select.input_value() != value:
                select.select_option(value)  # on a phone: tap to open the list, tap the option
                self.count += 2
            return
        radio = self.page.locator(f"input[name='{name}'][value='{value}']")
        if not radio.is_checked():
            self.tap(f"label[for='{radio.get_attribute('id')}']")

    def tick(self, name: str, value: str) -> None:
        self.tap(f"label[for='{name}-{value}']")

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


def check(browser, base: str, lang: str, task: dict, scripts: bool) -> dict:
    context = browser.new_context(**PHONE, java_script_enabled=scripts)
    page = context.new_page()
    page.goto(f"{base}/{lang}/siggil/tools/capture")
    if scripts:
        page.wait_for_selector("html[data-enhanced]", state="attached")
    taps = Taps(page)
    taps.choose("players", task["players"])
    taps.choose("spirit", task["spirit"])
    taps.choose("where", task["where"])
    for card in task["play"]:
        taps.tick("play", card)
    if scripts and task.get("holder"):  # the held set's cards appear once "held" is chosen
        page.wait_for_selector("[data-grid='holder']:not([hidden])")
    for card in task.get("holder", []):
        taps.tick("holder", card)
    taps.tap(".tool-form button[type=submit]")
    page.wait_for_function("""() => {
        const r = document.getElementById('tool-result');
        return r && !r.hasAttribute('aria-busy') && r.querySelector('[data-answer]');
    }""")
    if scripts:  # the answer came by fetch: wait for it to be scrolled to (or not)
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'tool-result'")
    box = page.locator("#tool-result [data-answer]").bounding_box()
    height = PHONE["viewport"]["height"]
    in_view = box is not None and box["y"] >= -1 and box["y"] + box["height"] <= height
    fails = page.locator("#tool-result .reason").get_attribute("data-fails")
    marked = page.locator("#tool-result svg g.marked").count()
    # the same answer opened from a link (shared, or the page reloaded): no anchor, no scrolling
    page.goto(page.url.split("#")[0])
    linked = page.locator("#tool-result [data-answer]").bounding_box()
    context.close()
    return {"taps": taps.count, "verdict_in_first_screen": in_view, "verdict_top_px": round(box["y"]) if box else None,
            "from_a_link_verdict_top_px": round(linked["y"]) if linked else None,
            "names_card": fails, "marked_cards": marked}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    with phone_browser(args.base) as (browser, base):
        print(f"base {base}, {args.lang}, 390x844 touch phone")
        for name, task in TASKS.items():
            for scripts in (True, False):
                got = check(browser, base, args.lang, task, scripts)
                print(f"{name} | {'with' if scripts else 'without'} JS | {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
