"""Deductio's worked examples as a reader sees them (SITE.figure): a one-line caption of what
happens, the verdict in words ("Taking “≥ 9”: not allowed", "Right guess: player 1 takes
13"), and the table drawn. Every kind of example (examples.yaml: setup, play, clue-choice,
possible) gets all three."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from engine import deductio as D
from engine.core import BadInput, RuleViolation
from web.games import Figure
from web.tools import violation_text

from .drawings import clues_drawing, listed, row_drawing, table_drawing
from .palette import short
from .tools import QUOTES

GAME = "deductio"


def quoted(clue: str, lang: str) -> str:
    """A card's short face in the language's quotation marks: “≥ 9”, „≥ 9“."""
    left, right = QUOTES.get(lang, QUOTES["en"])
    return f"{left}{short(clue, lang)}{right}"


def _numbers(value: Any) -> str:
    return ", ".join(str(n) for n in value) if isinstance(value, list) else str(value)


# --- what happens: one sentence per action ------------------------------------------------------


def action_sentence(action: dict, seat: int, lang: str) -> str:
    kind = action.get("type")
    if kind == "take":
        return _("Player %(num)d takes %(card)s upright.", num=seat, card=quoted(action["clue"], lang))
    if kind == "take-all":
        return _("Player %(num)d takes the whole row sideways.", num=seat)
    if kind == "eye":
        card = D.CLUES.get(action.get("card"))
        count = action.get("count", card.eye_count if card and card.eye_count else 2)
        return ngettext("Player %(player)d uses the eye: looks at %(num)d card.",
                        "Player %(player)d uses the eye: looks at %(num)d cards.", count, player=seat)
    if kind == "skip":
        return _("Player %(num)d does not use the power.", num=seat)
    target, number = action.get("target", 0) + 1, _numbers(action.get("number"))
    if kind == "magnify":
        sentence = _("Player %(num)d uses the magnifying glass: guesses %(number)s for player %(target)d.",
                     num=seat, number=number, target=target)
    else:
        sentence = _("Player %(num)d guesses %(number)s for player %(target)d.", num=seat, number=number, target=target)
    if action.get("answer") == "right":
        sentence += " " + _("Player %(num)d answers “right”.", num=target)
    elif action.get("answer") == "wrong":
        sentence += " " + _("Player %(num)d answers “wrong”.", num=target)
    return sentence


def _action_noun(action: dict, lang: str) -> str:
    """The last action named for a verdict: "Taking “≥ 9”: not allowed"."""
    kind = action.get("type")
    if kind == "take":
        return _("Taking %(card)s upright", card=quoted(action["clue"], lang))
    if kind == "take-all":
        return _("Taking all three sideways")
    if kind == "eye":
        return _("The eye")
    if kind == "magnify":
        return _("The magnifying glass")
    if kind == "skip":
        return _("Not using the power")
    return _("Guessing %(number)s", number=_numbers(action.get("number")))


def _actors(data: dict, actions: list[dict]) -> list[int]:
    """Who makes each action (seats from 1), by replaying the example through the engine."""
    seats = []
    try:
        if "situation" in data:
            state = D.from_situation(data["situation"], data.get("seed", 0))
        else:
            state = D.new_game(data.get("options", {"players": 2}), data.get("seed", 0))
        for action in actions:
            seats.append(action.get("player", state.turn) + 1)
            state.apply(action)
    except (BadInput, RuleViolation, KeyError, TypeError):
        seats += [a.get("player", 0) + 1 if isinstance(a.get("player"), int) else 1 for a in actions[len(seats):]]
    return seats


# --- the verdict --------------------------------------------------------------------------------


def play_verdict(events: list[dict], legal: list[str], start_turn: int, lang: str) -> str:
    """What the engine's events say, the weightiest first."""
    by_kind: dict[str, dict] = {}
    for event in events:
        by_kind[event["event"]] = event  # the last of each kind
    if "win" in by_kind:
        return ngettext("Player %(players)s wins.", "Players %(players)s share the win.",
                        len(by_kind["win"]["players"]),
                        players=", ".join(str(p + 1) for p in by_kind["win"]["players"]))
    if "penalty-ended-early" in by_kind:
        return _("The penalty ends early: no clue card is left to take.")
    if "guess" in by_kind:
        guess = by_kind["guess"]
        if guess["right"]:
            return _("Right: player %(num)d takes the card %(card)d.", num=guess["player"] + 1, card=guess["card"])
        if guess["free"]:
            return _("Wrong, but with the magnifying glass there is no penalty.")
        return _("Wrong: a penalty of two clue actions in a row.")
    if "eye" in by_kind:
        seen = by_kind["eye"]["seen"]
        return _("Player %(num)d sees %(numbers)s; the cards go to the bottom of the deck.",
                 num=by_kind["eye"]["player"] + 1, numbers=_numbers(seen) or "–")
    if "reveal" in by_kind:
        number = by_kind["reveal"]["number"]
        if number is None:
            return _("The reveal card goes to the box; no number is left to reveal.")
        return _("The reveal card goes to the box, and %(number)d is turned face up in the centre.", number=number)
    if "rebuild" in by_kind:
        return _("The discard pile is shuffled into a new clue deck.")
    if "take-all" in by_kind:
        return _("Allowed: all three go sideways.")
    if "take" in by_kind:
        card = by_kind["take"]["clue"]
        if D.CLUES[card].power and {"eye", "magnify", "skip"} & set(legal):
            return _("Allowed: %(card)s goes upright, and its power may be used now.", card=quoted(card, lang))
        return _("Allowed: %(card)s goes upright.", card=quoted(card, lang))
    if "guess" in legal and "take" in legal:
        return _("Player %(num)d may play a clue card or guess.", num=start_turn + 1)
    return _("Allowed.")


