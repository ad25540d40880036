"""Draws the app icons (static/icons/*.png) from static/icons/icon.svg in Chromium.

    .venv/bin/python tools/make_icons.py

The maskable icon keeps the drawing inside the safe zone (the middle 80 %) on the icon's
colour, as launchers cut it to a circle or a squircle."""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        drawing = svg.replace("<svg ", '<svg width="100%" height="100%" ', 1)
        for name, size, inset in (("icon-192.png", 192, 0), ("icon-512.png", 512, 0), ("maskable-512.png", 512, 0.12)):
            page = browser.new_page(viewport={"width": size, "height": size})
            pad = int(size * inset)
            background = "#7a2e12" if inset else "transparent"
            page.set_content(
                f'<html><body style="margin:0;background:{background}">'
                f'<div style="padding:{pad}px;width:{size}px;height:{size}px;box-sizing:border-box">{drawing}</div>'
                "</body></html>")
            page.screenshot(path=str(ICONS / name), omit_background=not inset)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
