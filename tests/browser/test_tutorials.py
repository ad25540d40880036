"""In real Chromium: each game's tutorial from the first step to the last, in two languages
(one Korean), with a branch and a refused move; a screenshot of each practice step goes to
test-artifacts/. The steps change without reloading the page (JavaScript swaps <main> and
keeps the history), back goes back, the keyboard works, and without JavaScript the same
tutorial works page by page."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from content.tutorial import for_players, walk

ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "test-artifacts"

# (game, language, player count, the answer chosen at each question)
RUNS = [
    ("wizard", "ko", 4, {"trump": "wizard", "variant": "variant"}),
    ("wizard", "lt", 3, {"trump": "jester", "variant": "official"}),
    ("deductio", "ko", 3, {"row-true": "none"}),
    ("deductio", "fi", 4, {"row-true": "some"}),
    ("siggil", "ko", 2, {"spirit-on-top": "spirit"}),
    ("siggil", "et", 1, {}),
]


def step_and_token(tutorial, url: str) -> tuple[str, tuple[str, ...]]:
    parts = urlparse(url)
    step_id = parts.path.rstrip("/").rsplit("/", 1)[-1]
    if step_id == "tutorial":
        return tutorial.start, ()
    return step_id, tutorial.parse_token(parse_qs(parts.query)["t"][0])


def current_step(page) -> str:
    return page.locator("article.tutorial").get_attribute("data-step")


def wait_for_other_step(page, step_id: str) -> None:
    page.wait_for_function(
        "(s) => { const a = document.querySelector('article.tutorial');"
        " return a && a.dataset.step !== s && !document.getElementById('main').hasAttribute('aria-busy'); }",
        arg=step_id)


def make_move(page, tutorial, move: str) -> None:
    """Press the control of a move; a guess or a set of cards is entered field by field."""
    action = tutorial.play.decode(move)
    if action["type"] in ("guess", "magnify"):
        for field in ("target", "number"):
            if page.locator(f"select#tut-{field}").count():
                page.select_option(f"#tut-{field}", str(action[field]))
            else:  # chips: radio buttons, the label is what a thumb taps
                page.locator(f'label[for="tut-{field}-{action[field]}"]').click()
        page.locator('button[name="guess"]' if action["type"] == "guess" else 'button[name="free"]').click()
    elif action["type"] == "capture":
        for box in page.locator('input[name="card"]').all():
            if box.is_checked():
                box.uncheck()
        for card in action["cards"]:
            page.locator(f'input[name="card"][value="{card}"]').check()
        page.locator(f'button[name="capture"][value="{action["spirit"]}"]').click()
    else:
        page.locator(f'button[name="m"][value="{move}"]').click()


def play_through(page, server: str, site, game_id: str, lang: str, players: int, answers: dict) -> list[str]:
    game = site.games[game_id]
    tutorial = game.tutorial
    page.goto(f"{server}/{lang}/{game_id}/tutorial/")
    assert page.locator("html").get_attribute("lang") == lang
    page.wait_for_selector("html[data-enhanced]", state="attached")  # its script, loaded after the page
    page.evaluate("window.__sameDocument = true")
    seen: list[str] = []
    refused = 0
    while True:
        step_id = current_step(page)
        step_id_url, decisions = step_and_token(tutorial, page.url)
        assert step_id_url == step_id  # the address follows the step (history.pushState)
        seen.append(step_id)
        step = tutorial.steps[step_id]
        title = game.tutorial_texts[lang]["steps"][step_id]["title"]
        if "{" not in title:
            assert page.locator("h1").inner_text().strip() == title.strip()
        if step.kind == "end":
            break
        if step.kind == "players":
            page.locator(f'button[name="a"][value="{players}"]').click()
        elif step.kind == "question":
            answer = answers.get(step_id, step.answers[0][0])
            page.locator(f'button[name="a"][value="{answer}"]').click()
        elif step.kind == "content":
            page.locator('a[rel="next"]').click()
        else:
            here = walk(tutorial, decisions, step_id)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"tutorial-{game_id}-{lang}-{step_id}.png"), full_page=True)
            if step.wrong is not None:
                wrong = for_players(step.wrong, players)
                make_move(page, tutorial, wrong["move"])
                box = page.locator(".tut-refused")
                box.wait_for()
                rule = site.entries[wrong["rule"]]
                assert box.get_by_role("link", name=rule.text(lang).title).count() == 1
                sentences = [v[lang] for v in game.violations.values() if v.get("rule") == wrong["rule"]]
                shown = box.inner_text()
                assert any(s.split("{")[0].strip()[:20] in shown for s in sentences), shown
                assert page.evaluate("document.activeElement.classList.contains('tut-refused')")
                assert current_step(page) == step_id and "m=" in page.url
                refused += 1
            make_move(page, tutorial, str(for_players(step.expect, here.players)))
        wait_for_other_step(page, step_id)
        # Keyboard and screen reader land on the new step's title.
        assert page.evaluate("document.activeElement.tagName") == "H1"
    assert page.evaluate("window.__sameDocument") is True  # no page was reloaded on the way
    assert refused >= 1
    return seen


@pytest.mark.parametrize("game, lang, players, answers", RUNS, ids=[f"{game}-{lang}" for game, lang, _, _ in RUNS])
def test_a_tutorial_from_start_to_end(server, page, site, game, lang, players, answers):
    seen = play_through(page, server, site, game, lang, players, answers)
    tutorial = site.games[game].tutorial
    for question, answer in answers.items():  # the branch chosen was taken
        following = tutorial.steps[question].after_answer(answer)
        assert seen[seen.index(question) + 1] == following
    if players == 1:
        assert "solo-setup" in seen and "steal" not in seen
    # Back goes back one step, through the history the steps were pushed onto.
    page.go_back()
    wait_for_other_step(page, seen[-1])
    assert current_step(page) == seen[-2]
    page.go_forward()
    wait_for_other_step(page, seen[-2])
    assert current_step(page) == seen[-1]


def test_switching_language_mid_tutorial_keeps_the_step(server, page, site):
    tutorial = site.games["deductio"].tutorial
    token = tutorial.token(tutorial.links["penalty-one"])
    page.goto(f"{server}/en/deductio/tutorial/penalty-one?t={token}")
    page.get_by_role("navigation", name="Language").get_by_role("link", name="한국어").click()
    page.wait_for_url(re.compile(r"/ko/deductio/tutorial/penalty-one\?t="))
    assert page.locator("h1").inner_text().strip() == \
        site.games["deductio"].tutorial_texts["ko"]["steps"]["penalty-one"]["title"]


def test_the_keyboard_alone_gets_through_a_step(server, page, site):
    page.goto(f"{server}/fi/wizard/tutorial/")
    button = page.locator('button[name="a"][value="5"]')
    for _ in range(40):  # tab to the answer, as a keyboard user would
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.value") == "5":
            break
    assert button.evaluate("b => b === document.activeElement")
    page.keyboard.press("Enter")
    wait_for_other_step(page, "players")
    assert current_step(page) == "deck" and "t=v1.5" in page.url


def test_without_javascript_every_step_is_a_page(server, browser, site):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    tutorial = site.games["siggil"].tutorial
    token = tutorial.token(tutorial.links["take"])
    page.goto(f"{server}/lt/siggil/tutorial/take?t={token}")
    page.locator('button[name="m"][value="t6"]').click()  # a covered card
    page.wait_for_load_state()
    assert page.locator(".tut-refused").count() == 1 and "m=t6" in page.url
    page.locator('button[name="m"][value="t0"]').click()
    page.wait_for_url(re.compile(r"/lt/siggil/tutorial/turned-up\?t="))
    page.locator('a[rel="next"]').click()
    page.wait_for_url(re.compile(r"/lt/siggil/tutorial/free-spirit\?t="))
    context.close()


def test_a_damaged_link_says_so_and_leads_back_to_the_start(server, page):
    response = page.goto(f"{server}/ko/wizard/tutorial/follow?t=v1.4.suit.official.b1.S9")
    assert response.status == 400
    page.locator("a.button[href='/ko/wizard/tutorial/']").click()
    page.wait_for_function("() => document.querySelector('article.tutorial') && "
                           "document.querySelector('article.tutorial').dataset.step === 'players'")
    assert page.url.endswith("/ko/wizard/tutorial/")
