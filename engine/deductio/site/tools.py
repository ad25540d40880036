"""Deductio's ruling tools: which clue card may I take, and which numbers are still possible.

Pages (GET, inputs in the URL):
    /<lang>/deductio/tools/clue?players=3&secret=7&centre=3.12.18&row=even.ge7.pm1
    /<lang>/deductio/tools/guess?players=3&upright=even.ge7&sideways=pm1&centre=3.12.18&known=5
API (POST, application/json): /api/v1/deductio/clue, /api/v1/deductio/possible.
"""
from __future__ import annotations

from typing import Any

from flask import g, jsonify
from flask_babel import gettext as _
from flask_babel import ngettext

from engine import deductio as D
from engine.core import BadInput
from web.tools import (
    ToolError,
    api_call,
    as_number,
    call_engine,
    canonical_redirect,
    engine_error,
    field,
    joined,
    json_body,
    label,
    list_field,
    render_tool,
    rule_fields,
    rule_ref,
)

from .blueprints import api, pages
from .palette import palette, statement

GAME = "deductio"
NUMBERS = list(D.NUMBERS)
ROW_SLOTS = D.ROW_SIZE
CENTRE_AT_SETUP = D.CENTRE_AT_SETUP
CENTRE_MOST = CENTRE_AT_SETUP + D.TOTAL_REVEAL_CARDS  # whatever the player count


QUOTES = {"en": ("“", "”"), "fi": ("”", "”"), "et": ("„", "“"), "lt": ("„", "“"), "ko": ("“", "”")}


def quoted(clue: str, lang: str) -> str:
    left, right = QUOTES.get(lang, QUOTES["en"])
    return f"{left}{statement(clue, lang).rstrip('.。')}{right}"


def _format_param(key: str, value: Any, lang: str) -> str | None:
    if key in ("clue", "clues", "card") and isinstance(value, str) and value in D.CLUES:
        return quoted(value, lang)
    return None




def power_text(power: str | None, lang: str) -> str | None:
    if not power:
        return None
    return label(GAME, "labels", f"power-{power}", lang)


# --- shared checks ---------------------------------------------------------------------------------


def check_players(players: Any) -> int | None:
    """None when not given; else 2-4 (the engine's own message for anything else)."""
    if players is None or players == "":
        return None
    players = as_number(players)
    if type(players) is not int or not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
        raise engine_error(GAME, BadInput("bad-player-count", players=str(players)[:12]), g.lang)
    return players


def check_centre(centre: Any, players: int | None) -> None:
    """The centre shows the 3 numbers turned up at setup plus one per reveal card turned up."""
    if not isinstance(centre, list):
        return  # the engine names it
    most = CENTRE_AT_SETUP + (D.reveal_cards_used(players) if players else D.TOTAL_REVEAL_CARDS)
    if len(centre) < CENTRE_AT_SETUP:
        raise ToolError("centre-too-small", _(
            "The centre always shows at least %(num)d face-up secret numbers (turned up at setup): "
            "choose them too.", num=CENTRE_AT_SETUP), rule="deductio.setup.deal")
    if len(centre) > most:
        if players:
            message = _("With %(players)d players the centre shows at most %(num)d numbers: %(setup)d from "
                        "the setup and one for each of the %(reveals)d reveal cards.", players=players, num=most,
                        setup=CENTRE_AT_SETUP, reveals=D.reveal_cards_used(players))
        else:
            message = _("The centre shows at most %(num)d numbers: %(setup)d from the setup and one for each "
                        "reveal card.", num=most, setup=CENTRE_AT_SETUP)
        raise ToolError("centre-too-large", message, rule="deductio.reveal.effect")


def _ints(items: list[str]) -> list[Any]:
    """Numbers from the URL: digits become ints, anything else stays (the engine names it)."""
    return [as_number(i) for i in items]


def _number_field(name: str) -> Any:
    raw = field(name)
    if not raw:
        return None
    return as_number(raw)


# --- which clue card may I take? -----------------------------------------------------------------------


def clue_answer(secret: Any, centre: Any, row: Any, players: Any, lang: str) -> dict:
    players = check_players(players)
    if isinstance(row, list) and len(row) > ROW_SLOTS:  # before anything else: the row is the question
        raise engine_error(GAME, BadInput("row-too-long", size=len(row)), lang)
    res = call_engine(GAME, D.clue_choice, secret, centre, row)
    check_centre(centre, players)
    if res["must_guess"]:
        reason = _("The clue row is empty: you cannot play a clue card, so you must guess.")
    elif res["must_take_all"]:
        reason = label(GAME, "labels", "must-take-all", lang) or _("None is true: take all three and place them "
                                                                   "sideways.")
        if len(row) != ROW_SLOTS:
            reason = ngettext("None is true: take the %(num)d card of the row and place it sideways.",
                              "None is true: take all %(num)d cards of the row and place them sideways.", len(row))
    elif len(res["take"]) == 1:
        reason = _("Exactly one card of the row is true of %(secret)d: take it and place it upright.",
                   secret=secret)
    else:
        reason = _("%(num)d cards of the row are true of %(secret)d: choose one of them and place it upright.",
                   num=len(res["take"]), secret=secret)
    return {
        "take": res["take"], "must_take_all": res["must_take_all"], "must_guess": res["must_guess"],
        "true": res["true"], "untrue": [c for c in row if c not in res["true"]], "powers": res["powers"],
        "rule": res["rule"],
        "reason": reason,
    }


