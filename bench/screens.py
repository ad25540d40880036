"""Screenshots of the reading pages on a 390x844 touch phone (and one wide screen), in Korean
and Finnish, for docs/screenshots/ and review.

    .venv/bin/python bench/screens.py [--base http://127.0.0.1:PORT] [--out docs/screenshots]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from phone import PHONE, phone_browser

SHOTS = [
    # (file, path, what to do first, wide?)
    ("ko-faq.png", "/ko/wizard/faq", "open:#q-jester-led", False),
    ("fi-faq.png", "/fi/wizard/faq", "filter:narri", False),
    ("ko-fi-rule-phone.png", "/ko/wizard/wizard.play.follow-suit?with=fi", "scroll:.pairs", False),
    ("ko-fi-rule-wide.png", "/ko/wizard/wizard.play.follow-suit?with=fi", "", True),
    ("fi-ko-faq-entry.png", "/fi/wizard/wizard.faq.jester-led?with=ko", "", False),
    ("ko-glossary.png", "/ko/wizard/", "scroll:#glossary", False),
    ("ko-game.png", "/ko/wizard/", "", False),
    ("fi-search.png", "/fi/search?q=saako+narrin+pelata+vaikka+on+maata", "", False),
    ("ko-search.png", "/ko/search?q=광대를+언제+낼+수+있나요", "", False),
]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with phone_browser(args.base) as (browser, base):
        for name, path, action, wide in SHOTS:
            options = {"viewport": {"width": 1280, "height": 800}} if wide else {**PHONE, "device_scale_factor": 1}
            context = browser.new_context(**options)
            page = context.new_page()
            page.goto(base + path)
            page.wait_for_selector("html[data-enhanced]", state="attached")
            kind, _, arg = action.partition(":")
            if kind == "open":
                page.locator(f"{arg} summary").tap()
                page.locator(arg).scroll_into_view_if_needed()
            elif kind == "filter":
                page.fill("#faq-filter", arg)
            elif kind == "scroll":
                page.locator(arg).evaluate("e => window.scrollTo(0, e.getBoundingClientRect().top + scrollY - 8)")
            page.screenshot(path=str(out / name))
            print(out / name)
            context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
