"""The play-along tutorials: one page per step; the reader's way through them is in the URL.

    /<lang>/<game>/tutorial/                    the first step: how many play at the table?
    /<lang>/<game>/tutorial/<step>?t=<token>    a step; the token ("v1.4.wizard.tH", see
                                                content/tutorial.py) is replayed through the
                                                flow and the engine on every request
    ...&a=<answer>                              answer the step's question -> 303 to the next
    ...&m=<move>                                a move on a practice step: if it is legal and
                                                meets the goal, 303 to the next step; if not,
                                                this step again with the engine's reason
    ...&capture=<spirit>&card=... / &guess=1&target=&number=
                                                a move made of several fields -> 303 to its
                                                compact ...&m=<move> address
    /<lang>/<game>/tutorial/<step> (no token)   302 to the step by the usual way (the default
                                                player count, the first answers, the moves the
                                                tutorial expects)

Every change of step is a GET, so back, forward, shared links and the language switch work,
and any worker can serve any step: the server keeps nothing between requests. A token that
does not lead to the step (tampered, truncated, out of order) gets a localized 400 page
with a link back to the start.
"""
from __future__ import annotations

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
from flask_babel import ngettext

from content.model import Game, Site
from content.tutorial import (
    DECISION,
    Tutorial,
    TutorialError,
    Walk,
    for_players,
    step_texts,
    try_move,
)
from content.tutorial import walk as walk_to
from engine.core import BadInput, whole_number

from .i18n import with_query
from .links import ENTRY_LINKS, GAME_LINKS
from .live import current
from .tools import label, reason_text, rule_ref, violation_text

bp = Blueprint("tutorials", __name__)


def site() -> Site:
    return current().site


def _tutorial(game_id: str) -> tuple[Game, Tutorial]:
    game = site().games.get(game_id)
    if game is None or not isinstance(game.tutorial, Tutorial):
        abort(404)
    return game, game.tutorial


def step_url(game: Game, step_id: str, decisions: tuple[str, ...] | None = None, **args: str) -> str:
    tutorial: Tutorial = game.tutorial  # type: ignore[assignment]
    if step_id == tutorial.start and not decisions and not args:
        return url_for("tutorials.start", lang=g.lang, game=game.id)
    return url_for("tutorials.step", lang=g.lang, game=game.id, step_id=step_id,
                   t=tutorial.token(decisions or ()), **args)


def error_messages() -> dict[str, str]:
    return {
        "malformed": _("This tutorial link is damaged and cannot be read."),
        "version": _("This tutorial link belongs to an older version of the tutorial."),
        "players": _("This tutorial link names a number of players this game is not played with."),
        "answer": _("This tutorial link contains an answer that the question does not offer."),
        "move": _("This tutorial link contains a move that does not fit the table it was made on."),
        "order": _("This tutorial link does not lead to this step: a step is missing or out of order."),
        "missing": _("This step can only be reached through the steps before it."),
    }


def _error(game: Game, code: str, message: str | None = None):
    text = message or error_messages().get(code, error_messages()["malformed"])
    return render_template("tutorial_error.html", game=game, tutorial=game.tutorial, message=text,
                           code=code, start_url=url_for("tutorials.start", lang=g.lang, game=game.id)), 400


@bp.route("/<lang>/<game>/tutorial/")
def start(lang: str, game: str):
    return _step(game, None)


@bp.route("/<lang>/<game>/tutorial/<step_id>")
def step(lang: str, game: str, step_id: str):
    return _step(game, step_id)


def _step(game_id: str, step_id: str | None):
    game, tutorial = _tutorial(game_id)
    step_id = step_id or tutorial.start
    if step_id not in tutorial.steps:
        abort(404)
    token = request.args.get("t")
    if token is None and step_id != tutorial.start:
        # A bare step address (a form's action, a hand-typed link): the usual way there.
        return redirect(step_url(game, step_id, tutorial.links[step_id]), code=302)
    try:
        decisions = () if token is None else tutorial.parse_token(token)
        walk = walk_to(tutorial, decisions, step_id)
    except TutorialError as e:
        return _error(game, e.code)
    here = walk.here
    kind = here.step.kind
    if "a" in request.args and kind in ("players", "question"):
        return _answer(game, walk, request.args.get("a", ""))
    if kind == "practice":
        try:
            composed = tutorial.play.form_move(request.args, walk.players)  # type: ignore[arg-type]
        except BadInput as e:
            return _error(game, "move", violation_text(game.id, e.code, e.params, g.lang))
        if composed is not None:
            return redirect(step_url(game, here.step.id, walk.here.decisions, m=composed), code=303)
        if "m" in request.args:
            return _move(game, walk, request.args.get("m", ""))
    return _render(game, walk)


