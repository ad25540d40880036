"""Siggil's named variants on the site: the capture tool and its JSON API give another answer
when a variant is chosen, the variants' words come from labels.yaml in five languages, and the
disputed points are marked rulings, in every language, that name the conflicting sources in
words (never seed file names) and link the variant."""
from __future__ import annotations

import re
from html import unescape

import pytest

from content.model import LANGS

CAPTURE = "/{lang}/siggil/tools/capture?"
RESULT = 'id="tool-result"'
LARGER = "siggil.capture.variant-larger-sets"
FACE_UP = "siggil.capture.variant-face-up"


def section(html: str) -> str:
    start = html.index(">", html.index(RESULT)) + 1
    return html[start:html.index("</section>", start)]


def text(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def page(client, url: str) -> str:
    r = client.get(url, follow_redirects=True)
    assert r.status_code == 200, (url, r.status_code)
    return r.get_data(as_text=True)


def answer(result: str) -> tuple[str, str]:
    m = re.search(r'data-legal="(yes|no)" data-way="(\w+)"', result)
    return m.group(1), m.group(2)


def words(site, group: str, code: str, lang: str) -> str:
    return site.games["siggil"].labels[group][code][lang]


# --- the rulings -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry_id, links", [
    ("siggil.capture.free", [LARGER]),        # (1) exact sets, or minimums
    ("siggil.capture.steal", [FACE_UP]),      # (2) the taken set face down, or face up
    ("siggil.setup.sigil", []),               # (3) the default layout
    ("siggil.turn.take", []),                 # who begins, and clockwise
])
def test_the_disputed_points_are_rulings_in_every_language(site, entry_id, links):
    entry = site.entries[entry_id]
    assert entry.is_ruling
    for lang in LANGS:
        ruling = entry.text(lang).ruling
        assert ruling and len(ruling) > 120, (entry_id, lang)
        assert not re.search(r"\b00\d\b|_[0-9a-f]{8}|\.txt", ruling), (entry_id, lang)  # sources in words
        for target in links:
            assert f"[[{target}]]" in ruling, (entry_id, lang, target)


def test_the_english_rulings_name_the_sources(site):
    def ruling(entry_id: str) -> str:
        return " ".join(site.entries[entry_id].text("en").ruling.split())

    sizes = ruling("siggil.capture.free")
    for words_ in ("Estonian rulebook we received", "Russian edition's rules as rendered in English",
                   "Reviews of the game", "publisher's description"):
        assert words_ in sizes
    sets = ruling("siggil.capture.steal")
    assert "Estonian rulebook we received" in sets and "Russian edition's rules as rendered in English" in sets
    assert "Reviews of the game" in ruling("siggil.setup.sigil")
    assert "clockwise" in ruling("siggil.turn.take")


@pytest.mark.parametrize("entry_id", [LARGER, FACE_UP])
def test_each_variant_is_a_rule_with_examples(site, entry_id):
    entry = site.entries[entry_id]
    assert entry.check and entry.section == "capture"
    for lang in LANGS:
        assert entry.text(lang).title and entry.text(lang).body
    examples = [ex for ex in site.games["siggil"].examples if entry_id in ex.rules]
    assert len(examples) >= 2


def test_variant_words_in_five_languages(site):
    labels = site.games["siggil"].labels
    for group, codes in (("variants", ("larger_sets", "taken_sets_face_up")),
                         ("tool", ("variants", "holder-set-face-down", "holder-set-face-up", "mine-hint-face-up")),
                         ("labels", ("face-up-set",))):
        for code in codes:
            assert all(labels[group][code][lang].strip() for lang in LANGS), (group, code)


# --- the capture tool ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_larger_sets_change_the_answer(client, site, lang):
    base = CAPTURE.format(lang=lang) + "players=3&spirit=cloud&where=free&play=cloud1.cloud2.cloud3.cloud4"
    plain = section(page(client, base))
    assert answer(plain) == ("no", "free") and 'data-code="set-size"' in plain
    larger = section(page(client, base + "&larger=1"))
    assert answer(larger) == ("yes", "free")
    assert 'data-variant="larger_sets"' in larger
    assert site.entries[LARGER].text(lang).title in text(larger)


def test_larger_sets_still_refuse_too_few(client, site):
    result = section(page(client, CAPTURE.format(lang="en") + "players=3&spirit=cloud&where=free"
                          "&play=cloud1.cloud2&larger=1"))
    assert answer(result) == ("no", "free")
    assert 'data-code="set-too-small"' in result
    assert f'href="/en/siggil/{LARGER}"' in result
    message = site.games["siggil"].violations["set-too-small"]["en"].format(players=3, need=3, got=2)
    assert message in text(result)


