"""Wizard's table drawn (issue 12): every worked example as a caption and a verdict in the
reader's language, the trick and the hand as inline SVG that parses, says what it shows in a
localized <title> and marks what the engine decided (the winner, the cards that may be played).
"""
from __future__ import annotations

import re
from xml.etree import ElementTree as ET

import pytest

from content.model import LANGS
from engine import wizard as W

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
NS = "{http://www.w3.org/2000/svg}"
SUMMARY = re.compile(r'<details class="example[^"]*" id="([^"]+)"[^>]*>\s*<summary>\s*'
                     r'<span class="example-caption">(.*?)</span>\s*<strong class="verdict">(.*?)</strong>', re.DOTALL)
KINDS = ("trick", "legal", "play", "score", "ranking", "deck", "game")


def examples(site):
    return site.games["wizard"].examples


def rule_pages(site) -> list[str]:
    return sorted({rule for ex in examples(site) for rule in ex.rules})


def page(client, url: str) -> str:
    r = client.get(url)
    assert r.status_code == 200, url
    return r.get_data(as_text=True)


@pytest.fixture(scope="module")
def figures(app, site):
    """{lang: {example id: (caption, verdict)}}, read off every Wizard rule page."""
    client = app.test_client()
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for lang in LANGS:
        found = out.setdefault(lang, {})
        for entry in rule_pages(site):
            for ex_id, caption, verdict in SUMMARY.findall(page(client, f"/{lang}/wizard/{entry}")):
                found[ex_id] = (caption.strip(), verdict.strip())
    return out


