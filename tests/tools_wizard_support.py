"""Helpers the tests of Wizard's ruling tools share (imported by file name: tests/ has no package)."""
from __future__ import annotations

import re
from html import unescape

RESULT = 'id="tool-result"'


def section(html: str, marker: str = RESULT) -> str:
    """The inside of the element that carries marker in its opening tag (up to its </section>)."""
    start = html.index(">", html.index(marker)) + 1
    return html[start:html.index("</section>", start)]


def text(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def page(client, url: str, status: int = 200) -> str:
    r = client.get(url, follow_redirects=True)
    assert r.status_code == status, (url, r.status_code, r.headers.get("Location"))
    return r.get_data(as_text=True)


def reason(site, code: str, lang: str, **params) -> str:
    return site.games["wizard"].labels["reasons"][code][lang].format(**params)


def violation(site, code: str, lang: str, **params) -> str:
    return site.games["wizard"].violations[code][lang].format(**params)


def rule_href(lang: str, rule: str) -> str:
    return f'href="/{lang}/wizard/{rule}"'
