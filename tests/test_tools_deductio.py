"""Deductio's ruling tools through the pages and the JSON API: which clue card may I take, and
which secret numbers are still possible. Statements and refusals come from the game's labels
and violations in the reader's language; every answer links the rule it applied."""
from __future__ import annotations

import re
from html import unescape

import pytest

from content.model import LANGS
from engine.deductio import clues as deductio_clues

RESULT = 'id="tool-result"'


def section(html: str, marker: str = RESULT) -> str:
    start = html.index(">", html.index(marker)) + 1
    return html[start:html.index("</section>", start)]


def text(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def page(client, url: str, status: int = 200) -> str:
    r = client.get(url, follow_redirects=True)
    assert r.status_code == status, (url, r.status_code)
    return r.get_data(as_text=True)


def statement(site, clue: str, lang: str) -> str:
    return site.games["deductio"].labels["clues"][clue][lang].format(**deductio_clues.clue_params(clue))


def violation(site, code: str, lang: str, **params) -> str:
    return site.games["deductio"].violations[code][lang].format(**params)


def verdicts(result: str) -> dict[str, str]:
    return dict(re.findall(r'data-clue="([^"]+)" data-true="(yes|no)"', result))


# --- which clue card may I take? -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_one_true_card(client, site, lang):
    result = section(page(client, f"/{lang}/deductio/tools/clue?secret=7&centre=3.12.18&row=even.ge7.pm1"))
    assert verdicts(result) == {"even": "no", "ge7": "yes", "pm1": "no"}
    for clue in ("even", "ge7", "pm1"):
        assert statement(site, clue, lang) in text(result)
    assert f'href="/{lang}/deductio/deductio.clue.choose-true"' in result


def test_several_true_cards_leave_the_choice(client):
    result = section(page(client, "/en/deductio/tools/clue?secret=8&centre=3.12.18&row=even.ge7.le10"))
    assert verdicts(result) == {"even": "yes", "ge7": "yes", "le10": "yes"}
    assert "3 cards of the row are true of 8: choose one" in text(result)


def test_none_true_means_take_all_three(client, site):
    result = section(page(client, "/en/deductio/tools/clue?secret=7&centre=3.12.18&row=even.le6.p1"))
    assert verdicts(result) == {"even": "no", "le6": "no", "p1": "no"}
    assert site.games["deductio"].labels["labels"]["must-take-all"]["en"] in text(result)
    assert 'href="/en/deductio/deductio.clue.none-true"' in result


def test_plus_minus_reads_the_centre(client):
    # 7 is one more than 6 in the centre: the +1/-1 card is true
    result = section(page(client, "/en/deductio/tools/clue?secret=7&centre=6.12.18&row=pm1.even"))
    assert verdicts(result) == {"pm1": "yes", "even": "no"}


def test_a_power_is_named(client, site):
    # ge15 carries the magnifying glass in the engine's (reconstructed) deck
    result = section(page(client, "/en/deductio/tools/clue?secret=16&centre=3.12.18&row=ge15"))
    assert site.games["deductio"].labels["labels"]["power-magnifier"]["en"] in text(result)


def test_the_form_lands_on_a_compact_address(client):
    # the palette's checkboxes (and the old per-slot fields of shared links) both land on it
    for query in ("row=even&row=ge7", "r1=even&r2=ge7&r3="):
        r = client.get(f"/en/deductio/tools/clue?secret=7&centre=3&centre=12&centre=18&{query}&players=")
        assert r.status_code == 302
        assert r.headers["Location"] == "/en/deductio/tools/clue?secret=7&centre=3.12.18&row=even.ge7"
    html = page(client, r.headers["Location"])
    assert 'id="centre-12" name="centre" value="12" checked' in html
    assert 'id="secret-7" name="secret" value="7" checked' in html
    assert 'id="row-ge7" name="row" value="ge7" checked' in html


@pytest.mark.parametrize("lang", ["en", "ko", "et"])
@pytest.mark.parametrize("query,code,params", [
    ("players=6&secret=7&centre=3.12.18&row=even", "bad-player-count", {"players": "6"}),
    ("secret=7&centre=3.12.7&row=even", "duplicate-number", {"number": 7}),
    ("secret=21&centre=3.12.18&row=even", "number-out-of-range", {"number": 21}),
    ("secret=7&centre=3.12.18&row=even.even", "duplicate-clue", {}),
    ("secret=7&centre=3.12.18&row=nope", "unknown-clue", {"clue": "nope"}),
    ("secret=7&centre=3.12.18&row=even.odd.ge7.le6", "row-too-long", {"size": 4}),
])
def test_impossible_situations_are_named(client, site, lang, query, code, params):
    result = section(page(client, f"/{lang}/deductio/tools/clue?{query}", status=400))
    assert f'data-error="{code}"' in result
    if code == "duplicate-clue":
        assert statement(site, "even", lang).rstrip(".") in text(result)
    else:
        assert violation(site, code, lang, **params) in text(result)


def test_the_centre_is_never_smaller_than_at_setup(client):
    result = section(page(client, "/en/deductio/tools/clue?secret=7&centre=3.12&row=even", status=400))
    assert 'data-error="centre-too-small"' in result
    assert 'href="/en/deductio/deductio.setup.deal"' in result


def test_the_centre_is_bounded_by_the_reveal_cards(client):
    # with 4 players only 5 reveal cards are used: at most 3 + 5 = 8 numbers in the centre
    url = "/en/deductio/tools/clue?players=4&secret=20&centre=1.2.3.4.5.6.7.8.9&row=even"
    result = section(page(client, url, status=400))
    assert 'data-error="centre-too-large"' in result
    assert section(page(client, url.replace("players=4", "players=3")))


def test_an_empty_visit_shows_only_the_form(client):
    html = page(client, "/en/deductio/tools/clue")
    assert text(section(html)) == ""
    assert html.count('type="checkbox" id="row-') == len(deductio_clues.CLUE_IDS)


# --- which numbers are still possible? -----------------------------------------------------------------------


def possible(result: str) -> list[int]:
    m = re.search(r'data-possible="([^"]*)"', result)
    return [int(n) for n in m.group(1).split(".")] if m and m.group(1) else []


def test_the_numbers_that_still_fit(client, site):
    url = "/ko/deductio/tools/guess?upright=even.ge7&sideways=pm1&centre=3.12.18&known=5"
    result = section(page(client, url))
    # even, 7 or more, not next to 3, 12 or 18, not in the centre: 8 10 14 16 20
    assert possible(result) == [8, 10, 14, 16, 20]
    for rule in ("deductio.clue.choose-true", "deductio.clue.none-true", "deductio.clue.plus-minus"):
        assert f'href="/ko/deductio/{rule}"' in result


def test_one_number_left(client):
    # 15 or more and even: 16, 18, 20; 18 lies in the centre; "16 or less" lies sideways: 20
    result = section(page(client, "/en/deductio/tools/guess?upright=ge15.even&sideways=le16&centre=3.12.18"))
    assert possible(result) == [20]
    assert "Only one number fits: 20." in text(result)


def test_contradicting_cards_leave_nothing(client):
    result = section(page(client, "/en/deductio/tools/guess?upright=even.odd&centre=3.12.18"))
    assert possible(result) == []
    assert "No secret number fits" in text(result)


def test_the_guess_form_lands_on_a_compact_address(client):
    query = "&".join(f"k-{c}=" for c in deductio_clues.CLUE_IDS if c not in ("even", "pm1"))
    r = client.get(f"/en/deductio/tools/guess?{query}&k-even=u&k-pm1=s&centre=3&centre=12&centre=18&known=5")
    assert r.status_code == 302
    assert r.headers["Location"] == "/en/deductio/tools/guess?upright=even&sideways=pm1&centre=3.12.18&known=5"
    html = page(client, r.headers["Location"])
    assert 'id="k-even-u" name="k-even" value="u" checked' in html
    assert 'id="k-pm1-s" name="k-pm1" value="s" checked' in html


@pytest.mark.parametrize("query,code", [
    ("upright=even&sideways=even&centre=3.12.18", "duplicate-clue"),
    ("upright=even&centre=3.12.18&known=12", "duplicate-number"),
    ("upright=even&centre=3.12.18&known=0", "number-out-of-range"),
    ("upright=even&centre=3.12.18&players=1", "bad-player-count"),
    ("upright=bogus&centre=3.12.18", "unknown-clue"),
])
def test_impossible_guess_situations(client, query, code):
    result = section(page(client, f"/fi/deductio/tools/guess?{query}", status=400))
    assert f'data-error="{code}"' in result


# --- the JSON API ------------------------------------------------------------------------------------------


def test_api_clue(client, site):
    r = client.post("/api/v1/deductio/clue?lang=lt", json={"secret": 7, "centre": [3, 12, 18],
                                                              "row": ["even", "ge7", "pm1"], "players": 3})
    assert r.status_code == 200
    data = r.get_json()
    assert data["take"] == ["ge7"] and data["must_take_all"] is False and data["untrue"] == ["even", "pm1"]
    assert data["rule"] == "deductio.clue.choose-true"
    assert data["rule_url"] == "/lt/deductio/deductio.clue.choose-true"
    assert data["reason"]


def test_api_clue_none_true(client):
    data = client.post("/api/v1/deductio/clue", json={"secret": 7, "centre": [3, 12, 18],
                                                       "row": ["even", "le6", "p1"]}).get_json()
    assert data["take"] == [] and data["must_take_all"] is True and data["rule"] == "deductio.clue.none-true"


def test_api_possible(client):
    data = client.post("/api/v1/deductio/possible?lang=fi", json={
        "upright": ["even", "ge7"], "sideways": ["pm1"], "centre": [3, 12, 18], "known": [5]}).get_json()
    assert data["possible"] == [8, 10, 14, 16, 20]
    assert "deductio.clue.plus-minus" in data["rules"]


@pytest.mark.parametrize("path,body,code", [
    ("/api/v1/deductio/clue", {"secret": 7, "centre": [3, 12, 18], "row": ["even"], "players": 6},
     "bad-player-count"),
    ("/api/v1/deductio/clue", {"secret": 7, "centre": [3, 12, 18], "row": ["even"], "players": True},
     "bad-player-count"),
    ("/api/v1/deductio/clue", {"secret": "7", "centre": [3, 12, 18], "row": ["even"]}, "number-out-of-range"),
    ("/api/v1/deductio/clue", {"secret": 7, "centre": [3, 12, 18], "row": "even"}, "not-a-list"),
    ("/api/v1/deductio/clue", {"secret": 7, "centre": [3, 12], "row": ["even"]}, "centre-too-small"),
    ("/api/v1/deductio/clue", {"secret": 7, "centre": [3, 12, 18], "row": ["a", "b", "c", "d"]}, "row-too-long"),
    ("/api/v1/deductio/possible", {"upright": ["even"], "sideways": ["even"], "centre": [3, 12, 18]},
     "duplicate-clue"),
    ("/api/v1/deductio/possible", {"upright": "even", "centre": [3, 12, 18]}, "not-a-list"),
    ("/api/v1/deductio/possible", {"upright": [], "centre": [3, 12, 18, 18]}, "duplicate-number"),
])
def test_api_impossible_input(client, path, body, code):
    r = client.post(path + "?lang=ko", json=body)
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["code"] == code and error["message"]
