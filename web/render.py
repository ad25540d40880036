"""Entry text to HTML: Markdown with [[id]] links resolved in the reader's language."""
from __future__ import annotations

import re
import threading

import markdown
from flask import url_for
from markupsafe import Markup, escape

from content.model import Entry, Site

from .live import current

LINK = re.compile(r"\[\[([^\]]+)\]\]")


_URLS: dict[tuple[str, str, str], str] = {}


def entry_url(entry: Entry, lang: str) -> str:
    """An entry's address (built once per process: it depends on the routes only)."""
    key = (entry.game, entry.id, lang)
    url = _URLS.get(key)
    if url is None:
        if len(_URLS) > 8_192:
            _URLS.clear()
        url = _URLS[key] = url_for("pages.entry", lang=lang, game=entry.game, entry_id=entry.id)
    return url


def entry_title(entry: Entry, lang: str) -> str:
    return entry.text(lang).title


def to_html(text: str, site: Site, lang: str, url_lang: str | None = None, cache: dict | None = None) -> Markup:
    """Our own Markdown; raw HTML in it is shown as text, never interpreted. Links name their
    entry in ``lang`` and lead to its page in ``url_lang`` (a second language shown beside
    the page's own links to the pages in the page's language).

    A content version never changes, so each text is rendered once per version (the cache is
    the version's own: a new version's links and titles are rendered afresh).
    """
    if cache is None:
        cache = current().html
    key = (text, lang) if url_lang in (None, lang) else (text, lang, url_lang)
    if key not in cache:
        cache[key] = _to_html(text, site, lang, url_lang or lang)
    return cache[key]


def _to_html(text: str, site: Site, lang: str, url_lang: str) -> Markup:

    def link(m: re.Match) -> str:
        target = site.entries[m.group(1)]
        title = entry_title(target, lang).replace("[", "(").replace("]", ")")
        return f"[{title}]({entry_url(target, url_lang)})"

    source = str(escape(text))
    return Markup(_converter().reset().convert(LINK.sub(link, source)))


_LOCAL = threading.local()


def _converter() -> markdown.Markdown:
    """One Markdown converter per thread, reset between texts (making one costs more than
    converting a text; a converter is not safe to share between threads)."""
    md = getattr(_LOCAL, "md", None)
    if md is None:
        md = _LOCAL.md = markdown.Markdown(output_format="html")
    return md


def plain_text(text: str, site: Site, lang: str) -> str:
    """Body text without markup (for meta descriptions and search snippets)."""
    text = LINK.sub(lambda m: entry_title(site.entries[m.group(1)], lang), text)
    return re.sub(r"[*_`]+", "", text)
