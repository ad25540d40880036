"""Deductio in a play-along tutorial: positions, moves, goals and the table drawn."""
from __future__ import annotations

import json
import re
from typing import Any

from engine.core import BadInput, whole_number
from engine.play import READER, Play


class DeductioPlay(Play):
    """Deductio positions: a described table (engine.deductio.from_situation), the reader is
    player 0. Per-player lists (secrets, upright, sideways, collected) are cut to the count.

    Moves: k<clue> take a card upright, a take all three sideways, g<player>-<number> guess,
    e<count> use the eye of the card just placed, f<player>-<number> use its magnifying glass
    (a free guess), s skip a power."""

    game_id = "deductio"
    goals = ("take-upright", "take-sideways", "clue", "guess", "guess-right", "eye", "magnify")
    outcome_names = ("right", "wrong")
    PER_PLAYER = ("secrets", "upright", "sideways", "collected")

    def __init__(self) -> None:
        from engine import deductio

        self.E = deductio

    def params(self, players: int) -> dict[str, Any]:
        reveal = self.E.reveal_cards_used(players)
        return {"players": players, "target": self.E.win_target(players), "reveal": reveal,
                "box": self.E.TOTAL_REVEAL_CARDS - reveal}

    def build(self, spec: dict, players: int) -> Any:
        if not isinstance(spec, dict):
            raise BadInput("bad-situation", problem="position")
        situation = {k: v for k, v in spec.items() if k != "seed"}
        situation["players"] = players
        for key in self.PER_PLAYER:
            if key in situation:
                value = list(situation[key])
                if key != "secrets":
                    value += [[] for _ in range(players - len(value))]
                situation[key] = value[:players]
        state = self.E.from_situation(situation, int(spec.get("seed", 0)))
        self.advance(state, spec, players, "reader")
        return state

    def advance(self, state: Any, spec: dict, players: int, mode: str) -> None:
        super().advance(state, spec, players, mode)
        # A power of the reader's card is used or skipped on the same page as the card; a
        # tutorial never leaves one pending (the powers are taught in words).
        if mode != "none" and state.phase == self.E.POWER and state.turn == READER:
            state.apply({"type": "skip"})
            super().advance(state, spec, players, mode)

    def auto(self, state: Any, spec: dict, players: int, mode: str) -> dict:
        if state.phase == self.E.POWER:
            return {"type": "skip"}
        true = state.true_clues()
        if true:
            return {"type": "take", "clue": true[0]}
        if state.row:
            return {"type": "take-all"}
        return self.legal(state)[0]

    def decode(self, text: str) -> dict:
        if text == "a":
            return {"type": "take-all"}
        if text == "s":
            return {"type": "skip"}
        if text.startswith("k") and text[1:] in self.E.CLUES:
            return {"type": "take", "clue": text[1:]}
        m = re.fullmatch(r"e([12])", text)
        if m:  # the card is the one just placed: filled in by apply()
            return {"type": "eye", "count": int(m.group(1))}
        m = re.fullmatch(r"([gf])([0-9])-([0-9]{1,2})", text)
        if m:
            kind = "guess" if m.group(1) == "g" else "magnify"
            return {"type": kind, "target": int(m.group(2)), "number": int(m.group(3))}
        raise BadInput("bad-action", field="move")

    def encode(self, action: dict) -> str:
        kind = action.get("type")
        if kind == "take":
            return "k" + action["clue"]
        if kind == "take-all":
            return "a"
        if kind == "skip":
            return "s"
        if kind == "eye" and action.get("count") in (1, 2):
            return f"e{action['count']}"
        if kind in ("guess", "magnify") and isinstance(action.get("number"), int):
            return f"{kind[0] if kind == 'guess' else 'f'}{action['target']}-{action['number']}"
        raise BadInput("bad-action", field="type")

    def apply(self, state: Any, action: dict) -> None:
        if action.get("type") in ("eye", "magnify") and "card" not in action:
            action = {**action, "card": state.pending or ""}
        state.apply(action)

    def form_move(self, args: Any, players: int) -> str | None:
        free = args.get("free") is not None
        if args.get("guess") is None and not free:
            return None
        target, number = args.get("target", ""), args.get("number", "")
        target, number = whole_number(target, 1), whole_number(number, 2)
        if target is None or number is None:
            raise BadInput("bad-action", field="guess")
        return f"{'f' if free else 'g'}{target}-{number}"

    def form_fields(self, move: str) -> list[tuple[str, str]] | None:
        action = self.decode(move)
        if action.get("type") not in ("guess", "magnify"):
            return None
        send = "guess" if action["type"] == "guess" else "free"
        return [("target", str(action["target"])), ("number", str(action["number"])), (send, "1")]

    def _right(self, after: Any) -> bool | None:
        for event in after.events:
            if event.get("event") == "guess":
                return bool(event["right"])
        return None

    def meets(self, goal: dict, before: Any, action: dict, after: Any) -> bool:
        kind, act = goal.get("type"), action.get("type")
        if kind == "take-upright":
            return act == "take"
        if kind == "take-sideways":
            return act == "take-all"
        if kind == "clue":
            return act in ("take", "take-all")
        if kind == "guess-right":
            return act == "guess" and self._right(after) is True
        return act == kind

    def outcome(self, before: Any, action: dict, after: Any) -> str | None:
        right = self._right(after)
        return None if right is None else ("right" if right else "wrong")

    def fingerprint(self, state: Any) -> str:
        return json.dumps(state.snapshot(), sort_keys=True)

    def copy(self, state: Any) -> Any:
        return state.copy()

    def moves(self, state: Any, players: int, attempted: str | None, goal: Any) -> dict:
        target, number = 1, None  # a guess tried before stays chosen in the form
        if attempted and attempted[:1] in ("g", "f") and "-" in attempted:
            left, right = attempted[1:].split("-", 1)
            target, number = whole_number(left, 1) or 1, whole_number(right, 2)
        guess = {"targets": [p for p in range(1, players)], "numbers": list(range(1, 21)), "target": target,
                 "number": number}
        if state.phase == self.E.POWER:  # the card just placed upright: use its power, or not
            card = self.E.CLUES[state.pending]
            if card.power_kind == "eye":
                return {"kind": "eye", "card": card.id, "counts": list(range(1, card.eye_count + 1))}
            return {"kind": "magnifier", "card": card.id, **guess}
        guessing = str(goal.get("type") if isinstance(goal, dict) else goal).startswith("guess")
        # During a penalty only clue actions are allowed: no guess is offered.
        return {"kind": "clue", "row": [{"value": "k" + c, "clue": c} for c in state.row],
                "take_all": bool(state.row), "guessing": guessing, "can_guess": state.phase == self.E.TURN,
                **guess}

    def table(self, state: Any, spec: dict, players: int) -> dict:
        E = self.E
        seats = []
        for p in range(players):
            secret = state.secrets[p]
            seats.append({
                "seat": p + 1, "you": p == READER, "to_move": not state.is_over and state.turn == p,
                "secret": secret if p == READER else None, "hidden": secret is not None and p != READER,
                "mark": E.digit_mark(secret) if secret is not None and p == READER else None,
                "upright": list(state.upright[p]), "sideways": list(state.sideways[p]),
                "collected": list(state.collected[p]),
            })
        seen = [n for e in state.events if e.get("event") == "eye" and e.get("player") == READER
                for n in e.get("seen", [])]
        return {"centre": list(state.centre), "row": list(state.row), "seats": seats,
                "phase": state.phase, "penalty_left": state.penalty_left, "over": state.is_over,
                "winners": [w + 1 for w in state.winners], "pending": state.pending, "seen": seen,
                "target": state.win_target, "secret_deck": len(state.secret_deck),
                "clue_deck": len(state.clue_deck), "discard": len(state.discard),
                "events": [dict(e) for e in state.events]}


PLAY = DeductioPlay
