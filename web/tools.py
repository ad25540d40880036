"""Ruling tools: answers mid-game from the engines, in the reader's language, with the rule.

Each game has a tools index (/<lang>/<game>/tools) and one page per tool under it. A tool's
inputs travel in the URL (GET forms); a form submission with repeated or per-slot fields is
redirected once to a compact canonical query (lists joined with "."), so the language switch,
back/forward and shared links all carry the same short address. The JSON twins of the tools
live under /api/v1/<game>/... (docs/api.md); they accept only application/json and change no
server state.

This module holds what the tools share; each game's tools live with the game (its engine
package's ``site`` module, see web/games.py) and call these helpers.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    Flask,
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from content.model import Game, Site
from engine.core import BadInput, RuleViolation, whole_number

from .api import ApiError
from .games import game_site
from .i18n import with_query
from .links import GAME_LINKS
from .live import current

bp = Blueprint("tools", __name__)

MAX_FIELD = 300  # characters kept of any one query field (the rest cannot be a real input)
LIST_SPLIT = re.compile(r"[.,;\s]+")


def site() -> Site:
    return current().site


def game_of(game_id: str) -> Game:
    return site().games[game_id]


# --- rules and sentences ----------------------------------------------------------------------


def rule_ref(rule_id: str | None, lang: str) -> dict | None:
    """{"id", "title", "url"} of a rule in this language (None for no rule or an unknown id)."""
    if not rule_id:
        return None
    entry = site().entries.get(rule_id)
    if entry is None:
        return None
    return {"id": rule_id, "title": entry.text(lang).title,
            "url": url_for("pages.entry", lang=lang, game=entry.game, entry_id=rule_id)}


class _Keep(dict):
    """format_map mapping that leaves an unknown {placeholder} as it is."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _param_text(game_id: str, key: str, value: Any, lang: str) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_param_text(game_id, key, v, lang) for v in value)
    text = game_site(game_id).param_text(key, value, lang)
    if text is not None:
        return text
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)[:60]


def fill(game_id: str, template: str, params: dict, lang: str) -> str:
    """A sentence of the game's data with its {params} filled in, each shown for a reader."""
    values = _Keep({key: _param_text(game_id, key, value, lang) for key, value in (params or {}).items()})
    try:
        return template.format_map(values)
    except (ValueError, IndexError, AttributeError, KeyError):  # a malformed template: show it as is
        return template


def label(game_id: str, group: str, code: str, lang: str, params: dict | None = None) -> str | None:
    """A text of labels.yaml (group, code) in this language, params filled; None when absent."""
    table = game_of(game_id).labels.get(group, {}).get(code)
    if not table or lang not in table:
        return None
    return fill(game_id, table[lang], params or {}, lang)


def violation_text(game_id: str, code: str, params: dict, lang: str) -> str:
    """The sentence for an engine refusal or bad-input code (violations.yaml), params filled."""
    item = game_of(game_id).violations.get(code)
    if item and lang in item:
        return fill(game_id, item[lang], params, lang)
    return _("This is not a possible situation (%(code)s).", code=code[:40])


def reason_text(game_id: str, code: str, params: dict, lang: str, fallback: str | None = None) -> str:
    """The sentence for an engine reason code (labels.yaml `reasons:`), else the fallback."""
    text = label(game_id, "reasons", code, lang, params)
    if text is not None:
        return text
    return fallback if fallback is not None else code


class ToolError(Exception):
    """Input a tool cannot answer: a message for the reader, a code for programs."""

    def __init__(self, code: str, message: str, rule: str | None = None, status: int = 400) -> None:
        super().__init__(message)
        self.code, self.message, self.rule, self.status = code, message, rule, status

    @property
    def ref(self) -> dict | None:
        """The rule that refused it, as a link in the reader's language."""
        return rule_ref(self.rule, g.lang)


def engine_error(game_id: str, e: Exception, lang: str) -> ToolError:
    if isinstance(e, RuleViolation):
        return ToolError(e.code, violation_text(game_id, e.code, e.params, lang), rule=e.rule_id)
    if isinstance(e, BadInput):
        return ToolError(e.code, violation_text(game_id, e.code, e.params, lang))
    raise e


