"""Reading at the table, through the test client: the FAQ as a list of questions with their short
answers, search results that keep the query, reading order within rules or within the FAQ,
sources in words and no ids or file names shown, two languages side by side, the offline
lists (what keeping a game stores), the service worker and the manifest, compression."""
from __future__ import annotations

import gzip
import json
import re
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import parse_qs, urlparse

import pytest
from markupsafe import escape

from content.model import LANGS

# --- what a player reads -----------------------------------------------------------------------------


class Visible(HTMLParser):
    """The text of a page as shown: no attributes, nothing inside <script>, <style> or <head>."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible(html: str) -> str:
    p = Visible()
    p.feed(html)
    return " ".join(p.parts)


SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


def internal_id(site) -> re.Pattern:
    return re.compile(rf"\b({'|'.join(site.games)})\.[a-z0-9-]+\.[a-z0-9-]+")


def pages_to_read(site, lang):
    yield f"/{lang}/"
    for game in site.games:
        yield f"/{lang}/{game}/"
        yield f"/{lang}/{game}/faq"
        yield f"/{lang}/{game}/tools"
        yield f"/{lang}/{game}/tutorial/"
    for entry in site.entries.values():
        yield f"/{lang}/{entry.game}/{entry.id}"
    yield f"/{lang}/search?q=trump"
    yield f"/{lang}/wizard/tools/trick?trump=H&cards=S13.H2.J.S1"
    yield f"/{lang}/wizard/tools/score?s=1~3o0~Ann~Bo~Cy~000010~000020"
    yield f"/{lang}/offline"


@pytest.mark.parametrize("lang", LANGS)
def test_no_id_or_file_name_is_shown_to_players(client, site, lang):
    ids = internal_id(site)
    for url in pages_to_read(site, lang):
        r = client.get(url)
        assert r.status_code in (200, 404), url  # a game without tools or tutorial
        text = visible(r.get_data(as_text=True))
        assert not SEED_FILE.search(text), (url, SEED_FILE.search(text).group(0))
        assert not ids.search(text), (url, ids.search(text).group(0))


def test_sources_are_named_in_words(client, site):
    html = client.get("/fi/wizard/wizard.play.follow-suit").get_data(as_text=True)
    sources = html[html.index('class="sources"'):]
    assert "Saamamme sääntöteksti (Wizard, kieli: suomi), rivit 3" in visible(sources)
    ko = client.get("/ko/deductio/deductio.guess.wrong").get_data(as_text=True)
    assert "행" in visible(ko[ko.index('class="sources"'):])


# --- the FAQ as a list -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fi", "ko"])
def test_the_faq_lists_every_question_with_its_short_answer_and_folds_the_explanation(client, site, lang):
    for game in site.games.values():
        html = client.get(f"/{lang}/{game.id}/faq").get_data(as_text=True)
        assert html.count('<details class="faq-item">') == len(game.faq)
        assert "<details class=\"faq-item\" open" not in html  # every explanation folded
        for entry in game.faq:
            text = entry.text(lang)
            start = html.index(f'id="q-{entry.id.rsplit(".", 1)[-1]}"')
            item = html[start:html.index("</li>", start)]
            summary = item[item.index("<summary>"):item.index("</summary>")]
            assert str(escape(text.title)) in summary
            if text.answer:
                assert str(escape(text.answer)) in summary
            assert 'class="faq-more"' in item[item.index("</summary>"):]  # the explanation, opened on a tap
        assert "data-faq-filter hidden" in html  # the filter appears with its script


def test_the_filter_data_reads_player_phrasings(app, site):
    """The players' phrasings (text/<lang>/phrasings.yaml) are what the FAQ filter and the
    device's search read beside the questions: their words, not where they come from."""
    from content.model import Phrasing
    from web.offline import faq_items
    from web.pages import faq_item

    game = site.games["wizard"]
    entry = game.faq[0]
    text = entry.text("fi")
    with_phrasings = SimpleNamespace(title=text.title, answer=text.answer, body=text.body, ruling=None,
                                     phrasings=(Phrasing("narri vaikka maata on", "common"),
                                                Phrasing("saako narrin", "common")))
    fake = SimpleNamespace(id=entry.id, game=entry.game, text=lambda lang: with_phrasings)
    fake_game = SimpleNamespace(id=game.id, faq=[fake], glossary=game.glossary)
    with app.test_request_context("/fi/wizard/faq"):
        from flask import g

        g.lang, g.pair = "fi", None
        assert faq_items(fake_game, "fi")[0]["phrasings"] == ["narri vaikka maata on", "saako narrin"]
        assert json.loads(faq_item(fake_game, fake, "fi")["phrasings"]) == ["narri vaikka maata on", "saako narrin"]
        assert faq_items(game, "fi")[0]["phrasings"] == [p.text for p in entry.text("fi").phrasings] != []


