"""In real Chromium: open a rule, switch language with the switcher, land on the same rule."""
from __future__ import annotations


def test_switching_language_keeps_the_rule(server, page, site):
    entry = site.entries["deductio.guess.wrong"]
    page.goto(f"{server}/en/deductio/{entry.id}")
    assert page.locator("h1").inner_text() == entry.text("en").title
    page.get_by_role("navigation", name="Language").get_by_role("link", name="한국어").click()
    page.wait_for_url(f"{server}/ko/deductio/{entry.id}")
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator("h1").inner_text() == entry.text("ko").title
    nav_name = page.locator("nav.languages").get_attribute("aria-label")
    page.get_by_role("navigation", name=nav_name).get_by_role("link", name="Suomi").click()
    page.wait_for_url(f"{server}/fi/deductio/{entry.id}")
    assert page.locator("h1").inner_text() == entry.text("fi").title


def test_root_lands_on_the_browser_language(server, browser):
    context = browser.new_context(locale="ko-KR")
    page = context.new_page()
    page.goto(f"{server}/")
    assert page.url == f"{server}/ko/"
    assert page.locator("html").get_attribute("lang") == "ko"
    context.close()