@pages.get("/<lang>/deductio/tools/clue", endpoint="clue")
def deductio_clue(lang: str):
    players = field("players")
    secret = field("secret")
    centre = list_field("centre", 20)
    row = list_field("row", ROW_SLOTS) + [c for c in (field(f"r{i}") for i in range(1, ROW_SLOTS + 1)) if c]
    again = canonical_redirect({"players": players, "secret": secret, "centre": joined(centre), "row": joined(row)})
    if again:
        return again
    context: dict = {"players": players, "secret": secret, "centre": _ints(centre), "row": row, "result": None,
                     "error": None, "numbers": NUMBERS, "palette": palette(lang, row), "slots": ROW_SLOTS}
    if secret and row:
        try:
            result = clue_answer(_number_field("secret"), _ints(centre), row, players, lang)
            result["rule_ref"] = rule_ref(result["rule"], lang)
            result["cards"] = [{"clue": c, "text": statement(c, lang), "true": c in result["true"],
                                "power": power_text(result["powers"].get(c), lang)} for c in row]
            result["picture"] = {"secret": _number_field("secret"), "centre": _ints(centre), "row": row,
                                 "true": result["true"]}
            context["result"] = result
        except ToolError as e:
            context["error"] = e
    elif secret or row or centre:
        context["missing"] = _("Choose your secret number and the clue cards of the row.")
    return render_tool("deductio/tools/clue.html", GAME, **context)


@api.post("/deductio/clue", endpoint="clue")
def api_deductio_clue():
    data = json_body()
    lang = g.lang
    answer = api_call(GAME, clue_answer, data.get("secret"), data.get("centre", []), data.get("row"),
                      data.get("players"), lang)
    return jsonify({**answer, **rule_fields(answer["rule"], lang)})


# --- which numbers are still possible? ----------------------------------------------------------------


GUESS_RULES = ("deductio.clue.choose-true", "deductio.clue.none-true")


def possible_answer(upright: Any, sideways: Any, centre: Any, known: Any, players: Any, lang: str) -> dict:
    players = check_players(players)
    numbers = call_engine(GAME, D.possible_numbers, upright, sideways, centre, known)
    check_centre(centre, players)
    rules = list(GUESS_RULES)
    if any(c in D.CLUES and D.CLUES[c].uses_centre for c in list(upright) + list(sideways)):
        rules.append("deductio.clue.plus-minus")
    if not numbers:
        reason = _("No secret number fits all these clue cards: check them, one must have been placed wrongly.")
    elif len(numbers) == 1:
        reason = _("Only one number fits: %(number)d.", number=numbers[0])
    else:
        reason = ngettext("%(num)d number still fits.", "%(num)d numbers still fit.", len(numbers))
    return {"possible": numbers, "rule": rules[0], "rules": rules, "reason": reason}


@pages.get("/<lang>/deductio/tools/guess", endpoint="guess")
def deductio_guess(lang: str):
    players = field("players")
    upright = list_field("upright", len(D.CLUE_IDS))
    sideways = list_field("sideways", len(D.CLUE_IDS))
    for clue in D.CLUE_IDS:  # the form: one choice per clue card ("u" upright, "s" sideways)
        choice = field(f"k-{clue}")
        if choice == "u":
            upright.append(clue)
        elif choice == "s":
            sideways.append(clue)
    centre = list_field("centre", 20)
    known = list_field("known", 20)
    again = canonical_redirect({"players": players, "upright": joined(upright), "sideways": joined(sideways),
                                "centre": joined(centre), "known": joined(known)})
    if again:
        return again
    context: dict = {"players": players, "upright": upright, "sideways": sideways, "centre": _ints(centre),
                     "known": _ints(known), "result": None, "error": None, "numbers": NUMBERS,
                     "palette": palette(lang, upright + sideways)}
    if upright or sideways or centre or known:
        try:
            result = possible_answer(upright, sideways, _ints(centre), _ints(known), players, lang)
            result["rule_refs"] = [rule_ref(r, lang) for r in result["rules"]]
            result["picture"] = {"upright": upright, "sideways": sideways, "centre": _ints(centre),
                                 "known": _ints(known), "possible": result["possible"]}
            context["result"] = result
        except ToolError as e:
            context["error"] = e
    return render_tool("deductio/tools/guess.html", GAME, **context)


@api.post("/deductio/possible", endpoint="possible")
def api_deductio_possible():
    data = json_body()
    lang = g.lang
    upright, sideways = data.get("upright", []), data.get("sideways", [])
    answer = api_call(GAME, possible_answer, upright, sideways, data.get("centre", []), data.get("known", []),
                      data.get("players"), lang)
    return jsonify({**answer, **rule_fields(answer["rule"], lang),
                    "rule_urls": [(rule_ref(r, lang) or {}).get("url") for r in answer["rules"]]})

