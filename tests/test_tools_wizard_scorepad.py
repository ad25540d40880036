"""Wizard's score pad through the test client (the browser test drives it with JavaScript): set-up,
bids and tricks step by step, refusals in the reader's language, damaged pads, whole games."""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest
from tools_wizard_support import page, reason, rule_href, section, text, violation

# --- the score pad through the test client (the browser test drives it with JavaScript) -------------------


def follow(client, url: str) -> tuple[str, str]:
    """GET url, following the pad's redirects; (final url, html)."""
    r = client.get(url)
    while r.status_code == 302:
        url = r.headers["Location"]
        r = client.get(url)
    return url, r.get_data(as_text=True)


def state_of(url: str) -> str:
    return parse_qs(urlparse(url).query)["s"][0]


def test_setting_up_a_pad(client):
    url, html = follow(client, "/en/wizard/tools/score?players=3&n1=Ann&n2=Bo&n3=Cy&n4=Dee&dealer=2&variant=1")
    assert state_of(url) == "1~3v1~Ann~Bo~Cy"
    assert "Round 1 of 20" in text(html)
    assert "Bo deals; Cy bids and leads first." in text(html)
    # one row per player in seating order (the sheet's columns), a radio chip per possible bid
    # (0 or 1 in round 1), submitted together; the player left of the dealer marked as bidding first
    rows = re.findall(r'<fieldset class="pad-row[^"]*" data-pad-row data-turn="(\d)">\s*<legend class="pad-name">([^<]+)', html)
    assert [(turn, name.strip()) for turn, name in rows] == [("1", "Ann"), ("2", "Bo"), ("0", "Cy")]
    assert re.findall(r'name="(b\d)" value="(\d)"', html) == [("b1", "0"), ("b1", "1"), ("b2", "0"), ("b2", "1"),
                                                                ("b3", "0"), ("b3", "1")]
    first = html[html.index('class="pad-row first"'):]
    assert text(first[:first.index("</legend>")]).endswith("Cy bids first")
    form = html[html.index('class="tool-form pad-entry"'):]
    assert "<select" not in form[:form.index("</form>")]


def test_a_pad_step_by_step(client, site):
    url, html = follow(client, "/en/wizard/tools/score?players=3&n1=Ann&n2=Bo&n3=Cy&dealer=1")
    s = state_of(url)
    url, html = follow(client, f"/en/wizard/tools/score?s={s}&b1=1&b2=0&b3=0")
    assert state_of(url) == "1~3o0~Ann~Bo~Cy~100"
    assert "Tricks won in round 1" in text(html)
    url, html = follow(client, f"/en/wizard/tools/score?s={state_of(url)}&t1=1&t2=0&t3=0")
    assert state_of(url) == "1~3o0~Ann~Bo~Cy~100100"
    assert "Round 2 of 20" in text(html)
    totals = re.findall(r'data-total="\d">(-?\d+)<', html)
    assert totals == ["30", "20", "20"]
    last = section(html, 'class="pad-last"')
    assert reason(site, "made", "en", bid=1, tricks=1, points=30) in text(last)
    assert rule_href("en", "wizard.score.made") in last
    # undo goes back to the tricks of round 1
    undo = re.search(r'href="([^"]+)" data-pad-link data-pad-undo', html).group(1)
    assert state_of(unescape(undo)) == "1~3o0~Ann~Bo~Cy~100"


def test_bids_out_of_range_and_the_variant_are_refused(client, site):
    r = client.get("/en/wizard/tools/score?s=1~3o0~Ann~Bo~Cy~100100&b1=3&b2=0&b3=0")
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert violation(site, "bid-out-of-range", "en", max=2, bid=3) in text(html)
    # in the variant the dealer (Bo in round 2) may not make the bids add up to 2
    r = client.get("/ko/wizard/tools/score?s=1~3v0~Ann~Bo~Cy~000100&b1=1&b2=1&b3=0")
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert violation(site, "bids-equal-tricks", "ko", round=2, others=1, bid=1) in text(html)
    assert rule_href("ko", "wizard.bid.variant-total") in html
    # the state is kept: the same round is asked again
    assert 'name="s" value="1~3v0~Ann~Bo~Cy~000100"' in html


