"""Taps to check a Deductio clue row on a 390x844 touch phone, in Chromium (Playwright): the
clue tool of this tree against the same page before issue 12 (the commit the work started
from, served from a `git archive` of it), and the pictures of issue 12's pages.

    .venv/bin/python bench/taps_deductio.py [--before c4cc0d3] [--screens test-artifacts]

The task, as a player does it at the table: on the empty clue tool, choose your secret number
(8), the three face-up numbers of the centre (4, 11, 17) and the three clue cards of the row
("even", "9 or more", "10 or less"), then read the verdict. A tap is a touch on a chip, a
card or a button; a native select counts 2 (one to open its list, one to choose), scrolling
inside the list is not counted, so the figure for the old page is a lower bound. The task is
done when the verdict is on screen (in the 390x844 viewport). Figures go to
docs/at-the-table.md ("## Deductio"), never into a test.
"""
from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from phone import CHROMIUM, free_port  # bench/phone.py: the same browser, a free port

# its own phone and server: the "before" tree predates the production configuration
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SECRET, CENTRE, ROW = 8, [4, 11, 17], ["even", "ge9", "le10"]


def serve(tree: Path) -> tuple[subprocess.Popen, str]:
    """gunicorn serving the site of `tree` on a free loopback port."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", "2", "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
         "app:create_app({'QUIET_LOG': True})"], cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)})
    deadline = time.monotonic() + 90
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("gunicorn did not start") from None
            time.sleep(0.2)  # waiting for the server to listen
    base = f"http://127.0.0.1:{port}"
    for _ in range(4):  # both workers warmed up (start-up renders everything once) before any tap
        urllib.request.urlopen(base + "/en/deductio/tools/clue", timeout=300).read()
    return proc, base


def checkout(ref: str) -> Path:
    """The tree at `ref`, ready to serve: its catalogs compiled and its search index built."""
    where = Path(tempfile.mkdtemp(prefix="deductio-before-"))
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    bin_dir = Path(sys.executable).parent
    subprocess.run([str(bin_dir / "pybabel"), "compile", "-d", "translations"], cwd=where, check=True,
                   capture_output=True)
    subprocess.run([sys.executable, "-m", "search", "build"], cwd=where, check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(where)})
    return where


class Thumb:
    """A page on the phone that counts what the thumb does."""

    def __init__(self, page) -> None:
        self.page, self.taps = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.taps += 1

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.taps += 2  # open the list, choose in it

    def in_view(self, selector: str) -> bool:
        box = self.page.locator(selector).first.bounding_box()
        return bool(box) and box["y"] >= -2 and box["y"] + min(box["height"], 40) <= PHONE["viewport"]["height"]


def check_row(browser, base: str, palette: bool, javascript: bool) -> dict:
    context = browser.new_context(**PHONE, java_script_enabled=javascript)
    page = context.new_page()
    page.goto(base + "/en/deductio/tools/clue")
    if javascript:
        page.wait_for_selector("html[data-enhanced]", state="attached")
    thumb = Thumb(page)
    if palette:
        thumb.tap(f'label[for="secret-{SECRET}"]')
    else:
        thumb.select("#secret", str(SECRET))
    for n in CENTRE:
        thumb.tap(f'label[for="centre-{n}"]')
    before_row = thumb.taps
    for i, clue in enumerate(ROW):
        if palette:
            thumb.tap(f'label[for="row-{clue}"]')
        else:
            thumb.select(f"#r{i + 1}", clue)
    row_taps = thumb.taps - before_row
    answer = "#tool-result [data-answer]"
    live = False
    if javascript:  # the answer follows the taps: is it on screen already?
        page.wait_for_selector(f'#tool-result [data-clue="{ROW[-1]}"]')
        live = thumb.in_view(answer)
    if not live:
        thumb.tap(".tool-submit button")
        page.wait_for_selector(f'#tool-result [data-clue="{ROW[-1]}"]')
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'tool-result'"
                               if javascript else "() => true")
    # can the chosen cards be read back on the page? (the old select showed "The secret number is 9…")
    readable = all(page.locator(f'#tool-result [data-clue="{c}"] .statement').count() == 1 for c in ROW)
    if palette:
        readable = readable and all(page.locator(f'label[for="row-{c}"] .dd-full').evaluate(
            "e => getComputedStyle(e).position") == "static" for c in ROW)
    result = {"taps": thumb.taps, "row_taps": row_taps, "in_view": thumb.in_view(answer), "readable": readable,
              "height": page.evaluate("document.documentElement.scrollHeight")}
    context.close()
    return result


def rule_heights(browser, base: str, site, lang: str) -> tuple[int, str]:
    """The tallest Deductio rule page on the phone (px) and which one it is."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    tallest = (0, "")
    for entry in site.games["deductio"].entries:
        if ".faq." in entry.id:
            continue
        page.goto(f"{base}/{lang}/deductio/{entry.id}")
        tallest = max(tallest, (page.evaluate("document.documentElement.scrollHeight"), entry.id))
    context.close()
    return tallest


