"""Wizard's trick tools: who wins the trick, and what may I play.

Pages: /<lang>/wizard/tools/trick?trump=H&cards=H7.W.J (cards in the order played),
/<lang>/wizard/tools/legal?trump=H&hand=H7.S2.W&trick=S3; API: /api/v1/wizard/trick, /api/v1/wizard/legal.
Either page also takes ?ed=amigo or ?ed=us: the cards shown as that edition prints them (.edition).
"""
from __future__ import annotations

from typing import Any

from flask import g, jsonify

from engine import wizard as W
from engine.core import BadInput, RuleViolation
from web.tools import (
    ToolError,
    api_call,
    call_engine,
    canonical_redirect,
    joined,
    json_body,
    list_field,
    reason_text,
    render_tool,
    rule_fields,
    rule_ref,
    violation_text,
)

from . import edition as ED
from .blueprints import api, pages
from .cards import (
    GAME,
    TRICK_SLOTS,
    _cards,
    _count_field,
    _slots,
    _trump_field,
    card_name,
    card_options,
    suit_rows,
    trump_choices,
)

# --- who wins the trick -----------------------------------------------------------------------------


def trick_answer(trump: Any, cards: Any, lang: str) -> dict:
    res = call_engine(GAME, W.trick_winner, trump, cards)
    card = res["params"]["card"]
    return {
        "winner": res["winner"],
        "position": res["winner"] + 1,
        "card": card,
        "card_name": card_name(card, lang),
        "rule": res["rule"],
        "reason_code": res["reason"],
        "reason": reason_text(GAME, res["reason"], res["params"], lang),
        "cards": [W.norm_card(c) for c in cards],
    }


@pages.get("/<lang>/wizard/tools/trick", endpoint="trick")
def wizard_trick(lang: str):
    cards = _cards(list_field("cards", TRICK_SLOTS) + [c for c in _slots("c", TRICK_SLOTS) if c])
    trump = _trump_field()
    again = canonical_redirect({"trump": trump, "cards": joined(cards), **ED.query()})
    if again:
        return again
    context: dict = {"trump": trump, "cards": cards, "result": None, "error": None,
                     "options": card_options(lang), "slots": TRICK_SLOTS,
                     "trump_options": trump_choices(lang), "edition": ED.choices(lang)}
    if cards:
        try:
            context["result"] = trick_answer(trump or None, cards, lang)
            context["rule"] = ED.keep_ref(rule_ref(context["result"]["rule"], lang))
        except ToolError as e:
            context["error"] = e
    return render_tool("wizard/tools/trick.html", GAME, **context)


@api.post("/wizard/trick", endpoint="trick")
def api_wizard_trick():
    data = json_body()
    lang = g.lang
    answer = api_call(GAME, trick_answer, data.get("trump"), data.get("cards"), lang)
    return jsonify({"winner": answer["winner"], **rule_fields(answer["rule"], lang), "reason": answer["reason"],
                    "reason_code": answer["reason_code"], "card": answer["card"]})


# --- what may I play? --------------------------------------------------------------------------------


def legal_answer(trump: Any, hand: Any, trick: Any, lang: str) -> dict:
    res = call_engine(GAME, W.legal_cards, trump, hand, trick)
    return {"legal": res["legal"], "rule": res["rule"], "reason_code": res["reason"],
            "reason": reason_text(GAME, res["reason"], res["params"], lang)}


def _refusal_of(trump: Any, hand: list[str], trick: list[str], card: str, lang: str) -> dict | None:
    """Why this card may not be played: the engine's refusal as a sentence with its rule."""
    try:
        W.check_play(trump, hand, trick, card)
    except RuleViolation as e:
        return {"text": violation_text(GAME, e.code, e.params, lang), "rule": ED.keep_ref(rule_ref(e.rule_id, lang))}
    except BadInput:
        return None
    return None


@pages.get("/<lang>/wizard/tools/legal", endpoint="legal")
def wizard_legal(lang: str):
    trump = _trump_field()
    context: dict = {"trump": trump, "error": None, "result": None, "options": card_options(lang),
                     "trump_options": trump_choices(lang), "suit_rows": suit_rows(lang),
                     "slots": TRICK_SLOTS - 1, "edition": ED.choices(lang)}
    try:
        hand = _cards(list_field("hand", 60)) + [W.WIZARD] * _count_field("w") + [W.JESTER] * _count_field("j")
    except ToolError as e:
        context.update(hand=[], trick=[], error=e)
        return render_tool("wizard/tools/legal.html", GAME, **context)
    trick = _cards(list_field("trick", TRICK_SLOTS) + [c for c in _slots("t", TRICK_SLOTS - 1) if c])
    hand = sorted(hand, key=lambda t: W.SORT_KEY.get(t, 200))
    again = canonical_redirect({"trump": trump, "hand": joined(hand), "trick": joined(trick), **ED.query()})
    if again:
        return again
    context.update(hand=hand, trick=trick)
    if hand:
        try:
            result = legal_answer(trump or None, hand, trick, lang)
            result["rule_ref"] = ED.keep_ref(rule_ref(result["rule"], lang))
            hand_cards = [W.norm_card(t) for t in hand]
            illegal = [t for t in dict.fromkeys(hand_cards) if t not in result["legal"]]
            result["marks"] = [(t, t in result["legal"]) for t in hand_cards]
            result["refusal"] = _refusal_of(trump or None, hand_cards, trick, illegal[0], lang) if illegal else None
            context["result"] = result
        except ToolError as e:
            context["error"] = e
    return render_tool("wizard/tools/legal.html", GAME, **context)


@api.post("/wizard/legal", endpoint="legal")
def api_wizard_legal():
    data = json_body()
    lang = g.lang
    answer = api_call(GAME, legal_answer, data.get("trump"), data.get("hand"), data.get("trick", []), lang)
    return jsonify({"legal": answer["legal"], **rule_fields(answer["rule"], lang), "reason": answer["reason"],
                    "reason_code": answer["reason_code"]})
