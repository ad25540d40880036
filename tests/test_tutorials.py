"""Tutorials: tokens are checked; pages, links and errors (the loader's refusals: test_tutorials_loader)."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.model import LANGS
from content.tutorial import Tutorial, TutorialError, for_players, walk

GAMES = ("wizard", "deductio", "siggil")


# --- tokens -------------------------------------------------------------------------------------


def tutorial_of(site, game: str) -> Tutorial:
    return site.games[game].tutorial


@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_a_way_there_and_its_token_is_short(site, game):
    tutorial = tutorial_of(site, game)
    assert set(tutorial.links) == set(tutorial.steps)
    for step_id, decisions in tutorial.links.items():
        token = tutorial.token(decisions)
        assert len(token) < 200, token  # far below the 2 KB the design allows
        assert tutorial.parse_token(token) == decisions
        assert walk(tutorial, decisions, step_id).here.step.id == step_id


@pytest.mark.parametrize("token, code", [
    ("", "missing"), ("v1.4.suit..x", "malformed"), ("w1.4", "malformed"), ("v2.4", "version"),
    ("v1." + ".".join(["a"] * 80), "malformed"), ("v1.4.su!t", "malformed"), ("v1.4." + "x" * 700, "malformed"),
])
def test_malformed_tokens_are_refused_with_a_code(site, token, code):
    with pytest.raises(TutorialError) as info:
        tutorial_of(site, "wizard").parse_token(token)
    assert info.value.code == code


def test_a_token_must_lead_exactly_to_its_step(site):
    tutorial = tutorial_of(site, "wizard")
    decisions = tutorial.links["follow"]
    with pytest.raises(TutorialError) as info:  # truncated: the bid is missing
        walk(tutorial, decisions[:-2], "follow")
    assert info.value.code == "order"
    with pytest.raises(TutorialError) as info:  # a decision too many for an earlier step
        walk(tutorial, decisions, "deck")
    assert info.value.code == "order"
    with pytest.raises(TutorialError) as info:  # out of order
        walk(tutorial, (decisions[1], decisions[0], *decisions[2:]), "follow")
    assert info.value.code in ("players", "answer")
    with pytest.raises(TutorialError) as info:  # seven players
        walk(tutorial, ("7",), "deck")
    assert info.value.code == "players"


def test_a_tampered_move_is_refused_by_the_engine(site):
    tutorial = tutorial_of(site, "wizard")
    decisions = list(tutorial.links["trick"])
    assert decisions[-1] == "H4"
    for bad in ("S12", "H5", "D99", "h4", "b1"):
        decisions[-1] = bad
        with pytest.raises(TutorialError) as info:
            walk(tutorial, tuple(decisions), "trick")
        assert info.value.code == "move"


def test_positions_follow_the_player_count(site):
    deductio = tutorial_of(site, "deductio")
    for players, reveal, target in ((2, 7, 3), (3, 7, 2), (4, 5, 2)):
        assert deductio.play.params(players) | {"players": players} == {
            "players": players, "reveal": reveal, "target": target, "box": 7 - reveal}
    siggil = tutorial_of(site, "siggil")
    assert [siggil.play.params(n)["set"] for n in (2, 3, 4)] == [3, 3, 2]
    assert [siggil.play.params(n)["target"] for n in (2, 3, 4)] == [5, 4, 3]
    assert for_players({"by_players": {4: "two", "default": "three"}}, 4) == "two"
    wizard = tutorial_of(site, "wizard")
    for players, rounds in ((3, 20), (4, 15), (5, 12), (6, 10)):
        state = walk(wizard, (str(players), "suit", "official"), "bid").here.state
        assert len(state.hands) == players and state.rounds == rounds


# --- pages -----------------------------------------------------------------------------------------


def url(tutorial: Tutorial, lang: str, step_id: str, **args: str) -> str:
    decisions = tutorial.links[step_id]
    query = "&".join([f"t={tutorial.token(decisions)}"] + [f"{k}={v}" for k, v in args.items()])
    return f"/{lang}/{tutorial.game}/tutorial/{step_id}?{query}"


def text(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_start_page_asks_how_many_play(client, site, game, lang):
    tutorial = tutorial_of(site, game)
    r = client.get(f"/{lang}/{game}/tutorial/")
    assert r.status_code == 200
    html = text(r)
    texts = site.games[game].tutorial_texts[lang]
    assert f'<html lang="{lang}">' in html
    assert texts["steps"][tutorial.start]["question"] in html
    for count in tutorial.counts:
        assert f'name="a" value="{count}"' in html
    assert re.search(r'<progress[^>]*max="\d+" value="1"', html)
    assert 'style="' not in html and "<script>" not in html  # the CSP allows neither


def test_an_answer_redirects_to_the_next_step_with_a_longer_token(client, site):
    r = client.get("/en/wizard/tutorial/players?t=v1&a=5")
    assert r.status_code == 303
    target = urlparse(r.headers["Location"])
    assert target.path == "/en/wizard/tutorial/deck" and parse_qs(target.query)["t"] == ["v1.5"]
    page = text(client.get(r.headers["Location"]))
    assert "Playing with 5 players" in page


def test_the_player_count_carries_through(client, site):
    r = client.get("/fi/wizard/tutorial/rounds?t=v1.6")
    assert "60 ÷ 6 = <strong>10 kierrosta</strong>" in text(r)
    r = client.get("/lt/deductio/tutorial/components?t=v2.4")
    assert "naudojamos tik 5" in text(r)
    r = client.get("/ko/siggil/tutorial/game-end?t=v1.4.spirit.t1.t0.cLL1L4.cDD3D5D7.cCC1C2C4.cWS6D6L6")  # sets of 2, then 3
    assert "정령 3장을" in text(r)


def test_a_refused_move_shows_the_engine_reason_in_the_language_with_the_rule(client, site):
    tutorial = tutorial_of(site, "wizard")
    sentence = site.games["wizard"].violations["must-follow-suit"]["ko"].split("{")[0]
    r = client.get(url(tutorial, "ko", "follow", m="S12"))
    assert r.status_code == 200
    html = text(r)
    assert sentence in html
    rule = site.entries["wizard.play.follow-suit"]
    assert f'href="/ko/wizard/wizard.play.follow-suit">{rule.text("ko").title}</a>' in html
    assert 'value="S12" class="card-button tried"' in html  # the tried card is marked


def test_a_legal_move_that_misses_the_goal_is_explained(client, site):
    tutorial = tutorial_of(site, "wizard")
    r = client.get(url(tutorial, "et", "win-trick", m="C13"))
    assert r.status_code == 200
    miss = site.games["wizard"].tutorial_texts["et"]["steps"]["win-trick"]["miss"]
    assert miss.split(",")[0] in text(r)


def test_a_move_meeting_the_goal_goes_on(client, site):
    tutorial = tutorial_of(site, "wizard")
    r = client.get(url(tutorial, "en", "follow", m="W"))  # any legal card will do, not only the script's
    assert r.status_code == 303
    page = text(client.get(r.headers["Location"]))
    assert "You win the trick." in page


def test_a_move_made_of_several_fields_is_given_its_compact_address(client, site):
    tutorial = tutorial_of(site, "siggil")
    base = url(tutorial, "en", "capture")
    r = client.get(base + "&capture=spirit-leaf&card=leaf1&card=leaf4&card=deer3")
    assert r.status_code == 303 and "m=cLL1L4D3" in r.headers["Location"]
    page = client.get(r.headers["Location"])
    assert page.status_code == 200 and "A set never mixes the two" in text(page)
    assert 'value="deer3" checked' in text(page)
    r = client.get(url(tutorial_of(site, "deductio"), "en", "second-guess") + "&guess=1&target=1&number=15")
    assert r.status_code == 303 and "m=g1-15" in r.headers["Location"]


@pytest.mark.parametrize("query", [
    "t=v1.4.suit.official.b1",          # truncated: a step is missing
    "t=v1.4.suit.official.b1.S2.H4",    # a decision too many
    "t=v1.4.official.suit.b1.S2",       # out of order
    "t=v1.4.suit.official.b1.C13",      # a move that does not meet its step's goal
    "t=v1.4.suit.official.b9.S2",       # a bid the engine refuses
    "t=v9.4.suit.official.b1.S2",       # another version
    "t=v1.9.suit.official.b1.S2",       # nine players
    "t=v1.4.suit.official.b1.%3Cscript%3E",
    "t=%00%ff",
    "t=",                                # an empty token
])
def test_a_bad_token_gets_a_localized_400_with_a_way_back(client, query):
    r = client.get(f"/lt/wizard/tutorial/follow?{query}")
    assert r.status_code == 400
    html = text(r)
    assert '<html lang="lt">' in html and 'href="/lt/wizard/tutorial/"' in html
    assert "Traceback" not in html and "<script>" not in html


@pytest.mark.parametrize("path", [
    "/en/wizard/tutorial/players?t=v1&a=9",
    "/en/wizard/tutorial/trump?t=v1.4&a=joker",
    "/en/wizard/tutorial/follow?t=v1.4.suit.official.b1.S2&m=Z9",
    "/en/wizard/tutorial/follow?t=v1.4.suit.official.b1.S2&m=" + "H" * 50,
    "/en/siggil/tutorial/take?t=v1.2.spirit&m=t99",
    "/en/siggil/tutorial/capture?t=v1.2.spirit.t1.t0&capture=spirit-leaf&card=dragon9",
    "/en/siggil/tutorial/capture?t=v1.2.spirit.t1.t0&capture=nobody&card=leaf1",
    "/en/deductio/tutorial/second-guess?t=v2.3.some.keven.kdigit1.g1-13.kle12.a&guess=1&target=x&number=15",
    "/en/deductio/tutorial/second-guess?t=v2.3.some.keven.kdigit1.g1-13.kle12.a&m=g7-99",
])
def test_bad_answers_and_moves_get_a_400(client, path):
    r = client.get(path)
    assert r.status_code == 400, path
    assert "Traceback" not in text(r)


def test_a_bare_step_address_leads_there_the_usual_way(client, site):
    tutorial = tutorial_of(site, "deductio")
    r = client.get("/et/deductio/tutorial/penalty-two")
    assert r.status_code == 302
    assert r.headers["Location"].endswith(
        f"/et/deductio/tutorial/penalty-two?t={tutorial.token(tutorial.links['penalty-two'])}")


def test_unknown_steps_and_games_are_404(client):
    assert client.get("/en/wizard/tutorial/nowhere?t=v1.4").status_code == 404
    assert client.get("/en/chess/tutorial/").status_code == 404
    assert client.get("/xx/wizard/tutorial/").status_code == 404


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), token=st.text(max_size=60), move=st.text(max_size=20))
def test_no_token_or_move_makes_a_500(client, site, game, token, move):
    tutorial = tutorial_of(site, game)
    for step_id in (tutorial.start, next(iter(s for s in tutorial.steps.values() if s.kind == "practice")).id):
        r = client.get(f"/en/{game}/tutorial/{step_id}", query_string={"t": token, "m": move, "a": move})
        assert r.status_code in (200, 303, 400, 414), (token, move, r.status_code)


def test_switching_language_keeps_the_step_and_the_token(client, site):
    tutorial = tutorial_of(site, "deductio")
    page = text(client.get(url(tutorial, "en", "penalty-two")))
    token = tutorial.token(tutorial.links["penalty-two"])
    for lang in LANGS:
        assert f'hreflang="{lang}" href="/{lang}/deductio/tutorial/penalty-two?t={token}"' in page
    ko = text(client.get(f"/ko/deductio/tutorial/penalty-two?t={token}"))
    assert site.games["deductio"].tutorial_texts["ko"]["steps"]["penalty-two"]["title"] in ko


def test_a_refused_move_survives_the_language_switch(client, site):
    tutorial = tutorial_of(site, "siggil")
    page = text(client.get(url(tutorial, "en", "take", m="t6")))
    fi_link = re.search(r'hreflang="fi" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    fi = text(client.get(fi_link))
    assert site.games["siggil"].violations["card-covered"]["fi"] in fi


def test_the_game_page_links_the_tutorial(client, site):
    for game in GAMES:
        for lang in LANGS:
            html = text(client.get(f"/{lang}/{game}/"))
            assert f'href="/{lang}/{game}/tutorial/"' in html


def test_rule_pages_offer_the_step_that_teaches_them(client, site):
    for game in GAMES:
        tutorial = tutorial_of(site, game)
        taught = {rule for step in tutorial.steps.values() for rule in step.rules}
        assert set(tutorial.teaches) == taught
        for rule, step_id in tutorial.teaches.items():
            html = text(client.get(f"/en/{game}/{rule}"))
            link = re.search(rf'href="(/en/{game}/tutorial/[^"]*)"[^>]*>Learn this in the tutorial', html)
            assert link, rule
            target = link.group(1).replace("&amp;", "&")
            assert urlparse(target).path.rstrip("/").endswith(step_id) or step_id == tutorial.start
            page = client.get(target)
            assert page.status_code == 200
            step_title = site.games[game].tutorial_texts["en"]["steps"][step_id]["title"]
            assert step_title.split("{")[0] in text(page)


def test_each_step_names_its_section_and_its_rules(client, site):
    tutorial = tutorial_of(site, "siggil")
    html = text(client.get(url(tutorial, "et", "steal")))
    game = site.games["siggil"]
    assert game.section_titles["et"]["capture"] in html
    for rule in tutorial.steps["steal"].rules:
        assert f'href="/et/siggil/{rule}"' in html
    assert re.search(r"Step \d+ of \d+", text(client.get(url(tutorial, "en", "steal"))))


def test_the_pages_work_without_javascript(client, site):
    """Every choice is a GET form or a link to a URL on this site: nothing needs a script."""
    for game in GAMES:
        tutorial = tutorial_of(site, game)
        for step_id in tutorial.steps:
            html = text(client.get(url(tutorial, "en", step_id)))
            for form in re.findall(r"<form[^>]*>", html):
                if "tut-form" in form:
                    assert 'method="get"' in form and f'action="/en/{game}/tutorial/' in form
            assert "javascript:" not in html and "onclick" not in html
