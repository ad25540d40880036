"""Two languages side by side: players at one table who share no language read the same rule
together. ``?with=<lang>`` on a reading page shows each paragraph of a rule or an FAQ entry
beside (wide screens) or under (phones) the same paragraph in a second language, with the
glossary's terms marked alike in both; every link of the reading pages keeps the pair, so a
shared link shows the same two languages. Plain HTML: no script needed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask import g, request
from markupsafe import Markup

from content.model import LANGS, Entry, Game, Site

from .i18n import PAIR_PARAM as PARAM
from .live import current
from .render import to_html

BLOCK = re.compile(r"\n\s*\n")
TAG = re.compile(r"(<[^>]+>)")
HREF = re.compile(r'href="(/[^"#]*)(#[^"]*)?"')
TERM_COLOURS = 6  # term-0 .. term-5 in site.css


def second_lang() -> str | None:
    """The second language the address asks for; None when none, unknown, or the page's own."""
    value = request.args.get(PARAM)
    return value if value in LANGS and value != g.get("lang") else None


def keep(url: str) -> str:
    """An address of the reading pages with the pair kept (unchanged when there is none)."""
    pair = g.get("pair")
    if not pair or f"{PARAM}=" in url:
        return url
    path, hash_mark, fragment = url.partition("#")
    return f"{path}{'&' if '?' in path else '?'}{PARAM}={pair}{hash_mark}{fragment}"


def _links_kept(html: str) -> str:
    if not g.get("pair"):
        return html
    return HREF.sub(lambda m: f'href="{keep(m.group(1))}{m.group(2) or ""}"', html)


# --- glossary terms ------------------------------------------------------------------------------


def _term_finder(game: Game, lang: str) -> tuple[re.Pattern, dict[str, str]] | None:
    cache = current().fragments  # the content version's own: a new glossary, new finders
    key = ("terms", game.id, lang)
    if key not in cache:
        prefixes = {p.lower(): k for k, term in game.glossary.get(lang, {}).items() for p in term.match}
        if not prefixes:
            cache[key] = None
        else:
            alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
            cache[key] = (re.compile(rf"(?<!\w)({alternatives})\w*", re.IGNORECASE), prefixes)
    return cache[key]


def mark_terms(html: str, game: Game, lang: str) -> tuple[str, list[str]]:
    """The glossary's terms in a piece of HTML wrapped as <span class="term term-N">, in text
    only (never inside a tag); and the keys of the terms found, in order of appearance."""
    finder = _term_finder(game, lang)
    if finder is None:
        return html, []
    pattern, prefixes = finder
    order = list(game.glossary[lang])
    found: list[str] = []

    def one(m: re.Match) -> str:
        key = prefixes[m.group(1).lower()]
        if key not in found:
            found.append(key)
        return f'<span class="term term-{order.index(key) % TERM_COLOURS}">{m.group(0)}</span>'

    parts = TAG.split(html)
    inside_link = False
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            inside_link = part.startswith("<a ") or (inside_link and not part.startswith("</a"))
            continue
        if not inside_link:
            parts[i] = pattern.sub(one, part)
    return "".join(parts), found


# --- paragraphs in pairs ----------------------------------------------------------------------------


@dataclass
class Pair:
    first: Markup
    second: Markup
    terms: list[tuple[str, str, int]] = field(default_factory=list)  # (term, its translation, colour)


def blocks(text: str | None) -> list[str]:
    return [b.strip() for b in BLOCK.split(text or "") if b.strip()]


def paired_text(site: Site, game: Game, first: str | None, second: str | None, lang: str, pair: str) -> list[Pair]:
    """Two versions of one Markdown text, paragraph by paragraph (as one block when the
    translations are not cut alike)."""
    a, b = blocks(first), blocks(second)
    if len(a) != len(b):
        a, b = ["\n\n".join(a)], ["\n\n".join(b)]
    out = []
    order = list(game.glossary.get(lang, {}))
    for x, y in zip(a, b, strict=True):
        html_a, keys_a = mark_terms(str(to_html(x, site, lang)), game, lang)
        html_b, keys_b = mark_terms(str(to_html(y, site, pair, url_lang=lang)), game, pair)
        keys = [k for k in order if k in keys_a or k in keys_b]
        terms = [(game.glossary[lang][k].term, game.glossary[pair][k].term, order.index(k) % TERM_COLOURS)
                 for k in keys if k in game.glossary.get(pair, {})]
        out.append(Pair(Markup(_links_kept(html_a)), Markup(_links_kept(html_b)), terms))
    return out


def paired_entry(site: Site, game: Game, entry: Entry, lang: str, pair: str) -> dict:
    """An entry's texts in both languages: title, short answer, body and ruling in pairs."""
    a, b = entry.text(lang), entry.text(pair)
    return {"title": b.title, "answer": b.answer,
            "body": paired_text(site, game, a.body, b.body, lang, pair),
            "ruling": paired_text(site, game, a.ruling, b.ruling, lang, pair) if a.ruling else []}


def body_html(site: Site, game: Game, text: str, lang: str) -> Markup:
    """An entry's text alone, its links keeping the pair."""
    return Markup(_links_kept(str(to_html(text, site, lang))))


def init_context() -> dict:
    return {"pair": g.get("pair"), "keep_pair": keep}
