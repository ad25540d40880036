"""Siggil's ruling tools: may I capture this spirit, and who wins at the end.

Pages (GET, inputs in the URL):
    /<lang>/siggil/tools/capture?players=3&spirit=leaf&where=held&holder=leaf1.leaf2.leaf3&play=leaf4.leaf5.leaf6.leaf7
        (&larger=1, &faceup=1: the named variants larger_sets and taken_sets_face_up)
    /<lang>/siggil/tools/end?players=3&s1=leaf.stone&h1=4&s2=deer&h2=2&s3=&h3=5&empty=1
API (POST, application/json): /api/v1/siggil/capture, /api/v1/siggil/end.
"""
from __future__ import annotations

from typing import Any

from flask import g, jsonify
from flask_babel import gettext as _

from engine import siggil as S
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
    violation_text,
)

from .blueprints import api, pages

GAME = "siggil"
FAMILIES = list(S.FAMILIES)
NUMBERS = list(S.NUMBERS)
WHERE = ("free", "held")
MAX_SET = 8  # cards in one set the engine looks at
# the named variants (engine option -> page field); the end tool does not depend on them
VARIANT_FIELDS = {"larger_sets": "larger", "taken_sets_face_up": "faceup"}
ON = ("1", "on", "yes", "true")


# --- cards as a reader sees them -------------------------------------------------------------------


def family_name(family: str, lang: str) -> str:
    return label(GAME, "families", family, lang) or family


def spirit_name(spirit: str, lang: str) -> str:
    family = S.FAMILY_OF[spirit]
    return label(GAME, "spirit-names", family, lang) or family


def card_name(card: str, lang: str) -> str:
    if S.IS_SPIRIT.get(card):
        return spirit_name(card, lang)
    return f"{family_name(S.FAMILY_OF[card], lang)} {S.NUMBER_OF[card]}"


def _format_param(key: str, value: Any, lang: str) -> str | None:
    if isinstance(value, str) and value in S.ORDER and key in ("card", "spirit", "choices"):
        return card_name(value, lang)
    if key == "family" and value in FAMILIES:
        return family_name(value, lang)
    if key == "level" and isinstance(value, str):
        return label(GAME, "levels", value, lang)
    return None




def failing_cards(spirit: Any, kept: list[str], played: list[str], code: str | None, params: dict) -> list[str]:
    """The cards the refusal is about: the card off the spirit, or the cards that break the kind
    of the rest of the set; none when the set as a whole is too small or too large."""
    if code in ("card-off-spirit", "card-not-in-hand") and params.get("card") in S.ORDER:
        return [params["card"]]
    if code == "set-mixed" and spirit in S.ORDER:
        fam, num = S.FAMILY_OF[spirit], S.NUMBER_OF[spirit]
        cards = kept + played
        family = [c for c in cards if S.FAMILY_OF[c] == fam]
        number = [c for c in cards if S.NUMBER_OF[c] == num]
        # the kind of the earlier set stays; else the kind most cards have
        keep_family = bool(kept) and S.set_kind(spirit, kept) == "family" or (not kept and len(family) >= len(number))
        return [c for c in played if c not in (family if keep_family else number)]
    return []


def spirit_token(value: Any) -> Any:
    """A family name ("leaf") stands for its spirit; anything else goes to the engine as it is."""
    if isinstance(value, str) and value in FAMILIES:
        return S.spirit_of(value)
    return value


def _cards(items: list[str]) -> list[str]:
    return [i.lower() for i in items]


def grid(lang: str) -> list[dict]:
    """The family cards for the pickers: one row per family, numbers 1-7."""
    return [{"family": f, "name": family_name(f, lang), "cards": [f"{f}{n}" for n in NUMBERS]} for f in FAMILIES]


# --- may I capture this spirit? ---------------------------------------------------------------------


def _check_where(where: Any, holder: Any, mine: Any) -> None:
    if where is None or where == "":
        return
    if where not in WHERE:
        raise ToolError("bad-where", _("Say where the spirit is: free beside the sigil, or held by another player."))
    if where == "free" and (holder or mine):
        raise ToolError("free-with-set", _("A free spirit has no set under it and was never held: leave the sets "
                                           "under it and your earlier set empty."), rule="siggil.capture.free")
    if where == "held" and not holder:
        raise ToolError("held-without-set", _("A held spirit lies on the set that captured it: choose the cards "
                                              "of that set."), rule="siggil.capture.steal")


