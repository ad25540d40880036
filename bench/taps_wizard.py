"""Wizard entered by taps, as players do it at the table: a 390x844 touch phone in Chromium.

    .venv/bin/python bench/taps_wizard.py [--base http://127.0.0.1:PORT]

Without --base it serves the site with gunicorn on a free loopback port. It counts the taps (and
times them, for the record) of:

- a 4-player round on the score pad (bids, save, tricks won, save), in round 2 and round 9;
- resolving a 4-card trick on "Who wins the trick?" (the trump, then the cards on the chip grid),
  with JavaScript and without it;

and checks each ends where it should (the sheet's totals, the winning card). Figures depend on
the machine; they go in docs/at-the-table.md ("## Wizard — entry by taps"), never in a test.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from phone import PHONE, phone_browser

PLAYERS = 4


class Taps:
    """Taps on a page, counted."""

    def __init__(self, page) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.count += 1


def pad_round(page, base: str, state: str, round_no: int, bids: list[int], tricks: list[int]) -> tuple[int, float]:
    from playwright.sync_api import expect

    page.goto(f"{base}/en/wizard/tools/score?s={state}")
    page.wait_for_selector("html[data-enhanced]", state="attached")
    taps, start = Taps(page), time.perf_counter()
    turns = [int(t) for t in page.locator("[data-pad-row]").evaluate_all("rows => rows.map(r => r.dataset.turn)")]
    order = sorted(range(PLAYERS), key=lambda seat: turns[seat])
    for seat in order:  # as the bids are announced, from the dealer's left
        taps.tap(f"label[for='b{seat + 1}-{bids[seat]}']")
    taps.tap("form.pad-entry button[type='submit']")
    expect(page.locator("legend", has_text=f"Tricks won in round {round_no}")).to_be_visible()
    for seat in order:
        taps.tap(f"label[for='t{seat + 1}-{tricks[seat]}']")
    taps.tap("form.pad-entry button[type='submit']")
    expect(page.locator("[data-status]")).to_have_text(re.compile(rf"Round {round_no + 1} of "))
    return taps.count, time.perf_counter() - start


def trick(page, base: str) -> tuple[int, float]:
    from playwright.sync_api import expect

    page.goto(f"{base}/en/wizard/tools/trick")
    page.wait_for_selector("html[data-enhanced]", state="attached")
    taps, start = Taps(page), time.perf_counter()
    for label in ("trump-H", "add-S13", "add-H2", "add-J", "add-S1"):
        taps.tap(f"label[for='{label}']")
    expect(page.locator("[data-answer]")).to_contain_text("Card 2 wins the trick")
    expect(page).to_have_url(re.compile(r"cards=S13\.H2\.J\.S1$"))
    return taps.count, time.perf_counter() - start


def trick_without_js(page, base: str) -> tuple[int, float]:
    from playwright.sync_api import expect

    page.goto(f"{base}/en/wizard/tools/trick")
    taps, start = Taps(page), time.perf_counter()
    taps.tap("label[for='trump-H']")
    played: list[str] = []
    for token in ("S13", "H2", "J", "S1"):
        taps.tap(f"label[for='add-{token}']")
        taps.tap("form.tool-form button[type='submit']")
        played.append(token)
        expect(page).to_have_url(re.compile(r"cards=" + re.escape(".".join(played)) + r"(#.*)?$"))
    expect(page.locator("[data-answer]")).to_contain_text("Card 2 wins the trick")
    return taps.count, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base")
    args = parser.parse_args()
    with phone_browser(args.base) as (browser, base):
        page = browser.new_context(**PHONE).new_page()
        rows = []
        # round 2 (Ann dealt round 1): bids and tricks of four players
        n, s = pad_round(page, base, "1~4o0~Ann~Bo~Cy~Di~01010100", 2, [1, 0, 1, 0], [1, 0, 1, 0])
        rows.append(("score pad, a 4-player round (round 2: 3 chips a row)", n, s))
        state = "1~4o0~Ann~Bo~Cy~Di~" + "~".join(f"{r}000{r}000" for r in range(1, 9))
        n, s = pad_round(page, base, state, 9, [3, 2, 2, 1], [3, 2, 2, 2])
        rows.append(("score pad, a 4-player round (round 9: 10 chips a row)", n, s))
        n, s = trick(page, base)
        rows.append(("a 4-card trick: trump and cards on the chip grid", n, s))
        nojs = browser.new_context(**PHONE, java_script_enabled=False).new_page()
        n, s = trick_without_js(nojs, base)
        rows.append(("the same trick without JavaScript (a form post per card)", n, s))
    print("| task | taps | seconds (this machine) |")
    print("| --- | ---: | ---: |")
    for task, n, s in rows:
        print(f"| {task} | {n} | {s:.2f} |")


if __name__ == "__main__":
    main()