# --- search -------------------------------------------------------------------------------------------------


def test_search_keeps_the_query_in_the_header_and_shows_short_answers_and_few_hits(client):
    html = client.get("/fi/search", query_string={"q": "saako narrin pelata"}).get_data(as_text=True)
    assert re.search(r'<input id="top-q"[^>]*value="saako narrin pelata"', html)
    assert html.count('name="q"') == 1  # one box: the header's
    assert 'form="top-search"' in html  # the game filter belongs to it
    first = html[html.index('<ol class="hits">'):html.index("</ol>", html.index('<ol class="hits">'))]
    assert first.count("<li>") <= 3
    assert 'class="more-hits"' in html
    assert 'class="answer-badge"' in html


# --- reading order -------------------------------------------------------------------------------------------


def test_previous_and_next_stay_within_the_rules_or_within_the_faq(client, site):
    for game in site.games.values():
        for group in (game.rules, game.faq):
            for i, entry in enumerate(group):
                html = client.get(f"/en/{game.id}/{entry.id}").get_data(as_text=True)
                pager = html[html.index('class="pager"'):]
                prev = re.search(r'rel="prev" href="/en/[^/]+/([^"?]+)"', pager)
                nxt = re.search(r'rel="next" href="/en/[^/]+/([^"?]+)"', pager)
                assert (prev.group(1) if prev else None) == (group[i - 1].id if i else None)
                assert (nxt.group(1) if nxt else None) == (group[i + 1].id if i + 1 < len(group) else None)
                if prev:
                    assert "Previous:" in pager


# --- two languages -------------------------------------------------------------------------------------------


def test_a_rule_in_korean_and_finnish_paragraph_by_paragraph(client, site):
    entry = site.entries["wizard.play.follow-suit"]
    html = client.get(f"/ko/wizard/{entry.id}?with=fi").get_data(as_text=True)
    assert html.count('<div class="pair">') == len([b for b in re.split(r"\n\s*\n", entry.text("ko").body) if b.strip()])
    assert html.count('class="pair-first" lang="ko"') == html.count('class="pair-second" lang="fi"') > 0
    assert entry.text("fi").title in html
    # the glossary's terms, marked alike in both and listed under the pair
    assert re.search(r'<span class="term term-\d">광대', html) and re.search(r'<span class="term term-\d">narri', html)
    assert re.search(r'<span class="term term-(\d)" lang="ko">광대</span> = <span class="term term-\1" lang="fi">narri', html)
    # every reading link keeps the pair; the language switch swaps it; hreflang keeps working
    for href in re.findall(r'href="(/ko/wizard/wizard\.[^"]+)"', html):
        assert href.endswith("?with=fi"), href
    assert f'href="/fi/wizard/{entry.id}?with=ko" hreflang="fi"' in html
    assert f'<link rel="alternate" hreflang="fi" href="/fi/wizard/{entry.id}?with=ko">' in html
    assert f'<link rel="alternate" hreflang="lt" href="/lt/wizard/{entry.id}?with=fi">' in html