def test_tricks_must_add_up_to_the_round(client, site):
    r = client.get("/en/wizard/tools/score?s=1~3o0~Ann~Bo~Cy~100100~110&t1=1&t2=0&t3=0")
    assert r.status_code == 400
    assert violation(site, "tricks-total", "en", total=1, round=2) in text(r.get_data(as_text=True))


@pytest.mark.parametrize("state", [
    "2~3o0~A~B~C", "1~7o0~A~B~C", "1~3o5~A~B~C", "1~3o0~A~B", "1~3o0~A~B~C~1", "1~3o0~A~B~C~100~100100",
    "1~3o0~A~B~C~zzz", "1~3o0~A~B~C~200100", "1~3o0~A~B~C~" + "~".join(["000"] * 21), "1~" + "x" * 2000,
    "1~3v0~A~B~C~100100",
])
def test_a_damaged_pad_is_named_not_crashed(client, state):
    r = client.get(f"/en/wizard/tools/score?s={state}")
    assert r.status_code == 400
    assert "This score sheet cannot be read" in text(r.get_data(as_text=True))


def play_game(client, players: int, names: list[str], rounds: list[tuple[list[int], list[int]]], lang="en"):
    url, html = follow(client, f"/{lang}/wizard/tools/score?players={players}&"
                       + "&".join(f"n{i + 1}={n}" for i, n in enumerate(names)))
    for bids, tricks in rounds:
        s = state_of(url)
        url, html = follow(client, f"/{lang}/wizard/tools/score?s={s}&"
                           + "&".join(f"b{i + 1}={b}" for i, b in enumerate(bids)))
        s = state_of(url)
        url, html = follow(client, f"/{lang}/wizard/tools/score?s={s}&"
                           + "&".join(f"t{i + 1}={t}" for i, t in enumerate(tricks)))
    return url, html


def test_a_whole_six_player_game(client):
    # ten rounds; Ann bids and takes every trick, four make their 0, Fay always misses by one
    rounds = []
    for r in range(1, 11):
        rounds.append(([r, 0, 0, 0, 0, 1], [r, 0, 0, 0, 0, 0]))
    url, html = play_game(client, 6, ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"], rounds)
    assert "Game over" in text(html)
    ranking = section(html, "data-ranking")
    places = re.findall(r'data-rank="(\d)" data-seat="(\d)"', ranking)
    assert places[0] == ("1", "0") and [p[0] for p in places[1:]] == ["2", "2", "2", "2", "6"]
    assert "wins" in text(ranking) and text(ranking).count("shared place") == 4
    assert 'href="/en/wizard/wizard.end.winner"' in html
    assert len(url) < 2048


def test_a_three_player_game_won_alone_then_shared(client):
    # 20 rounds, everyone bids right: Cy, who takes every trick, wins alone
    rounds = [([0, 0, r], [0, 0, r]) for r in range(1, 21)]
    _url, html = play_game(client, 3, ["Ann", "Bo", "Cy"], rounds)
    ranking = section(html, "data-ranking")
    assert "shared win" not in text(ranking)
    totals = re.findall(r'data-total="\d">(-?\d+)<', html)
    assert totals == ["400", "400", str(sum(20 + 10 * r for r in range(1, 21)))]
    # everyone bids 0 and Cy takes every trick: Ann and Bo share the win
    rounds = [([0, 0, 0], [0, 0, r]) for r in range(1, 21)]
    _url, html = play_game(client, 3, ["Ann", "Bo", "Cy"], rounds)
    ranking = section(html, "data-ranking")
    assert text(ranking).count("shared win") == 2  # Ann and Bo, 400 each; Cy missed every round
    assert re.findall(r'data-rank="(\d)"', ranking) == ["1", "1", "3"]


def test_a_pad_address_stays_small(client):
    names = ["가나다라마바사아자차카타파하"] * 6
    rounds = [([r, 0, 0, 0, 0, 0], [r, 0, 0, 0, 0, 0]) for r in range(1, 11)]
    url, html = play_game(client, 6, names, rounds, lang="ko")
    assert len(url) < 2048
    assert "가나다라마바사아자차카타파하" in html


def test_an_empty_pad_shows_the_set_up(client):
    html = page(client, "/fi/wizard/tools/score")
    assert 'name="players"' in html and 'name="n6"' in html and 'name="variant"' in html
    r = client.get("/fi/wizard/tools/score?players=9")
    assert r.status_code == 400
