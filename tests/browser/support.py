"""What the browser tests share: the phone they run on, and axe-core's verdict on a page or pages."""
from __future__ import annotations

from functools import cache
from pathlib import Path

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
AXE = Path(__file__).resolve().parents[2] / "tools" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


@cache
def axe_source() -> str:
    assert AXE.exists(), "axe-core is missing: run  make axe"
    return AXE.read_text(encoding="utf-8")


def serious_violations(page, url: str) -> list[tuple]:
    """axe-core's serious and critical findings on the page as it stands, as (url, rule, help,
    first targets). axe is injected through the DevTools protocol: the site's CSP stays strict."""
    page.evaluate(axe_source())
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [(url, v["id"], v["help"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def serious_violations_on(page, urls: list[str], prepare=None) -> list[tuple]:
    """``serious_violations`` on each page in turn, once its scripts have run (and after
    ``prepare(page)``, e.g. to open what is folded)."""
    problems = []
    for url in urls:
        page.goto(url)
        page.wait_for_selector("html[data-enhanced]", state="attached")
        if prepare:
            prepare(page)
        problems += serious_violations(page, url)
    return problems
