"""In real Chromium: a whole 3-player game of Wizard on the score pad, with a reload halfway.

The game: every round Bo bids 0 and takes every trick (missed, -10 a trick); Ann and Cy bid 0
and take none (made, +20), except in round 5 where both bid 1 and take none (missed, -10).
So Ann and Cy end level on 19 x 20 - 10 = 370 and share the win; Bo ends on -10 x 210."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

ROUNDS = 20


def bids_for(r: int) -> list[int]:
    return [1, 0, 1] if r == 5 else [0, 0, 0]


def tricks_for(r: int) -> list[int]:
    return [0, r, 0]


def enter(page, prefix: str, values: list[int], button: str) -> None:
    for seat, value in enumerate(values, start=1):
        page.select_option(f"#{prefix}{seat}", str(value))
    page.get_by_role("button", name=button).click()


def play_round(page, r: int) -> None:
    status = page.locator("[data-status]")
    expect(status).to_have_text(re.compile(rf"Round {r} of {ROUNDS}"))
    for seat, value in enumerate(bids_for(r), start=1):
        page.select_option(f"#b{seat}", str(value))
    expect(page.locator("[data-sum]")).to_contain_text(f"Bids so far: {sum(bids_for(r))}")
    page.get_by_role("button", name="Save the bids").click()
    expect(page.get_by_text(f"Tricks won in round {r}")).to_be_visible()
    enter(page, "t", tricks_for(r), "Save the tricks won")
    if r < ROUNDS:
        expect(status).to_have_text(re.compile(rf"Round {r + 1} of {ROUNDS}"))
    else:
        expect(status).to_have_text("Game over")


def totals(page) -> list[str]:
    return [page.locator(f'[data-total="{seat}"]').inner_text() for seat in range(3)]


def test_a_whole_game_on_the_score_pad(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/en/wizard/tools/score")
    page.select_option("#players", "3")
    expect(page.locator("#n4")).to_be_hidden()  # seats beyond the player count are put away
    page.fill("#n1", "Ann")
    page.fill("#n2", "Bo")
    page.fill("#n3", "Cy")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("[data-status]")).to_have_text(re.compile(r"Round 1 of 20 · 1 card each"))
    assert parse_qs(urlparse(page.url).query)["s"] == ["1~3o0~Ann~Bo~Cy"]

    for r in range(1, 11):
        play_round(page, r)
        if r == 5:  # the made/missed rule per player, as a link to the rule
            last = page.locator(".pad-last")
            expect(last.locator("li.missed")).to_have_count(3)
            expect(last.get_by_role("link", name=re.compile("."))).to_have_count(3)
            assert last.locator("li.missed").first.get_attribute("data-seat") == "0"
            # each player's rule, linked; its id stays out of what a player reads
            expect(last.locator("a[data-rule='wizard.score.missed']")).to_have_count(3)
            assert "wizard.score.missed" not in last.inner_text()

    # halfway: the page is reloaded, and the game is still there, from the address alone
    before = totals(page)
    page.reload()
    expect(page.locator("[data-status]")).to_have_text(re.compile(r"Round 11 of 20 · 11 cards each"))
    assert totals(page) == before == [str(9 * 20 - 10), str(-10 * 55), str(9 * 20 - 10)]

    # leaving the pad and coming back to its empty page offers to continue (localStorage)
    page.goto(f"{server}/en/wizard/tools/score")
    resume = page.get_by_role("link", name="Continue the game in progress")
    expect(resume).to_be_visible()
    resume.click()
    expect(page.locator("[data-status]")).to_have_text(re.compile(r"Round 11 of 20"))

    for r in range(11, ROUNDS + 1):
        play_round(page, r)

    ranking = page.locator("[data-ranking]")
    expect(ranking.locator("li")).to_have_count(3)
    assert ranking.locator("li").nth(0).inner_text().startswith("1.")
    assert ranking.locator("li").nth(1).inner_text().startswith("1.")
    assert ranking.locator("li").nth(2).inner_text().startswith("3.")
    expect(ranking).to_contain_text("shared win")
    assert ranking.locator("li").nth(2).locator(".who").inner_text() == "Bo"
    assert totals(page) == ["370", str(-10 * 210), "370"]
    expect(page.locator(".pad-ranking").get_by_role("link", name=re.compile("."))).to_have_attribute(
        "href", "/en/wizard/wizard.end.winner")
    # the language switcher carries the finished game
    expect(page.get_by_role("navigation", name="Language").get_by_role("link", name="한국어")).to_have_attribute(
        "href", re.compile(r"^/ko/wizard/tools/score\?s=1~3o0~Ann~Bo~Cy~"))
    assert errors == []


def test_a_refused_bid_keeps_the_game(server, page):
    page.goto(f"{server}/en/wizard/tools/score?s=1~3v0~Ann~Bo~Cy~000100")
    expect(page.locator("[data-status]")).to_have_text(re.compile("Round 2 of 20"))
    page.select_option("#b1", "1")
    page.select_option("#b2", "1")
    page.select_option("#b3", "0")
    expect(page.locator("[data-sum]")).to_have_class(re.compile("warn"))
    page.get_by_role("button", name="Save the bids").click()
    expect(page.locator(".tool-error")).to_be_visible()
    expect(page.locator(".tool-error").get_by_role("link")).to_have_attribute(
        "href", "/en/wizard/wizard.bid.variant-total")
    assert parse_qs(urlparse(page.url).query)["s"] == ["1~3v0~Ann~Bo~Cy~000100"]
    page.select_option("#b2", "2")
    page.get_by_role("button", name="Save the bids").click()
    expect(page.get_by_text("Tricks won in round 2")).to_be_visible()
