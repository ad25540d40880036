"""Siggil's ruling tools through the pages and the JSON API: may I capture this spirit (and
which of the three ways is it), and who wins at the end. Sentences come from the game's
violations and labels in the reader's language; every answer links the rule it applied."""
from __future__ import annotations

import re
from html import unescape

import pytest

from content.model import LANGS

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


def words(site, group: str, code: str, lang: str) -> str:
    return site.games["siggil"].labels[group][code][lang]


def violation(site, code: str, lang: str, **params) -> str:
    return site.games["siggil"].violations[code][lang].format(**params)


def answer(result: str) -> tuple[str, str]:
    m = re.search(r'data-legal="(yes|no)" data-way="(\w+)"', result)
    return m.group(1), m.group(2)


CAPTURE = "/{lang}/siggil/tools/capture?"


# --- may I capture this spirit? -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_capturing_a_free_spirit(client, site, lang):
    result = section(page(client, CAPTURE.format(lang=lang) + "players=3&spirit=leaf&where=free&play=leaf1.leaf2.leaf5"))
    assert answer(result) == ("yes", "free")
    assert words(site, "ways", "free", lang) in text(result)
    assert f'href="/{lang}/siggil/siggil.capture.free"' in result


def test_a_set_by_number(client):
    # the leaf spirit bears number 3: three 3s make a set with three players
    result = section(page(client, CAPTURE.format(lang="en") + "players=3&spirit=leaf&where=free&play=stone3.deer3.water3"))
    assert answer(result) == ("yes", "free")
    assert "all bearing the number 3" in text(result)


def test_four_players_need_two_cards(client, site):
    ok = section(page(client, CAPTURE.format(lang="en") + "players=4&spirit=deer&where=free&play=deer1.deer7"))
    assert answer(ok) == ("yes", "free")
    no = section(page(client, CAPTURE.format(lang="en") + "players=4&spirit=deer&where=free&play=deer1.deer2.deer7"))
    assert answer(no) == ("no", "free")
    assert violation(site, "set-size", "en", players=4, need=2, got=3) in text(no)


def test_stealing_a_held_spirit(client, site):
    base = CAPTURE.format(lang="fi") + "players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf3"
    result = section(page(client, base + "&play=leaf4.leaf5.leaf6.leaf7"))
    assert answer(result) == ("yes", "steal")
    assert 'href="/fi/siggil/siggil.capture.steal"' in result
    result = section(page(client, base + "&play=leaf4.leaf5.leaf6"))
    assert answer(result) == ("no", "steal")
    assert violation(site, "steal-size", "fi", holder_size=3, need=4, got=3) in text(result)


def test_recapturing_a_spirit(client, site):
    # the leaf spirit lies on four 3s; my earlier set of three leaves gets two more
    base = CAPTURE.format(lang="en") + ("players=3&spirit=leaf&where=held&holder=stone3.deer3.turtle3.cloud3"
                                        "&mine=leaf1.leaf2.leaf4")
    result = section(page(client, base + "&play=leaf5.leaf6"))
    assert answer(result) == ("yes", "recapture")
    assert 'href="/en/siggil/siggil.capture.recapture"' in result
    result = section(page(client, base + "&play=leaf5"))
    assert answer(result) == ("no", "recapture")
    assert 'data-code="recapture-size"' in result
    result = section(page(client, base + "&play=water3.feather3"))
    assert answer(result) == ("no", "recapture")
    assert 'data-code="set-mixed"' in result


def test_a_card_off_the_spirit(client, site):
    result = section(page(client, CAPTURE.format(lang="en") + "players=2&spirit=leaf&where=free&play=leaf1.leaf2.deer5"))
    assert answer(result) == ("no", "free")
    assert violation(site, "card-off-spirit", "en", card="Deer 5", spirit="Leaf spirit", family="Leaf", number=3) \
        in text(result)


def test_the_solo_game(client):
    ok = section(page(client, CAPTURE.format(lang="en") + "players=1&level=advanced&spirit=leaf&where=free"
                      "&play=leaf1.leaf2.leaf3.leaf4"))
    assert answer(ok) == ("yes", "free")
    assert 'href="/en/siggil/siggil.solo.turn"' in ok