def _answer(game: Game, walk: Walk, answer: str):
    step = walk.here.step
    if step.kind == "players":
        players = whole_number(answer, max_digits=1)
        if players not in game.tutorial.counts:  # type: ignore[union-attr]
            return _error(game, "players")
        following = step.after_players(players)
    else:
        following = step.after_answer(answer)
        if following is None:
            return _error(game, "answer")
    return redirect(step_url(game, following, walk.here.decisions + (answer,)), code=303)  # type: ignore[arg-type]


def _move(game: Game, walk: Walk, move: str):
    if not DECISION.fullmatch(move):
        return _error(game, "move")
    try:
        result = try_move(game.tutorial, walk.here, move)  # type: ignore[arg-type]
    except BadInput as e:
        return _error(game, "move", violation_text(game.id, e.code, e.params, g.lang))
    if result.done:
        return redirect(step_url(game, result.next, walk.here.decisions + (result.decision,)), code=303)  # type: ignore[arg-type]
    if result.refused is not None:
        e = result.refused
        feedback = {"kind": "refused", "message": violation_text(game.id, e.code, e.params, g.lang),
                    "rule": rule_ref(e.rule_id, g.lang)}
    else:
        feedback = {"kind": "missed", "message": None, "rule": None}
    return _render(game, walk, feedback=feedback, attempted=move)


# --- the page -----------------------------------------------------------------------------------


def _render(game: Game, walk: Walk, feedback: dict | None = None, attempted: str | None = None):
    tutorial: Tutorial = game.tutorial  # type: ignore[assignment]
    here = walk.here
    step, players = here.step, walk.players
    texts = step_texts(game, g.lang, step, players)
    if feedback is not None and feedback["kind"] == "missed":
        feedback["message"] = texts.get("miss") or _(
            "That move is allowed, but it does not do what this step asks. Try another one.")
    previous = walk.visits[-2] if len(walk.visits) > 1 else None
    table = None
    if here.state is not None:
        table = tutorial.play.table(here.state, here.spec or {}, players)  # type: ignore[arg-type]
        table["game"] = game.id
    context: dict[str, Any] = {
        "game": game, "tutorial": tutorial, "walk": walk, "step": step, "texts": texts, "players": players,
        "tutorial_title": game.tutorial_texts[g.lang]["title"],
        "tutorial_intro": game.tutorial_texts[g.lang]["intro"],
        "section_title": game.section_titles[g.lang][step.section],
        "section_url": url_for("pages.game", lang=g.lang, game=game.id) + "#section-" + step.section,
        "rules": [rule_ref(r, g.lang) for r in step.rules],
        "table": table, "feedback": feedback, "attempted": attempted,
        "token": tutorial.token(here.decisions),
        "action_url": url_for("tutorials.step", lang=g.lang, game=game.id, step_id=step.id),
        "next_url": step_url(game, step.next, here.decisions) if step.kind == "content" else None,
        "back_url": step_url(game, previous.step.id, previous.decisions) if previous else None,
        "start_url": url_for("tutorials.start", lang=g.lang, game=game.id),
        "players_url": url_for("tutorials.start", lang=g.lang, game=game.id),
        "choices": _choices(game, step, texts),
        "moves": _moves(game, walk, attempted) if step.kind == "practice" else None,
    }
    return render_template("tutorial.html", **context)


def _choices(game: Game, step, texts: dict) -> list[dict]:
    """The answers of a players or question step: value and label."""
    if step.kind == "players":
        out = []
        for count in sorted(game.tutorial.counts):  # type: ignore[union-attr]
            text = texts["answers"].get(str(count)) or ngettext("%(num)d player", "%(num)d players", count)
            out.append({"value": str(count), "label": text})
        return out
    if step.kind == "question":
        return [{"value": a, "label": texts["answers"][a]} for a, _next in step.answers]
    return []


