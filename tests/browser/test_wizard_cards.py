"""In real Chromium: Wizard's cards entered by taps on a touch phone, with and without JavaScript,
and axe-core on the pages this entry changed."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from .support import PHONE, serious_violations_on


def test_a_four_card_trick_by_taps(server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/en/wizard/tools/trick")
    page.wait_for_selector("html[data-enhanced]", state="attached")
    taps = 0
    for label in ("trump-H", "add-S13", "add-H2", "add-J", "add-S1"):
        page.locator(f"label[for='{label}']").tap()
        taps += 1
    expect(page.locator("#typed")).to_have_value("♠13 ♥2 Jester ♠1")
    expect(page.locator("[data-answer]")).to_contain_text("Card 2 wins the trick")
    assert taps == 5  # the trump and one tap per card: the answer follows by itself
    expect(page).to_have_url(re.compile(r"trump=H&cards=S13\.H2\.J\.S1$"))
    expect(page.locator("input[name='add']:checked")).to_have_count(0)  # ready for the next card

    page.locator("[data-card-undo]").tap()  # the last card taken back
    expect(page.locator("#typed")).to_have_value("♠13 ♥2 Jester")
    expect(page).to_have_url(re.compile(r"cards=S13\.H2\.J$"))
    # typed in the player's own words, then a tap: both end up in one trick, in order
    page.goto(f"{server}/fi/wizard/tools/trick")
    page.wait_for_selector("html[data-enhanced]", state="attached")
    page.locator("#typed").fill("ru7 pata 12")
    page.locator("label[for='add-W']").tap()
    expect(page.locator("#typed")).to_have_value("ru7 pata 12 Velho")
    expect(page).to_have_url(re.compile(r"cards=D7\.S12\.W$"))
    expect(page.locator("[data-answer]")).to_contain_text("Kortti 3")
    page.locator("#typed").fill("R7")
    page.locator("#typed").press("Enter")
    expect(page.locator(".tool-error")).to_contain_text("ruutu / risti")
    assert errors == []
    context.close()


def test_without_javascript_the_grid_and_the_pad_are_forms(server, browser):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server}/en/wizard/tools/trick")
    page.locator("label[for='trump-H']").tap()
    played = []
    for token in ("S13", "H2", "J", "S1"):
        page.locator(f"label[for='add-{token}']").tap()
        page.get_by_role("button", name="Who wins?").tap()
        played.append(token)
        expect(page).to_have_url(re.compile(r"trump=H&cards=" + re.escape(".".join(played)) + "(#.*)?$"))
    expect(page.locator("[data-answer]")).to_contain_text("Card 2 wins the trick")
    page.locator("[data-card-undo]").tap()  # a plain link
    expect(page).to_have_url(re.compile(r"cards=S13\.H2\.J$"))

    page.goto(f"{server}/en/wizard/tools/score?s=1~4o0~Ann~Bo~Cy~Di")
    for seat, bid in enumerate((0, 1, 0, 0), start=1):
        page.locator(f"label[for='b{seat}-{bid}']").tap()
    page.get_by_role("button", name="Save the bids").tap()
    expect(page.locator("legend", has_text="Tricks won in round 1")).to_be_visible()
    page.wait_for_load_state()
    assert parse_qs(urlparse(page.url).query)["s"] == ["1~4o0~Ann~Bo~Cy~Di~0100"]
    context.close()


CHANGED = [
    "/{lang}/wizard/tools/trick?trump=H&cards=S13.H2.J.S1",
    "/{lang}/wizard/tools/trick?trump=H&typed=R7",
    "/{lang}/wizard/tools/legal?trump=S&hand=W.H7.H9.S2.C3.J&trick=H3",
    "/{lang}/wizard/tools/score?s=1~4o0~Ann~Bo~Cy~Di~01010100",
    "/{lang}/wizard/tools/score?s=1~4o0~Ann~Bo~Cy~Di~01010100~1010",
]


@pytest.mark.parametrize("lang", ["ko", "fi"])
def test_axe_finds_nothing_serious_on_the_entry_pages(server, browser, lang):
    context = browser.new_context(**PHONE)
    problems = serious_violations_on(context.new_page(), [server + t.format(lang=lang) for t in CHANGED])
    context.close()
    assert not problems, problems
