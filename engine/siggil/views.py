"""The views pages draw: language-neutral panels of cards and values."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import BadInput

from .facts import OVER, SPIRITS, _spirit, sort_cards

if TYPE_CHECKING:
    from .state import State


def state_view(state: State) -> list[dict]:
    """Language-neutral panels for drawing a position (1-based seats in values)."""
    view: list[dict] = []
    avail = state.available()
    view.append({"label": "available", "cards": [state.sigil[i] for i in avail]})
    covered_up = [state.sigil[i] for i, c in enumerate(state.sigil)
                  if c is not None and state.face_up[i] and state.cover_left[i]]
    if covered_up:
        view.append({"label": "covered", "cards": covered_up})
    down = sum(1 for i, c in enumerate(state.sigil) if c is not None and not state.face_up[i])
    if down:
        view.append({"label": "face-down", "value": down})
    view.append({"label": "free-spirits", "cards": list(state.free)})
    for p in range(state.players):
        held = [s for s in SPIRITS if state.held.get(s) == p]
        for s in held:
            view.append({"label": "held-set", "cards": [s] + state.sets[p][s], "player": p + 1})
        for s, cards in state.sets[p].items():
            if state.held.get(s) != p:  # the spirit was taken: face down, or face up in the variant
                label = "face-up-set" if state.set_face_up(p, s) else "face-down-set"
                view.append({"label": label, "cards": list(cards), "player": p + 1})
        if state.hands[p] or p == state.current:
            view.append({"label": "hand", "cards": sort_cards(state.hands[p]), "player": p + 1})
    if state.players == 1:
        if state.level == "advanced":
            if state.discard:
                view.append({"label": "discard-face-down", "value": len(state.discard)})
        elif state.discard:
            view.append({"label": "discard", "cards": list(state.discard)})
        if state.escaped:
            view.append({"label": "escaped", "cards": list(state.escaped)})
    if state.phase == OVER:
        view.append({"label": "winners", "value": " · ".join(str(w + 1) for w in state.winners) or "–"})
    else:
        view.append({"label": "to-move", "value": state.current + 1})
    return view


def _attempt_view(act: Any) -> list[dict]:
    if not isinstance(act, dict):
        return []
    if act.get("type") == "capture" and isinstance(act.get("cards"), list):
        return [{"label": "played", "cards": [c for c in act["cards"] if isinstance(c, str)]}]
    return []


def _capture_view(args: dict, face_up: bool = False) -> list[dict]:
    view = []
    spirit = args.get("spirit")
    if isinstance(spirit, (str, int)):
        try:
            spirit = _spirit(spirit)
        except BadInput:
            spirit = None
    if args.get("holder_set"):
        view.append({"label": "holder-set", "cards": ([spirit] if spirit else []) + list(args["holder_set"])})
    elif spirit:
        view.append({"label": "free-spirits", "cards": [spirit]})
    if args.get("my_set"):
        view.append({"label": "face-up-set" if face_up else "face-down-set", "cards": list(args["my_set"])})
    view.append({"label": "played", "cards": list(args.get("play") or [])})
    return view
