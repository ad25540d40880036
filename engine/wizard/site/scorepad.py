"""Wizard's score pad: a whole game's bids, tricks and totals, kept in the URL; and /api/v1/wizard/score."""
from __future__ import annotations

import re
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from flask import g, jsonify, redirect, request, url_for
from flask_babel import gettext as _

from engine import wizard as W
from engine.core import BadInput, RuleViolation, whole_number
from web.tools import (
    ToolError,
    api_call,
    call_engine,
    engine_error,
    field,
    json_body,
    reason_text,
    render_tool,
    rule_fields,
    rule_ref,
    violation_text,
)

from . import edition as ED
from .blueprints import api, pages
from .cards import GAME
from .scorepad_words import words

# --- scores ----------------------------------------------------------------------------------------------


def score_details(bids: Any, tricks: Any, round_size: Any, lang: str) -> list[dict]:
    details = call_engine(GAME, W.score_details, bids, tricks, round_size)
    for d in details:
        d["text"] = reason_text(GAME, d["reason"], d["params"], lang)
    return details


@api.post("/wizard/score", endpoint="score")
def api_wizard_score():
    data = json_body()
    lang = g.lang
    details = api_call(GAME, score_details, data.get("bids"), data.get("tricks"), data.get("round"), lang)
    return jsonify({
        "scores": [d["points"] for d in details],
        "rules": [d["rule"] for d in details],
        "details": [{"player": d["player"], "points": d["points"], **rule_fields(d["rule"], lang),
                     "reason": d["text"]} for d in details],
    })


# --- the score pad ------------------------------------------------------------------------------------------
# State "s": fields joined by "~":  1 ~ <players><v|o><first dealer> ~ name 1 ~ ... ~ name n ~ round 1 ~ ...
#   1            the format version
#   "3v0"        3 players, v = the bids may not total the tricks (o = no such variant), seat 0 deals first
#   names        up to 16 characters each, "~" removed (empty: "Player k")
#   a round      the bids of seats 0..n-1, then (once known) the tricks won, one base-36 digit each
#                (0-9, a-k = 10-20): "1201" + "1102" for 4 players; only the last round may lack tricks.
# The server keeps nothing: every request replays the pad through the engine, which checks it.

PAD_VERSION = "1"
NAME_CHARS = 16
DIGITS = "0123456789abcdefghijk"
_HEADER = re.compile(r"^([3-6])([vo])([0-5])$")
_ROUND = re.compile(r"^[0-9a-k]+$")


@dataclass
class Pad:
    players: int
    variant: bool
    first_dealer: int
    names: list[str]
    rounds: list[tuple[list[int], list[int] | None]] = dc_field(default_factory=list)

    @property
    def total_rounds(self) -> int:
        return W.rounds_for(self.players)

    def dealer(self, round_no: int) -> int:
        return (self.first_dealer + round_no - 1) % self.players

    def bid_order(self, round_no: int) -> list[int]:
        d = self.dealer(round_no)
        return [(d + 1 + i) % self.players for i in range(self.players)]

    @property
    def done_rounds(self) -> int:
        return sum(1 for _, t in self.rounds if t is not None)

    @property
    def is_over(self) -> bool:
        return self.done_rounds == self.total_rounds

    @property
    def step(self) -> str:
        """What the pad asks for next: "bids", "tricks" or "over"."""
        if self.rounds and self.rounds[-1][1] is None:
            return "tricks"
        return "over" if self.is_over else "bids"

    @property
    def current_round(self) -> int:
        return len(self.rounds) if self.step == "tricks" else min(len(self.rounds) + 1, self.total_rounds)

    def encode(self) -> str:
        parts = [PAD_VERSION, f"{self.players}{'v' if self.variant else 'o'}{self.first_dealer}"]
        parts += [n for n in self.names]
        for bids, tricks in self.rounds:
            parts.append("".join(DIGITS[b] for b in bids) + ("".join(DIGITS[t] for t in tricks) if tricks else ""))
        return "~".join(parts)

    def undone(self) -> Pad:
        """The pad one step back: the last tricks, else the last bids, removed."""
        rounds = list(self.rounds)
        if rounds:
            bids, tricks = rounds.pop()
            if tricks is not None:
                rounds.append((bids, None))
        return Pad(self.players, self.variant, self.first_dealer, list(self.names), rounds)


