"""Wizard's worked examples of kind `game` (a position replayed through the engine) as a caption,
a verdict and the table drawn; and `example_figure`, the game's GameSite.figure for every kind.

A game example says what it proves by the facts it expects (examples.yaml `expect:`): the
verdict names the first of them that a reader would ask about, in the engine's own answer.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from engine import wizard as W
from engine.core import BadInput
from web.games import Figure
from web.tools import violation_text

from .cards import GAME, card_name, suit_text
from .drawings import _trump_words, table_svg, trump_phrase
from .figures import KINDS, _panel, _refused, _winners


def _trump(value: Any) -> str | None:
    return value if value in W.SUITS else None


def _attempt(view: list[dict], lang: str) -> str | None:
    card = _panel(view, "attempt-card")
    if card and card.get("cards"):
        return card_name(card["cards"][0], lang)
    bid = _panel(view, "attempt-bid")
    if bid:
        return _("Bid %(bid)s", bid=bid["value"])
    trump = _panel(view, "attempt-trump")
    if trump:
        suit = _trump(trump["value"])  # the dealer's choice: a suit, or "none" (never a choice)
        return _("Trump %(suit)s", suit=suit_text(suit, lang)) if suit else _trump_words(None, lang)
    return None


def _seats_of(trick: list[str], current: int, players: int) -> list[int]:
    """1-based seats of the cards of a trick in progress, the player to move (0-based) next."""
    return [(current - len(trick) + i) % players + 1 for i in range(len(trick))]


def _last_trick(outcome: dict, trump: str | None, players: int, lang: str) -> Markup | None:
    last = outcome.get("last_trick")
    if not last:
        return None
    leader = last["leader"]
    return table_svg(lang, trump=trump, trick=list(last["cards"]),
                     seats=[(leader + i) % players + 1 for i in range(len(last["cards"]))],
                     winner=(last["winner"] - leader) % players)


def _in_play(trump: str | None, trick: list[str], hand: list[str], current: int, players: int, lang: str,
             marked: str | None = None) -> Markup | None:
    try:
        legal = W.legal_cards(trump, hand, trick)["legal"]
    except BadInput:
        return None
    return table_svg(lang, trump=trump, trick=trick, seats=_seats_of(trick, current, players), hand=hand,
                     legal=legal, marked=marked)


def _refused_figure(data: dict, result: dict, caption: str, players: int, lang: str) -> Figure:
    view = result["view"]
    attempt = _attempt(view, lang)
    verdict = _refused(attempt, data["refused"], lang) if attempt else _("Refused (%(rule)s)", rule=data["refused"])
    drawing = None
    trick, hand, to_move = _panel(view, "trick"), _panel(view, "hand"), _panel(view, "to-move")
    card = _panel(view, "attempt-card")
    if card and trick is not None and hand and to_move:
        trump = _trump((_panel(view, "trump") or {}).get("value"))
        drawing = _in_play(trump, list(trick["cards"]), list(hand["cards"]), int(to_move["value"]) - 1, players,
                           lang, marked=card["cards"][0])
    return Figure(caption, verdict, drawing)


def _round_trump(data: dict, outcome: dict) -> tuple[Any, bool]:
    """The trump of the round the last trick belongs to, and whether it is known: after a
    round is scored the position is the next round's, so its trump is the deal's."""
    done = outcome.get("finished_round")
    if not done or outcome.get("is_over") or done["round"] == outcome["round"]:
        return outcome.get("trump"), True
    options = data.get("options") or {}
    turned = (options.get("deal") or {}).get("trump_card")
    if done["round"] != options.get("start_round", 1) or turned is None or turned == W.WIZARD:
        return None, False
    return (None if turned == W.JESTER else turned[0]), True


def game_figure(data: dict, result: dict, lang: str) -> Figure:
    players = (data.get("options") or {}).get("players", 4)
    outcome, view = result["outcome"], result["view"]
    if "bad_input" in outcome:
        return Figure(ngettext("A game for %(num)d player", "A game for %(num)d players", players),
                      violation_text(GAME, outcome["bad_input"], outcome.get("params", {}), lang))
    rnd, trump_panel = _panel(view, "round"), _panel(view, "trump")
    where = _("Round %(round)s, %(players)d players", round=rnd["value"] if rnd else "–", players=players)
    caption = f"{where}; {trump_phrase((trump_panel or {}).get('value'), lang)}"
    if "refused" in data:
        return _refused_figure(data, result, caption, players, lang)
    expect = data.get("expect") or {}
    trump = _trump(outcome.get("trump"))
    trick_trump, known = _round_trump(data, outcome)
    last = _last_trick(outcome, _trump(trick_trump), players, lang) if known else None
    past = caption  # the round the last trick was played in, when the position is the next one's
    if outcome.get("finished_round") and outcome["finished_round"]["round"] != outcome["round"]:
        done = _("Round %(round)s, %(players)d players", players=players,
                 round=f"{outcome['finished_round']['round']}/{outcome['rounds']}")
        past = f"{done}; {trump_phrase(trick_trump, lang)}" if known else done
    playing = (_in_play(trump, list(outcome["trick"]), list(outcome["hand"]), outcome["current_player"], players, lang)
               if outcome.get("phase") == W.PHASE_PLAY and outcome.get("hand") else None)
    if outcome.get("is_over"):
        return Figure(caption, _winners(outcome["winners"]), last)
    if "finished_round" in expect:
        return Figure(past, _("Points: %(points)s", points=" · ".join(map(str, outcome["finished_round"]["points"]))),
                      last)
    if "last_trick" in expect:
        return Figure(past, _("Player %(num)d wins the trick.", num=outcome["last_trick"]["winner"] + 1), last)
    if expect.get("phase") == W.PHASE_TRUMP:
        return Figure(where, _("The dealer chooses trump"))
    if "legal_bids" in expect:
        return Figure(caption, _("Bids allowed: %(bids)s", bids=", ".join(map(str, outcome["legal_bids"]))))
    if "trick" in expect and outcome["trick"]:
        return Figure(caption, _("%(card)s: allowed", card=card_name(outcome["trick"][-1], lang)), playing)
    if "leader" in expect:
        return Figure(caption, _("Player %(num)d leads the trick", num=outcome["leader"] + 1), playing)
    if "trump" in expect:
        return Figure(where, trump_phrase(trump, lang))
    if "bids" in expect:
        return Figure(caption, _("Bids %(bids)s: allowed", bids=" · ".join(map(str, outcome["bids"]))), playing)
    if "dealer" in expect:
        return Figure(caption, _("Player %(dealer)d deals, player %(first)d bids first",
                                 dealer=outcome["dealer"] + 1, first=outcome["current_player"] + 1))
    return Figure(caption, ngettext("%(num)d round", "%(num)d rounds", outcome["rounds"]))


def example_figure(game: Any, example: Any, result: dict, lang: str) -> Figure | None:
    """GameSite.figure: the example's caption, verdict and drawing; None (the engine's panels)
    for an example the engine does not confirm."""
    if not result.get("passed"):
        return None
    data = example.data
    kind = data.get("kind", "game")
    return game_figure(data, result, lang) if kind == "game" else KINDS[kind](data, result, lang)
