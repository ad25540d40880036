"""Entry text to HTML: Markdown with [[id]] links resolved in the reader's language."""
from __future__ import annotations

import re

import markdown
from flask import current_app, url_for
from markupsafe import Markup, escape

from content.model import Entry, Site

LINK = re.compile(r"\[\[([^\]]+)\]\]")


def entry_url(entry: Entry, lang: str) -> str:
    return url_for("pages.entry", lang=lang, game=entry.game, entry_id=entry.id)


def entry_title(entry: Entry, lang: str) -> str:
    return entry.text(lang).title


def to_html(text: str, site: Site, lang: str, url_lang: str | None = None) -> Markup:
    """Our own Markdown; raw HTML in it is shown as text, never interpreted. Links name their
    entry in ``lang`` and lead to its page in ``url_lang`` (a second language shown beside
    the page's own links to the pages in the page's language).

    The content never changes while the process runs, so each text is rendered once.
    """
    cache = current_app.extensions.setdefault("html_cache", {})
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
    return Markup(markdown.markdown(LINK.sub(link, source), output_format="html"))


def plain_text(text: str, site: Site, lang: str) -> str:
    """Body text without markup (for meta descriptions and search snippets)."""
    text = LINK.sub(lambda m: entry_title(site.entries[m.group(1)], lang), text)
    return re.sub(r"[*_`]+", "", text)
