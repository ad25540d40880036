"""Deductio at the table (issue 12): the clue palette, the table drawn, the worked examples'
captions and verdicts, and a tutorial that plays to the end of a game, both powers included,
with no guess offered while a penalty forbids it. Through the real app and its pages."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from content.model import LANGS
from content.tutorial import walk
from engine import deductio as D

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
NS = "{http://www.w3.org/2000/svg}"


def get(client, url: str, status: int = 200) -> str:
    r = client.get(url, follow_redirects=True)
    assert r.status_code == status, (url, r.status_code)
    return r.get_data(as_text=True)


def text(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def drawings(html: str) -> list[ET.Element]:
    """Every inline SVG of the page, parsed as XML (a malformed one fails here)."""
    return [ET.fromstring(m.group(0)) for m in SVG.finditer(html) if 'class="table-drawing' in m.group(0)]


def title_of(svg: ET.Element) -> str:
    first = list(svg)[0]
    assert first.tag == NS + "title", "the title must be the first child: it names the picture"
    return "".join(first.itertext())


def check_drawing(svg: ET.Element) -> str:
    assert svg.get("role") == "img"
    assert svg.get("viewBox")
    for node in svg.iter():
        assert "style" not in node.attrib, "styled by classes only: the CSP allows no inline style"
    title = title_of(svg)
    assert title.strip()
    return title


def statement(site, clue: str, lang: str) -> str:
    return site.games["deductio"].labels["clues"][clue][lang].format(**D.clue_params(clue))


def short(site, clue: str, lang: str) -> str:
    return site.games["deductio"].labels["short"][D.CLUES[clue].kind][lang].format(**D.clue_params(clue))


# --- the clue tool: a palette of short faces, the whole text of the chosen cards ---------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_palette_holds_every_card_by_kind_with_its_short_face_and_whole_text(client, site, lang):
    html = get(client, f"/{lang}/deductio/tools/clue")
    groups = re.findall(r'<div class="dd-group" role="group" aria-labelledby="kind-([a-z]+)">(.*?)</div>\s*</div>',
                        html, re.DOTALL)
    assert [g for g, _ in groups] == ["parity", "digits", "ge", "le", "not", "nb", "centre"]
    seen = []
    for group, body in groups:
        legend = site.games["deductio"].labels["kinds"][group][lang]
        assert f'id="kind-{group}">{legend}</p>' in unescape(html)
        for clue in re.findall(r'name="row" value="([^"]+)"', body):
            seen.append(clue)
            label = re.search(rf'<label class="chip dd-chip" for="row-{re.escape(clue)}"[^>]*>(.*?)</label>', body,
                              re.DOTALL).group(1)
            assert short(site, clue, lang) in text(re.search(r'class="dd-short"[^>]*>(.*?)</span>', label).group(1))
            assert statement(site, clue, lang) in text(label)  # the whole text: the card's name
    assert seen == list(D.CLUE_IDS)
    # the short faces are short ("not 10 or 20", "## kaksinumeroinen")
    assert max(len(short(site, c, lang)) for c in D.CLUE_IDS) <= 18


@pytest.mark.parametrize("lang", LANGS)
def test_no_select_on_a_deductio_tool_page_keeps_more_than_14_options(client, lang):
    pages = [f"/{lang}/deductio/tools", f"/{lang}/deductio/tools/clue",
             f"/{lang}/deductio/tools/clue?secret=7&centre=3.12.18&row=even.ge7.pm1",
             f"/{lang}/deductio/tools/guess", f"/{lang}/deductio/tools/guess?upright=even.ge7&centre=3.12.18"]
    for url in pages:
        html = get(client, url)
        for select in re.findall(r"<select\b.*?</select>", html, re.DOTALL):
            assert select.count("<option") <= 14, (url, select[:80])


def test_the_palette_posts_without_javascript_as_a_plain_get(client, site):
    # what a browser sends for the form: repeated checkboxes; one redirect to the short address
    r = client.get("/ko/deductio/tools/clue?secret=8&centre=4&centre=11&centre=17&row=ge9&row=nb-5-8&row=pm1")
    assert r.status_code == 302
    assert r.headers["Location"] == "/ko/deductio/tools/clue?secret=8&centre=4.11.17&row=ge9.nb-5-8.pm1"
    html = get(client, r.headers["Location"])
    result = html[html.index('id="tool-result"'):]
    # none is true of 8: the answer says so, every card's whole text is shown, the row drawn sideways
    assert site.games["deductio"].labels["labels"]["must-take-all"]["ko"] in text(result)
    for clue in ("ge9", "nb-5-8", "pm1"):
        assert statement(site, clue, "ko") in text(result)
        assert f'id="row-{clue}" name="row" value="{clue}" checked' in html
    (svg,) = drawings(result)
    assert len(svg.findall(f".//{NS}g[@class='svg-card dd-clue sideways marked']")) == 3


def test_four_cards_for_a_row_of_three_is_a_clear_localized_error(client, site):
    html = get(client, "/fi/deductio/tools/clue?secret=8&centre=4.11.17&row=ge9.even.odd.le6", status=400)
    result = html[html.index('id="tool-result"'):]
    assert 'data-error="row-too-long"' in result
    assert site.games["deductio"].violations["row-too-long"]["fi"].format(size=4) in text(result)


@pytest.mark.parametrize("lang", LANGS)
def test_the_clue_answer_draws_the_row_with_the_cards_that_may_be_taken_lit(client, site, lang):
    html = get(client, f"/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=even.ge9.le10")
    (svg,) = drawings(html[html.index('id="tool-result"'):])
    title = check_drawing(svg)
    assert "8" in title and short(site, "even", lang) in title
    lit = [g for g in svg.iter(NS + "g") if g.get("class") == "svg-card dd-clue lit"]
    dim = [g for g in svg.iter(NS + "g") if g.get("class") == "svg-card dd-clue dim"]
    assert (len(lit), len(dim)) == (2, 1)  # even and 10 or less are true of 8; 9 or more is not


def test_drawing_titles_are_in_the_readers_language(client):
    titles = {}
    for lang in LANGS:
        html = get(client, f"/{lang}/deductio/tools/clue?secret=8&centre=4.11.17&row=even.ge9.le10")
        titles[lang] = check_drawing(drawings(html[html.index('id="tool-result"'):])[0])
    assert len(set(titles.values())) == len(LANGS), titles


# --- worked examples: a caption, a verdict, the table drawn -------------------------------------------


def examples_on(html: str) -> list[tuple[str, str, str, str]]:
    out = []
    for m in re.finditer(r'<details class="example [a-z]+" id="([^"]+)"( open)?>\s*<summary>(.*?)</summary>(.*?)</details>',
                         html, re.DOTALL):
        caption = re.search(r'class="example-caption">(.*?)</span>', m.group(3), re.DOTALL)
        verdict = re.search(r'class="verdict">(.*?)</strong>', m.group(3), re.DOTALL)
        out.append((m.group(1), text(caption.group(1)) if caption else "", text(verdict.group(1)) if verdict else "",
                    m.group(4)))
    return out


def test_every_example_has_a_caption_a_verdict_and_a_drawing_in_every_language(client, site):
    game = site.games["deductio"]
    entries = sorted({rule for ex in game.examples for rule in ex.rules})
    english: dict[str, tuple[str, str]] = {}
    for lang in ["en"] + [lang for lang in LANGS if lang != "en"]:
        shown = {}
        for entry in entries:
            html = get(client, f"/{lang}/deductio/{entry}")
            found = examples_on(html)
            assert found and ' open>' in html  # the first example of the page is open
            for ex_id, caption, verdict, body in found:
                assert caption and verdict, (lang, ex_id)
                assert "\n" not in caption and len(caption) < 400  # one line, not a list of state
                (svg,) = drawings(body)
                check_drawing(svg)
                shown[ex_id] = (caption, verdict)
        assert set(shown) == {ex.id for ex in game.examples}
        if lang == "en":
            english = shown
        else:  # in the reader's language: no English caption or verdict left
            same = [ex for ex in shown if shown[ex][1] == english[ex][1] or shown[ex][0] == english[ex][0]]
            assert not same, (lang, same[:3])


def test_verdicts_say_what_the_engine_decided(client):
    html = get(client, "/en/deductio/deductio.clue.choose-true")
    verdicts = {ex: v for ex, _, v, _ in examples_on(html)}
    assert verdicts["deductio.ex.untrue-clue-refused"] == "Taking “≥ 9” upright: not allowed"
    assert verdicts["deductio.ex.take-true-clue"] == "Allowed: “not 9 or 19” goes upright."
    html = get(client, "/en/deductio/deductio.guess.wrong")
    verdicts = {ex: v for ex, _, v, _ in examples_on(html)}
    assert verdicts["deductio.ex.wrong-guess"] == "Wrong: a penalty of two clue actions in a row."
    html = get(client, "/ko/deductio/deductio.power.magnifier")
    verdicts = {ex: v for ex, _, v, _ in examples_on(html)}
    assert verdicts["deductio.ex.magnifier-wrong"] == "틀렸지만 돋보기 모양 아이콘 효과로 한 추측이라 불이익이 없습니다."


# --- the tutorial: to the end of a game, both powers, no guess during a penalty -----------------------


def tutorial(site):
    return site.games["deductio"].tutorial


def page_of(client, site, step_id: str, lang: str = "en") -> str:
    t = tutorial(site)
    return get(client, f"/{lang}/deductio/tutorial/{step_id}?t={t.token(t.links[step_id])}")


def test_the_usual_way_plays_both_powers_and_ends_the_game(site):
    t = tutorial(site)
    way = walk(t, t.links["done"], "done")
    steps = [v.step.id for v in way.visits]
    for step in ("digits", "eye-use", "magnifier-use", "won"):
        assert step in steps
    moves = {v.step.id: t.play.decode(v.decision) for v in way.visits if v.decision and v.step.kind == "practice"}
    assert moves["eye-use"]["type"] == "eye" and moves["magnifier-use"]["type"] == "magnify"
    assert moves["digits"] == {"type": "take", "clue": "digit1"}
    won = next(v for v in way.visits if v.step.id == "won")
    assert won.state.is_over and won.state.winners == [0]  # the reader wins: the game's end
    for rule in ("deductio.power.eye", "deductio.power.magnifier", "deductio.clue.digits"):
        assert rule in t.teaches


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_with_every_player_count(site, players):
    t = tutorial(site)
    decisions = list(t.links["won"])
    decisions[0] = str(players)
    won = walk(t, tuple(decisions), "won").here
    assert won.state.is_over and won.state.winners == [0]
    assert len(won.state.collected[0]) == D.win_target(players)


def test_the_eye_shows_what_it_saw_and_the_magnifier_offers_a_free_guess(client, site):
    html = page_of(client, site, "eye-use", "ko")
    assert 'name="m" value="e1"' in html and 'name="m" value="e2"' in html
    assert 'name="guess"' not in html and 'name="m" value="kge15"' not in html  # only the power, or not
    seen = page_of(client, site, "eye-seen", "ko")
    (svg,) = drawings(seen)
    assert "6" in title_of(svg) and "12" in title_of(svg)
    html = page_of(client, site, "magnifier-use", "fi")
    assert 'name="free" value="1"' in html and 'name="guess"' not in html
    assert 'name="m" value="s"' in html  # not using it is a choice too (it is then lost)


def test_a_wrong_free_guess_costs_no_penalty_and_the_game_still_ends(client, site):
    t = tutorial(site)
    base = f"/en/deductio/tutorial/magnifier-use?t={t.token(t.links['magnifier-use'])}"
    r = client.get(base + "&free=1&target=1&number=6")
    assert r.status_code == 303 and "m=f1-6" in r.headers["Location"]
    r = client.get(r.headers["Location"])
    assert r.status_code == 303 and "/free-miss?" in r.headers["Location"]
    miss = get(client, r.headers["Location"])
    assert "no penalty" in text(miss)
    last = get(client, unescape(re.search(r'rel="next" href="([^"]+)"', miss).group(1)))
    assert 'name="guess" value="1"' in last
    token = re.search(r'name="t" value="([^"]+)"', last).group(1)
    r = client.get(f"/en/deductio/tutorial/last-guess?t={token}&guess=1&target=1&number=2")
    r = client.get(r.headers["Location"])
    assert r.status_code == 303 and "/won?" in r.headers["Location"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_step_offers_a_guess_during_a_penalty(client, site, lang):
    t = tutorial(site)
    checked = 0
    for step_id, decisions in t.links.items():
        here = walk(t, decisions, step_id).here
        if here.step.kind != "practice":
            continue
        html = get(client, f"/{lang}/deductio/tutorial/{step_id}?t={t.token(decisions)}")
        if here.state.phase == D.PENALTY:
            checked += 1
            assert 'name="guess"' not in html and 'name="free"' not in html, step_id
            assert 'name="m" value="k' in html  # the clue actions the penalty asks for
        elif here.state.phase == D.TURN:
            assert 'name="guess" value="1"' in html, step_id
    assert checked == 2  # penalty-one and penalty-two


@pytest.mark.parametrize("lang", LANGS)
def test_the_mark_is_explained_where_it_first_appears(client, site, lang):
    html = page_of(client, site, "deal", lang)
    (svg,) = drawings(html)
    check_drawing(svg)
    legend = [node for node in svg.iter(NS + "text") if node.get("class") == "svg-label dd-legend"]
    assert legend and "#" in "".join(legend[0].itertext()) and "##" in "".join(legend[0].itertext())
    body = site.games["deductio"].tutorial_texts[lang]["steps"]["deal"]["body"]
    assert re.search(r"(^|[^#])#([^#]|$)", body) and "##" in body  # and the text says what they mean


@pytest.mark.parametrize("lang", LANGS)
def test_every_tutorial_table_is_a_drawing_with_a_localized_title(client, site, lang):
    t = tutorial(site)
    for step_id, decisions in t.links.items():
        html = get(client, f"/{lang}/deductio/tutorial/{step_id}?t={t.token(decisions)}")
        # a "#" at the start of a line would make the Markdown a heading: one title per step
        body = re.search(r'<div class="tut-body">(.*?)</div>', html, re.DOTALL).group(1)
        assert html.count("<h1") == 1 and not re.search(r"<h[1-6]", body), (lang, step_id)
        if 'class="tut-table dd"' in html:
            for svg in drawings(html):
                check_drawing(svg)