def _moves(game: Game, walk: Walk, attempted: str | None) -> dict:
    """What the reader may try on a practice step (legal or not: the engine decides); the
    game's own template (templates/<game>/tutorial_table.html) draws it."""
    return game.tutorial.play.moves(walk.here.state, walk.players, attempted,  # type: ignore[union-attr]
                                    walk.here.step.goal)


# --- the usual way, kept offline -------------------------------------------------------------------


def default_path(game: Game) -> tuple[list[str], list[tuple[str, str]]]:
    """The tutorial along its usual way (the first player count, the first answers, the moves
    the tutorial expects): each step's page, and each address that leads from one step to the
    next (an answer, a move, a bare step address) with the page it leads to."""
    tutorial = game.tutorial
    if not isinstance(tutorial, Tutorial):
        return [], []
    pages: list[str] = []
    redirects: list[tuple[str, str]] = []
    step_id: str | None = tutorial.start
    decisions: tuple[str, ...] = ()
    seen: set[str] = set()
    while step_id is not None and step_id not in seen:
        seen.add(step_id)
        here = step_url(game, step_id, decisions)
        pages.append(here)
        action = url_for("tutorials.step", lang=g.lang, game=game.id, step_id=step_id)
        if step_id != tutorial.start:
            redirects.append((action, here))
        step = tutorial.steps[step_id]
        token = tutorial.token(decisions)
        fields: list[list[tuple[str, str]]] = []
        composed: list[tuple[str, str]] | None = None
        if step.kind == "content":
            step_id = step.next
            continue
        if step.kind == "players":
            decision, following = str(tutorial.counts[0]), step.after_players(tutorial.counts[0])
            fields.append([("a", decision)])
        elif step.kind == "question" and step.answers:
            decision, following = step.answers[0]
            fields.append([("a", decision)])
        elif step.kind == "practice":
            visit = walk_to(tutorial, decisions, step_id).here
            move = str(for_players(step.expect, visit.players))
            result = try_move(tutorial, visit, move)
            if not result.done:
                break
            decision, following = result.decision, result.next
            fields.append([("m", move)])
            composed = tutorial.play.form_fields(move)  # a move of several fields: first to its ?m= address
        else:
            break
        decisions = decisions + (decision,)
        target = step_url(game, following, decisions)  # type: ignore[arg-type]
        redirects += [(with_query(action, [("t", token), *f]), target) for f in fields]
        if composed:
            redirects.append((with_query(action, [("t", token), *composed]),
                              with_query(action, [("t", token), *fields[-1]])))
        step_id = following
    return pages, redirects


# --- links from the game page and the rule pages --------------------------------------------------


def _game_links(game: Game) -> list[tuple[str, str]]:
    if not isinstance(game.tutorial, Tutorial):
        return []
    return [(url_for("tutorials.start", lang=g.lang, game=game.id), _("Learn to play: tutorial"))]


def _entry_links(entry) -> list[tuple[str, str]]:
    game = site().games.get(entry.game)
    if game is None or not isinstance(game.tutorial, Tutorial):
        return []
    step_id = game.tutorial.teaches.get(entry.id)
    if step_id is None:
        return []
    return [(step_url(game, step_id, game.tutorial.links[step_id]), _("Learn this in the tutorial"))]


def _helpers() -> dict:
    def reason(game: Game, code: str, params: dict) -> str:
        return reason_text(game.id, code, params, g.lang)

    def engine_label(game: Game, group: str, code: str, **params: Any) -> str:
        return label(game.id, group, code, g.lang, params) or code

    return {"tutorial_reason": reason, "engine_label": engine_label}


def init(app: Flask) -> None:
    app.register_blueprint(bp)
    app.context_processor(_helpers)
    if _game_links not in GAME_LINKS:
        GAME_LINKS.append(_game_links)
    if _entry_links not in ENTRY_LINKS:
        ENTRY_LINKS.append(_entry_links)