def screens(browser, base: str, out: Path, site) -> list[str]:
    """Each tool, a drawn example and the tutorial's steps with the powers, in Korean and Finnish."""
    tutorial = site.games["deductio"].tutorial
    steps = ("deal", "digits", "eye-use", "eye-seen", "magnifier-use", "penalty-one", "won")
    shots = {
        "clue-tool": "/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=even.ge9.le10",
        "clue-tool-sideways": "/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=ge9.nb-5-8.pm1",
        "clue-palette": "/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=even.ge9.le10",
        "guess-tool": "/{lang}/deductio/tools/guess?upright=even.ge7&sideways=pm1&centre=3.12.18&known=5",
        "example": "/{lang}/deductio/deductio.guess.wrong",
        "example-clue-choice": "/{lang}/deductio/deductio.clue.digits",
    }
    shots.update({f"tutorial-{s}": f"/{{lang}}/deductio/tutorial/{s}?t={tutorial.token(tutorial.links[s])}"
                  for s in steps})
    part = {"clue-tool": "#tool-result", "clue-tool-sideways": "#tool-result", "clue-palette": ".dd-palette",
            "guess-tool": "#tool-result", "example": "details.example[open]",
            "example-clue-choice": "details.example[open]"}
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for lang in ("ko", "fi"):
        context = browser.new_context(**PHONE)
        page = context.new_page()
        for name, url in shots.items():
            page.goto(base + url.format(lang=lang))
            path = out / f"deductio-{name}-{lang}.png"
            if name in part:
                page.locator(part[name]).first.screenshot(path=str(path))
            else:
                page.screenshot(path=str(path), full_page=True)
            made.append(path.name)
        context.close()
    return made


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", default="c4cc0d3", help="the commit whose clue tool is the 'before'")
    parser.add_argument("--screens", default=None, help="a folder for the pictures (test-artifacts)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    old_tree = checkout(args.before)
    servers = [serve(ROOT), serve(old_tree)]
    try:
        (_, after), (_, before) = servers
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            rows = [("before (3 selects of 35 cards)", check_row(browser, before, palette=False, javascript=True)),
                    ("after (palette), with JavaScript", check_row(browser, after, palette=True, javascript=True)),
                    ("after (palette), without JavaScript", check_row(browser, after, palette=True,
                                                                       javascript=False))]
            print("| clue tool | taps in all | taps for the 3 cards | verdict on screen at the end "
                  "| chosen cards' whole text shown | page height (px) |")
            print("|---|---|---|---|---|---|")
            for name, r in rows:
                print(f"| {name} | {r['taps']} | {r['row_taps']} | {'yes' if r['in_view'] else 'no'} "
                      f"| {'yes' if r['readable'] else 'no'} | {r['height']} |")
            from content.loader import load_site
            site = load_site()
            print("\n| the tallest Deductio rule page | before | after |\n|---|---|---|")
            for lang in ("en", "ko", "fi"):
                old, new = rule_heights(browser, before, site, lang), rule_heights(browser, after, site, lang)
                print(f"| {lang} | {old[0]} px ({old[1]}) | {new[0]} px ({new[1]}) |")
            if args.screens:
                made = screens(browser, after, ROOT / args.screens, site)
                print(f"\n{len(made)} pictures in {args.screens}/")
            browser.close()
    finally:
        for proc, _ in servers:
            proc.terminate()
            proc.wait(timeout=10)
        shutil.rmtree(old_tree, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
