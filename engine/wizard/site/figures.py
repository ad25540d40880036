"""Wizard's worked examples as a reader sees them: a one-line caption, the engine's verdict in
words ("Jester: allowed", "Player 3 wins the trick") and the table drawn where there is one.

Every kind of content/games/wizard/examples.yaml is read here (trick, legal, play, score,
ranking, deck, game). All of it comes from the example as written and the engine's result
(its outcome and view panels): nothing is decided here that the engine did not say.
"""
from __future__ import annotations

from flask_babel import gettext as _

from engine import wizard as W
from web.games import Figure
from web.tools import site, violation_text

from .cards import GAME, card_name
from .drawings import table_svg, trump_phrase


def _seats(values: list) -> str:
    return " · ".join("–" if v is None else str(v) for v in values)


def _players(numbers: list[int]) -> str:
    """1-based seats as words: "1", "1 and 3", "1, 3 and 4"."""
    shown = [str(n) for n in numbers]
    if len(shown) == 1:
        return shown[0]
    return _("%(some)s and %(last)s", some=", ".join(shown[:-1]), last=shown[-1])


def _names(cards: list[str], lang: str) -> str:
    return ", ".join(card_name(t, lang) for t in cards)


def _rule_title(rule_id: str, lang: str) -> str:
    entry = site().entries.get(rule_id)
    return entry.text(lang).title if entry else rule_id


def _panel(view: list[dict], name: str) -> dict | None:
    return next((p for p in view if p.get("label") == name), None)


def _refused(attempt: str, rule_id: str, lang: str) -> str:
    return _("%(move)s: refused (%(rule)s)", move=attempt, rule=_rule_title(rule_id, lang))


def _winners(winners: list[int]) -> str:
    """0-based seats that top the ranking, in words."""
    if len(winners) == 1:
        return _("Player %(num)d wins the game", num=winners[0] + 1)
    return _("Players %(list)s share the win", list=_players([w + 1 for w in winners]))


def _trump_of(data: dict) -> str | None:
    trump = data.get("trump")
    return trump if trump in W.SUITS else None


# --- the kinds of example ---------------------------------------------------------------------


def _trick(data: dict, result: dict, lang: str) -> Figure:
    cards = [str(c) for c in data.get("cards") or []]
    trump = _trump_of(data)
    caption = _("%(trump)s; played: %(cards)s", trump=trump_phrase(data.get("trump"), lang),
                cards=", ".join(cards) or "–")
    outcome = result["outcome"]
    if "bad_input" in outcome:
        return Figure(caption, violation_text(GAME, outcome["bad_input"], outcome.get("params", {}), lang))
    caption = _("%(trump)s; played: %(cards)s", trump=trump_phrase(trump, lang), cards=_names(cards, lang))
    winner = outcome["winner"]
    verdict = _("Card %(num)d, %(card)s, wins the trick", num=winner + 1, card=card_name(cards[winner], lang))
    return Figure(caption, verdict, table_svg(lang, trump=trump, trick=cards, winner=winner))


def _situation(data: dict, lang: str) -> str:
    trick = [str(c) for c in data.get("trick") or []]
    if not trick:
        return _("%(trump)s; you lead", trump=trump_phrase(data.get("trump"), lang))
    return _("%(trump)s; the trick so far: %(cards)s", trump=trump_phrase(data.get("trump"), lang),
             cards=_names(trick, lang) if all(t in W.SUIT_OF for t in trick) else ", ".join(trick))


def _legal(data: dict, result: dict, lang: str) -> Figure:
    outcome = result["outcome"]
    if "bad_input" in outcome:
        trick = ", ".join(str(c) for c in data.get("trick") or [])
        hand = ", ".join(str(c) for c in data.get("hand") or [])
        return Figure(_("Your hand %(hand)s, the trick so far: %(trick)s", hand=hand, trick=trick or "–"),
                      violation_text(GAME, outcome["bad_input"], outcome.get("params", {}), lang))
    hand, trick, legal = list(data["hand"]), list(data.get("trick") or []), outcome["legal"]
    if len(set(legal)) == len(set(hand)):
        verdict = _("Any card may be played")
    else:
        verdict = _("May be played: %(cards)s", cards=_names(legal, lang))
    return Figure(_situation(data, lang), verdict,
                  table_svg(lang, trump=_trump_of(data), trick=trick, hand=hand, legal=legal))


def _play(data: dict, result: dict, lang: str) -> Figure:
    hand, trick, card = list(data["hand"]), list(data.get("trick") or []), data["play"]
    legal = W.legal_cards(_trump_of(data), hand, trick)["legal"]
    name = card_name(card, lang)
    if "refused" in data:
        verdict = _refused(name, data["refused"], lang)
    else:
        verdict = _("%(card)s: allowed", card=name)
    return Figure(_situation(data, lang), verdict,
                  table_svg(lang, trump=_trump_of(data), trick=trick, hand=hand, legal=legal, marked=card))


def _score(data: dict, result: dict, lang: str) -> Figure:
    caption = _("Bids %(bids)s, tricks won %(tricks)s", bids=_seats(list(data.get("bids") or [])),
                tricks=_seats(list(data.get("tricks") or [])))
    outcome = result["outcome"]
    if "bad_input" in outcome:
        return Figure(caption, violation_text(GAME, outcome["bad_input"], outcome.get("params", {}), lang))
    return Figure(caption, _("Points: %(points)s", points=_seats(outcome["scores"])))


def _ranking(data: dict, result: dict, lang: str) -> Figure:
    caption = _("Final totals: %(totals)s", totals=_seats(list(data.get("totals") or [])))
    return Figure(caption, _winners(result["outcome"]["winners"]))


def _deck(data: dict, result: dict, lang: str) -> Figure:
    out = result["outcome"]
    return Figure(_("The deck"), _("%(cards)d cards: 4 suits of 13, %(wizards)d Wizards, %(fools)d Jesters",
                                   cards=out["cards"], wizards=out["wizards"], fools=out["jesters"]))


KINDS = {"trick": _trick, "legal": _legal, "play": _play, "score": _score, "ranking": _ranking, "deck": _deck}
