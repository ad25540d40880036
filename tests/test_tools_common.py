"""What every ruling tool shares: reachable from the game page in every language, labelled
inputs, no inline script or style, JSON-only API endpoints, and no input of any kind -- random
JSON, tampered addresses, huge values -- that leads to anything but an answer or a clear 4xx."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.model import LANGS

TOOLS = {
    "wizard": ["trick", "legal", "score"],
    "deductio": ["clue", "guess"],
    "siggil": ["capture", "end"],
}
ENDPOINTS = ["/api/v1/wizard/trick", "/api/v1/wizard/legal", "/api/v1/wizard/score", "/api/v1/deductio/clue",
             "/api/v1/deductio/possible", "/api/v1/siggil/capture", "/api/v1/siggil/end"]
FILLED = [  # one answered page per tool
    "/{lang}/wizard/tools/trick?trump=H&cards=S13.H7.H2",
    "/{lang}/wizard/tools/legal?trump=S&hand=W.H7.S2&trick=H3",
    "/{lang}/wizard/tools/score?s=1~3v0~Ann~Bo~Cy~000100~111101~200",
    "/{lang}/deductio/tools/clue?secret=7&centre=3.12.18&row=even.ge7.pm1",
    "/{lang}/deductio/tools/guess?upright=even.ge7&sideways=pm1&centre=3.12.18&known=5",
    "/{lang}/siggil/tools/capture?players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf3&play=leaf4.leaf5.leaf6",
    "/{lang}/siggil/tools/end?players=3&s1=leaf.stone&h1=4&s2=deer&h2=2&h3=5&empty=1",
]


class Form(HTMLParser):
    """Inputs, their labels, inline scripts and styles of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[str] = []
        self.label_for: set[str] = set()
        self.inline_scripts = 0
        self.styles = 0
        self.rule_links: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "style" in a:
            self.styles += 1
        if tag == "script" and not a.get("src") and "data-site" not in a:  # the page's first script: by hash
            self.inline_scripts += 1
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.controls.append(a.get("id") or f"<{tag} name={a.get('name')} without id>")
        if tag == "label" and a.get("for"):
            self.label_for.add(a["for"])
        if tag == "a" and "rule-link" in (a.get("class") or ""):
            self.rule_links.append(a.get("href", ""))


def parse(html: str) -> Form:
    form = Form()
    form.feed(html)
    return form


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(TOOLS))
def test_tools_are_reachable_in_every_language(client, site, lang, game):
    assert f'href="/{lang}/{game}/tools"' in client.get(f"/{lang}/{game}/").get_data(as_text=True)
    index = client.get(f"/{lang}/{game}/tools")
    assert index.status_code == 200
    html = index.get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    assert site.games[game].names[lang] in html
    for tool in TOOLS[game]:
        assert f'href="/{lang}/{game}/tools/{tool}"' in html
        r = client.get(f"/{lang}/{game}/tools/{tool}")
        assert r.status_code == 200
        page = r.get_data(as_text=True)
        for other in LANGS:
            assert f'hreflang="{other}" href="/{other}/{game}/tools/{tool}"' in page


@pytest.mark.parametrize("url", FILLED)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_answered_pages_are_labelled_and_cite_their_rule(client, site, url, lang):
    r = client.get(url.format(lang=lang))
    assert r.status_code == 200, url
    page = parse(r.get_data(as_text=True))
    assert page.controls, url
    unlabelled = [c for c in page.controls if c not in page.label_for]
    assert unlabelled == []
    assert page.inline_scripts == 0 and page.styles == 0
    assert page.rule_links, "every answer names the rule it applied"
    for href in page.rule_links:
        assert href.startswith(f"/{lang}/")
        assert href.rsplit("/", 1)[1] in site.entries
        assert client.get(href).status_code == 200


def test_csp_holds_on_the_tools(client):
    r = client.get("/en/wizard/tools/legal?trump=S&hand=W.H7.S2&trick=H3")
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]


@pytest.mark.parametrize("url", ["/en/chess/tools", "/xx/wizard/tools", "/en/wizard/tools/nothing",
                                 "/xx/wizard/tools/trick"])
def test_unknown_tools_are_404(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("path", ENDPOINTS)
def test_endpoints_take_only_json(client, path):
    r = client.post(path, data={"a": "b"})
    assert r.status_code == 415
    assert r.get_json()["error"]["code"] == "json-required"
    r = client.post(path, data="a=b", content_type="text/plain")
    assert r.status_code == 415
    assert client.get(path).status_code == 405
    r = client.post(path + "?lang=xx", json={})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "unknown-language"
    r = client.post(path, data=json.dumps({"x": "y" * 20000}), content_type="application/json")
    assert r.status_code == 413


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["H7", "W", "J", "even", "pm1", "leaf", "spirit-leaf", "leaf3", "H", "S13"]),
    lambda inner: st.lists(inner, max_size=8) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
KEYS = ["trump", "cards", "hand", "trick", "bids", "tricks", "round", "secret", "centre", "row", "players",
        "upright", "sideways", "known", "spirit", "holder_set", "my_set", "play", "level", "where", "spirits",
        "hand_sizes", "sigil_empty"]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(ENDPOINTS), body=st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6),
       lang=st.sampled_from(LANGS))
def test_any_json_gets_an_answer_or_a_clear_400(app, path, body, lang):
    r = app.test_client().post(f"{path}?lang={lang}", json=body)
    assert r.status_code in (200, 400), (path, body, r.get_data(as_text=True)[:300])
    data = r.get_json()
    if r.status_code == 400:
        assert set(data["error"]) == {"code", "message"} and data["error"]["message"]
        assert "Traceback" not in data["error"]["message"]
    else:
        assert "rule" in data


QUERY_VALUE = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40) | \
    st.sampled_from(["H7.W", "W.W.W.W.W", "1~3o0~A~B~C~100", "leaf1.leaf2", "even.ge7", "3.12.18", "99999999999",
                     "-1", "", "~~~~", "1~6v5~" + "~" * 10])
FIELDS = ["trump", "cards", "hand", "trick", "w", "j", "c1", "t1", "s", "b1", "t2", "players", "n1", "dealer",
          "variant", "secret", "centre", "row", "r1", "upright", "sideways", "known", "k-even", "spirit", "where",
          "holder", "mine", "play", "level", "s1", "h1", "empty"]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_tool=st.sampled_from([(g, t) for g, tools in TOOLS.items() for t in tools]),
       query=st.dictionaries(st.sampled_from(FIELDS), QUERY_VALUE, max_size=6))
def test_any_address_gets_a_page_or_a_clear_4xx(app, game_tool, query):
    game, tool = game_tool
    client = app.test_client()
    r = client.get(f"/en/{game}/tools/{tool}", query_string=query, follow_redirects=True)
    assert r.status_code in (200, 400), (game, tool, query, r.status_code)
    html = r.get_data(as_text=True)
    assert "Traceback" not in html
    if r.status_code == 400:
        assert 'class="tool-error"' in html


def test_a_redirect_is_never_a_loop(client):
    for url in ["/en/wizard/tools/legal?hand=h7&hand=s2&w=1", "/en/siggil/tools/capture?play=LEAF1&play=leaf2",
                "/en/deductio/tools/clue?centre=3&centre=3&secret=7&r1=even"]:
        r = client.get(url)
        assert r.status_code == 302
        again = client.get(r.headers["Location"])
        assert again.status_code in (200, 400)
