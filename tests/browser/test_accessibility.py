"""axe-core in real Chromium on the main page types, in two languages: no serious violations."""
from __future__ import annotations

import pytest

from .support import serious_violations_on


def pages(site):
    return [
        "/{lang}/",
        "/{lang}/wizard/",
        "/{lang}/deductio/faq",
        "/{lang}/wizard/wizard.play.follow-suit",
        "/{lang}/siggil/siggil.capture.steal",
        "/{lang}/search?q=jester",
        "/{lang}/nowhere/",
        "/{lang}/wizard/tools",
        "/{lang}/wizard/tools/trick?trump=H&cards=S13.H2.J.S1",
        "/{lang}/wizard/tools/score",
        "/{lang}/deductio/tools/clue?players=3&secret=7&centre=3.12.18&row=even.ge7.pm1",
        "/{lang}/siggil/tools/capture?players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf3&play=leaf4.leaf5.leaf6.leaf7",
        "/{lang}/wizard/tutorial/",
        "/{lang}/siggil/tutorial/",
        "/{lang}/siggil/tutorial/steal",  # a practice step (redirects along the default path)
        "/{lang}/siggil/siggil.setup.sigil",  # the sigil drawn by the worked examples
        "/{lang}/siggil/tools/capture?players=2&spirit=deer&where=free&play=deer5.deer7.leaf3",  # a card marked
        "/{lang}/siggil/tutorial/final-count",  # the sigil drawn, the end of the game
        "/{lang}/deductio/tutorial/first-clue",
        "/{lang}/wizard/faq?with=en",  # the FAQ list, with a second language
        "/{lang}/wizard/wizard.play.follow-suit?with=ko",  # two languages side by side (ko: one)
        "/{lang}/deductio/deductio.faq.eliminated?with=fi",
        "/{lang}/offline",
        "/{lang}/wizard/tools/score?s=1~3o0~Ann~Bo~Cy~000010~000020",
    ]


@pytest.mark.parametrize("lang", ["ko", "fi"])
def test_no_serious_accessibility_violations(server, browser, site, lang):
    # axe is injected through the DevTools protocol: the site's CSP stays as strict as ever.
    context = browser.new_context(viewport={"width": 390, "height": 844})

    def open_an_explanation(page):
        if page.locator("details.faq-item").count():
            page.locator("details.faq-item summary").first.click()

    problems = serious_violations_on(context.new_page(), [server + t.format(lang=lang) for t in pages(site)],
                                     open_an_explanation)
    context.close()
    assert not problems, problems


def test_keyboard_reaches_the_language_switcher_and_shows_focus(server, page):
    page.goto(server + "/en/wizard/")
    page.keyboard.press("Tab")  # skip link first
    assert page.evaluate("document.activeElement.className") == "skip"
    seen = set()
    for _ in range(15):
        page.keyboard.press("Tab")
        seen.add(page.evaluate("document.activeElement.textContent.trim()"))
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
    assert "한국어" in seen