def clean_name(raw: str) -> str:
    text = "".join(ch for ch in raw if ch.isprintable() and ch != "~")
    return " ".join(text.split())[:NAME_CHARS]


def _bad_pad(detail: str | None = None) -> ToolError:
    message = _("This score sheet cannot be read: the link is damaged or comes from another version.")
    if detail:
        message = f"{message} {detail}"
    return ToolError("bad-pad", message)


def decode_pad(text: str) -> Pad:
    """The pad in a URL, checked round by round by the engine (ToolError when it cannot be)."""
    if len(text) > 600:
        raise _bad_pad()
    parts = text.split("~")
    if parts[0] != PAD_VERSION or len(parts) < 2:
        raise _bad_pad()
    m = _HEADER.match(parts[1])
    if not m:
        raise _bad_pad()
    players, variant, first = int(m.group(1)), m.group(2) == "v", int(m.group(3))
    if first >= players or len(parts) < 2 + players:
        raise _bad_pad()
    names = [clean_name(n) for n in parts[2:2 + players]]
    pad = Pad(players, variant, first, names)
    raw_rounds = parts[2 + players:]
    if len(raw_rounds) > pad.total_rounds:
        raise _bad_pad()
    for i, raw in enumerate(raw_rounds):
        if not _ROUND.match(raw) or len(raw) not in (players, 2 * players):
            raise _bad_pad()
        bids = [DIGITS.index(c) for c in raw[:players]]
        tricks = [DIGITS.index(c) for c in raw[players:]] or None
        if tricks is None and i != len(raw_rounds) - 1:
            raise _bad_pad()
        round_no = i + 1
        try:
            check_bids(pad, round_no, bids)
            if tricks is not None:
                score_details(bids, tricks, round_no, g.lang)
        except ToolError as e:
            raise _bad_pad(_("Round %(round)d: %(problem)s", round=round_no, problem=e.message)) from None
        pad.rounds.append((bids, tricks))
    return pad


def check_bids(pad: Pad, round_no: int, bids: list[int]) -> None:
    """Replay this round's bidding through the engine, in bidding order (from the dealer's
    left): it refuses a bid out of range and, in the variant, a dealer's bid that makes the
    bids add up to the number of tricks."""
    options = {"players": pad.players, "forbid_bids_equal_tricks": pad.variant,
               "first_dealer": pad.dealer(round_no), "start_round": round_no, "end_round": round_no}
    try:
        state = W.new_game(options, seed=round_no)
        if state.phase == W.PHASE_TRUMP:  # a Wizard turned up: the trump does not matter here
            state.apply({"type": "choose_trump", "suit": "H", "player": state.dealer})
        for p in pad.bid_order(round_no):
            state.apply({"type": "bid", "bid": bids[p], "player": p})
    except RuleViolation as e:
        text = violation_text(GAME, e.code, e.params, g.lang)
        if e.code == "bids-equal-tricks":
            text = _("%(name)s deals and bids last. %(rule)s", name=display_name(pad, pad.dealer(round_no)),
                     rule=text)
        raise ToolError(e.code, text, rule=e.rule_id) from None
    except BadInput as e:
        raise engine_error(GAME, e, g.lang) from None


def display_name(pad: Pad, seat: int) -> str:
    return pad.names[seat] or _("Player %(num)d", num=seat + 1)


def _int_fields(prefix: str, pad: Pad) -> list[int]:
    values = []
    for seat in range(pad.players):
        raw = field(f"{prefix}{seat + 1}")
        number = whole_number(raw, max_digits=2)
        if number is None:
            if not raw:
                raise ToolError("missing-number", _("Give a number for %(name)s.", name=display_name(pad, seat)))
            raise ToolError("not-a-number", violation_text(GAME, "not-a-number", {"value": raw[:12]}, g.lang))
        values.append(number)
    return values