def test_the_pair_is_chosen_with_a_plain_form_and_kept_while_browsing(client):
    html = client.get("/fi/deductio/faq?with=ko").get_data(as_text=True)
    assert '<select id="pair-with" name="with"' in html and '<option value="ko" lang="ko" selected>' in html
    assert 'class="pair-title" lang="ko"' in html
    game = client.get("/fi/deductio/?with=ko").get_data(as_text=True)
    assert re.search(r'href="/fi/deductio/deductio\.[^"]+\?with=ko"', game)
    assert 'href="/fi/deductio/faq?with=ko"' in game
    for odd in ("xx", "fi", ""):  # unknown, the page's own, none: one language
        page = client.get(f"/fi/deductio/deductio.goal?with={odd}").get_data(as_text=True)
        assert 'class="pair"' not in page


# --- offline -------------------------------------------------------------------------------------------------


def offline_version(app) -> str:
    """The version the device's cache names carry, as the site says it in a request."""
    from web.offline import version

    with app.test_request_context("/en/"):
        app.preprocess_request()
        return version()



def test_the_service_worker_is_at_a_stable_address_and_never_immutable(client, app):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Cache-Control"] == "no-cache"
    body = r.get_data(as_text=True)
    version = offline_version(app)
    assert f'"version": "{version}"' in body and re.fullmatch(r"[0-9a-f]{12}-[0-9a-f]{12}", version)
    # revalidated by its own body's ETag: a 304 while it is the same, never a page's ETag
    assert r.headers["ETag"] and not r.headers["ETag"].startswith('W/"')
    again = client.get("/sw.js", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Cache-Control"] == "no-cache"
    pages = client.get("/ko/wizard/").get_data(as_text=True)
    assert 'data-sw="/sw.js"' in pages and '<link rel="manifest" href="/ko/manifest.webmanifest">' in pages


def test_the_manifest_and_its_icons(client):
    r = client.get("/fi/manifest.webmanifest")
    assert r.mimetype == "application/manifest+json"
    manifest = r.get_json()
    assert manifest["start_url"] == "/fi/" and manifest["scope"] == "/" and manifest["lang"] == "fi"
    assert manifest["name"] == "Pelipöydän säännöt"
    sizes = set()
    for icon in manifest["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and got.mimetype == icon["type"], icon
        sizes.add(icon["sizes"])
        if icon["type"] == "image/png":
            width = int.from_bytes(got.data[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"]
    assert {"192x192", "512x512"} <= sizes and any(i.get("purpose") == "maskable" for i in manifest["icons"])


@pytest.mark.parametrize("lang,game_id", [("ko", "wizard"), ("fi", "deductio"), ("et", "siggil")])
def test_keeping_a_game_stores_every_page_it_needs(client, site, app, lang, game_id):
    kept = client.get(f"/{lang}/{game_id}/offline.json").get_json()
    game = site.games[game_id]
    urls = kept["urls"]
    assert kept["cache"] == f"rat-{offline_version(app)}-kept-{lang}-{game_id}"
    for entry in game.entries:  # every rule and FAQ page
        assert f"/{lang}/{game_id}/{entry.id}" in urls
    assert f"/{lang}/{game_id}/faq" in urls and f"/{lang}/{game_id}/faq.json" in urls and f"/{lang}/offline" in urls
    assert f"/{lang}/{game_id}/tools" in urls and any("/tools/" in u for u in urls)
    # the assets under the names the pages use (content-hashed, web/assets.py), so the
    # worker's cache-first answer for /static/ always matches the page
    page = client.get(f"/{lang}/{game_id}/").get_data(as_text=True)
    scripts = re.findall(r'data-site="([^"]+)"', page)  # the page's styles are in it (web/styles.py)
    assert scripts and all(href in urls for href in scripts)
    assert any(re.search(r"/static/site\.[0-9a-f]{10}\.css$", u) for u in urls)
    others = [g for g in site.games if g != game_id]
    assert not any(f"/static/{o}/" in u for u in urls for o in others)  # not the other games' assets
    tutorial = [u for u in urls if "/tutorial/" in u]
    assert len(tutorial) >= 10
    for url in urls:  # each answers as it will be kept
        r = client.get(url)
        assert r.status_code == 200, url
    redirects = dict(kept["redirects"])
    for source, target in kept["redirects"]:  # each answer or move leads where the kept page is
        r = client.get(source)
        assert r.status_code in (302, 303), source
        assert r.headers["Location"] == target, source
        while target in redirects:  # a move of several fields: first its compact address
            target = redirects[target]
        assert target in urls
    # the tutorial is kept all along its usual way: start to end
    assert client.get(tutorial[-1]).get_data(as_text=True).count('class="tutorial tutorial-') == 1
    assert "step-end" in client.get(tutorial[-1]).get_data(as_text=True)


def test_the_faq_data_for_the_search_on_the_device(client, site):
    data = client.get("/lt/siggil/faq.json").get_json()
    faq = site.games["siggil"].faq
    assert len(data["entries"]) == len(faq)
    first = data["entries"][0]
    assert first["q"] == faq[0].text("lt").title and first["a"] == (faq[0].text("lt").answer or "")
    assert first["url"] == f"/lt/siggil/{faq[0].id}"
    assert first["phrasings"] == [p.text for p in faq[0].text("lt").phrasings] != []


def test_cache_names_carry_the_content_and_code_version(tmp_path, app, monkeypatch):
    import shutil

    from publish.fingerprint import version_of
    from publish.release import CONTENT_DIR

    release = app.extensions["live"].release
    assert offline_version(app) == f"{release.version}-{app.config['CODE_VERSION']}"
    copy = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert version_of(copy) == release.version  # the live release is the content as it is
    faq = copy / "games" / "wizard" / "text" / "en" / "faq.yaml"
    faq.write_text(faq.read_text(encoding="utf-8") + "\n# a change\n", encoding="utf-8")
    assert version_of(copy) != release.version  # a change makes another version, other caches
    monkeypatch.setitem(app.config, "CONTENT_VERSION", "2027-01")  # a deploy that names its own
    assert offline_version(app) == f"2027-01-{app.config['CODE_VERSION']}"


def test_tools_that_need_the_server_say_so_offline_and_the_score_pad_does_not(client):
    trick = client.get("/ko/wizard/tools/trick").get_data(as_text=True)
    assert "data-offline-tool hidden" in trick
    pad = client.get("/ko/wizard/tools/score").get_data(as_text=True)
    assert "data-offline-tool" not in pad
    assert re.search(r"/static/wizard/scorepad-rules\.[0-9a-f]{10}\.js", pad)  # its hashed name
    words = json.loads(re.search(r"data-words='([^']+)'", pad).group(1).replace("&#39;", "'"))
    assert "{round}" in words["round_of"] and "{rounds}" in words["round_of"]
    assert set(words["points"]) <= {"zero", "one", "two", "few", "many", "other"} and "other" in words["points"]


# --- serving -------------------------------------------------------------------------------------------------


def test_text_is_compressed_when_the_browser_accepts_it(client):
    plain = client.get("/fi/siggil/tools/capture")
    assert "Content-Encoding" not in plain.headers and "Accept-Encoding" in plain.headers["Vary"]
    packed = client.get("/fi/siggil/tools/capture", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) * 4 < len(plain.data)
    css = client.get("/static/site.css", headers={"Accept-Encoding": "gzip"})
    assert css.headers["Content-Encoding"] == "gzip" and css.headers["ETag"].startswith('W/"')
    icon = client.get("/static/icons/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in icon.headers


def test_korean_words_stay_whole_and_thumb_targets_are_44px_in_the_stylesheet(client):
    css = client.get("/static/site.css").get_data(as_text=True)
    assert re.search(r":lang\(ko\)\s*\{[^}]*word-break:\s*keep-all", css)
    assert "min-height: 2.75rem" in css


def test_the_switcher_copies_the_query_as_data_with_a_pair(client):
    # the language switch on a pair copies the query as data, never as url_for arguments
    html = client.get("/ko/wizard/wizard.goal?with=fi&endpoint=x").get_data(as_text=True)
    link = re.search(r'href="(/fi/wizard/wizard\.goal\?[^"]+)" hreflang="fi"', html).group(1)
    assert parse_qs(urlparse(link.replace("&amp;", "&")).query) == {"with": ["ko"], "endpoint": ["x"]}