def test_larger_sets_let_a_steal_use_two_cards_more(client):
    base = CAPTURE.format(lang="fi") + ("players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf4"
                                        "&play=stone3.deer3.turtle3.cloud3.water3")
    assert answer(section(page(client, base))) == ("no", "steal")
    assert answer(section(page(client, base + "&larger=1"))) == ("yes", "steal")


@pytest.mark.parametrize("lang", LANGS)
def test_face_up_changes_what_the_answer_says(client, site, lang):
    base = CAPTURE.format(lang=lang) + ("players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf4"
                                        "&play=stone3.deer3.turtle3.cloud3")
    plain = text(section(page(client, base)))
    shown = text(section(page(client, base + "&faceup=1")))
    assert words(site, "tool", "holder-set-face-down", lang) in plain
    assert words(site, "tool", "holder-set-face-up", lang) in shown
    assert words(site, "tool", "holder-set-face-up", lang) not in plain


def test_the_variant_checkboxes_and_their_rules(client, site):
    html = page(client, CAPTURE.format(lang="ko") + "players=3&spirit=leaf&faceup=1")
    for field, code in (("larger", "larger_sets"), ("faceup", "taken_sets_face_up")):
        assert f'id="{field}" name="{field}" value="1"' in html
        assert words(site, "variants", code, "ko") in unescape(html)
    assert 'id="faceup" name="faceup" value="1" checked' in html
    assert 'id="larger" name="larger" value="1">' in html
    assert f'href="/ko/siggil/{LARGER}"' in html and f'href="/ko/siggil/{FACE_UP}"' in html
    assert words(site, "tool", "variants", "ko") in unescape(html)
    assert words(site, "tool", "mine-hint-face-up", "ko") in unescape(html)


def test_the_variants_stay_in_the_compact_address(client):
    r = client.get("/en/siggil/tools/capture?players=3&spirit=cloud&where=free&play=cloud1&play=cloud2"
                   "&play=cloud3&play=cloud4&larger=on&faceup=")
    assert r.status_code == 302
    assert r.headers["Location"] == ("/en/siggil/tools/capture?players=3&spirit=cloud&where=free"
                                     "&play=cloud1.cloud2.cloud3.cloud4&larger=1")


# --- the JSON API ----------------------------------------------------------------------------------------


def test_api_capture_with_larger_sets(client):
    body = {"players": 3, "spirit": "cloud", "play": ["cloud1", "cloud2", "cloud3", "cloud4"]}
    plain = client.post("/api/v1/siggil/capture", json=body).get_json()
    assert plain["legal"] is False and plain["code"] == "set-size"
    assert plain["variants"] == {"larger_sets": False, "taken_sets_face_up": False}
    larger = client.post("/api/v1/siggil/capture?lang=lt", json={**body, "larger_sets": True}).get_json()
    assert larger["legal"] is True and larger["variants"]["larger_sets"] is True
    short = client.post("/api/v1/siggil/capture", json={**body, "play": ["cloud1"], "larger_sets": True}).get_json()
    assert short["code"] == "set-too-small" and short["rule"] == LARGER
    assert short["rule_url"] == f"/en/siggil/{LARGER}"


def test_api_capture_with_face_up_sets(client, site):
    body = {"players": 3, "spirit": "leaf", "holder_set": ["leaf1", "leaf2", "leaf4"],
            "play": ["stone3", "deer3", "turtle3", "cloud3"]}
    plain = client.post("/api/v1/siggil/capture?lang=et", json=body).get_json()
    shown = client.post("/api/v1/siggil/capture?lang=et", json={**body, "taken_sets_face_up": True}).get_json()
    assert plain["legal"] and shown["legal"]
    assert (plain["holder_set_after"], shown["holder_set_after"]) == ("face-down", "face-up")
    assert words(site, "tool", "holder-set-face-up", "et") in shown["reason"]


def test_api_refuses_a_variant_that_is_not_true_or_false(client):
    r = client.post("/api/v1/siggil/capture?lang=fi", json={"players": 3, "spirit": "leaf", "play": ["leaf1"],
                                                          "larger_sets": "yes"})
    assert r.status_code == 400
    assert r.get_json()["error"]["code"] == "bad-variant"
