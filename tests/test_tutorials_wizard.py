"""Wizard's tutorial covers the game (issue 12): a Jester led and a Wizard led are practised with
moves the engine checks, and the tutorial reaches the last round, its scores and the winner."""
from __future__ import annotations

import re
from xml.etree import ElementTree as ET

import pytest

from content.model import LANGS
from content.tutorial import try_move, walk
from engine import wizard as W

# the usual way: answers, then the expected move of each practice step
WAY = ("suit", "official", "b1", "S2", "H4")
COUNTS = (3, 4, 5, 6)


def tutorial(site):
    return site.games["wizard"].tutorial


def visit(site, players: int, step: str, *more: str):
    return walk(tutorial(site), (str(players),) + WAY + more, step).here


@pytest.mark.parametrize("players", COUNTS)
def test_a_jester_led_refuses_what_the_text_forbids(site, players):
    """The text: the 4 of diamonds after the Jester sets the suit; follow diamonds."""
    here = visit(site, players, "jester-led")
    assert here.state.trick[:2] == ["J", "D4"] and here.state.hands[0] == ["H4", "S2", "D9"]
    for card in ("S2", "H4"):  # a spade and a trump: both offered, both refused by the rule
        refused = try_move(tutorial(site), here, card).refused
        assert refused is not None and (refused.rule_id, refused.code) == (
            "wizard.play.jester-led", "must-follow-suit-after-jester")
    assert try_move(tutorial(site), here, "D9").done


@pytest.mark.parametrize("players", COUNTS)
def test_a_wizard_led_lets_any_card_follow(site, players):
    here = visit(site, players, "wizard-led", "D9")
    assert here.state.trick[:2] == ["W", "H3"] and "H9" in here.state.hands[0]  # a heart in hand
    offered = [o["card"] for o in tutorial(site).play.moves(here.state, players, None, None)["options"]]
    assert offered == ["H9", "S2", "C13"]
    for card in offered:
        assert try_move(tutorial(site), here, card).done, card
    after = try_move(tutorial(site), here, "C13").after
    assert after.last_trick["winner"] == 1  # the led Wizard wins, whatever followed


@pytest.mark.parametrize("players", COUNTS)
def test_the_tutorial_reaches_the_end_of_the_game(site, players):
    here = visit(site, players, "last-round", "D9", "C13")
    state = here.state
    assert state.round == W.rounds_for(players) == state.rounds  # the last round
    assert state.trump_card is None and state.trump is None and len(state.hands[0]) == 60 // players
    end = visit(site, players, "final", "D9", "C13", "b2")
    assert end.state.is_over and sum(end.state.won) == W.rounds_for(players)
    table = tutorial(site).play.table(end.state, end.spec, players)
    carried = end.spec["carried"][:players]
    totals = [c + p for c, p in zip(carried, end.state.totals)]
    assert [row["total"] for row in table["final"]["rows"]] == totals
    assert table["final"]["winners"] == [w + 1 for w in W.ranking(totals)["winners"]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_page_shows_the_final_totals_and_the_winner(client, site, lang):
    t = tutorial(site)
    decisions = ("4",) + WAY + ("D9", "C13", "b2")
    html = client.get(f"/{lang}/wizard/tutorial/final?t={t.token(decisions)}").get_data(as_text=True)
    end = walk(t, decisions, "final").here
    table = t.play.table(end.state, end.spec, 4)
    assert 'class="tut-result tut-final"' in html
    for row in table["final"]["rows"]:
        assert f"<strong>{row['total']}</strong>" in html
    assert re.search(r'<p class="tut-winner"><strong>\S', html)
    for svg in re.findall(r"<svg\b.*?</svg>", html, re.DOTALL):  # the last trick, drawn
        assert ET.fromstring(svg).get("role") == "img"


def test_the_tricks_of_a_step_are_drawn_with_the_reader_named(client, site):
    t = tutorial(site)
    decisions = ("4",) + WAY + ("D9",)
    html = client.get(f"/ko/wizard/tutorial/wizard-led?t={t.token(decisions)}").get_data(as_text=True)
    svg = re.search(r"<svg\b.*?</svg>", html, re.DOTALL).group(0)
    title = list(ET.fromstring(svg))[0].text
    assert title == "트릭: 마법사, ♥3, ♦2; 트럼프: ♠ 스페이드"
    assert ">2번<" in svg and ">3번<" in svg  # each card under its player's seat
    moved = client.get(f"/en/wizard/tutorial/wizard-led?t={t.token(decisions)}&m=C13")  # the form, without JS
    assert moved.status_code == 303 and "/en/wizard/tutorial/next-rounds?" in moved.headers["Location"]
