"""Offline at the table, in real Chromium on a touch phone: the service worker keeps the first page
visited and every page after; "keep this game offline" keeps the whole game in the page's
language; with the server gone and the network cut, rule and FAQ pages never visited open, the
tutorial goes on along its usual way, the search box searches the kept questions, the tools that
need the server say so and the score pad keeps counting. A new deploy replaces every old cache.

Each test serves the site with its own gunicorn, which it stops to cut the connection."""
from __future__ import annotations

import re
import time

import pytest
from conftest import _free_port, start_server, stop_server
from playwright.sync_api import expect

from .support import PHONE


def until(page, script: str, seconds: float = 60) -> None:
    """Wait for a condition in the page (a service worker works in the background); the script
    may be an async function."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still not: {script}"
        time.sleep(0.2)  # waiting for the worker, not timing it


def controlled(page) -> None:
    until(page, "navigator.serviceWorker.controller !== null")


@pytest.fixture()
def served(tmp_path):
    started = []

    def start(port=None, spec="app:create_app()"):
        proc, url = start_server(tmp_path / "server.log", port=port, app_spec=spec)
        started.append(proc)
        return proc, url

    yield start
    for proc in started:
        if proc.poll() is None:
            stop_server(proc)


def test_offline_at_the_table(browser, served, site):
    proc, base = served()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # The first page a reader opens is kept, though the worker was installed by it.
    first = f"{base}/fi/deductio/deductio.goal"
    page.goto(first)
    controlled(page)
    until(page, f"async () => !!(await caches.match({first!r}))")

    # Keep the Korean Wizard from its game page.
    page.goto(f"{base}/ko/wizard/")
    keep = page.locator("[data-keep-offline] [data-keep]")
    expect(keep).to_have_text(re.compile("오프라인"))  # the label says offline, in the page's language
    keep.tap()
    expect(page.locator("[data-keep-offline]")).to_have_attribute("data-state", "kept", timeout=120_000)
    expect(page.locator("[data-keep-status]")).to_contain_text("저장했습니다")

    stop_server(proc)  # no server at all, and the phone says so
    context.set_offline(True)
    game = site.games["wizard"]
    never_visited = [game.rules[-1], game.rules[len(game.rules) // 2], game.faq[-1], game.faq[0]]
    for entry in never_visited:
        page.goto(f"{base}/ko/wizard/{entry.id}")
        expect(page.locator("h1")).to_have_text(entry.text("ko").title)
        expect(page.locator("[data-offline-notice]")).to_be_visible()
    page.goto(first)  # the first page visited, in another language and game
    expect(page.locator("h1")).to_have_text(site.entries["deductio.goal"].text("fi").title)

    # The FAQ: its list and filter work on the device.
    page.goto(f"{base}/ko/wizard/faq")
    page.fill("#faq-filter", "광대")
    shown = page.locator("[data-faq-item]:visible")
    assert 0 < shown.count() < len(game.faq)

    # The tutorial along its usual way: an answer and the next step.
    page.goto(f"{base}/ko/wizard/tutorial/")
    page.locator("button[name='a'][value='4']").tap()
    until(page, "document.querySelector('article.tutorial').dataset.step !== 'players'")
    step = page.locator("article.tutorial").get_attribute("data-step")
    page.locator("a[rel='next']").tap()
    until(page, f"document.querySelector('article.tutorial').dataset.step !== {step!r}")

    # The search box searches the kept questions, and says that the full search needs a connection.
    page.fill("#top-q", "광대")
    page.locator("#top-q").press("Enter")
    expect(page.locator("[data-offline-results] li").first).to_be_visible()
    titles = page.locator("[data-offline-results] li a").all_inner_texts()
    assert all(t in {e.text("ko").title for e in game.faq} for t in titles) and any("광대" in t for t in titles)
    expect(page.locator("[data-offline-search-note]")).to_be_visible()
    page.fill("#top-q", "트럼프")  # typing filters again, on the device
    expect(page.locator("[data-offline-results] li a").first).to_contain_text("트럼프")

    # A page that is not kept: the offline page, in the page's language.
    page.goto(f"{base}/ko/siggil/")
    expect(page.locator("[data-offline-search]")).to_be_visible()

    # A tool that needs the server says so; the score pad keeps counting.
    page.goto(f"{base}/ko/wizard/tools/trick?trump=H&cards=S13.H2")
    expect(page.locator("[data-offline-tool]")).to_be_visible()
    page.goto(f"{base}/ko/wizard/tools/score")
    expect(page.locator("[data-offline-tool]")).to_have_count(0)
    page.select_option("#players", "3")
    page.locator("form.pad-setup button[type='submit']").tap()
    for r in (1, 2):
        expect(page.locator(f"[data-status][data-round='{r}']")).to_be_visible()
        for seat in (1, 2, 3):
            page.locator(f"label[for='b{seat}-0']").click()
        page.locator("form.pad-entry button[type='submit']").tap()
        expect(page.locator("input#t1-0")).to_be_attached()
        for seat, tricks in zip((1, 2, 3), (0, r, 0), strict=True):
            page.locator(f"label[for='t{seat}-{tricks}']").click()
        page.locator("form.pad-entry button[type='submit']").tap()
    expect(page.locator("[data-status][data-round='3']")).to_be_visible()
    assert [page.locator(f"[data-total='{s}']").inner_text() for s in range(3)] == ["40", "-30", "40"]
    assert "s=" in page.url
    page.reload()  # the address alone keeps the game, offline too
    expect(page.locator("[data-status][data-round='3']")).to_be_visible()
    assert [page.locator(f"[data-total='{s}']").inner_text() for s in range(3)] == ["40", "-30", "40"]
    # a refused bid is refused on the device as on the server: the variant
    page.goto(f"{base}/ko/wizard/tools/score?s=1~3v0~A~B~C~000100")
    expect(page.locator("[data-status][data-round='2']")).to_be_visible()
    for seat, bid in zip((1, 2, 3), (1, 1, 0), strict=True):
        page.locator(f"label[for='b{seat}-{bid}']").click()
    page.locator("form.pad-entry button[type='submit']").tap()
    expect(page.locator(".tool-error")).to_be_visible()
    expect(page.locator(".tool-error a[data-rule='wizard.bid.variant-total']")).to_have_count(1)
    assert errors == []
    context.close()


def test_a_new_deploy_replaces_the_old_caches(browser, served):
    port = _free_port()
    proc, base = served(port, "app:create_app({'CONTENT_VERSION': 'deploy1'})")
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{base}/et/siggil/")
    controlled(page)
    page.locator("[data-keep-offline] [data-keep]").tap()
    expect(page.locator("[data-keep-offline]")).to_have_attribute("data-state", "kept", timeout=120_000)
    names = page.evaluate("caches.keys()")
    assert any(n.startswith("rat-deploy1-") and n.endswith("-kept-et-siggil") for n in names), names
    stop_server(proc)

    served(port, "app:create_app({'CONTENT_VERSION': 'deploy2'})")  # the next deploy, same address
    page.reload()
    # the new worker keeps the kept game again under the new version, then drops the old caches
    until(page, "async () => { const names = await caches.keys();"
                " return !names.some(n => n.startsWith('rat-deploy1-')) &&"
                " names.some(n => n.startsWith('rat-deploy2-') && n.endsWith('-kept-et-siggil')); }", 120)
    page.reload()
    expect(page.locator("[data-keep-offline]")).to_have_attribute("data-state", "kept")
    context.close()
