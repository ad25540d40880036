"""Every branch of every tutorial, walked in the Flask test client as a reader would.

Each player count, each answer of each question and each outcome the engine can give (a right
or a wrong guess) is followed from the first page to the last, submitting the forms the pages
offer. On every page: status 200, the step's title, the progress; on practice steps, the
scripted wrong move is refused with the engine's sentence and a link to its rule.
"""
from __future__ import annotations

import html as html_lib
import re
from urllib.parse import parse_qs, urlparse

import pytest

from content.model import LANGS
from content.tutorial import for_players, step_texts, try_move, walk

GAMES = ("wizard", "deductio", "siggil")
NEXT = re.compile(r'<a class="button" rel="next" href="([^"]+)"')
H1 = re.compile(r"<h1[^>]*>(.*?)</h1>", re.DOTALL)
PROGRESS = re.compile(r'<progress[^>]*max="(\d+)" value="(\d+)"')


def page(client, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 200, (url, r.status_code)
    return r.get_data(as_text=True)


def follow(client, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 303, (url, r.status_code, r.get_data(as_text=True)[:300])
    return r.headers["Location"]


def where(tutorial, url: str) -> tuple[str, tuple[str, ...]]:
    parts = urlparse(url)
    step_id = parts.path.rstrip("/").rsplit("/", 1)[-1]
    if step_id == "tutorial":
        return tutorial.start, ()
    return step_id, tutorial.parse_token(parse_qs(parts.query)["t"][0])


def walk_all(client, site, game_id: str, lang: str) -> list[list[str]]:
    """Every way through the tutorial: the list of step ids of each."""
    game = site.games[game_id]
    tutorial = game.tutorial
    ways: list[list[str]] = []

    def visit(url: str, trail: list[str], scripted: bool) -> None:
        html = page(client, url)
        step_id, decisions = where(tutorial, url)
        here = walk(tutorial, decisions, step_id)
        step, players = here.here.step, here.players
        texts = step_texts(game, lang, step, players)
        assert html_lib.unescape(H1.search(html).group(1)).strip() == texts["title"], url
        total, number = map(int, PROGRESS.search(html).groups())
        assert number == len(trail) + 1 and number <= total
        trail = trail + [step_id]
        base = f"{url}{'&' if '?' in url else '?'}"
        if step.kind == "end":
            ways.append(trail)
            return
        if step.kind == "players":
            for count in tutorial.counts:
                visit(follow(client, f"{base}a={count}"), trail, True)
            return
        if step.kind == "question":
            for answer, _ in step.answers:
                assert f'name="a" value="{answer}"' in html
                visit(follow(client, f"{base}a={answer}"), trail, scripted)
            return
        if step.kind == "content":
            visit(html_lib.unescape(NEXT.search(html).group(1)), trail, scripted)
            return
        scripted = scripted or step.position is not None
        if scripted and step.wrong is not None:
            wrong = for_players(step.wrong, players)
            refused = page(client, f"{base}m={wrong['move']}")
            assert 'class="tut-refused"' in refused
            assert f'/{lang}/{game_id}/{wrong["rule"]}"' in refused
        moves = {}  # one move per step it leads to (right and wrong guesses lead apart)
        expect = str(for_players(step.expect, players))
        for action in [tutorial.play.decode(expect)] + tutorial.play.legal(here.here.state):
            result = try_move(tutorial, here.here, tutorial.play.encode(action))
            if result.done:
                moves.setdefault(result.next, result.decision)
        assert moves, f"{step_id}: nothing meets the goal"
        for move in moves.values():
            visit(follow(client, f"{base}m={move}"), trail, scripted and move == expect)

    visit(f"/{lang}/{game_id}/tutorial/", [], True)
    return ways


def branches(tutorial, step_id: str) -> int:
    """How many ways lead from this step to the end: a count, an answer, an outcome each."""
    step = tutorial.steps[step_id]
    if step.kind == "end":
        return 1
    if step.kind == "players":
        return sum(branches(tutorial, step.after_players(c)) for c in tutorial.counts)
    if step.kind == "question":
        return sum(branches(tutorial, nxt) for _, nxt in step.answers)
    if step.outcomes:
        return sum(branches(tutorial, nxt) for _, nxt in step.outcomes)
    return branches(tutorial, step.next)


@pytest.mark.parametrize("game", GAMES)
def test_every_branch_of_the_tutorial(client, site, game):
    tutorial = site.games[game].tutorial
    ways = walk_all(client, site, game, "en")
    assert {step for way in ways for step in way} == set(tutorial.steps)
    assert len(ways) == branches(tutorial, tutorial.start)  # wizard 24, deductio 24, siggil 7


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_step_in_every_language(client, site, game, lang):
    """The way to each step (the links of the rule pages) shows it in every language."""
    tutorial = site.games[game].tutorial
    for step_id, decisions in tutorial.links.items():
        query = f"?t={tutorial.token(decisions)}" if decisions else ""
        url = f"/{lang}/{game}/tutorial/{step_id}{query}"
        html = page(client, url)
        step = tutorial.steps[step_id]
        players = walk(tutorial, decisions, step_id).players
        texts = step_texts(site.games[game], lang, step, players)
        assert html_lib.unescape(H1.search(html).group(1)).strip() == texts["title"]
        assert f'<html lang="{lang}">' in html
        if step.kind == "practice" and step.wrong is not None:
            wrong = for_players(step.wrong, players)
            refused = page(client, f"{url}&m={wrong['move']}")
            code = next(c for c, v in site.games[game].violations.items() if v.get("rule") == wrong["rule"]
                        and v[lang].split("{")[0][:25] in html_lib.unescape(refused))
            assert code
