"""Deductio at the table on a 390x844 touch phone, in real Chromium: the clue row chosen by
taps from the palette (the answer follows with JavaScript, the plain form works without it),
the whole text of a chosen card shown, and axe-core on the pages issue 12 changed."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine import deductio as D

from .support import PHONE, serious_violations_on


def statement(site, clue: str, lang: str) -> str:
    return site.games["deductio"].labels["clues"][clue][lang].format(**D.clue_params(clue))


def choose_row(page, secret: int, centre: list[int], row: list[str]) -> None:
    """What a thumb does: one tap per number and per card (the chips' labels)."""
    page.locator(f'label[for="secret-{secret}"]').tap()
    for n in centre:
        page.locator(f'label[for="centre-{n}"]').tap()
    for clue in row:
        page.locator(f'label[for="row-{clue}"]').tap()


def test_a_row_checked_by_taps_with_javascript(server, phone, site):
    phone.goto(server + "/ko/deductio/tools/clue")
    phone.wait_for_selector("html[data-enhanced]", state="attached")  # the page's scripts, after it
    unchosen = phone.locator('label[for="row-ge7"] .dd-full')
    expect(unchosen).to_have_css("position", "absolute")  # only the screen reader reads it (its name)
    choose_row(phone, 8, [4, 11, 17], ["even", "ge9", "le10"])
    # each chosen card shows its whole text, in the reader's language
    for clue in ("even", "ge9", "le10"):
        full = phone.locator(f'label[for="row-{clue}"] .dd-full')
        expect(full).to_have_css("position", "static")
        expect(full).to_contain_text(statement(site, clue, "ko"))
        assert full.bounding_box()["width"] > 100
    expect(unchosen).to_have_css("position", "absolute")
    # the answer follows the taps without a page load, the row drawn in it
    result = phone.locator("#tool-result")
    expect(result.locator("[data-answer]")).to_be_visible()
    expect(result.locator('[data-clue="ge9"][data-true="no"]')).to_have_count(1)
    expect(result.locator('[data-clue="even"][data-true="yes"]')).to_have_count(1)
    expect(result.locator("svg.table-drawing[role=img] > title")).to_have_count(1)
    expect(phone).to_have_url(re.compile(r"/ko/deductio/tools/clue\?secret=8&centre=4\.11\.17&row=even\.ge9\.le10"))


def test_a_row_checked_by_taps_without_javascript(server, phone_without_js, site):
    page = phone_without_js
    page.goto(server + "/fi/deductio/tools/clue")
    choose_row(page, 7, [3, 12, 18], ["even", "ge7", "pm1"])
    full = page.locator('label[for="row-ge7"] .dd-full')
    expect(full).to_have_css("position", "static")  # shown by CSS alone
    expect(full).to_contain_text(statement(site, "ge7", "fi"))
    page.locator(".tool-submit button").tap()
    page.wait_for_url("**/fi/deductio/tools/clue?secret=7&centre=3.12.18&row=even.ge7.pm1*")
    result = page.locator("#tool-result")
    expect(result.locator('[data-clue="ge7"][data-true="yes"]')).to_have_count(1)
    expect(result.locator('[data-clue="even"][data-true="no"]')).to_have_count(1)
    expect(result).to_contain_text(statement(site, "pm1", "fi"))
    # the chosen cards stay chosen on the answer's page
    for clue in ("even", "ge7", "pm1"):
        expect(page.locator(f"#row-{clue}")).to_be_checked()


def test_the_tutorial_guess_is_made_by_taps_without_javascript(server, phone_without_js, site):
    tutorial = site.games["deductio"].tutorial
    page = phone_without_js
    page.goto(f"{server}/en/deductio/tutorial/magnifier-use?t={tutorial.token(tutorial.links['magnifier-use'])}")
    page.locator('label[for="tut-target-1"]').tap()
    page.locator('label[for="tut-number-2"]').tap()
    page.locator('button[name="free"]').tap()
    page.wait_for_url("**/deductio/tutorial/won?*")
    expect(page.locator("h1")).to_have_text(site.games["deductio"].tutorial_texts["en"]["steps"]["won"]["title"])


@pytest.mark.parametrize("lang", ["ko", "fi"])
def test_axe_finds_nothing_serious_on_the_changed_pages(server, browser, site, lang):
    tutorial = site.games["deductio"].tutorial
    token = {step: tutorial.token(tutorial.links[step]) for step in ("deal", "eye-use", "magnifier-use", "won")}
    pages = [
        "/{lang}/deductio/tools/clue",
        "/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=even.ge9.le10",
        "/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=ge9.nb-5-8.pm1",
        "/{lang}/deductio/tools/guess?upright=even.ge7&sideways=pm1&centre=3.12.18",
        "/{lang}/deductio/deductio.guess.wrong",
        "/{lang}/deductio/deductio.clue.digits",
    ] + [f"/{{lang}}/deductio/tutorial/{step}?t={t}" for step, t in token.items()]
    context = browser.new_context(**PHONE)
    problems = serious_violations_on(context.new_page(), [server + t.format(lang=lang) for t in pages])
    context.close()
    assert not problems, problems
