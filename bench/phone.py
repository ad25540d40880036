"""The site as players use it at the table: a 390x844 touch phone in Chromium (Playwright).

    .venv/bin/python bench/phone.py [--base http://127.0.0.1:PORT] [--only taps,faq,slow3g,offline]

Without --base it serves the site with gunicorn on a free loopback port. It measures:

- taps: taps and seconds from the home page to an answer (by the header search box, and by
  the game's FAQ list), in Finnish;
- faq: the height of each game's FAQ page in Finnish and Korean (px, as the phone lays it out);
- slow3g: the first visit of a rule page, an FAQ page, a search and every tool page under
  Chromium's network emulation (400 ms round trip, 400 kbit/s each way), an empty cache each
  time: the load event and the bytes transferred;
- offline: "keep this game offline" on a game page, then the network cut: rule and FAQ
  pages never visited, a tutorial step, the on-device search of the kept FAQ, two score-pad
  rounds.

Figures depend on the machine and its load: they go in docs/benchmarks.md, never in a test.
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True,
         "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                       "Chrome/126.0 Mobile Safari/537.36"}
SLOW_3G = {"offline": False, "latency": 400, "downloadThroughput": 400 * 1000 / 8,
           "uploadThroughput": 400 * 1000 / 8}
TARGET_S = 1.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve() -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", "--workers", "2",
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "app:create_app({'QUIET_LOG': True})"],
        cwd=ROOT, env={**os.environ, "REQUEST_LOG": "0"})
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, f"http://127.0.0.1:{port}"
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("gunicorn did not start") from None
            time.sleep(0.2)


@contextmanager
def phone_browser(base: str | None = None) -> Iterator[tuple[object, str]]:
    """Debian's Chromium and the site to drive: the one at `base`, or this checkout served by
    gunicorn for as long as the block runs. Yields (browser, base)."""
    from playwright.sync_api import sync_playwright

    proc = None
    if not base:
        proc, base = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            try:
                yield browser, base
            finally:
                browser.close()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)


# --- taps ------------------------------------------------------------------------------------------


def _phone(browser, throttled: bool):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    if throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    return context, page


def taps(browser, base: str) -> list[str]:
    """Home page to an answer, as a thumb does it: every tap counted, the clock running from the
    home page shown to the answer shown (typing by the machine: no human typing time)."""
    out = ["| way | network | taps | typed | seconds | where the answer is |", "|---|---|---|---|---|---|"]
    question = "saako narrin pelata vaikka on maata"
    for throttled in (False, True):
        network = "slow 3G" if throttled else "loopback"
        context, page = _phone(browser, throttled)
        page.goto(f"{base}/fi/")
        started = time.perf_counter()
        page.tap("#top-q")
        page.keyboard.type(question)
        page.tap("form.top-search button")
        page.wait_for_selector(".answer-card")
        seconds = time.perf_counter() - started
        card = page.locator(".answer-card").bounding_box()
        out.append(f"| header search box → answer card | {network} | 2 | {len(question)} characters | {seconds:.2f} | "
                   f"answer card at y={card['y']:.0f} px |")
        context.close()

        context, page = _phone(browser, throttled)
        page.goto(f"{base}/fi/")
        started = time.perf_counter()
        page.tap("a[href='/fi/wizard/']")
        page.wait_for_url(f"{base}/fi/wizard/")
        page.tap("a[href='/fi/wizard/faq']")
        page.wait_for_url(f"{base}/fi/wizard/faq")
        folded = page.locator("details.faq-item").count() > 0
        target = page.locator("#q-jester-despite-suit" if folded else "[id='wizard.faq.jester-despite-suit']")
        box = target.locator(".answer-badge" if folded else ".answer").bounding_box()
        seconds = time.perf_counter() - started
        where = f"short answer at y={box['y']:.0f} px" + ("" if box["y"] < 844 else " (below the fold: scroll)")
        out.append(f"| game → FAQ: the short answer in the list | {network} | 2 | 0 | {seconds:.2f} | {where} |")
        if folded:
            page.tap("#q-jester-despite-suit summary")
            target.locator(".faq-more").wait_for(state="visible")
            seconds = time.perf_counter() - started
            out.append(f"| … and its explanation opened | {network} | 3 | 0 | {seconds:.2f} | under the question |")
        context.close()
    return out


# --- FAQ heights -----------------------------------------------------------------------------------


def faq_heights(browser, base: str) -> list[str]:
    from content.loader import load_site

    site = load_site()
    out = ["| page | height px |", "|---|---|"]
    context = browser.new_context(**PHONE)
    page = context.new_page()
    for lang in ("fi", "ko"):
        for game in site.games:
            page.goto(f"{base}/{lang}/{game}/faq")
            height = page.evaluate("document.documentElement.scrollHeight")
            out.append(f"| /{lang}/{game}/faq | {height:,} |")
    context.close()
    return out


# --- slow 3G -----------------------------------------------------------------------------------


def slow_pages(base: str) -> list[str]:
    pages = ["/fi/wizard/wizard.play.follow-suit", "/fi/wizard/faq", "/fi/search?q=saako+narrin+pelata"]
    from app import create_app

    app = create_app({"QUIET_LOG": True})
    with app.test_request_context("/fi/"):
        from flask import g

        from web.tools import tool_list
        g.lang = "fi"
        for game in app.extensions["site"].games:
            pages += [t["url"] for t in tool_list(game)]
    return pages


def slow3g(browser, base: str) -> list[str]:
    out = ["| page | load (s) | DOMContentLoaded (s) | transferred | requests | ≤ 1.0 s |", "|---|---|---|---|---|---|"]
    for path in slow_pages(base):
        context = browser.new_context(**PHONE)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", SLOW_3G)
        page.goto(base + path, wait_until="load")
        nav = page.evaluate("""() => {
            const n = performance.getEntriesByType('navigation')[0];
            const r = performance.getEntriesByType('resource');
            return {load: n.loadEventEnd, dcl: n.domContentLoadedEventEnd,
                    bytes: n.transferSize + r.reduce((s, e) => s + e.transferSize, 0), requests: 1 + r.length};
        }""")
        load = nav["load"] / 1000
        out.append(f"| {path} | {load:.2f} | {nav['dcl'] / 1000:.2f} | {nav['bytes'] / 1024:.1f} KiB | "
                   f"{nav['requests']} | {'yes' if load <= TARGET_S else 'no'} |")
        context.close()
    return out


# --- offline --------------------------------------------------------------------------------------


def offline(browser, base: str) -> list[str]:
    """Its own server, stopped halfway: the network is really gone."""
    from content.loader import load_site

    site = load_site()
    proc, base = serve()
    out = []
    try:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(f"{base}/ko/wizard/")
        if not page.locator("[data-keep-offline]").count():
            return ["no 'keep this game offline' on the game page: nothing works offline"]
        deadline = time.monotonic() + 30
        while not page.evaluate("navigator.serviceWorker && navigator.serviceWorker.controller !== null"):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        started = time.perf_counter()
        page.tap("[data-keep-offline] [data-keep]")
        page.wait_for_selector("[data-keep-offline][data-state='kept']", timeout=120000)
        kept_s = time.perf_counter() - started
        kept = page.evaluate("""async () => {
            const names = await caches.keys(); const out = {};
            for (const n of names) out[n] = (await (await caches.open(n)).keys()).length;
            return out; }""")
        status = page.locator("[data-keep-status]").inner_text()
        out.append(f"- \"이 게임을 오프라인용으로 저장\" on /ko/wizard/: kept in {kept_s:.1f} s (loopback), "
                   f"caches {kept}: \"{status}\"")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    context.set_offline(True)
    game = site.games["wizard"]
    for entry in [game.rules[-1], game.rules[len(game.rules) // 2], game.faq[-1], game.faq[0]]:
        page.goto(f"{base}/ko/wizard/{entry.id}")
        title = page.locator("h1").inner_text()
        banner = page.locator("[data-offline-notice]").is_visible()
        out.append(f"- server stopped, never visited: /ko/wizard/{entry.id} → \"{title}\" (offline notice: {banner})")
    page.goto(f"{base}/ko/wizard/tutorial/")
    page.tap("button[name='a'][value='4']")
    page.wait_for_function("() => document.querySelector('article.tutorial').dataset.step !== 'players'")
    out.append(f"- tutorial: 4 players → step \"{page.locator('h1').inner_text()}\" ({page.url.split('/', 3)[3]})")
    page.fill("#top-q", "광대")
    page.press("#top-q", "Enter")
    page.wait_for_selector("[data-offline-results] li")
    hits = page.locator("[data-offline-results] li").count()
    first = page.locator("[data-offline-results] li a").first.inner_text()
    note = page.locator("[data-offline-search-note]").inner_text()
    out.append(f"- search \"광대\": {hits} kept questions, first \"{first}\"; the page says \"{note}\"")
    page.goto(f"{base}/ko/wizard/tools/score")
    page.select_option("#players", "3")
    page.tap("form.pad-setup button[type='submit']")
    for r in (1, 2):
        page.wait_for_selector(f"[data-status][data-round='{r}']")
        for seat in (1, 2, 3):
            page.select_option(f"#b{seat}", "0")
        page.tap("form.pad-entry button[type='submit']")
        page.wait_for_selector("select#t1")
        for seat, tricks in zip((1, 2, 3), (0, r, 0), strict=True):
            page.select_option(f"#t{seat}", str(tricks))
        page.tap("form.pad-entry button[type='submit']")
    page.wait_for_selector("[data-status][data-round='3']")
    totals = [page.locator(f"[data-total='{s}']").inner_text() for s in range(3)]
    out.append(f"- score pad, 3 players, two rounds (all bid 0; player 2 takes every trick): totals {totals} "
               "(the engine: 40, -30, 40)")
    page.goto(f"{base}/ko/wizard/tools/trick")
    out.append(f"- trick tool: \"{page.locator('[data-offline-tool]').inner_text()}\"")
    context.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base")
    ap.add_argument("--only", default="taps,faq,slow3g,offline")
    args = ap.parse_args()
    with phone_browser(args.base) as (browser, base):
        for part, fn in (("taps", taps), ("faq", faq_heights), ("slow3g", slow3g), ("offline", offline)):
            if part in args.only.split(","):
                print(f"\n### {part}\n", flush=True)
                print("\n".join(fn(browser, base)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
