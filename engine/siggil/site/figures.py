"""Siggil's worked examples as the reader sees them (GameSite.figure): a one-line caption, the
verdict in words ("Take a spirit from another player: allowed") and the table drawn.

The words are Siggil's own (labels.yaml `figure:`); the pictures are drawings.py's."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup

from engine import siggil as S
from engine.core import BadInput, RuleViolation
from engine.siggil.examples import _example_actions, _example_state
from web.games import Figure

from .drawings import Sheet, capture_sheet, draw_deck, draw_layout, layout_title, names, state_places, words
from .tools import card_name, failing_cards


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def way_text(way: str, lang: str) -> str:
    return _cap(words(way, lang, group="ways"))


def ruling(act: str, ok: bool, lang: str) -> str:
    """"Take: allowed" / "Take: refused" in the reader's language."""
    return words("verdict-ok" if ok else "verdict-no", lang, act=act)


def fails_text(code: str | None, cards: list[str], lang: str) -> str:
    return words("not-in-hand" if code == "card-not-in-hand" else "fails", lang, cards=names(cards, lang))


def players_text(players: Any, lang: str) -> str:
    return words("solo", lang) if players == 1 else words("players-n", lang, players=players)


def variants_note(data: dict, lang: str) -> str:
    data = data.get("situation") if isinstance(data.get("situation"), dict) else data
    notes = [words(name, lang) for name in S.VARIANTS if data.get(name) is True]
    return (" · " + " · ".join(notes)) if notes else ""


# --- by kind of example -----------------------------------------------------------------------


def _capture_check(data: dict, result: dict, lang: str) -> tuple[str, str, Markup | None]:
    spirit = data.get("spirit")
    spirit = S._spirit(spirit) if isinstance(spirit, (int, str)) and spirit in (*S.SPIRITS, *range(1, 8)) else None
    holder, mine, play = (list(data.get(k) or []) for k in ("holder_set", "my_set", "play"))
    shown = [c for c in play if c in S.ORDER]
    way = "free" if not holder else ("recapture" if mine else "steal")
    params = {"players": players_text(data.get("players"), lang), "spirit": card_name(spirit, lang) if spirit else "–",
              "cards": ", ".join(card_name(c, lang) if c in S.ORDER else str(c) for c in play),
              "holder": names(holder, lang), "mine": names(mine, lang)}
    caption = words(f"cap-check-{way}", lang, **params) + variants_note(data, lang)
    out = result.get("outcome") or {}
    if "legal" not in out:
        return caption, words("verdict-impossible", lang), None
    fails = [] if out["legal"] else failing_cards(spirit, mine, shown, out.get("code"), out.get("params") or {})
    verdict = ruling(way_text(out["way"], lang), out["legal"], lang)
    if fails:
        verdict += " · " + fails_text(out.get("code"), fails, lang)
    sheet, title = capture_sheet({"spirit": spirit, "holder_set": holder, "my_set": mine, "play": shown,
                                  "fails": fails}, lang)
    return caption, verdict, sheet.done(title)


def _act_caption(action: dict, state: Any, lang: str) -> tuple[str, str]:
    """The caption of a move and the name of the act for its verdict."""
    kind, seat = action.get("type"), state.current + 1
    if kind in ("take", "discard"):
        pos = action.get("pos")
        card = state.visible(pos) if isinstance(pos, int) and 0 <= pos < len(state.sigil) else None
        what = card_name(card, lang) if card else words("face-down-card", lang)
        code = "cap-discard" if kind == "discard" else "cap-take"
        return words(code, lang, seat=seat, card=what), words(f"act-{kind}", lang)
    if kind == "capture":
        spirit = S._spirit(action.get("spirit"))
        cards = [c for c in action.get("cards") or [] if c in S.ORDER]
        holder = state.held.get(spirit)
        way = "free" if holder is None else ("recapture" if state.sets[state.current].get(spirit) else "steal")
        caption = words("cap-capture", lang, seat=seat, spirit=card_name(spirit, lang), cards=names(cards, lang))
        return players_text(state.players, lang) + " · " + caption, way_text(way, lang)
    if kind == "release":
        return words("cap-release", lang, spirit=card_name(S._spirit(action.get("spirit")), lang)), \
            words("act-release", lang)
    return words("cap-pass", lang, seat=seat), words("act-pass", lang)


def _play(data: dict, result: dict, lang: str) -> tuple[str, str, Markup | None]:
    state = _example_state(data)
    actions = _example_actions(data)
    for a in actions[:-1]:
        state.apply(a)
    action = actions[-1] if actions else {"type": "pass"}
    caption, act = _act_caption(action, state, lang)
    out = result.get("outcome") or {}
    refused = out.get("refused")
    verdict = ruling(act, refused is None, lang)
    fails: list[str] = []
    if refused and action.get("type") == "capture":
        spirit = S._spirit(action["spirit"])
        fails = failing_cards(spirit, list(state.sets[state.current].get(spirit, [])), list(action["cards"]),
                              refused.get("code"), refused.get("params") or {})
        if fails:
            verdict += " · " + fails_text(refused.get("code"), fails, lang)
    if refused is None and out.get("over"):
        verdict += " · " + (words(out.get("reason") or "", lang, group="reasons").rstrip(".") if state.players == 1
                            else winners_text(out.get("winners") or [], lang))
    return caption + variants_note(data, lang), verdict, _play_drawing(state, action, fails, lang)


