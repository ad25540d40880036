"""In real Chromium on a touch phone: a 4-player round of the score pad entered by taps.

Rows follow the seats (the sheet's columns); a tap moves on to the next player in bidding
order by itself; "Undo the last entry" takes back the last tap before it steps back a round.
A round is 4 bids + save + 4 trick counts + save: 10 taps, the issue's 2 x (players + 1)."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

from .support import PHONE

# Round 1 is played (Ann deals): round 2, Bo deals and Cy bids first.
START = "1~4o0~Ann~Bo~Cy~Di~01010100"


def current(page) -> str:
    return page.locator("[data-pad-row].current legend").inner_text()


def test_a_round_by_taps(server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/en/wizard/tools/score?s={START}")
    page.wait_for_selector("html[data-enhanced]", state="attached")
    names = page.locator("[data-pad-row] legend")
    expect(names).to_have_count(4)
    assert [n.split()[0] for n in names.all_inner_texts()] == ["Ann", "Bo", "Cy", "Di"]  # seats, as the sheet
    assert current(page).startswith("Cy bids first")

    taps = 0

    def tap(selector: str) -> None:
        nonlocal taps
        page.locator(selector).tap()
        taps += 1

    tap("label[for='b3-1']")  # Cy
    assert current(page).startswith("Di")  # on to the next player by itself
    tap("label[for='b4-0']")  # Di
    assert current(page).startswith("Ann")
    tap("label[for='b1-2']")  # Ann
    assert current(page).startswith("Bo")
    page.locator("[data-pad-undo]").tap()  # a slip: Ann's 2 taken back, Ann asked again
    assert current(page).startswith("Ann")
    expect(page.locator("#b1-2")).not_to_be_checked()
    expect(page.locator("[data-sum]")).to_have_text("Bids so far: 1 · tricks this round: 2")
    taps -= 1  # the slip and its undo are not part of the round
    tap("label[for='b1-1']")
    tap("label[for='b2-0']")  # Bo, the dealer, bids last
    expect(page.locator("[data-sum]")).to_have_text("Bids so far: 2 · tricks this round: 2")
    tap("form.pad-entry button[type='submit']")
    expect(page.locator("legend", has_text="Tricks won in round 2")).to_be_visible()
    assert current(page).startswith("Cy")
    for label in ("t3-1", "t4-0", "t1-1", "t2-0"):
        tap(f"label[for='{label}']")
    tap("form.pad-entry button[type='submit']")
    expect(page.locator("[data-status]")).to_have_text(re.compile(r"Round 3 of 15"))
    assert taps == 10 <= 2 * (4 + 1)

    assert parse_qs(urlparse(page.url).query)["s"] == [START + "~10101010"]
    totals = [page.locator(f"[data-total='{s}']").inner_text() for s in range(4)]
    assert totals == ["50", "50", "50", "10"]  # Ann 20+30, Bo 30+20, Cy 20+30, Di -10+20
    shown = page.locator("main").inner_text()
    assert not re.search(r"wizard\.\w+\.\w+", shown)  # rules by their titles, never their ids
    assert page.locator(".pad-last a[href='/en/wizard/wizard.score.made']").count() == 4
    assert errors == []
    context.close()


def test_undo_with_nothing_tapped_steps_back_a_round(server, page):
    page.goto(f"{server}/ko/wizard/tools/score?s={START}~1001")
    page.wait_for_selector("html[data-enhanced]", state="attached")
    expect(page.locator("input#t1-0")).to_be_attached()
    page.locator("[data-pad-undo]").click()
    expect(page.locator("input#b1-0")).to_be_attached()
    assert parse_qs(urlparse(page.url).query)["s"] == [START]
