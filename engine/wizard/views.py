"""What pages draw: the panels of a position (game_view, with labels in labels.yaml), the
facts of a position that examples check (game_outcome), and the panels of a situation.
"""
from __future__ import annotations

from typing import Any

from .cards import SUITS
from .rules import PHASE_BID, PHASE_PLAY, PHASE_TRUMP
from .state import State, _copy_finished


def _seats(values: list) -> str:
    return " · ".join("–" if v is None else str(v) for v in values)


def _trump_value(state: State) -> str:
    if state.phase == PHASE_TRUMP:
        return "pending"
    return state.trump or "none"


def game_outcome(state: State) -> dict:
    """The facts of a position that examples may check."""
    out = {
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "dealer": state.dealer,
        "trump_card": state.trump_card,
        "trump": state.trump,
        "current_player": state.current,
        "hand_sizes": [len(h) for h in state.hands],
        "cards_in_game": sum(len(h) for h in state.hands) + len(state.trick) + len(state.played)
        + len(state.undealt) + (state.trump_card is not None),
        "bids": list(state.bids),
        "tricks_won": list(state.won),
        "trick": list(state.trick),
        "leader": state.leader,
        "last_trick": state.last_trick and {**state.last_trick, "cards": list(state.last_trick["cards"])},
        "finished_round": _copy_finished(state.finished_round),
        "round_scores": [list(r) for r in state.round_scores],
        "totals": list(state.totals),
        "is_over": state.is_over,
        "winners": state.winners,
        "ranks": state.ranks,
        "legal_bids": state.legal_bids(),
        "legal_cards": state.legal_plays(),
    }
    if state.current is not None:
        out["hand"] = list(state.hands[state.current])
    return out


def game_view(state: State, attempt: dict | None = None) -> list[dict]:
    view: list[dict] = []
    done = state.finished_round
    if done is not None and (state.is_over or all(b is None for b in state.bids)):
        # a round has just been scored: show how it ended before the next one
        view += [
            {"label": "finished-round", "value": done["round"]},
            {"label": "last-trick", "cards": list(state.last_trick["cards"]) if state.last_trick else []},
            {"label": "finished-bids", "value": _seats(done["bids"])},
            {"label": "finished-tricks", "value": _seats(done["tricks_won"])},
            {"label": "points", "value": _seats(done["points"])},
        ]
    view += [
        {"label": "round", "value": f"{state.round}/{state.rounds}"},
        {"label": "dealer", "value": state.dealer + 1},
        {"label": "trump-card", "cards": [] if state.trump_card is None else [state.trump_card]},
        {"label": "trump", "value": _trump_value(state)},
    ]
    if state.phase in (PHASE_BID, PHASE_PLAY):
        view.append({"label": "bids", "value": _seats(state.bids)})
    if state.phase == PHASE_PLAY:
        view.append({"label": "tricks-won", "value": _seats(state.won)})
    if state.last_trick is not None and state.phase == PHASE_PLAY and not state.trick:
        view.append({"label": "last-trick", "cards": list(state.last_trick["cards"])})
    if state.phase == PHASE_PLAY:
        view.append({"label": "trick", "cards": list(state.trick)})
    if state.current is not None:
        view.append({"label": "to-move", "value": state.current + 1})
        view.append({"label": "hand", "cards": list(state.hands[state.current])})
    if state.round_scores:
        view.append({"label": "totals", "value": _seats(state.totals)})
    if state.is_over:
        view.append({"label": "winners", "value": _seats([w + 1 for w in state.winners])})
    if attempt is not None:
        view.extend(_attempt_view(attempt))
    return view


def _attempt_view(action: Any) -> list[dict]:
    if not isinstance(action, dict):
        return []
    kind = action.get("type")
    if kind == "play" and isinstance(action.get("card"), str):
        return [{"label": "attempt-card", "cards": [action["card"]]}]
    if kind == "bid":
        return [{"label": "attempt-bid", "value": str(action.get("bid"))}]
    if kind == "choose_trump":
        return [{"label": "attempt-trump", "value": str(action.get("suit") or "none")}]
    return []


def _situation_view(example: dict, trump: Any) -> list[dict]:
    view: list[dict] = []
    if trump is None or trump in SUITS:
        view.append({"label": "trump", "value": trump or "none"})
    if "trick" in example or "cards" in example:
        view.append({"label": "trick", "cards": list(example.get("trick", example.get("cards")) or [])})
    if "hand" in example:
        view.append({"label": "hand", "cards": list(example["hand"])})
    return view