def _play_drawing(state: Any, action: dict, fails: list[str], lang: str) -> Markup:
    sheet = Sheet(lang)
    marked = [action["pos"]] if action.get("type") in ("take", "discard") and isinstance(action.get("pos"), int) else []
    sheet.sigil(state_places(state, marked))
    title = layout_title(lang)
    if state.free:
        sheet.row(state.free, caption=words("row-free-spirits", lang))
    if action.get("type") == "capture":
        spirit = S._spirit(action["spirit"])
        holder = state.held.get(spirit)
        if holder is not None:
            sheet.row([spirit] + state.sets[holder][spirit], caption=words("row-held", lang))
        mine = state.sets[state.current].get(spirit) if holder not in (None, state.current) else None
        if mine:
            sheet.row(mine, caption=words("row-mine", lang), cls="dim")
        hand = S.sort_cards(state.hands[state.current])
        if hand:
            sheet.row(hand, caption=words("hand", lang, group="labels"))
        cards = [c for c in action.get("cards") or [] if c in S.ORDER]
        sheet.row(cards, {c: "marked" for c in fails}, caption=words("row-play", lang), cls="sg-play")
        title = words("title-capture", lang, spirit=card_name(spirit, lang), cards=names(cards, lang))
        if fails:
            title += " " + words("title-fails", lang, cards=names(fails, lang))
    return sheet.done(title)


def winners_text(winners: list[int], lang: str) -> str:
    seats = [_("Player %(num)d", num=w + 1) for w in winners]
    if not seats:
        return words("nobody-wins", lang)
    if len(seats) > 1:
        return _("Shared win: %(names)s", names=", ".join(seats))
    return _("%(name)s wins.", name=seats[0]).rstrip(".")


def _setup(data: dict, result: dict, lang: str) -> tuple[str, str, Markup | None]:
    options = data.get("options") or {}
    layout = options.get("layout", S.DEFAULT_LAYOUT)
    caption = words("cap-setup", lang, players=options.get("players", 2),
                    layout=words(layout, lang, group="layouts") if layout in S.LAYOUTS else str(layout))
    out = result.get("outcome") or {}
    if "available_at_start" not in out:
        return caption, words("verdict-impossible", lang), None
    verdict = words("verdict-setup", lang, count=out["available_at_start"])
    if out.get("free_at_start"):
        verdict += " · " + words("verdict-freed", lang, spirits=names(out["free_at_start"], lang))
    state = S.new_game(options, data.get("seed", 0))
    return caption, verdict, draw_layout(None, state, lang)


def _deck(data: dict, result: dict, lang: str) -> tuple[str, str, Markup | None]:
    return words("cap-deck", lang), words("verdict-deck", lang), draw_deck(None, None, lang)


def _end(data: dict, result: dict, lang: str) -> tuple[str, str, Markup | None]:
    join = " · ".join
    caption = words("cap-end", lang, spirits=join(map(str, data.get("spirits") or [])),
                    hands=join(map(str, data.get("hand_sizes") or [])))
    if data.get("sigil_empty"):
        caption += " · " + words("sigil-empty", lang)
    out = result.get("outcome") or {}
    if "over" not in out:
        return caption, words("verdict-impossible", lang), None
    verdict = winners_text(out["winners"], lang) if out["over"] else _("The game goes on.").rstrip(".")
    return caption, verdict, None  # the engine's panels say it well: spirits and hands per player


def _observe(data: dict, result: dict, lang: str) -> tuple[str, str, Markup | None]:
    state = _example_state(data)
    seat = data.get("player", 0) + 1
    return (words("cap-observe", lang, seat=seat), words("verdict-observe", lang),
            draw_layout(None, state, lang))


KINDS = {"capture-check": _capture_check, "play": _play, "setup": _setup, "deck": _deck, "end-check": _end,
         "observe": _observe}


def figure(game: Any, example: Any, result: dict, lang: str) -> Figure | None:
    data = example.data if hasattr(example, "data") else example
    make = KINDS.get(data.get("kind", "play"))
    if make is None:
        return None
    expect = data.get("expect")
    if isinstance(expect, dict) and "bad_input" in expect:  # a table that cannot be: no drawing
        try:
            caption = make(data, {}, lang)[0]
        except (BadInput, RuleViolation):
            caption = words("cap-impossible", lang)
        return Figure(caption, words("verdict-impossible", lang), None)
    try:
        caption, verdict, drawing = make(data, result, lang)
    except (BadInput, RuleViolation):  # the example's own table is refused: it shows as not confirmed
        return None
    return Figure(caption, verdict, drawing)