def test_the_capture_form_lands_on_a_compact_address(client):
    r = client.get("/en/siggil/tools/capture?players=2&level=easy&spirit=leaf&where=free"
                   "&play=leaf1&play=leaf2&play=leaf3")
    assert r.status_code == 302
    assert r.headers["Location"] == "/en/siggil/tools/capture?players=2&spirit=leaf&where=free&play=leaf1.leaf2.leaf3"
    html = page(client, r.headers["Location"])
    assert 'id="play-leaf2" name="play" value="leaf2" checked' in html


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("query,code", [
    ("players=5&spirit=leaf&where=free&play=leaf1.leaf2.leaf3", "bad-player-count"),
    ("players=3&spirit=dragon&where=free&play=leaf1.leaf2.leaf3", "unknown-spirit"),
    ("players=3&spirit=leaf&where=free&play=leaf1.leaf2.leaf9", "unknown-card"),
    ("players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf3&play=leaf3.leaf4.leaf5.leaf6", "duplicate-card"),
    ("players=3&spirit=leaf&where=free&play=leaf1.leaf2.spirit-deer", "spirit-in-set"),
    ("players=3&spirit=leaf&where=held&holder=leaf1.deer3&play=leaf4.leaf5.leaf6", "bad-holder-set"),
    ("players=3&spirit=leaf&where=free&holder=leaf1.leaf2.leaf3&play=leaf4.leaf5.leaf6.leaf7", "free-with-set"),
    ("players=3&spirit=leaf&where=held&play=leaf4.leaf5.leaf6", "held-without-set"),
])
def test_impossible_captures_are_named(client, site, lang, query, code):
    result = section(page(client, CAPTURE.format(lang=lang) + query, status=400))
    assert f'data-error="{code}"' in result
    if code in site.games["siggil"].violations and "{" not in site.games["siggil"].violations[code][lang]:
        assert violation(site, code, lang) in text(result)


# --- who wins? ---------------------------------------------------------------------------------------------------

END = "/{lang}/siggil/tools/end?"


def winners(result: str) -> tuple[str, str]:
    m = re.search(r'data-over="(yes|no)" data-winners="([\d.]*)"', result)
    return m.group(1), m.group(2)


@pytest.mark.parametrize("lang", LANGS)
def test_most_spirits_win_when_the_sigil_is_empty(client, site, lang):
    result = section(page(client, END.format(lang=lang) + "players=3&s1=leaf.stone&h1=4&s2=deer&h2=2&h3=5&empty=1"))
    assert winners(result) == ("yes", "0")
    assert words(site, "reasons", "most-spirits", lang) in text(result)
    assert f'href="/{lang}/siggil/siggil.end.last-card"' in result


def test_fewest_cards_break_a_tie(client, site):
    result = section(page(client, END.format(lang="en") + "players=3&s1=leaf.stone&h1=4&s2=deer.cloud&h2=2&h3=5&empty=1"))
    assert winners(result) == ("yes", "1")
    assert words(site, "reasons", "fewest-cards", "en") in text(result)


def test_a_shared_win(client, site):
    result = section(page(client, END.format(lang="en") + "players=2&s1=leaf&h1=3&s2=deer&h2=3&empty=1"))
    assert winners(result) == ("yes", "0.1")
    assert words(site, "reasons", "shared", "en") in text(result)


def test_enough_spirits_win_at_once(client, site):
    # 4 players: 3 spirits win at once, the sigil need not be empty
    result = section(page(client, END.format(lang="et") + "players=4&s1=deer&s2=leaf.stone.cloud&h2=9"))
    assert winners(result) == ("yes", "1")
    assert 'href="/et/siggil/siggil.end.spirits"' in result


def test_the_game_goes_on(client):
    result = section(page(client, END.format(lang="en") + "players=2&s1=leaf.stone&h1=4&s2=deer&h2=2"))
    assert winners(result) == ("no", "")
    assert "Nobody holds 5 spirits" in text(result)


def test_seats_beyond_the_player_count_are_dropped(client):
    r = client.get("/en/siggil/tools/end?players=2&s1=leaf&s1=stone&h1=4&s2=&h2=2&s3=deer&h3=1&s4=&h4=0")
    assert r.status_code == 302
    assert r.headers["Location"] == "/en/siggil/tools/end?players=2&s1=leaf.stone&h1=4&h2=2"


