"""The views pages draw: language-neutral panels of label codes, cards and values (texts in
content/games/deductio/labels.yaml)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import PENALTY, POWER, _seat

if TYPE_CHECKING:
    from .state import State

# Label codes of the view panels (texts in content/games/deductio/labels.yaml).
# Panels of one player carry "params": {"player": seat} for the {player} placeholder.
VIEW_LABELS: tuple[str, ...] = (
    "players", "centre", "row", "secret", "upright", "sideways", "collected", "secret-deck",
    "clue-deck", "discard", "box", "to-move", "penalty-left", "pending-power", "winner",
    "your-secret", "your-upright", "your-sideways", "take", "must-take-all", "possible",
    "own-visible",
)
# Other tokens that need words in labels.yaml: the reveal card and the three powers.
TOKEN_LABELS: tuple[str, ...] = ("reveal", "power-eye1", "power-eye2", "power-magnifier")


def _panel(label: str, cards: list | None = None, value: Any = None, player: int | None = None) -> dict:
    panel: dict = {"label": label}
    if player is not None:
        panel["params"] = {"player": _seat(player)}
    if cards is not None:
        panel["cards"] = list(cards)
    else:
        panel["value"] = value
    return panel


def view(state: State) -> list[dict]:
    """Language-neutral panels for drawing the table (every card shown, secrets included)."""
    panels = [_panel("players", value=state.players), _panel("centre", state.centre), _panel("row", state.row)]
    for p in range(state.players):
        secret = state.secrets[p]
        panels.append(_panel("secret", [] if secret is None else [secret], player=p))
        for label, cards in (("upright", state.upright[p]), ("sideways", state.sideways[p]), ("collected", state.collected[p])):
            if cards:
                panels.append(_panel(label, cards, player=p))
    panels += [
        _panel("secret-deck", value=len(state.secret_deck)),
        _panel("clue-deck", value=len(state.clue_deck)),
        _panel("discard", value=len(state.discard)),
        _panel("box", value=state.box),
    ]
    if state.is_over:
        panels += [_panel("winner", value=_seat(w)) for w in state.winners]
    else:
        panels.append(_panel("to-move", value=_seat(state.turn)))
        if state.phase == PENALTY:
            panels.append(_panel("penalty-left", value=state.penalty_left))
        if state.phase == POWER:
            panels.append(_panel("pending-power", [state.pending]))
    return panels
