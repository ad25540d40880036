"""Siggil in a play-along tutorial: positions, moves, goals and the table drawn."""
from __future__ import annotations

import json
from typing import Any

from engine.core import BadInput
from engine.play import READER, Play


class SiggilPlay(Play):
    """Siggil positions: a described table (engine.siggil.from_situation); the reader is
    player 0. The sigil is a list of {card, up, covered_by, at: [row, col]}: `at` places a
    card in the picture (half-card columns) and is not the engine's business.

    Moves: the engine's compact log (t3 take, d3 discard, p pass, cLL1L4L6 capture, rS release)."""

    game_id = "siggil"
    goals = ("take", "discard", "capture", "free-spirit", "steal", "pass")

    def __init__(self) -> None:
        from engine import siggil

        self.E = siggil

    def params(self, players: int) -> dict[str, Any]:
        E = self.E
        if players == 1:
            return {"players": 1, "set": E.SOLO_SET["easy"], "set_advanced": E.SOLO_SET["advanced"],
                    "target": E.SOLO_TARGET["easy"], "target_advanced": E.SOLO_TARGET["advanced"],
                    "limit": E.SOLO_FREE_LIMIT}
        return {"players": players, "set": E.FREE_SET[players], "steal": E.FREE_SET[players] + 1,
                "target": E.TARGET_SPIRITS[players]}

    def _situation(self, spec: dict, players: int) -> dict:
        if not isinstance(spec, dict):
            raise BadInput("bad-situation", reason="position")
        situation = {k: v for k, v in spec.items() if k not in ("at",)}
        sigil = []
        for item in spec.get("sigil") or []:
            if isinstance(item, dict):
                item = {k: v for k, v in item.items() if k != "at"}
            sigil.append(item)
        situation["sigil"] = sigil
        situation["players"] = players
        return situation

    def build(self, spec: dict, players: int) -> Any:
        state = self.E.from_situation(self._situation(spec, players))
        self.advance(state, spec, players, "reader")
        return state

    def auto(self, state: Any, spec: dict, players: int, mode: str) -> dict:
        E = self.E
        if state.phase in (E.TAKE, E.DISCARD):
            return {"type": state.phase, "pos": state.available()[0]}
        if state.phase == E.RELEASE:
            return {"type": "release", "spirit": state.releasable()[0]}
        return {"type": "pass"}

    def decode(self, text: str) -> dict:
        actions = self.E.decode_log(text)
        if len(actions) != 1:
            raise BadInput("bad-log", reason="item")
        return actions[0]

    def encode(self, action: dict) -> str:
        return self.E.encode_action(action)

    def form_move(self, args: Any, players: int) -> str | None:
        spirit = args.get("capture")
        if spirit is None:
            return None
        cards = args.getlist("card") if hasattr(args, "getlist") else list(args.get("card") or [])
        if len(cards) > 8:
            raise BadInput("bad-action", reason="cards")
        for card in cards:
            if card not in self.E.ORDER or self.E.IS_SPIRIT[card]:
                raise BadInput("unknown-card", card=str(card)[:20])
        if len(set(cards)) != len(cards):
            raise BadInput("duplicate-card", card=cards[0])
        return self.encode({"type": "capture", "spirit": self.E._spirit(spirit), "cards": cards})

    def form_fields(self, move: str) -> list[tuple[str, str]] | None:
        action = self.decode(move)
        if action.get("type") != "capture":
            return None
        return [("card", c) for c in action["cards"]] + [("capture", action["spirit"])]

    def meets(self, goal: dict, before: Any, action: dict, after: Any) -> bool:
        kind, act = goal.get("type"), action.get("type")
        if kind == "free-spirit":
            return act == "take" and bool(after.events.get("freed"))
        if kind in ("capture", "steal"):
            if act != "capture" or (goal.get("spirit") and action.get("spirit") != goal["spirit"]):
                return False
            if goal.get("larger") and len(action["cards"]) <= before.set_size_for_free():
                return False  # the larger-sets variant practised: more cards than the rule names
            return kind == "capture" or after.events.get("way") == "steal"
        return act == kind

    def fingerprint(self, state: Any) -> str:
        return json.dumps(state.snapshot(), sort_keys=True)

    def moves(self, state: Any, players: int, attempted: str | None, goal: Any) -> dict:
        E = self.E
        if state.phase in (E.TAKE, E.DISCARD):
            return {"kind": state.phase, "prefix": "t" if state.phase == E.TAKE else "d"}
        if state.phase == E.CAPTURE:
            spirits = list(state.free) + [s for s in E.SPIRITS if state.held.get(s) not in (None, 0)]
            tried = self.decode(attempted) if attempted else {}
            return {"kind": "capture", "hand": E.sort_cards(state.hands[READER]), "spirits": spirits,
                    "checked": set(tried.get("cards") or [])}
        return {"kind": "none"}

    def table(self, state: Any, spec: dict, players: int) -> dict:
        E = self.E
        places = []
        for i, item in enumerate(spec.get("sigil") or []):
            at = item.get("at") if isinstance(item, dict) else None
            row, col = (at if isinstance(at, list) and len(at) == 2 else (1, 2 * i + 1))
            card = state.sigil[i] if i < len(state.sigil) else None
            places.append({
                "pos": i, "row": row, "col": col, "empty": card is None,
                "card": card if card is not None and state.face_up[i] else None,
                "available": card is not None and state.cover_left[i] == 0,
                "under": [q for q in state.covered_by[i] if state.sigil[q] is not None],
            })
        seats = []
        for p in range(players):
            sets = []
            for spirit, cards in state.sets[p].items():
                sets.append({"spirit": spirit, "cards": list(cards), "held": state.held.get(spirit) == p,
                             "face_up": state.set_face_up(p, spirit)})
            seats.append({
                "seat": p + 1, "you": p == READER, "to_move": not state.is_over and state.current == p,
                "hand": E.sort_cards(state.hands[p]) if p == READER else None, "cards": len(state.hands[p]),
                "sets": sets, "spirits": state.scores[p],
            })
        return {"places": places, "rows": max([p["row"] for p in places] or [0]),
                "cols": max([p["col"] + 1 for p in places] or [0]),
                "free": list(state.free), "seats": seats, "phase": state.phase, "over": state.is_over,
                "target": state.target, "discard": list(state.discard), "escaped": list(state.escaped),
                "solo": players == 1, "level": state.level,
                "winners": [w + 1 for w in state.winners] if state.is_over else [], "reason": state.reason,
                "turned_up": [state.sigil[p] for p in state.events.get("turned_up", [])
                              if p < len(state.sigil) and state.sigil[p] is not None],
                "freed": list(state.events.get("freed", []))}


PLAY = SiggilPlay
