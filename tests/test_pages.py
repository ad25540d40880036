"""Every page in every language, the language switcher, and a crawl for broken links."""
from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlparse

import pytest

from content.model import LANGS


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.alternates: dict[str, str] = {}
        self.html_lang: str | None = None
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang")
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"])
        if tag == "link" and a.get("rel") == "alternate":
            self.alternates[a["hreflang"]] = a["href"]
        if tag == "form" and a.get("action"):
            self.hrefs.append(a["action"])
        if tag == "title":
            self._in_title = True

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def parse(html: bytes) -> Links:
    p = Links()
    p.feed(html.decode("utf-8"))
    return p


def entry_pages(site, lang):
    for entry in site.entries.values():
        yield f"/{lang}/{entry.game}/{entry.id}"


def all_pages(site, lang):
    yield f"/{lang}/"
    for game in site.games:
        yield f"/{lang}/{game}/"
        yield f"/{lang}/{game}/faq"
    yield from entry_pages(site, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_answers_in_its_language(client, site, lang):
    for url in all_pages(site, lang):
        r = client.get(url)
        assert r.status_code == 200, url
        page = parse(r.data)
        assert page.html_lang == lang, url
        assert page.title.strip(), url
        assert set(page.alternates) == set(LANGS), url
        for other, href in page.alternates.items():
            assert href == url.replace(f"/{lang}/", f"/{other}/", 1), (url, href)


def test_titles_are_localized(client, site):
    entry = site.entries["deductio.faq.eliminated"]
    for lang in LANGS:
        page = parse(client.get(f"/{lang}/deductio/deductio.faq.eliminated").data)
        assert entry.text(lang).title in page.title


@pytest.mark.parametrize("lang", LANGS)
def test_crawl_finds_no_broken_internal_link(client, lang):
    seen: set[str] = set()
    queue = [f"/{lang}/"]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url)
        assert r.status_code in (200, 302), f"{url} -> {r.status_code}"
        if r.status_code == 302:
            queue.append(urlparse(r.headers["Location"]).path)
            continue
        if not r.content_type.startswith("text/html"):
            continue
        for href in parse(r.data).hrefs:
            target = urldefrag(urljoin(url, href))[0]
            parsed = urlparse(target)
            if parsed.netloc or parsed.scheme not in ("", "http", "https"):
                continue
            path = parsed.path + (f"?{parsed.query}" if parsed.query else "")
            # stay within this language (other languages have their own crawl)
            if path.startswith(f"/{lang}/") or path.startswith("/static/"):
                queue.append(path)
    assert len(seen) > 50


def test_switcher_keeps_the_entry(client):
    r = client.get("/fi/wizard/wizard.play.follow-suit")
    page = parse(r.data)
    switch = [h for h in page.hrefs if h.startswith("/ko/")]
    assert "/ko/wizard/wizard.play.follow-suit" in switch
    ko = client.get("/ko/wizard/wizard.play.follow-suit")
    assert ko.status_code == 200 and parse(ko.data).html_lang == "ko"


@pytest.mark.parametrize("header,expected", [
    ("ko-KR,ko;q=0.9,en;q=0.5", "ko"),
    ("lt", "lt"),
    ("et-EE", "et"),
    ("fi-FI,sv;q=0.8", "fi"),
    ("de-DE,fr;q=0.8", "en"),
    ("", "en"),
])
def test_root_follows_accept_language(client, header, expected):
    r = client.get("/", headers={"Accept-Language": header})
    assert r.status_code == 302
    assert urlparse(r.headers["Location"]).path == f"/{expected}/"


def test_unknown_language_is_a_localized_404(client):
    r = client.get("/xx/wizard/", headers={"Accept-Language": "fi"})
    assert r.status_code == 404
    page = parse(r.data)
    assert page.html_lang == "fi"
    assert "Traceback" not in r.data.decode()


@pytest.mark.parametrize("url", ["/en/nogame/", "/en/wizard/wizard.nothing.here", "/en/wizard/deductio.goal",
                                 "/ko/wizard/%00", "/en/wizard/" + "x" * 3000])
def test_unknown_pages_are_404(client, url):
    r = client.get(url)
    assert r.status_code == 404
    assert b"Traceback" not in r.data


def test_faq_shows_the_short_answer_before_the_explanation(client, site):
    html = client.get("/lt/deductio/faq").data.decode()
    entry = site.entries["deductio.faq.eliminated"]
    text = entry.text("lt")
    question = html.index(text.title)
    answer = html.index(text.answer, question)
    assert answer < html.index("</li>", question)


def test_rule_page_shows_related_rules_sources_as_received_and_next(client, site):
    entry = site.entries["deductio.guess.wrong"]
    html = client.get("/en/deductio/deductio.guess.wrong").data.decode()
    assert 'rel="next"' in html
    assert "as received" in html
    assert 'class="ruling"' in html
    for rel in entry.related:
        assert site.entries[rel].text("en").title.replace("'", "&#39;") in html


def test_game_page_counts_rules_with_lithuanian_plurals(client, site):
    html = client.get("/lt/deductio/").data.decode()
    assert re.search(r"\d+ taisykl(ė|ės|ių)\b", html)
    for section in site.games["deductio"].sections:
        n = len(site.games["deductio"].in_section(section))
        if section != "faq":
            word = "taisyklė" if n % 10 == 1 and n % 100 != 11 else (
                "taisyklės" if 2 <= n % 10 <= 9 and not 12 <= n % 100 <= 19 else "taisyklių")
            assert f"{n} {word}" in html, (section, n)


def test_security_headers_on_pages(client):
    r = client.get("/en/")
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_inline_script_or_style_but_those_the_policy_names_by_hash(client, site, lang):
    """The page's own stylesheet and first script are inline (web/styles.py); the CSP allows
    exactly those, by their SHA-256, and never a style attribute."""
    for url in list(all_pages(site, lang))[:12]:
        r = client.get(url)
        html, csp = r.data.decode(), r.headers["Content-Security-Policy"]
        assert " style=" not in html, url
        inline = re.findall(r"<style>(.*?)</style>", html, re.S) + re.findall(
            r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, re.S)
        for body in inline:
            assert f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'" in csp, url


@pytest.mark.parametrize("lang", LANGS)
def test_every_refused_example_says_why_in_words(client, site, lang):
    """An example the engine refuses names the reason in the reader's language, whether it is
    a move refused in play or a situation checked and found illegal (never 'None')."""
    for game in site.games.values():
        for rule_id in {ex.data["refused"] for ex in game.examples if ex.data.get("refused")}:
            html = client.get(f"/{lang}/{game.id}/{rule_id}").get_data(as_text=True)
            for sentence in re.findall(r'<p class="refusal">(.*?)\(<a', html, re.S):
                assert "None" not in sentence and len(sentence.split(":", 1)[-1].strip()) > 5, (rule_id, sentence)