def capture_answer(players: Any, spirit: Any, holder: Any, mine: Any, play: Any, level: Any, where: Any,
                   lang: str, variants: dict | None = None) -> dict:
    """variants: the named variants by engine option (larger_sets, taken_sets_face_up), off if missing."""
    players = as_number(players)
    level = level or "easy"
    for value in (holder, mine, play):  # the engine looks at up to 8 cards a set
        if isinstance(value, list) and len(value) > MAX_SET:
            raise engine_error(GAME, BadInput("bad-action", reason="cards"), lang)
    flags = call_engine(GAME, S.variant_flags, variants or {})
    res = call_engine(GAME, S.check_capture, players, spirit_token(spirit), holder, mine, play, level=level, **flags)
    _check_where(where, holder, mine)
    way_text = label(GAME, "ways", res["way"], lang) or res["way"]
    if res["legal"]:
        p = res["params"]
        if p["kind"] == "family":
            detail = _("Your set then has %(size)d cards, all of the %(family)s family.", size=p["size"],
                       family=family_name(S.FAMILY_OF[p["spirit"]], lang))
        else:
            detail = _("Your set then has %(size)d cards, all bearing the number %(number)d.", size=p["size"],
                       number=S.NUMBER_OF[p["spirit"]])
        verdict = _("Yes, you may: %(way)s.", way=way_text)
        reason = verdict + " " + detail
        if res["holder_set_after"]:  # a steal or a recapture: how the other player's set lies now
            reason += " " + (label(GAME, "tool", "holder-set-" + res["holder_set_after"], lang) or "")
    else:
        verdict = _("No, you may not.")
        fails = failing_cards(res["params"].get("spirit"), list(mine), list(play), res["code"], res["params"])
        if fails:  # name the card that fails before the rule it breaks
            fam, num = S.FAMILY_OF[res["params"]["spirit"]], S.NUMBER_OF[res["params"]["spirit"]]
            verdict += " " + (label(GAME, "tool", "card-fails" if res["code"] == "card-off-spirit" else "cards-mixed",
                                    lang, {"card": fails[0], "cards": ", ".join(card_name(c, lang) for c in fails),
                                           "family": fam, "number": num}) or "")
        reason = verdict + " " + violation_text(GAME, res["code"], res["params"], lang)
    return {"legal": res["legal"], "way": res["way"], "way_text": way_text, "rule": res["rule"],
            "code": res["code"], "reason": reason.strip(), "holder_set_after": res["holder_set_after"],
            "variants": flags, "fails": [] if res["legal"] else fails}


def variant_choices(flags: dict, lang: str) -> list[dict]:
    """The capture tool's variant checkboxes: field, words, on or off, the variant's rule."""
    return [{"field": VARIANT_FIELDS[name], "option": name, "text": label(GAME, "variants", name, lang) or name,
             "on": flags[name], "rule_ref": rule_ref(S.VARIANTS[name], lang)} for name in S.VARIANTS]


@pages.get("/<lang>/siggil/tools/capture", endpoint="capture")
def siggil_capture(lang: str):
    players = field("players")
    level = field("level")
    spirit = field("spirit")
    where = field("where")
    holder = _cards(list_field("holder", MAX_SET * 7))
    mine = _cards(list_field("mine", MAX_SET * 7))
    play = _cards(list_field("play", MAX_SET * 7))
    flags = {name: field(key).lower() in ON for name, key in VARIANT_FIELDS.items()}
    again = canonical_redirect({"players": players, "level": level if players == "1" else "", "spirit": spirit,
                                "where": where, "holder": joined(holder), "mine": joined(mine),
                                "play": joined(play),
                                **{key: "1" if flags[name] else "" for name, key in VARIANT_FIELDS.items()}})
    if again:
        return again
    context: dict = {"players": players, "level": level or "easy", "spirit": spirit, "where": where or "free",
                     "holder": holder, "mine": mine, "play": play, "result": None, "error": None,
                     "grid": grid(lang), "families": [(f, spirit_name(S.spirit_of(f), lang)) for f in FAMILIES],
                     "levels": [(lv, label(GAME, "levels", lv, lang) or lv) for lv in S.LEVELS],
                     "variants": variant_choices(flags, lang), "variants_legend": label(GAME, "tool", "variants", lang),
                     "mine_hint": label(GAME, "tool", "mine-hint-face-up", lang) if flags["taken_sets_face_up"]
                     else None}
    if spirit and play:
        try:
            result = capture_answer(players or None, spirit, holder, mine, play, level, where, lang, flags)
            result["rule_ref"] = rule_ref(result["rule"], lang)
            result["play_names"] = [card_name(c, lang) for c in play if c in S.ORDER]
            result["picture"] = {"spirit": S.spirit_of(spirit) if spirit in FAMILIES else spirit_token(spirit),
                                 "holder_set": holder, "my_set": mine, "play": play, "fails": result["fails"]}
            context["result"] = result
        except ToolError as e:
            context["error"] = e
    elif spirit or play or holder or mine:
        context["missing"] = _("Choose the spirit and the cards you would play.")
    return render_tool("siggil/tools/capture.html", GAME, **context)