@pytest.mark.parametrize("query,code", [
    ("players=3&s1=leaf.stone&s2=leaf&empty=1", "spirit-twice"),            # a spirit in two places
    ("players=2&s1=leaf.stone.deer.cloud.water&s2=turtle.feather.x", "unknown-spirit"),
    ("players=5&s1=leaf", "bad-player-count"),
    ("players=1&s1=leaf", "bad-player-count"),
    ("players=2&s1=leaf&h1=99", "bad-hand-size"),
    ("players=2&s1=leaf&h1=-1", "bad-hand-size"),
])
def test_impossible_ends_are_named(client, query, code):
    result = section(page(client, END.format(lang="lt") + query, status=400))
    assert f'data-error="{code}"' in result


def test_two_players_at_the_target_cannot_be(client, site):
    result = section(page(client, END.format(lang="en") + "players=4&s1=leaf.stone.deer&s2=cloud.water.feather",
                          status=400))
    assert violation(site, "impossible-spirits", "en", target=3) in text(result)


# --- the JSON API ------------------------------------------------------------------------------------------------


def test_api_capture(client, site):
    r = client.post("/api/v1/siggil/capture?lang=ko", json={
        "players": 3, "spirit": "spirit-leaf", "holder_set": ["leaf1", "leaf2", "leaf3"],
        "play": ["leaf4", "leaf5", "leaf6", "leaf7"]})
    assert r.status_code == 200
    data = r.get_json()
    assert data["legal"] is True and data["way"] == "steal" and data["rule"] == "siggil.capture.steal"
    assert data["way_text"] == words(site, "ways", "steal", "ko")
    assert data["rule_url"] == "/ko/siggil/siggil.capture.steal"


def test_api_capture_refused(client):
    data = client.post("/api/v1/siggil/capture", json={"players": 2, "spirit": 3, "play": ["leaf1", "leaf2"]}).get_json()
    assert data["legal"] is False and data["code"] == "set-size" and data["way"] == "free"


def test_api_end(client, site):
    data = client.post("/api/v1/siggil/end?lang=fi", json={
        "players": 3, "spirits": [["spirit-leaf", "stone"], 1, []], "hand_sizes": [4, 2, 5],
        "sigil_empty": True}).get_json()
    assert data["over"] is True and data["winners"] == [0] and data["reason_code"] == "most-spirits"
    assert data["rule"] == "siggil.end.last-card"


@pytest.mark.parametrize("path,body,code", [
    ("/api/v1/siggil/end", {"players": 3, "spirits": [["leaf"], ["spirit-leaf"], []], "hand_sizes": [1, 1, 1],
                            "sigil_empty": True}, "spirit-twice"),
    ("/api/v1/siggil/end", {"players": 3, "spirits": [4, 4, 0], "hand_sizes": [1, 1, 1]}, "too-many-spirits"),
    ("/api/v1/siggil/end", {"players": 3, "spirits": [1, 1], "hand_sizes": [1, 1, 1]}, "bad-spirit-count"),
    ("/api/v1/siggil/end", {"players": 3, "spirits": [1, 1, 1], "hand_sizes": [1, 1, 1], "sigil_empty": "yes"},
     "bad-situation"),
    ("/api/v1/siggil/capture", {"players": 3, "spirit": "leaf", "play": ["leaf1"] * 3}, "duplicate-card"),
    ("/api/v1/siggil/capture", {"players": 3, "spirit": "leaf", "play": ["leaf1", "leaf2", "leaf3"],
                                "where": "held"}, "held-without-set"),
    ("/api/v1/siggil/capture", {"players": 3, "spirit": "leaf", "play": "leaf1"}, "bad-action"),
    ("/api/v1/siggil/capture", {"players": 0, "spirit": "leaf", "play": []}, "bad-player-count"),
])
def test_api_impossible_input(client, path, body, code):
    r = client.post(path + "?lang=et", json=body)
    assert r.status_code == 400
    error = r.get_json()["error"]
    assert error["code"] == code and error["message"]
