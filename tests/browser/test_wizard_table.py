"""Wizard's table drawn, in real Chromium on a phone: axe-core finds nothing serious or critical on
the pages that now draw it (every example opened), and a folded example opens with a tap."""
from __future__ import annotations

import pytest

from .support import PHONE, serious_violations_on

WAY = "v1.4.suit.official.b1.S2.H4"
PAGES = [
    "/{lang}/wizard/wizard.trick.winner",
    "/{lang}/wizard/wizard.play.jester-led",
    "/{lang}/wizard/wizard.bid.announce",
    f"/{{lang}}/wizard/tutorial/jester-led?t={WAY}",
    f"/{{lang}}/wizard/tutorial/final?t={WAY}.D9.C13.b2",
    "/{lang}/wizard/tools/trick?trump=H&cards=S13.H2.J.W",
    "/{lang}/wizard/tools/legal?trump=S&hand=W.H7.S2&trick=H3",
    "/{lang}/wizard/tools/legal?trump=S&hand=H7.S2&ed=amigo",
]


@pytest.mark.parametrize("lang", ["ko", "lt"])
def test_the_drawn_pages_have_no_serious_accessibility_violations(server, browser, lang):
    context = browser.new_context(**PHONE)

    def open_examples(page):
        page.evaluate("document.querySelectorAll('details.example').forEach(d => d.open = true)")

    problems = serious_violations_on(context.new_page(), [server + t.format(lang=lang) for t in PAGES], open_examples)
    context.close()
    assert not problems, problems


def test_a_folded_example_opens_with_one_tap_and_shows_its_table(server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(server + "/fi/wizard/wizard.trick.winner")
    folded = page.locator("#wizard\\.ex\\.low-trump-wins")
    assert not folded.locator("svg.table-drawing").is_visible()
    folded.locator("summary").tap()
    drawing = folded.locator("svg.table-drawing")
    assert drawing.is_visible() and drawing.get_attribute("role") == "img"
    assert drawing.bounding_box()["width"] <= 390
    assert folded.locator("svg title").text_content().startswith("Tikki: ♥13, ♠2, ♥12, ♦1")
    context.close()
