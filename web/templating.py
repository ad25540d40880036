"""Helpers the templates call: counts with plurals, Markdown, cards, example panels."""
from __future__ import annotations

from babel import Locale
from flask import Flask, g, render_template
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from content.model import parse_citation

from . import pairs
from .games import card_html, drawing, fragments_kept
from .games import example_figure as game_figure
from .links import ENTRY_LINKS, GAME_LINKS
from .live import current
from .render import to_html


def players_text(players: tuple[int, int]) -> str:
    low, high = players
    if low == high:
        return ngettext("%(num)d player", "%(num)d players", high)
    return ngettext("%(low)d–%(num)d player", "%(low)d–%(num)d players", high, low=low)


def section_count(section: str, n: int) -> str:
    if section == "faq":
        return ngettext("%(num)d question", "%(num)d questions", n)
    return ngettext("%(num)d rule", "%(num)d rules", n)


def view_label(game, panel: dict) -> str:
    """A view panel's label in the reader's language, its {player} and such filled in."""
    table = game.labels.get("labels", {}).get(panel["label"])
    text = table[g.lang] if table else panel["label"]
    params = dict(panel.get("params", {}))
    if "player" in panel:
        params["player"] = panel["player"]
    return text.format(**params)


def view_value(game, panel: dict) -> str:
    value = panel.get("value")
    for group in ("values", "cards", "reasons", "ways", "levels", "layouts"):
        table = game.labels.get(group, {}).get(str(value))
        if table:
            return table[g.lang]
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def refusal_sentence(game, result: dict) -> str | None:
    """The engine's refusal in an example's outcome, as a sentence in the reader's language."""
    from .tools import violation_text

    outcome = result.get("outcome", {})
    # a move refused in play ({"refused": {...}}), or a checked situation found illegal
    refused = outcome.get("refused") or (outcome if outcome.get("legal") is False and outcome.get("code") else None)
    if not refused:
        return None
    return violation_text(game.id, refused["code"], refused.get("params", {}), g.lang)


def source_text(site, game, citation: str, lang: str) -> str:
    """A cited source in words, for players: which text, in which language, which lines (never
    the seed's file name)."""
    prefix, first, last = parse_citation(citation)
    language = Locale.parse(site.source_langs[prefix]).get_display_name(lang) or site.source_langs[prefix]
    lines = str(first) if first == last else f"{first}–{last}"
    return _("The rules text we received (%(game)s, %(language)s), lines %(lines)s",
             game=game.names[lang], language=language, lines=lines)


def out_of_date_keys(site) -> dict[str, tuple[str, ...]]:
    """lang -> the keys of its translations that may be out of date (content/versions.py)."""
    out: dict[str, list[str]] = {}
    for item in site.stale:
        out.setdefault(item.lang, []).append(item.key)
    return {lang: tuple(keys) for lang, keys in out.items()}


FRAGMENTS = 4_096  # a version's kept fragments are emptied past this (tool inputs make cards too)


def kept(release, key: tuple, make):
    """A fragment of a page that depends only on the content version, the code and the
    language (a card chip, an example's figure): made once per version and process."""
    found = release.fragments.get(key)
    if found is None:
        if len(release.fragments) >= FRAGMENTS:
            release.fragments.clear()
        found = release.fragments[key] = make()
    return found


def init(app: Flask) -> None:
    @app.context_processor
    def helpers():
        release = current()
        site = release.site
        lang = g.get("lang") or "en"
        stale = release.out_of_date.get(lang, ())

        def card(game, token):
            if not isinstance(token, str) or not fragments_kept(game):
                return card_html(game, token, lang)
            return kept(release, ("card", game.id, token, lang), lambda: card_html(game, token, lang))

        def example_figure(game, ex, result, number=1):
            def make():
                return Markup(render_template("_example.html", game=game, ex=ex, result=result,
                                              open=number == 1, number=number))
            if not fragments_kept(game):
                return make()
            # the figure's links keep the second language (?with=): one figure per pair
            return kept(release, ("example", ex.id, number, lang, g.get("pair")), make)
        return {
            "site": site,
            "source_langs": site.source_langs,
            "players_text": players_text,
            "section_count": section_count,
            "markdown": lambda text: to_html(text, site, lang),
            "view_label": view_label,
            "view_value": view_value,
            "refusal_sentence": refusal_sentence,
            "card": card,
            "example_figure": example_figure,
            "figure": lambda game, example, result: game_figure(game, example, result, lang),
            "drawing": lambda game, kind, data: drawing(game, kind, data, lang),
            # the page's texts in this language, by key prefix: may one be out of date?
            "out_of_date": lambda prefix: any(key.startswith(prefix) for key in stale),
            "game_links": lambda game: [link for f in GAME_LINKS for link in f(game)],
            "entry_links": lambda entry: [link for f in ENTRY_LINKS for link in f(entry)],
            "source_text": lambda game, citation: source_text(site, game, citation, lang),
            **pairs.init_context(),
        }


