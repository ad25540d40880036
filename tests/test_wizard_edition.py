"""Wizard's cards in the edition the table has (engine/wizard/site/edition.py): the address
alone (?ed=amigo, ?ed=us) changes how the cards are shown on the tool pages, the rule pages
and in the tutorial, never what they are; links and forms keep it; the texts name both
editions and the tie ruling names its source, in every language."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest

from content.model import LANGS

TRICK = "/{lang}/wizard/tools/trick?trump=H&cards=S13.H2.J.H13"
RESULT = 'id="tool-result"'
EDITION_JS = re.compile(r"/static/wizard/edition\.[0-9a-f]{10}\.js")  # its content-hashed name (web/assets.py)


def get(client, url: str, status: int = 200) -> str:
    r = client.get(url)
    assert r.status_code == status, (url, r.status_code, r.headers.get("Location"))
    return r.get_data(as_text=True)


def result(html: str) -> str:
    start = html.index(">", html.index(RESULT)) + 1
    return html[start:html.index("</section>", start)]


def shown(fragment: str, glue: str = " ") -> str:
    """What a sighted reader sees: the text without the parts only a screen reader reads."""
    fragment = re.sub(r'<span class="visually-hidden">[^<]*</span>', glue, fragment)
    return " ".join(unescape(re.sub(r"<[^>]+>", glue, fragment)).split())


def chips(fragment: str) -> list[str]:
    """The cards drawn in a fragment, as seen (each chip up to its own closing tag)."""
    out = []
    for m in re.finditer(r'<span class="card [^"]*">', fragment):
        depth, i = 1, m.end()
        while depth:
            tag = re.compile(r"<(/?)span\b[^>]*>").search(fragment, i)
            depth += -1 if tag.group(1) else 1
            i = tag.end()
        out.append(shown(fragment[m.start():i], glue=""))
    return out


def faces(fragment: str) -> list[str]:
    """The cards of the table drawn in a fragment (engine/wizard/site/drawings.py), as seen."""
    return [unescape(t) for t in re.findall(r'<g class="svg-card [^"]*"[^>]*><rect [^>]*/><text [^>]*>([^<]*)</text>', fragment)]


def drawn_title(fragment: str) -> str:
    return unescape(re.search(r"<svg\b[^>]*><title>([^<]*)</title>", fragment).group(1))


def labels(site, group: str, code: str, lang: str) -> str:
    return site.games["wizard"].labels[group][code][lang]


# --- the cards on a tool page, from the address alone -----------------------------------------------


def test_without_a_choice_the_cards_are_written_as_in_our_rules(client):
    html = result(get(client, TRICK.format(lang="en")))
    assert "suit-H" in html and "amigo" not in html
    assert "the highest trump, ♥13, wins the trick" in shown(html)


def test_the_us_edition_runs_from_2_to_the_ace(client, site):
    html = result(get(client, TRICK.format(lang="en") + "&ed=us"))
    text = shown(html)
    assert "the highest trump, ♥A, wins the trick" in text
    assert chips(html) == ["♥A"] and faces(html) == ["♠A", "♥3", "Jester", "♥A"]  # H2 is the U.S. deck's 3
    assert "♥13" not in text and "♥13" not in drawn_title(html)
    assert '<span class="visually-hidden">Hearts ace</span>' in html  # the ace read as a word


@pytest.mark.parametrize("lang", LANGS)
def test_amigo_shows_the_colours_in_every_language(client, site, lang):
    html = result(get(client, TRICK.format(lang=lang) + "&ed=amigo"))
    red, blue = labels(site, "colours", "H", lang), labels(site, "colours", "S", lang)
    assert 'class="card amigo amigo-H"' in html and 'class="svg-card wz-amigo amigo-S' in html
    assert f'<span class="visually-hidden">{red} </span>' in html
    assert f"{red} 13" in shown(html) and "♥" not in shown(html)
    assert f"{blue} 13" in drawn_title(html) and faces(html)[0][1:] == "13"  # the colour's initial, then 13


def test_the_choice_changes_the_chips_of_the_legal_cards_tool(client):
    url = "/en/wizard/tools/legal?trump=D&hand=H7.H13.S2&trick=H3"
    plain, us, amigo = (result(get(client, url + ed)) for ed in ("", "&ed=us", "&ed=amigo"))
    assert faces(plain) == ["♥3", "♥7", "♥13", "♠2"]  # the trick so far, then the hand
    assert faces(us) == ["♥4", "♥8", "♥A", "♠3"]
    assert faces(amigo) == ["R3", "R7", "R13", "B2"] and "amigo-S" in amigo  # the colour's initial, then the number
    page = get(client, url + "&ed=us").split("<body", 1)[1]  # not the inline stylesheet
    picker = page[page.index("hand-picker"):page.index("</fieldset>", page.index("hand-picker"))]
    assert '<span aria-hidden="true">A</span>' in picker and '<span class="visually-hidden">Hearts ace</span>' in picker
    assert 'class="chip amigo amigo-H"' in get(client, url + "&ed=amigo")


def test_the_trump_choice_and_the_card_lists_follow_the_edition(client):
    page = get(client, "/en/wizard/tools/trick?ed=amigo")
    assert 'class="chip amigo amigo-H" for="trump-H">Red</label>' in page
    assert '<optgroup label="Blue">' in page and ">blue 13</option>" in page
    page = get(client, "/en/wizard/tools/trick?ed=us")
    assert ">♥A</option>" in page and ">♥2</option>" in page and 'value="H13"' in page  # the tokens stay


def test_the_tokens_never_change(client):
    a = result(get(client, TRICK.format(lang="en") + "&ed=us"))
    b = result(get(client, TRICK.format(lang="en")))
    assert re.findall(r'data-reason="[^"]+"', a) == re.findall(r'data-reason="[^"]+"', b)
    assert 'value="S13"' in get(client, "/en/wizard/tools/trick?cards=S13&ed=us")


def test_an_unknown_edition_is_our_notation_and_leaves_the_address(client):
    r = client.get(TRICK.format(lang="en") + "&ed=bridge")
    assert r.status_code == 302 and "ed=" not in r.headers["Location"]
    assert "♥13" in shown(result(get(client, r.headers["Location"])))


# --- the choice on the page, and the edition kept along links and forms -------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_choice_offers_three_links_with_the_current_marked(client, site, lang):
    html = get(client, TRICK.format(lang=lang) + "&ed=us")
    nav = html[html.index('<nav class="wz-edition"'):html.index("</nav>", html.index('<nav class="wz-edition"'))]
    links = re.findall(r'<a class="chip( current)?" href="([^"]+)" data-wizard-edition="(\w*)"', nav)
    assert [(bool(cur), value) for cur, _, value in links] == [(False, ""), (False, "amigo"), (True, "us")]
    for _, href, value in links:
        query = parse_qs(urlparse(unescape(href)).query)
        assert query["cards"] == ["S13.H2.J.H13"] and query["trump"] == ["H"]
        assert query.get("ed") == ([value] if value else None)
    for code in ("legend", "rules", "amigo", "us", "hint"):
        assert unescape(labels(site, "edition", code, lang)) in unescape(nav)
    assert len(EDITION_JS.findall(html)) == 1


def test_forms_and_links_keep_the_edition(client):
    html = get(client, TRICK.format(lang="en") + "&ed=amigo")
    assert '<input type="hidden" name="ed" value="amigo">' in html
    assert 'href="/en/wizard/wizard.trick.winner?ed=amigo"' in result(html)
    # a form submission (per-slot fields) is redirected to the compact address, edition kept
    r = client.get("/en/wizard/tools/trick?trump=H&c1=S13&c2=H2&ed=amigo")
    assert r.status_code == 302
    assert parse_qs(urlparse(r.headers["Location"]).query) == {"trump": ["H"], "cards": ["S13.H2"], "ed": ["amigo"]}
    assert '<input type="hidden" name="ed" value="amigo">' not in get(client, TRICK.format(lang="en"))


def test_the_language_switcher_keeps_the_edition(client):
    html = get(client, TRICK.format(lang="ko") + "&ed=us")
    assert re.search(r'href="/fi/wizard/tools/trick\?trump=H&amp;cards=S13\.H2\.J\.H13&amp;ed=us"', html)


def test_the_score_pad_keeps_the_edition(client):
    r = client.get("/en/wizard/tools/score?players=3&dealer=1&ed=us")
    assert r.status_code == 302 and "ed=us" in r.headers["Location"]
    html = get(client, r.headers["Location"])
    assert html.count('<input type="hidden" name="ed" value="us">') == 1  # the bids form
    bids = client.get(r.headers["Location"] + "&b1=0&b2=1&b3=0")
    assert bids.status_code == 302 and "ed=us" in bids.headers["Location"]
    assert EDITION_JS.search(html)


# --- rule pages, the tutorial, the API ---------------------------------------------------------------


def test_rule_pages_draw_their_examples_in_the_edition(client):
    html = get(client, "/en/wizard/wizard.components.deck?ed=us")
    examples = html[html.index('class="examples"'):]
    assert chips(examples)[:2] == ["♥2", "♥A"]
    assert len(EDITION_JS.findall(html)) == 1  # brought by the first chip
    assert "amigo-H" in get(client, "/en/wizard/wizard.components.deck?ed=amigo")
    assert not EDITION_JS.search(get(client, "/en/wizard/"))  # no cards, no script


def test_the_tutorial_keeps_the_edition_along_its_steps(client):
    r = client.get("/en/wizard/tutorial/players?a=4&ed=amigo")
    assert r.status_code == 303 and parse_qs(urlparse(r.headers["Location"]).query)["ed"] == ["amigo"]
    html = get(client, r.headers["Location"])
    assert 'class="card amigo amigo-H"' in html
    assert re.search(r'href="/en/wizard/tutorial/rounds\?t=[^"]*&amp;ed=amigo"', html)  # the next step
    alternate = re.search(r'<link rel="alternate" hreflang="lt" href="([^"]*)"', html).group(1)
    assert unescape(alternate).count("?") == 1 and "ed=amigo" in alternate


def test_the_api_names_cards_in_the_edition_asked(client):
    body = {"trump": "H", "cards": ["S13", "H2", "H13"]}
    plain = client.post("/api/v1/wizard/trick?lang=en", json=body).get_json()
    us = client.post("/api/v1/wizard/trick?lang=en&ed=us", json=body).get_json()
    amigo = client.post("/api/v1/wizard/trick?lang=fi&ed=amigo", json=body).get_json()
    assert plain["card"] == us["card"] == "H13"
    assert "♥13" in plain["reason"] and "♥A" in us["reason"] and "punainen 13" in amigo["reason"]


# --- the texts -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_deck_names_both_editions_and_how_they_map(site, lang):
    body = site.entries["wizard.components.deck"].text(lang).body
    assert ("Amigo" in body or "아미고" in body) and "U.S. Games Systems" in body
    for suit in "HDCS":  # our pairing of colours and suits, in the reader's words
        assert labels(site, "colours", suit, lang) in body
    assert "♥1" in body and "♥13" in body


@pytest.mark.parametrize("lang", LANGS)
def test_the_tie_ruling_names_the_us_games_deluxe_text(site, lang):
    entry = site.entries["wizard.end.winner"]
    assert entry.is_ruling and entry.is_research
    ruling = entry.text(lang).ruling
    assert "U.S. Games Systems" in ruling and "Deluxe" in ruling.replace("디럭스", "Deluxe")


def test_the_tie_ruling_no_longer_says_no_source_covers_ties(site):
    assert "none of our sources covers a tie" not in site.entries["wizard.end.winner"].text("en").ruling
