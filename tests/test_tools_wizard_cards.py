"""Wizard's card input without JavaScript: the chip grid adds a card per form post, the typed line
reads each language's suit names and unambiguous beginnings (and refuses the rest with the list of
what is read, in the player's language), and no tool page keeps a select of more than 14 options."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlparse

import pytest
from flask_babel import force_locale
from flask_babel import gettext as _
from tools_wizard_support import page, section, text

from content.model import LANGS


def landing(client, url: str) -> dict[str, list[str]]:
    r = client.get(url)
    assert r.status_code == 302, (url, r.status_code)
    return parse_qs(urlparse(r.headers["Location"]).query)


# --- the chip grid, posted as a form -----------------------------------------------------------------


def test_each_tapped_card_joins_the_trick_in_order(client):
    # no JavaScript: the grid's radio "add" is sent with the form and the line of cards so far
    assert landing(client, "/en/wizard/tools/trick?trump=H&typed=&add=S13") == {"trump": ["H"], "cards": ["S13"]}
    assert landing(client, "/en/wizard/tools/trick?trump=H&typed=%E2%99%A013&add=H2")["cards"] == ["S13.H2"]
    assert landing(client, "/en/wizard/tools/trick?trump=H&cards=S13.H2&add=J")["cards"] == ["S13.H2.J"]
    html = page(client, "/en/wizard/tools/trick?trump=H&cards=S13.H2.J.S1")
    assert 'name="typed" value="♠13 ♥2 Jester ♠1"' in html
    assert "Card 2 wins the trick" in text(section(html))
    # taking back the last card is the same address without it
    back = re.search(r'href="([^"]+)" data-card-undo', html).group(1).replace("&amp;", "&")
    assert parse_qs(urlparse(back).query) == {"trump": ["H"], "cards": ["S13.H2.J"]}
    assert 'id="add-W" name="add" value="W"' in html and 'id="add-J" name="add" value="J"' in html


def test_the_legal_tool_takes_the_trick_by_the_grid_and_the_hand_by_chips(client):
    query = landing(client, "/fi/wizard/tools/legal?trump=S&hand=H7&hand=H9&w=1&j=0&typed=hertta+3&add=W")
    assert query == {"trump": ["S"], "hand": ["W.H7.H9"], "trick": ["H3.W"]}
    html = page(client, "/fi/wizard/tools/legal?trump=S&hand=W.H7.H9&trick=H3.W")
    assert 'name="typed" value="♥3 Velho"' in html
    assert 'id="w-1" name="w" value="1" checked' in html


# --- typed cards in each language -----------------------------------------------------------------------


@pytest.mark.parametrize("lang,typed,cards", [
    ("en", "hearts 7, s13 w j", "H7.S13.W.J"),
    ("en", "Diamonds10 club 2 wiz jest", "D10.C2.W.J"),
    ("fi", "ru7 pata 12 v", "D7.S12.W"),
    ("fi", "hertta 3, risti 5 narri", "H3.C5.J"),
    ("fi", "S2 D3 W", "S2.D3.W"),  # the site's letters, where no Finnish name begins so
    ("et", "ärtu 3 ri5 n", "H3.C5.J"),
    ("et", "artu 1 ruutu 13 poti 4 võlur", "H1.D13.S4.W"),
    ("lt", "širdys 7 bū3 kryžiai 2 burt j", "H7.D3.C2.W.J"),
    ("lt", "sirdys 7 bug 4 vynai 9", "H7.D4.S9"),  # without the accents, too
    ("ko", "하트 7 스13 마법사 광대", "H7.S13.W.J"),
    ("ko", "다이아몬드 2 클로버 3 클럽4", "D2.C3.C4"),
    ("ko", "♥7 ♠13", "H7.S13"),
])
def test_typed_cards_are_read_in_each_language(client, lang, typed, cards):
    assert landing(client, f"/{lang}/wizard/tools/trick?trump=&typed={quote(typed)}")["cards"] == [cards]


@pytest.mark.parametrize("lang,typed,ambiguous,listed", [
    ("fi", "R7", "ruutu / risti", ["♦ ruutu (ru)", "♣ risti (ri)", "♥ hertta (h)", "♠ pata (p)", "Velho (v)", "Narri (n)"]),
    ("et", "r5", "ruutu / risti", ["♦ ruutu (ru)", "♣ risti (ri)", "♥ ärtu (ä)", "♠ poti (p)", "Võlur (v)", "Narr (n)"]),
    ("lt", "b3", "būgnai / Burtininkas", ["♥ širdys (š)", "♦ būgnai (bū)", "♣ kryžiai (k)", "♠ vynai (v)",
                                          "Burtininkas (bur)", "Juokdarys (j)"]),
    ("ko", "X7", None, ["♥ 하트 (하)", "♦ 다이아몬드 (다)", "♣ 클럽 (클)", "♠ 스페이드 (스)", "마법사 (마)", "광대 (광)"]),
    ("en", "hearts 14", None, ["♥ Hearts (h)", "♦ Diamonds (d)", "♣ Clubs (c)", "♠ Spades (s)", "Wizard (w)", "Jester (j)"]),
])
def test_unreadable_cards_are_refused_with_what_is_read(app, client, lang, typed, ambiguous, listed):
    html = page(client, f"/{lang}/wizard/tools/trick?trump=H&typed={quote(typed)}", status=400)
    error = text(section(html))
    assert 'data-error="unreadable-card"' in html
    assert f'name="typed" value="{typed}"' in html  # the line comes back as typed, to be corrected
    for item in listed:
        assert item in error
    with app.test_request_context(f"/{lang}/"), force_locale(lang):
        if ambiguous:
            said = _("“%(text)s” could be %(names)s: write more of the name.", text=typed, names=ambiguous)
        else:
            said = _("“%(text)s” is not a card we can read.", text=typed)
        assert said in error
    if lang != "en":  # in the player's language, not in English
        assert "Write each card" not in error and "is not a card we can read" not in error


def test_the_site_letters_that_begin_a_local_name_mean_the_local_card(client):
    # in Lithuanian "s" begins širdys: "s7" is širdys 7, never the English spades
    assert landing(client, "/lt/wizard/tools/trick?typed=s7")["cards"] == ["H7"]
    assert landing(client, "/en/wizard/tools/trick?typed=s7")["cards"] == ["S7"]


def test_a_wizard_has_no_number_and_a_suit_needs_one(client):
    for typed in ("w7", "hearts", "13", "h0"):
        html = page(client, f"/en/wizard/tools/trick?typed={quote(typed)}", status=400)
        assert 'data-error="unreadable-card"' in html


def test_too_many_typed_cards_are_refused(client):
    html = page(client, "/en/wizard/tools/trick?typed=" + quote("h1 h2 h3 h4 h5 h6 h7"), status=400)
    assert 'data-error="too-many-cards"' in html


# --- no long selects -------------------------------------------------------------------------------------

TOOL_PAGES = [
    "/{lang}/wizard/tools/trick",
    "/{lang}/wizard/tools/trick?trump=H&cards=S13.H2.J.S1",
    "/{lang}/wizard/tools/legal",
    "/{lang}/wizard/tools/legal?trump=S&hand=W.H7.H9.S2.C3.J&trick=H3",
    "/{lang}/wizard/tools/score",
    "/{lang}/wizard/tools/score?s=1~3o0~Ann~Bo~Cy",
    "/{lang}/wizard/tools/score?s=1~3o0~A~B~C~" + "~".join(["000" + "00" + str(r) for r in range(1, 10)]) + "~009",
]


@pytest.mark.parametrize("lang", LANGS)
def test_no_select_on_a_wizard_tool_page_keeps_more_than_14_options(client, lang):
    for template in TOOL_PAGES:
        html = page(client, template.format(lang=lang))
        for select in re.findall(r"<select\b.*?</select>", html, re.DOTALL):
            assert select.count("<option") <= 14, (template, select[:80])
