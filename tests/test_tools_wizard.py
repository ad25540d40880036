"""Wizard's ruling tools through the pages and the JSON API: ordinary, edge and impossible cases.

What the reader sees: the winning card, the cards that may be played, the sentence saying why
(from the game's labels and violations, in the reader's language) and the rule as a link."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from tools_wizard_support import page, reason, rule_href, section, text, violation

from content.model import LANGS

# --- the tools index and the game page --------------------------------------------------------------


def test_game_page_links_to_the_tools(client):
    html = page(client, "/en/wizard/")
    assert 'href="/en/wizard/tools"' in html
    index = page(client, "/en/wizard/tools")
    for tool in ("trick", "legal", "score"):
        assert f'href="/en/wizard/tools/{tool}"' in index


# --- who wins the trick ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_highest_trump_wins_in_every_language(client, site, lang):
    html = page(client, f"/{lang}/wizard/tools/trick?trump=H&cards=S13.H7.H2")
    result = section(html)
    assert reason(site, "highest-trump", lang, card="♥7") in text(result)
    assert rule_href(lang, "wizard.trick.winner") in result
    # the trick drawn in play order: the second card, ♥7, marked as the winner
    assert re.findall(r'data-card="([^"]+)" data-says="(\w+)"', result) == [
        ("S13", "played"), ("H7", "winner"), ("H2", "played")]
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("trump,cards,position,code,params", [
    ("", "S3.W.W.H13", 2, "first-wizard", {"position": 2}),
    ("D", "J.J.J", 1, "first-jester", {}),
    ("", "C4.C12.S13", 2, "highest-led", {"card": "♣12"}),
    ("S", "J.H5.H9.J", 3, "highest-led", {"card": "♥9"}),  # a Jester led: the first suit card sets the suit
    ("C", "H1.C2.H13.W", 4, "first-wizard", {"position": 4}),
])
def test_trick_winner_cases(client, site, trump, cards, position, code, params):
    result = section(page(client, f"/en/wizard/tools/trick?trump={trump}&cards={cards}"))
    assert f"Card {position} wins the trick" in text(result) or f"card {position} leads" in text(result)
    assert f'data-reason="{code}"' in result
    assert reason(site, code, "en", **params) in text(result)


def test_a_trick_in_progress_says_who_leads_so_far(client):
    result = section(page(client, "/en/wizard/tools/trick?trump=H&cards=S3.S9"))
    assert "So far card 2 leads the trick" in text(result)


def test_the_form_lands_on_a_compact_address(client):
    r = client.get("/en/wizard/tools/trick?trump=H&c1=H7&c2=W&c3=&c4=&c5=&c6=")
    assert r.status_code == 302
    assert r.headers["Location"] == "/en/wizard/tools/trick?trump=H&cards=H7.W"
    html = page(client, r.headers["Location"])
    assert '<option value="H7" selected>' in html and '<option value="W" selected>' in html
    assert 'id="trump-H" name="trump" value="H" checked' in html


def test_switching_language_keeps_the_trick(client, site):
    html = page(client, "/en/wizard/tools/trick?trump=H&cards=S13.H7.H2")
    assert 'href="/ko/wizard/tools/trick?trump=H&amp;cards=S13.H7.H2"' in html


@pytest.mark.parametrize("lang", ["en", "ko", "lt"])
@pytest.mark.parametrize("cards,code,params", [
    ("H7.S2.H7", "duplicate-card", {"card": "♥7"}),
    ("W.W.W.W.W", "too-many-wizards", {"count": 5, "max": 4}),
    ("J.J.J.J.J.J", "too-many-jesters", {"count": 6, "max": 4}),
    ("X9.H2", "unknown-card", {"token": "X9"}),
    ("H14.H2", "unknown-card", {"token": "H14"}),
    ("H1.H2.H3.H4.H5.H6.H7", "too-many-cards", {"count": 7, "max": 6}),
])
def test_impossible_tricks_are_named(client, site, lang, cards, code, params):
    html = page(client, f"/{lang}/wizard/tools/trick?trump=H&cards={cards}", status=400)
    result = section(html)
    assert f'data-error="{code}"' in result
    assert violation(site, code, lang, **params) in text(result)


def test_a_bad_trump_is_named(client, site):
    result = section(page(client, "/en/wizard/tools/trick?trump=Q&cards=H2.H3.H4", status=400))
    assert violation(site, "bad-trump", "en", trump="Q") in text(result)


def test_an_empty_visit_shows_only_the_form(client):
    html = page(client, "/en/wizard/tools/trick")
    assert text(section(html)) == ""
    assert 'name="c6"' in html


# --- what may I play? ------------------------------------------------------------------------------------


def legal_marks(result: str) -> dict[str, str]:
    return dict(re.findall(r'data-card="([^"]+)" data-says="(yes|no)"', result))


def test_must_follow_the_led_suit(client, site):
    html = page(client, "/en/wizard/tools/legal?trump=S&hand=W.H7.H9.S2.C3.J&trick=H3")
    result = section(html)
    assert legal_marks(result) == {"W": "yes", "H7": "yes", "H9": "yes", "S2": "no", "C3": "no", "J": "yes"}
    assert reason(site, "must-follow", "en", suit="♥ Hearts") in text(result)
    assert rule_href("en", "wizard.play.follow-suit") in result
    # and why the first forbidden card is refused, from the engine's refusal
    assert violation(site, "must-follow-suit", "en", suit="♥ Hearts", card="♠2") in text(result)


@pytest.mark.parametrize("hand,trick,code,rule,all_legal", [
    ("H7.S2", "", "lead-any", "wizard.play.lead", True),
    ("H7.S2", "W.H3", "wizard-led", "wizard.play.wizard-led", True),
    ("H7.S2", "J", "jesters-only", "wizard.play.jester-led", True),
    ("H7.S2", "J.C5", "jester-cannot-follow", "wizard.play.jester-led", True),
    ("H7.S2.C9", "J.C5", "jester-then-suit", "wizard.play.jester-led", False),
    ("H7.S2", "C5", "cannot-follow", "wizard.play.follow-suit", True),
])
def test_what_may_be_played(client, hand, trick, code, rule, all_legal):
    result = section(page(client, f"/en/wizard/tools/legal?trump=H&hand={hand}&trick={trick}"))
    assert f'data-reason="{code}"' in result
    assert rule_href("en", rule) in result
    assert ("You may play any card" in text(result)) == all_legal


@pytest.mark.parametrize("lang", LANGS)
def test_legal_answer_is_in_the_reader_language(client, site, lang):
    result = section(page(client, f"/{lang}/wizard/tools/legal?trump=S&hand=H7.C3&trick=H3"))
    assert reason(site, "must-follow", lang, suit="♥ " + site.games["wizard"].labels["cards"]["H"][lang]) in text(result)


def test_the_hand_form_lands_on_a_compact_address(client):
    r = client.get("/en/wizard/tools/legal?trump=D&hand=H7&hand=S2&w=2&j=1&t1=S3&t2=&t3=&t4=&t5=")
    assert r.status_code == 302
    query = parse_qs(urlparse(r.headers["Location"]).query)
    assert query == {"trump": ["D"], "hand": ["W.W.H7.S2.J"], "trick": ["S3"]}
    html = page(client, r.headers["Location"])
    assert 'id="h-H7" name="hand" value="H7" checked' in html
    assert re.search(r'id="w" name="w">.*?<option value="2" selected>', html, re.DOTALL)


@pytest.mark.parametrize("url,code", [
    ("/en/wizard/tools/legal?hand=H7.S2&w=5", "too-many-wizards"),
    ("/en/wizard/tools/legal?hand=H7.S2&trick=H7", "card-in-hand-and-trick"),
    ("/en/wizard/tools/legal?hand=H7.H7", "duplicate-card"),
    ("/en/wizard/tools/legal?hand=H7&trick=W.W.W&w=2", "too-many-wizards"),
    ("/en/wizard/tools/legal?hand=H7&w=x", "not-a-number"),
    ("/en/wizard/tools/legal?hand=Z1", "unknown-card"),
])
def test_impossible_hands_are_named(client, url, code):
    result = section(page(client, url, status=400))
    assert f'data-error="{code}"' in result


# --- the JSON API ----------------------------------------------------------------------------------------


def post(client, path: str, body, lang: str | None = None):
    url = path + (f"?lang={lang}" if lang else "")
    return client.post(url, json=body)


def test_api_trick_contract(client, site):
    r = post(client, "/api/v1/wizard/trick", {"trump": "H", "cards": ["S13", "H7", "H2"]}, "ko")
    assert r.status_code == 200
    data = r.get_json()
    assert data["winner"] == 1 and data["rule"] == "wizard.trick.winner"
    assert data["reason"] == reason(site, "highest-trump", "ko", card="♥7")
    assert data["rule_url"] == "/ko/wizard/wizard.trick.winner"


def test_api_trick_without_trump(client):
    data = post(client, "/api/v1/wizard/trick", {"trump": None, "cards": ["J", "C4", "W"]}).get_json()
    assert data["winner"] == 2 and data["reason_code"] == "first-wizard"


def test_api_legal_contract(client, site):
    r = post(client, "/api/v1/wizard/legal", {"trump": "S", "hand": ["W", "H7", "S2", "C3"], "trick": ["H3"]}, "fi")
    data = r.get_json()
    assert r.status_code == 200
    assert data["legal"] == ["W", "H7"] and data["rule"] == "wizard.play.follow-suit"
    assert data["reason"].startswith(site.games["wizard"].labels["reasons"]["must-follow"]["fi"].split("(")[0])


def test_api_legal_without_a_trick_leads_anything(client):
    data = post(client, "/api/v1/wizard/legal", {"trump": "S", "hand": ["J", "C3"]}).get_json()
    assert data["legal"] == ["C3", "J"] or sorted(data["legal"]) == ["C3", "J"]
    assert data["rule"] == "wizard.play.lead"


def test_api_score_contract(client, site):
    data = post(client, "/api/v1/wizard/score", {"bids": [1, 0, 2], "tricks": [1, 1, 1]}, "lt").get_json()
    assert data["scores"] == [30, -10, -10]
    assert data["rules"] == ["wizard.score.made", "wizard.score.missed", "wizard.score.missed"]
    assert data["details"][0]["reason"] == reason(site, "made", "lt", bid=1, tricks=1, points=30)


@pytest.mark.parametrize("path,body,code,params", [
    ("/api/v1/wizard/trick", {"trump": "H", "cards": ["H7", "H7"]}, "duplicate-card", {"card": "♥7"}),
    ("/api/v1/wizard/trick", {"trump": "H", "cards": ["W"] * 5}, "too-many-wizards", {"count": 5, "max": 4}),
    ("/api/v1/wizard/trick", {"trump": "H", "cards": ["H77"]}, "unknown-card", {"token": "H77"}),
    ("/api/v1/wizard/trick", {"trump": "H", "cards": []}, "empty-trick", {}),
    ("/api/v1/wizard/trick", {"trump": "H", "cards": "H7"}, "not-a-card-list", {}),
    ("/api/v1/wizard/trick", {"trump": 7, "cards": ["H7"]}, "bad-trump", {"trump": "7"}),
    ("/api/v1/wizard/trick", {"trump": "H", "cards": ["J", {"x": 1}]}, "unknown-card", {"token": "{'x': 1}"}),
    ("/api/v1/wizard/legal", {"trump": "H", "hand": [], "trick": []}, "empty-hand", {}),
    ("/api/v1/wizard/legal", {"trump": "H", "hand": ["H7"], "trick": ["H7"]}, "card-in-hand-and-trick",
     {"card": "♥7"}),
    ("/api/v1/wizard/score", {"bids": [1, 0], "tricks": [1, 0]}, "bad-player-count",
     {"players": 2, "min": 3, "max": 6}),
    ("/api/v1/wizard/score", {"bids": [1, 0, 0], "tricks": [1, 0]}, "bids-tricks-length", {"bids": 3, "tricks": 2}),
    ("/api/v1/wizard/score", {"bids": [-1, 0, 0], "tricks": [1, 0, 0]}, "negative-number", {"value": -1}),
    ("/api/v1/wizard/score", {"bids": ["1", 0, 0], "tricks": [1, 0, 0]}, "not-a-number", {"value": "1"}),
    ("/api/v1/wizard/score", {"bids": [1, 0, 0], "tricks": [1, 0, 0], "round": 2}, "tricks-total",
     {"total": 1, "round": 2}),
])
@pytest.mark.parametrize("lang", ["en", "et"])
def test_api_impossible_input_is_a_localized_400(client, site, path, body, code, params, lang):
    r = post(client, path, body, lang)
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error == {"code": code, "message": violation(site, code, lang, **params)}


def test_api_accepts_only_json(client):
    r = client.post("/api/v1/wizard/trick", data={"trump": "H", "cards": "H7"})
    assert r.status_code == 415
    assert r.get_json()["error"]["code"] == "json-required"
    r = client.post("/api/v1/wizard/trick", data="{not json", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad-json"
    r = client.post("/api/v1/wizard/trick", json=["H7"])
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "bad-json"
    assert client.get("/api/v1/wizard/trick").status_code == 405