def test_every_kind_of_example_is_on_the_pages(site):
    assert {ex.data.get("kind", "game") for ex in examples(site)} == set(KINDS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_has_a_caption_and_a_verdict_in_every_language(site, figures, lang):
    for ex in examples(site):
        caption, verdict = figures[lang][ex.id]
        assert caption and verdict and "\n" not in caption, (lang, ex.id)


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_the_verdicts_are_in_the_readers_language(site, figures, lang):
    """Of each kind, the verdicts are not the English ones (numbers and cards aside)."""
    for kind in KINDS:
        ids = [ex.id for ex in examples(site) if ex.data.get("kind", "game") == kind]
        assert any(figures[lang][i][1] != figures["en"][i][1] for i in ids), (lang, kind)
        assert any(figures[lang][i][0] != figures["en"][i][0] for i in ids) or kind in ("score", "ranking"), (lang, kind)


@pytest.mark.parametrize("ex_id,caption,verdict", [
    ("wizard.ex.jester-despite-suit", "Trump: ♠ Spades; the trick so far: ♥10", "Jester: allowed"),
    ("wizard.ex.must-follow-suit", "Trump: ♣ Clubs; the trick so far: ♥10", "♠3: refused (Following suit)"),
    ("wizard.ex.low-trump-wins", "Trump: ♠ Spades; played: ♥13, ♠2, ♥12, ♦1", "Card 2, ♠2, wins the trick"),
    ("wizard.ex.jester-led-trick", "No trump; played: Jester, ♦4, ♦9, ♠13", "Card 3, ♦9, wins the trick"),
    ("wizard.ex.follow-suit-legal", "Trump: ♣ Clubs; the trick so far: ♥10", "May be played: Wizard, ♥2, ♥9, Jester"),
    ("wizard.ex.score-missed", "Bids 3 · 0 · 1 · 0, tricks won 1 · 2 · 1 · 0", "Points: -20 · -20 · 30 · 20"),
    ("wizard.ex.shared-win", "Final totals: 120 · 150 · 150 · 90", "Players 2 and 3 share the win"),
    ("wizard.ex.deck", "The deck", "60 cards: 4 suits of 13, 4 Wizards, 4 Jesters"),
    ("wizard.ex.jester-despite-suit-in-game", "Round 3/15, 4 players; Trump: ♣ Clubs", "Player 3 wins the trick."),
    ("wizard.ex.round-scored", "Round 3/15, 4 players; Trump: ♣ Clubs", "Points: 20 · 30 · 30 · -10"),
    ("wizard.ex.trump-jester-trick", "Round 1/20, 3 players; No trump", "Player 2 wins the trick."),
    ("wizard.ex.variant-last-bidder", "Round 3/15, 4 players; Trump: ♣ Clubs", "Bids allowed: 0, 2, 3"),
    ("wizard.ex.last-round-over", "Round 10/10, 6 players; No trump", "Player 1 wins the game"),
    ("wizard.ex.trump-wizard", "Round 1/20, 3 players", "The dealer chooses trump"),
    ("wizard.ex.seven-players", "A game for 7 players", "Wizard is played by 3 to 6 players, not 7."),
])
def test_verdicts_say_what_the_engine_decided(figures, ex_id, caption, verdict):
    assert figures["en"][ex_id] == (caption, verdict)


def test_korean_verdicts_read_as_korean(figures):
    assert figures["ko"]["wizard.ex.jester-despite-suit"][1] == "광대: 낼 수 있음"
    assert figures["ko"]["wizard.ex.must-follow-suit"][1] == "♠3: 불가(무늬 따르기)"
    assert figures["ko"]["wizard.ex.shared-win"][1] == "플레이어 2, 3 공동 우승"


def drawings(html: str) -> list[ET.Element]:
    return [ET.fromstring(s) for s in SVG.findall(html)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_drawings_are_svg_with_a_localized_title(client, site, lang):
    english: list[str] = []
    titles: list[str] = []
    for entry in rule_pages(site):
        for svg in drawings(page(client, f"/{lang}/wizard/{entry}")):
            assert svg.tag == f"{NS}svg" and svg.get("role") == "img"
            first = list(svg)[0]
            assert first.tag == f"{NS}title" and first.text and first.text.strip()
            assert "style" not in ET.tostring(svg, encoding="unicode")  # classes only: the CSP
            titles.append(first.text)
        if lang != "en":
            english += [list(s)[0].text for s in drawings(page(client, f"/en/wizard/{entry}"))]
    assert len(titles) >= 20
    if lang != "en":
        assert len(titles) == len(english)
        assert all(a != b for a, b in zip(titles, english))


def cards_said(svg_html: str) -> list[tuple[str, str]]:
    return re.findall(r'data-card="([^"]+)" data-says="(\w+)"', svg_html)


def test_a_trick_is_drawn_in_play_order_with_the_engines_winner_and_trump(client):
    html = page(client, "/en/wizard/wizard.trick.winner")
    block = html[html.index('id="wizard.ex.low-trump-wins"'):]
    svg = SVG.search(block).group(0)
    assert cards_said(svg) == [("H13", "played"), ("S2", "winner"), ("H12", "played"), ("D1", "played")]
    title = list(ET.fromstring(svg))[0].text
    assert title == "Trick: ♥13, ♠2, ♥12, ♦1; ♠2 wins; Trump: ♠ Spades"
    assert "Trump: ♠ Spades" in svg  # the trump is shown, not only said


def test_a_hand_lights_the_cards_the_engine_allows(client):
    html = page(client, "/ko/wizard/wizard.play.follow-suit")
    block = html[html.index('id="wizard.ex.follow-suit-legal"'):]
    svg = SVG.search(block).group(0)
    hand = ["W", "H2", "H9", "S5", "D1", "J"]
    legal = W.legal_cards("C", hand, ["H10"])["legal"]
    said = dict(cards_said(svg))
    assert said["H10"] == "played"
    assert {c: said[c] for c in hand} == {c: ("yes" if c in legal else "no") for c in hand}
    assert list(ET.fromstring(svg))[0].text.startswith("트릭: ♥10; 내 손패: 마법사, ♥2, ♥9, ♠5, ♦1, 광대; 낼 수 있는 카드: ")


def test_a_refused_card_is_marked_on_the_hand(client):
    html = page(client, "/fi/wizard/wizard.play.jester-led")
    block = html[html.index('id="wizard.ex.jester-led-refused"'):]
    svg = SVG.search(block).group(0)
    assert re.search(r'<g class="svg-card suit-S wz-no marked" data-card="S2" data-says="no">', svg)


def test_the_first_example_of_a_rule_page_is_open_and_the_rest_folded(client):
    html = page(client, "/lt/wizard/wizard.bid.announce")
    opened = re.findall(r'<details class="example[^"]*" id="[^"]+"( open)?>', html)
    assert opened[0] == " open" and not any(opened[1:]) and len(opened) > 3


def test_the_tools_answers_are_drawn(client):
    html = page(client, "/et/wizard/tools/trick?trump=H&cards=S13.H7.H2.W")
    svg = SVG.search(html[html.index('id="tool-result"'):]).group(0)
    assert cards_said(svg)[3] == ("W", "winner")
    assert list(ET.fromstring(svg))[0].text == "Tihi: ♠13, ♥7, ♥2, Võlur; tihi võtab Võlur; Trumbimast: ♥ ärtu"
    html = page(client, "/ko/wizard/tools/legal?trump=S&hand=W.H7.S2&trick=H3")
    svg = SVG.search(html[html.index('id="tool-result"'):]).group(0)
    assert cards_said(svg) == [("H3", "played"), ("W", "yes"), ("H7", "yes"), ("S2", "no")]
    html = page(client, "/fi/wizard/tools/legal?trump=S&hand=H7.S2")
    assert "Yhtään korttia ei ole vielä pelattu: sinä aloitat." in html  # leading: no trick drawn


def test_the_amigo_edition_draws_its_colours(client):
    html = page(client, "/en/wizard/tools/trick?trump=H&cards=S13.H7&ed=amigo")
    svg = SVG.search(html[html.index('id="tool-result"'):]).group(0)
    assert 'class="svg-card wz-amigo amigo-S' in svg and ">B13<" in svg  # blue 13
