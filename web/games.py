"""The seam between the site and its games: each game declares what it adds, nothing here names one.

A game's engine package (``game.engine`` in its content, ``engine.<game>`` unless game.yaml
says otherwise) has a ``site`` module that names a ``GameSite`` as ``SITE``: its blueprints
(tool pages, JSON routes), the tools the tools index lists, how its cards are drawn and how
its engine's parameters read in a sentence. Its templates sit in ``templates/<game>/``, its
assets in ``static/<game>/``. The shared layers look a game up here, by its id.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Flask, current_app
from markupsafe import Markup, escape

from content.model import Game


@dataclass(frozen=True)
class Tool:
    endpoint: str  # the page's endpoint ("<blueprint>.<view>"), served under /<lang>/<game>/tools/
    title: Callable[[], str]  # in the reader's language (a gettext call)
    description: Callable[[], str]
    offline: bool = False  # works without a connection once the game is kept (its own script)


@dataclass(frozen=True)
class Figure:
    """A worked example as the reader sees it."""

    caption: str  # one line: what the example shows, in the reader's language
    verdict: str  # the engine's answer in words ("Jester: allowed"), in the reader's language
    drawing: Markup | None = None  # the table drawn: an inline <svg role="img"> with its <title>


def plain_card(game: Game, token: Any, lang: str) -> Markup:
    return Markup('<span class="card">{0}</span>').format(escape(str(token)))


@dataclass(frozen=True)
class GameSite:
    """What one game adds to the site."""

    blueprints: tuple[Blueprint, ...] = ()
    tools: tuple[Tool, ...] = ()
    # a card token as an HTML chip in the reader's language: (game, token, lang) -> Markup
    card: Callable[[Game, Any, str], Markup] = plain_card
    # True when a chip and a worked example's figure depend only on the content version, the
    # token and the language, so a process makes each once (web/templating.py's ``kept``);
    # False when they depend on the request too (the reader's edition, a script brought once
    # per page)
    fragments_kept: bool = True
    # an engine parameter as words in a sentence, or None for the plain value: (key, value, lang)
    param_text: Callable[[str, Any, str], str | None] = lambda key, value, lang: None
    styles: tuple[str, ...] = ()  # its stylesheets under static/, on every page of the game
    # a worked example as a Figure, or None to show the engine's panels: (game, example, result, lang)
    figure: Callable[[Game, Any, dict, str], Figure | None] = lambda game, example, result, lang: None
    # the game's table drawn, by kind of picture ("trick", "layout"…): (game, data, lang) -> <svg>
    drawings: Mapping[str, Callable[[Game, Any, str], Markup]] = field(default_factory=dict)


NOTHING = GameSite()


def game_site(game_id: str) -> GameSite:
    return current_app.extensions["game_sites"].get(game_id, NOTHING)


def fragments_kept(game: Game) -> bool:
    return game_site(game.id).fragments_kept


def card_html(game: Game, token: Any, lang: str) -> Markup:
    return game_site(game.id).card(game, token, lang)


def example_figure(game: Game, example: Any, result: dict, lang: str) -> Figure | None:
    return game_site(game.id).figure(game, example, result, lang)


def drawing(game: Game, kind: str, data: Any, lang: str) -> Markup:
    """The game's picture of this kind, or nothing when the game draws none."""
    draw = game_site(game.id).drawings.get(kind)
    return draw(game, data, lang) if draw else Markup()


def init(app: Flask) -> None:
    """Import each game's site module and register what it serves (before api.bp: the
    games' JSON routes share its error handling, not its registration)."""
    sites = {}
    for game in app.extensions["site"].games.values():
        try:
            module = importlib.import_module(f"{game.engine}.site")
        except ModuleNotFoundError as e:
            if e.name != f"{game.engine}.site":
                raise
            continue  # a game with rules and texts only: pages, search and tutorial still work
        sites[game.id] = module.SITE
        for bp in module.SITE.blueprints:
            app.register_blueprint(bp)
    app.extensions["game_sites"] = sites
