"""In real Chromium: Wizard's edition choice (static/wizard/edition.js). Chosen once on a tool
page, it is remembered on the device (localStorage, never the server), opens the other Wizard
pages in that edition and rides along their links; without JavaScript the address alone
carries it."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

KEY = "rules-at-the-table/wizard-edition"


def edition_in(url: str) -> str | None:
    return parse_qs(urlparse(url).query).get("ed", [None])[0]


def stored(page) -> str | None:
    return page.evaluate(f"window.localStorage.getItem({KEY!r})")


def test_the_choice_is_remembered_and_carried_along(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a script the CSP refused would say so here (the browser's own favicon request aside)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Content Security" in m.text else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)

    page.goto(f"{server}/en/wizard/tools/trick?trump=H&cards=S13.H13")
    expect(page.locator(".answer-head .card")).to_have_text("Hearts ♥13")
    page.get_by_role("link", name=re.compile(r"^U\.S\. Games Systems")).click()
    page.wait_for_url(re.compile(r"ed=us"))
    expect(page.locator(".answer-head .card")).to_have_text("Hearts ace♥A")
    assert stored(page) == "us"

    # Another tool, opened without the edition in its address: shown in the remembered one.
    page.goto(f"{server}/en/wizard/tools/legal?trump=D&hand=H13.S2")
    page.wait_for_url(re.compile(r"ed=us"))
    expect(page.locator("label[for='h-H13']")).to_have_text("Hearts aceA")
    # The shared "other tools" links are carried along too.
    page.get_by_role("navigation", name="Other ruling tools").get_by_role("link", name="Who wins the trick?").click()
    page.wait_for_url(re.compile(r"/tools/trick\?"))
    assert edition_in(page.url) == "us"

    # The live answer keeps it in the address it writes to the history.
    page.select_option("#c1", "H13")
    expect(page.locator(".answer-head .card")).to_have_text("Hearts ace♥A")
    expect(page).to_have_url(re.compile(r"cards=H13.*ed=us|ed=us.*cards=H13"))

    # A rule page with cards opens in the remembered edition; its links to Wizard keep it.
    page.goto(f"{server}/en/wizard/wizard.components.deck")
    page.wait_for_url(re.compile(r"ed=us"))
    expect(page.locator(".examples .card").nth(1)).to_have_text("Hearts ace♥A")
    page.locator(".related a").first.click()
    page.wait_for_load_state()
    assert edition_in(page.url) == "us"

    # Back to our notation: forgotten on the device.
    page.goto(f"{server}/en/wizard/tools/trick?ed=us")
    page.get_by_role("link", name=re.compile(r"^As in our rules")).click()
    page.wait_for_load_state()
    assert edition_in(page.url) is None and stored(page) is None
    page.goto(f"{server}/en/wizard/tools/trick?trump=H&cards=H13")
    expect(page.locator(".answer-head .card")).to_have_text("Hearts ♥13")
    assert edition_in(page.url) is None
    assert not errors, errors


def test_the_tutorial_keeps_the_colours_from_step_to_step(server, page, site):
    tutorial = site.games["wizard"].tutorial
    page.goto(f"{server}/ko/wizard/tutorial/deal?t={tutorial.token(tutorial.links['deal'])}&ed=amigo")
    expect(page.locator(".tut-table .card.amigo-H")).to_have_count(1)  # the reader's hand: H12
    page.locator('a[rel="next"]').click()  # a step fetched by the tutorial's own script
    page.wait_for_url(re.compile(r"/tutorial/trump\?"))
    page.locator('button[name="a"][value="suit"]').click()  # a shared answer form
    page.wait_for_url(re.compile(r"/tutorial/trump-suit\?"))
    assert edition_in(page.url) == "amigo"
    expect(page.locator(".tut-table .card.amigo-D")).to_have_count(1)  # the turned-up D5


def test_without_javascript_the_address_alone_carries_the_edition(server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/fi/wizard/tools/trick?ed=amigo")
    page.select_option("#c1", "S12")
    page.get_by_role("button", name="Kuka voittaa?").click()
    page.wait_for_url(re.compile(r"cards=S12"))
    assert edition_in(page.url) == "amigo"
    expect(page.locator(".answer-head .card")).to_have_text("sininen S12")
    page.locator(".rule-applied a").click()
    page.wait_for_load_state()
    assert edition_in(page.url) == "amigo"
    context.close()