@api.post("/siggil/capture", endpoint="capture")
def api_siggil_capture():
    data = json_body()
    lang = g.lang
    variants = {name: data[name] for name in S.VARIANTS if name in data}
    answer = api_call(GAME, capture_answer, data.get("players"), data.get("spirit"), data.get("holder_set", []),
                      data.get("my_set", []), data.get("play"), data.get("level"), data.get("where"), lang, variants)
    return jsonify({**answer, **rule_fields(answer["rule"], lang)})


# --- who wins? -------------------------------------------------------------------------------------------


def _to_spirit(value: Any, lang: str) -> str:
    value = spirit_token(value)
    if type(value) is int and 1 <= value <= len(S.SPIRITS):
        return S.SPIRITS[value - 1]
    if isinstance(value, str) and value in S.SPIRITS:
        return value
    raise engine_error(GAME, BadInput("unknown-spirit", spirit=str(value)[:40]), lang)


def spirit_counts(spirits: Any, players: int, lang: str) -> Any:
    """Spirits per player as counts: a count stays a count; a list of spirits (tokens, family
    names or numbers 1-7) is checked, no spirit in two places, and counted."""
    if not isinstance(spirits, list):
        return spirits  # the engine names it
    seen: dict[str, int] = {}
    counts: list[Any] = []
    for seat, held in enumerate(spirits):
        if not isinstance(held, list):
            counts.append(held)
            continue
        if len(held) > len(S.SPIRITS):
            raise engine_error(GAME, BadInput("too-many-spirits", total=len(held)), lang)
        for value in held:
            token = _to_spirit(value, lang)
            if token in seen:
                raise engine_error(GAME, BadInput("spirit-twice", spirit=token), lang)
            seen[token] = seat
        counts.append(len(held))
    return counts


def end_answer(players: Any, spirits: Any, hand_sizes: Any, sigil_empty: Any, lang: str) -> dict:
    players = as_number(players)
    counts = spirit_counts(spirits, players if type(players) is int else 0, lang)
    res = call_engine(GAME, S.end_of_game, players, counts, hand_sizes, sigil_empty)
    reason = label(GAME, "reasons", res["reason"], lang) or res["reason"]
    if not res["over"]:
        target = S.TARGET_SPIRITS[players]
        # the heading already says the game goes on: the reason says why
        reason = _("Nobody holds %(target)d spirits, and the sigil is not empty yet.", target=target)
    names = [_("Player %(num)d", num=w + 1) for w in res["winners"]]
    return {"over": res["over"], "winners": res["winners"], "winner_names": names, "rule": res["rule"],
            "reason_code": res["reason"], "reason": reason}


@pages.get("/<lang>/siggil/tools/end", endpoint="end")
def siggil_end(lang: str):
    players = field("players")
    count = int(players) if players in ("2", "3", "4") else S.MAX_PLAYERS
    held = [[v.lower() for v in list_field(f"s{k}", 7)] for k in range(1, count + 1)]
    hands = [field(f"h{k}") for k in range(1, count + 1)]
    empty = field("empty")
    query = {"players": players, "empty": "1" if empty in ("1", "on", "yes") else ""}
    for k in range(count):
        query[f"s{k + 1}"] = joined(held[k])
        query[f"h{k + 1}"] = hands[k]
    again = canonical_redirect(query)
    if again:
        return again
    context: dict = {"players": players, "held": held, "hands": hands, "empty": bool(query["empty"]),
                     "result": None, "error": None, "families": [(f, spirit_name(S.spirit_of(f), lang))
                                                                  for f in FAMILIES],
                     "max_players": S.MAX_PLAYERS}
    if players:
        try:
            sizes = [as_number(h) or 0 for h in hands]
            result = end_answer(players, held, sizes, bool(query["empty"]), lang)
            result["rule_ref"] = rule_ref(result["rule"], lang)
            context["result"] = result
        except ToolError as e:
            context["error"] = e
    return render_tool("siggil/tools/end.html", GAME, **context)


@api.post("/siggil/end", endpoint="end")
def api_siggil_end():
    data = json_body()
    lang = g.lang
    answer = api_call(GAME, end_answer, data.get("players"), data.get("spirits"), data.get("hand_sizes"),
                      data.get("sigil_empty", False), lang)
    return jsonify({**answer, **rule_fields(answer["rule"], lang)})