def call_engine(game_id: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run an engine helper; its refusals and bad-input reports become ToolErrors."""
    try:
        return fn(*args, **kwargs)
    except (BadInput, RuleViolation) as e:
        raise engine_error(game_id, e, g.lang) from None


# --- pages ---------------------------------------------------------------------------------------


def field(name: str, default: str = "") -> str:
    """One query field as text, bounded (repeated fields: the values joined with ".")."""
    values = request.args.getlist(name)
    if not values:
        return default
    return ".".join(v.strip()[:MAX_FIELD] for v in values if v.strip())[: MAX_FIELD * 2]


def list_field(name: str, most: int = 60) -> list[str]:
    """A list field: "H7.W.J", or the field repeated (checkboxes); at most `most` items kept
    (plus one, so that a check on the length still sees that there were too many)."""
    items: list[str] = []
    for value in request.args.getlist(name):
        items += [v for v in LIST_SPLIT.split(value.strip()[: MAX_FIELD * 2]) if v]
    return items[: most + 1]


def as_number(value: Any, max_digits: int = 3) -> Any:
    """A field that should be a number: the number when it is one (ASCII digits), else the
    value unchanged, so that the engine names what is wrong with it."""
    number = whole_number(value, max_digits) if isinstance(value, str) else None
    return value if number is None else number


def joined(items: list) -> str:
    return ".".join(str(i) for i in items)


def canonical_redirect(query: dict[str, str]):
    """Redirect to the compact URL when the request is not already in that form (a form
    submission with repeated or per-slot fields); None when it is. Empty values are left out."""
    clean = {k: v for k, v in query.items() if v not in ("", None)}
    args = request.args
    same = set(args.keys()) == set(clean) and all(
        len(args.getlist(k)) == 1 and args[k] == v for k, v in clean.items())
    if same:
        return None
    return redirect(with_query(url_for(request.endpoint, **(request.view_args or {})), list(clean.items())), code=302)


def render_tool(template: str, game_id: str, status: int = 200, **context: Any):
    game = game_of(game_id)
    context.setdefault("error", None)
    if context["error"] is not None:
        status = context["error"].status
    return render_template(template, game=game, tools=tool_list(game_id), **context), status


def tool_list(game_id: str) -> list[dict]:
    lang = g.lang
    return [{"endpoint": t.endpoint, "url": url_for(t.endpoint, lang=lang), "title": t.title(),
             "description": t.description(), "offline": t.offline}
            for t in game_site(game_id).tools]


@bp.route("/<lang>/<game>/tools")
def index(lang: str, game: str):
    the_game = site().games.get(game)
    if the_game is None or not game_site(game).tools:
        abort(404)
    return render_template("tools/index.html", game=the_game, tools=tool_list(game))


# --- the JSON API ----------------------------------------------------------------------------------


def json_body() -> dict:
    """The request's JSON object. Only application/json is accepted: a cross-site HTML form
    cannot send it, which keeps such forms out (and these endpoints change no state)."""
    if request.mimetype != "application/json":
        raise ApiError(415, "json-required",
                       _("Send the request body as JSON, with the header Content-Type: application/json."))
    try:
        data = json.loads(request.get_data(cache=True))
    except (ValueError, RecursionError):  # malformed, or nested deeper than the parser goes
        data = None
    if not isinstance(data, dict):
        raise ApiError(400, "bad-json", _("The request body must be a JSON object."))
    return data


def api_call(game_id: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return call_engine(game_id, fn, *args, **kwargs)
    except ToolError as e:
        raise api_error(e) from None


def api_error(e: ToolError) -> ApiError:
    return ApiError(e.status, e.code, e.message)


def rule_fields(rule_id: str | None, lang: str) -> dict:
    ref = rule_ref(rule_id, lang)
    return {"rule": rule_id, "rule_url": ref["url"] if ref else None, "rule_title": ref["title"] if ref else None}


# --- wiring --------------------------------------------------------------------------------------------


def _game_links(game: Game) -> list[tuple[str, str]]:
    if not game_site(game.id).tools:
        return []
    return [(url_for("tools.index", lang=g.lang, game=game.id), _("Ruling tools"))]


def init(app: Flask) -> None:
    app.register_blueprint(bp)
    if _game_links not in GAME_LINKS:
        GAME_LINKS.append(_game_links)
