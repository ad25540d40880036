"""Wizard in a play-along tutorial: positions, moves, goals and the table drawn."""
from __future__ import annotations

import json
from typing import Any

from engine.core import BadInput
from engine.play import READER, Play


class WizardPlay(Play):
    """Wizard positions: the reader is seat 0 and the dealer, so bids last and plays last.

    spec: round (a number, or "last": the game's last round for the count), trump_card, hand
    (the reader's cards), others (hands of seats 1, 2, ...; the first players-1 are dealt;
    without hand and others the seed deals), bids (the others' bids, seat 1 first), bid (the
    reader's, when the position starts after the bidding), trump (the reader's choice after a
    Wizard), variant (the bids may not add up to the tricks), led (the cards seats 1, 2, ...
    play to the round's first trick, instead of their lowest), carried (each seat's total
    before this round, seat 0 first: the table then shows the final totals and the winner
    when the round ends the game)."""

    game_id = "wizard"
    goals = ("choose-trump", "bid", "play", "win-trick")

    def __init__(self) -> None:
        from engine import wizard

        self.E = wizard

    def params(self, players: int) -> dict[str, Any]:
        rounds = self.E.rounds_for(players)
        return {"players": players, "rounds": rounds, "undealt": self.E.DECK_SIZE - players,
                "deck": self.E.DECK_SIZE}

    def build(self, spec: dict, players: int) -> Any:
        if not isinstance(spec, dict):
            raise BadInput("bad-state", problem="position")
        rnd = spec.get("round", 1)
        if rnd == "last":
            rnd = self.E.rounds_for(players)
        options = {"players": players, "start_round": rnd, "end_round": rnd, "first_dealer": READER,
                   "forbid_bids_equal_tricks": bool(spec.get("variant", False))}
        if "hand" in spec or "others" in spec:
            others = spec.get("others") or []
            if len(others) < players - 1:
                raise BadInput("deal-hands-count", hands=len(others) + 1, players=players)
            options["deal"] = {"hands": [spec.get("hand") or []] + list(others[:players - 1])}
            if spec.get("trump_card") is not None:
                options["deal"]["trump_card"] = spec["trump_card"]
        state = self.E.new_game(options, int(spec.get("seed", 1)))
        self._to_reader(state, spec, players)
        return state

    def _to_reader(self, state: Any, spec: dict, players: int) -> None:
        """Play the position up to the reader's first decision, using the reader's presets."""
        while not state.is_over:
            if state.current == READER:
                preset = {self.E.PHASE_TRUMP: "trump", self.E.PHASE_BID: "bid"}.get(state.phase)
                if preset is None or spec.get(preset) is None:
                    return
            state.apply(self.auto(state, spec, players, "position"))

    def auto(self, state: Any, spec: dict, players: int, mode: str) -> dict:
        seat = state.current
        if state.phase == self.E.PHASE_TRUMP:
            return {"type": "choose_trump", "suit": spec.get("trump") or "H"}
        if state.phase == self.E.PHASE_BID:
            bids = spec.get("bids") or []
            want = spec.get("bid") if seat == READER else (bids[seat - 1] if seat - 1 < len(bids) else 0)
            legal = state.legal_bids()
            return {"type": "bid", "bid": want if want in legal else legal[0]}
        legal = state.legal_plays()
        led = spec.get("led") or []
        if not state.played and seat != READER and len(state.trick) < len(led) and led[len(state.trick)] in legal:
            return {"type": "play", "card": led[len(state.trick)]}  # the first trick as the step tells it
        # else the lowest card that may be played
        return {"type": "play", "card": min(legal, key=lambda t: (self.E.RANK_OF[t], legal.index(t)))}

    def decode(self, text: str) -> dict:
        actions = self.E.decode_log(text)
        if len(actions) != 1 or "player" in actions[0]:
            raise BadInput("bad-log-entry", entry=text[:12])
        return actions[0]

    def encode(self, action: dict) -> str:
        return self.E.encode_action(action)

    def meets(self, goal: dict, before: Any, action: dict, after: Any) -> bool:
        kind = goal.get("type")
        if kind == "choose-trump":
            return action.get("type") == "choose_trump"
        if kind == "win-trick":
            last = after.last_trick
            return (action.get("type") == "play" and not after.trick and last is not None
                    and last["winner"] == READER and len(before.trick) == before.n - 1)
        return action.get("type") == kind

    def fingerprint(self, state: Any) -> str:
        data = state.to_json()
        data.pop("actions", None)
        return json.dumps(data, sort_keys=True)

    def moves(self, state: Any, players: int, attempted: str | None, goal: Any) -> dict:
        E = self.E
        if state.phase == E.PHASE_TRUMP:
            return {"kind": "trump",
                    "options": [{"value": f"t{s}", "suit": s} for s in E.SUITS] + [{"value": "t-", "suit": None}]}
        if state.phase == E.PHASE_BID:
            return {"kind": "bid", "options": [{"value": f"b{b}", "bid": b} for b in range(state.round + 1)]}
        return {"kind": "play", "options": [{"value": t, "card": t} for t in dict.fromkeys(state.hands[READER])]}

    def table(self, state: Any, spec: dict, players: int) -> dict:
        E = self.E
        order = [(state.leader + k) % players for k in range(players)]
        in_trick = {order[k]: card for k, card in enumerate(state.trick)}
        carried = spec.get("carried")
        seats = []
        for s in range(players):
            seats.append({
                "seat": s + 1, "you": s == READER, "dealer": s == state.dealer,
                "leads": s == state.leader and state.phase in (E.PHASE_BID, E.PHASE_PLAY),
                "to_move": s == state.current, "bid": state.bids[s], "won": state.won[s],
                "cards": len(state.hands[s]), "played": in_trick.get(s),
                "before": carried[s] if carried and not state.is_over else None,
            })
        out: dict = {
            "round": state.round, "rounds": state.rounds, "dealer": state.dealer + 1,
            "trump_card": state.trump_card,
            "trump": "pending" if state.phase == E.PHASE_TRUMP else (state.trump or "none"),
            "phase": state.phase, "seats": seats, "hand": list(state.hands[READER]),
            "trick": [{"seat": order[k] + 1, "card": c} for k, c in enumerate(state.trick)],
            "over": state.is_over,
        }
        last = state.last_trick
        if last is not None and (state.is_over or not state.trick):
            cards = list(last["cards"])
            result = E.trick_winner(state.trump, cards)
            out["last_trick"] = {
                "cards": [{"seat": (last["leader"] + k) % players + 1, "card": c} for k, c in enumerate(cards)],
                "winner": last["winner"] + 1, "reason": result["reason"], "params": result["params"],
                "winner_at": (last["winner"] - last["leader"]) % players,  # its place in the trick
            }
        if state.round_scores:
            details = E.score_details(list(state.bids), list(state.won), state.round)
            out["scores"] = [{"seat": d["player"] + 1, "you": d["player"] == READER, "reason": d["reason"],
                              "params": d["params"], "points": d["points"]} for d in details]
        if state.is_over and carried:
            out["final"] = self._final(list(carried[:players]), state.totals)
        return out

    def _final(self, carried: list[int], points: list[int]) -> dict:
        """The game's end: each seat's total before the last round, its points in it, the total
        (rows in seat order) and the winners by the engine's ranking."""
        totals = [c + p for c, p in zip(carried, points)]
        standing = self.E.ranking(totals)
        return {"rows": [{"seat": s + 1, "you": s == READER, "before": carried[s], "points": points[s],
                          "total": totals[s], "place": standing["ranks"][s]} for s in range(len(totals))],
                "winners": [w + 1 for w in standing["winners"]]}


PLAY = WizardPlay