def _play(game: Any, data: dict, result: dict, lang: str) -> Figure:
    actions = data.get("actions", [data["action"]] if "action" in data else [])
    seats = _actors(data, actions)
    outcome = result.get("outcome") or {}
    if actions:
        caption = " ".join(action_sentence(a, s, lang) for a, s in zip(actions, seats))
    else:
        start = (data.get("situation") or {}).get("turn", 0)
        caption = _("Player %(num)d's turn: what may they do?", num=start + 1)
    marked: list[str] = []
    last = actions[-1] if actions else {}
    for key in ("clue", "card"):
        if isinstance(last.get(key), str):
            marked.append(last[key])
    if data.get("refused"):
        verdict = _("%(action)s: not allowed", action=_action_noun(last, lang))
    elif "bad_input" in outcome:
        bad = outcome["bad_input"]
        verdict = _("Not a possible situation: %(reason)s",
                    reason=violation_text(GAME, bad["code"], bad.get("params") or {}, lang))
    else:
        start = (data.get("situation") or {}).get("turn", 0)
        verdict = play_verdict(list(outcome.get("events") or []), list(outcome.get("legal") or []), start, lang)
    table = table_from_view(result.get("view") or [], marked if data.get("refused") else [])
    if not data.get("refused"):
        table["lit"] = marked  # the card the move is about, taken as the rules allow
    if actions and not data.get("refused"):
        table["heading"] = ngettext("The table before this move", "The table before these moves", len(actions))
    elif data.get("refused"):
        table["heading"] = _("The table when the move is refused")
    return Figure(caption, verdict, table_drawing(game, table, lang))


def table_from_view(panels: list[dict], marked: list[str] = (), hidden: bool = False) -> dict:
    """The table of an example from the engine's view panels (every secret shown, unless hidden)."""
    table: dict = {"centre": [], "row": [], "seats": [], "marked": list(marked)}
    seats: dict[int, dict] = {}
    for panel in panels:
        label, cards = panel["label"], panel.get("cards")
        player = (panel.get("params") or {}).get("player")
        if label in ("centre", "row"):
            table[label] = list(cards or [])
        elif player is not None:
            seat = seats.setdefault(player, {"seat": player, "secret": None, "hidden": hidden, "upright": [],
                                             "sideways": [], "collected": []})
            if label == "secret":
                seat["secret"] = cards[0] if cards else None
            elif label in ("upright", "sideways", "collected"):
                seat[label] = list(cards or [])
        elif label == "to-move" and panel.get("value") in seats:
            seats[panel["value"]]["to_move"] = True
    table["seats"] = [seats[k] for k in sorted(seats)]
    return table


def figure(game: Any, example: Any, result: dict, lang: str) -> Figure | None:
    data = example.data
    kind = data.get("kind", "play")
    outcome = result.get("outcome") or {}
    if kind == "setup":
        players = (data.get("options") or {}).get("players", 2)
        caption = _("A new game for %(num)d players is set up.", num=players)
        verdict = _("%(reveal)d reveal cards in the clue deck; %(target)d right guesses win.",
                    reveal=outcome.get("reveal_in_deck", 0), target=outcome.get("win_target", 0))
        return Figure(caption, verdict, table_drawing(game, table_from_view(result.get("view") or [], hidden=True),
                                                      lang))
    if kind == "clue-choice":
        secret, row = data.get("secret"), list(data.get("row") or [])
        caption = _("Secret number %(secret)s, clue row %(row)s: which card may be taken?",
                    secret=secret, row=listed(row, lang))
        take = list(outcome.get("take") or [])
        if outcome.get("must_take_all"):
            verdict = _("None is true: all three go sideways.")
        elif len(take) == 1:
            verdict = _("Take %(card)s upright.", card=quoted(take[0], lang))
        else:
            verdict = _("Take one of %(cards)s upright.", cards=", ".join(quoted(c, lang) for c in take))
        return Figure(caption, verdict, row_drawing(game, {"secret": secret, "centre": data.get("centre", []),
                                                           "row": row, "true": take}, lang))
    if kind == "possible":
        upright, sideways = list(data.get("upright") or []), list(data.get("sideways") or [])
        caption = _("Upright %(upright)s, sideways %(sideways)s: which secret numbers are left?",
                    upright=listed(upright, lang), sideways=listed(sideways, lang))
        numbers = outcome.get("numbers")
        if "bad_input" in outcome:
            bad = outcome["bad_input"]
            verdict = _("Not a possible situation: %(reason)s",
                        reason=violation_text(GAME, bad["code"], bad.get("params") or {}, lang))
        elif numbers:
            verdict = _("Still possible: %(numbers)s.", numbers=_numbers(numbers))
        else:
            verdict = _("No number fits these cards.")
        return Figure(caption, verdict, clues_drawing(game, {
            "upright": upright, "sideways": sideways, "centre": data.get("centre", []),
            "known": data.get("own_visible", []), "possible": numbers}, lang))
    return _play(game, data, result, lang)
