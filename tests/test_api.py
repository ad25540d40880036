"""The JSON API as other programs rely on it (shapes from DESIGN.md's API contract)."""
from __future__ import annotations

import pytest

from content.model import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_games(client, site, lang):
    r = client.get(f"/api/v1/games?lang={lang}")
    assert r.status_code == 200
    games = r.get_json()["games"]
    assert [g["id"] for g in games] == list(site.games)
    for g in games:
        assert set(g) >= {"id", "name", "players", "url"}
        assert g["name"] == site.games[g["id"]].names[lang]
        assert g["url"] == f"/{lang}/{g['id']}/"
        assert client.get(g["url"]).status_code == 200


@pytest.mark.parametrize("lang", LANGS)
def test_entry_shapes(client, site, lang):
    for entry_id in ("deductio.faq.eliminated", "deductio.guess.wrong"):
        r = client.get(f"/api/v1/entries/{entry_id}?lang={lang}")
        assert r.status_code == 200
        data = r.get_json()
        entry = site.entries[entry_id]
        assert data["id"] == entry_id and data["lang"] == lang and data["game"] == "deductio"
        assert data["kind"] == entry.kind
        assert data["title"] == entry.text(lang).title
        assert data["answer"] == entry.text(lang).answer
        assert data["body"] and "[[" not in data["body"]
        assert data["related"] == list(entry.related)
        assert data["sources"] == list(entry.sources)
        assert isinstance(data["examples"], list)
        assert data["url"] == f"/{lang}/deductio/{entry_id}"


def test_rule_has_null_answer(client):
    assert client.get("/api/v1/entries/deductio.goal?lang=en").get_json()["answer"] is None


def test_unknown_entry_is_json_404(client):
    r = client.get("/api/v1/entries/deductio.nothing?lang=ko")
    assert r.status_code == 404
    error = r.get_json()["error"]
    assert error["code"] == "unknown-entry" and error["message"]


@pytest.mark.parametrize("url", ["/api/v1/games?lang=xx", "/api/v1/entries/deductio.goal?lang=EN",
                                 "/api/v1/games?lang=" + "k" * 500])
def test_unknown_language_is_json_400(client, url):
    r = client.get(url)
    assert r.status_code == 400
    assert r.get_json()["error"]["code"] == "unknown-language"


def test_api_errors_are_localized(client):
    en = client.get("/api/v1/entries/deductio.nothing?lang=en").get_json()["error"]["message"]
    ko = client.get("/api/v1/entries/deductio.nothing?lang=ko").get_json()["error"]["message"]
    assert en != ko


def test_unknown_api_path_is_json_404(client):
    r = client.get("/api/v1/nothing")
    assert r.status_code == 404 and r.get_json()["error"]["message"]


@pytest.mark.parametrize("q", ["\x08", "\x00\x1b", "   ", "\t\n"])
def test_suggestions_for_a_prefix_of_control_characters_are_empty(client, q):
    r = client.get("/api/v1/suggest", query_string={"q": q, "lang": "fi"})
    assert r.status_code == 200
    assert r.get_json()["suggestions"] == []


def test_suggestions_as_you_type(client, site):
    r = client.get("/api/v1/suggest", query_string={"q": "광대", "lang": "ko"})
    data = r.get_json()
    assert r.status_code == 200 and data["suggestions"]
    assert all(site.entries[s["id"]].text("ko").title == s["title"] for s in data["suggestions"])