def pad_table(pad: Pad, lang: str) -> dict:
    """Everything the pad page shows: rows per round, running totals, details, ranking."""
    totals = [0] * pad.players
    rows = []
    last_details = None
    for i, (bids, tricks) in enumerate(pad.rounds):
        round_no = i + 1
        cells = []
        details = score_details(bids, tricks, round_no, lang) if tricks is not None else None
        for seat in range(pad.players):
            cell = {"bid": bids[seat], "tricks": None, "points": None, "total": None}
            if details is not None:
                d = details[seat]
                totals[seat] += d["points"]
                cell.update(tricks=d["tricks"], points=d["points"], total=totals[seat], made=d["rule"] == "wizard.score.made",
                            rule=ED.keep_ref(rule_ref(d["rule"], lang)), text=d["text"])
            cells.append(cell)
        rows.append({"round": round_no, "cards": round_no, "dealer": pad.dealer(round_no), "cells": cells,
                     "bid_total": sum(bids)})
        if details is not None:
            last_details = {"round": round_no, "cells": cells}
    ranking = None
    if pad.is_over:
        res = call_engine(GAME, W.ranking, totals)
        order = sorted(range(pad.players), key=lambda s: (res["ranks"][s], s))
        ranking = {"rule": ED.keep_ref(rule_ref(res["rule"], lang)), "winners": res["winners"],
                   "places": [{"seat": s, "rank": res["ranks"][s], "total": totals[s],
                               "shared": sum(1 for r in res["ranks"] if r == res["ranks"][s]) > 1}
                              for s in order]}
    return {"rows": rows, "totals": totals, "last": last_details, "ranking": ranking}


def _pad_url(pad: Pad) -> str:
    return url_for("wizard.score", lang=g.lang, s=pad.encode(), **ED.query())  # the pad keeps the edition


def _new_pad_from_form() -> Pad:
    raw = field("players")
    if raw not in ("3", "4", "5", "6"):
        raise ToolError("bad-player-count", violation_text(
            GAME, "bad-player-count", {"players": raw[:12] or "?", "min": W.MIN_PLAYERS, "max": W.MAX_PLAYERS},
            g.lang))
    players = int(raw)
    dealer = whole_number(field("dealer", "1"), max_digits=1)
    if dealer is None or not 1 <= dealer <= players:
        raise ToolError("bad-dealer", _("The first dealer must be one of the %(num)d players.", num=players))
    names = [clean_name(field(f"n{i}")) for i in range(1, players + 1)]
    return Pad(players, field("variant") in ("1", "on", "yes"), dealer - 1, names)


@pages.get("/<lang>/wizard/tools/score", endpoint="score")
def wizard_score(lang: str):
    context: dict = {"pad": None, "table": None, "error": None, "form": {}, "max_players": W.MAX_PLAYERS,
                     "rule_ref_variant": ED.keep_ref(rule_ref("wizard.bid.variant-total", lang)),
                     "edition": ED.choices(lang), "words": words(lang)}
    state = field("s")
    if not state:
        if "players" in request.args:  # the set-up form
            try:
                return redirect(_pad_url(_new_pad_from_form()))
            except ToolError as e:
                context["error"] = e
        return render_tool("wizard/tools/score.html", GAME, **context)
    try:
        pad = decode_pad(state)
    except ToolError as e:
        context["error"] = e
        return render_tool("wizard/tools/score.html", GAME, **context)
    context["pad"] = pad
    step = pad.step
    try:
        if step == "bids" and any(f"b{i}" in request.args for i in range(1, pad.players + 1)):
            bids = _int_fields("b", pad)
            context["form"] = {"b": bids}
            check_bids(pad, len(pad.rounds) + 1, bids)
            pad.rounds.append((bids, None))
            return redirect(_pad_url(pad))
        if step == "tricks" and any(f"t{i}" in request.args for i in range(1, pad.players + 1)):
            tricks = _int_fields("t", pad)
            context["form"] = {"t": tricks}
            bids, _none = pad.rounds[-1]
            score_details(bids, tricks, len(pad.rounds), lang)
            pad.rounds[-1] = (bids, tricks)
            return redirect(_pad_url(pad))
        if set(request.args) - {"s", ED.PARAM}:  # stray fields (an old form): back to the pad itself
            return redirect(_pad_url(pad))
    except ToolError as e:
        context["error"] = e
    context["table"] = pad_table(pad, lang)
    context["state"] = pad.encode()
    context["undo_url"] = _pad_url(pad.undone()) if pad.rounds else None
    context["names"] = [display_name(pad, s) for s in range(pad.players)]
    return render_tool("wizard/tools/score.html", GAME, **context)
