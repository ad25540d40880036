"""The worked-example runner: runs one entry of content/games/deductio/examples.yaml and
says whether the engine's outcome matches what the example expects."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput, RuleViolation

from .clues import REVEAL, digit_mark
from .inputs import _v
from .rules import clue_choice, possible_numbers
from .state import State, from_situation, new_game
from .views import _panel, view


def _matches(expected: Any, actual: Any) -> bool:
    """`expected` is found in `actual`: dicts by their listed keys, lists item by item (same
    length), everything else by equality."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return (
            isinstance(actual, list) and len(expected) == len(actual)
            and all(_matches(e, a) for e, a in zip(expected, actual))
        )
    return expected == actual


def _setup_outcome(state: State) -> dict:
    deck_reveals = sum(1 for c in state.clue_deck if c == REVEAL)
    cards = sorted(state.secrets + state.centre + state.secret_deck)  # type: ignore[operator]
    return {
        "players": state.players,
        "secret_cards": len(cards),
        "numbers": cards,
        "marks": {"#": [n for n in cards if digit_mark(n) == "#"], "##": [n for n in cards if digit_mark(n) == "##"]},
        "hidden_secrets": sum(1 for s in state.secrets if s is not None),
        "centre_size": len(state.centre),
        "secret_deck_size": len(state.secret_deck),
        "row_size": len(state.row),
        "row_has_reveal": REVEAL in state.row,
        "clue_cards": len(state.row) + sum(1 for c in state.clue_deck if c != REVEAL),
        "reveal_in_deck": deck_reveals,
        "reveal_in_box": state.box,
        "clue_deck_size": len(state.clue_deck),
        "to_move": state.current_player,
        "win_target": state.win_target,
    }


def _play_outcome(state: State, events: list[dict]) -> dict:
    out = state.snapshot()
    out["events"] = events
    out["reveal_in_clue_deck"] = sum(1 for c in state.clue_deck if c == REVEAL)
    out["legal"] = sorted({a["type"] for a in state.legal_actions()})
    return out


def run_example(example: dict) -> dict:
    """Run one entry of content/games/deductio/examples.yaml.

    kinds: "setup" (options, seed), "play" (situation + action/actions, or options + seed),
    "clue-choice" (secret, centre, row), "possible" (upright, sideways, centre, own_visible).
    """
    kind = example.get("kind", "play")
    refused = example.get("refused")
    want_code = example.get("code")
    expect = example.get("expect", {})
    view_panels: list[dict] = []
    violation: RuleViolation | None = None
    try:
        if kind == "setup":
            state = new_game(example.get("options", {"players": 2}), example.get("seed", 0))
            outcome = _setup_outcome(state)
            view_panels = view(state)
        elif kind == "play":
            if "situation" in example:
                state = from_situation(example["situation"], example.get("seed", 0))
            else:
                state = new_game(example.get("options", {"players": 2}), example.get("seed", 0))
            actions = example.get("actions", [example["action"]] if "action" in example else [])
            view_panels = view(state)
            events: list[dict] = []
            for i, action in enumerate(actions):
                last = i == len(actions) - 1
                if last and refused:
                    before = state.to_json()
                    try:
                        state.apply(action)
                    except RuleViolation as rv:
                        violation = rv
                        view_panels = view(state)
                        outcome = {"refused": rv.to_json(), "unchanged": state.to_json() == before}
                        break
                else:
                    state.apply(action)
                events += state.events
            else:
                outcome = _play_outcome(state, events)
        elif kind == "clue-choice":
            outcome = clue_choice(example.get("secret"), example.get("centre", []), example.get("row", []))
            view_panels = [
                _panel("your-secret", [example["secret"]]), _panel("centre", example.get("centre", [])),
                _panel("row", example.get("row", [])),
                _panel("must-take-all", outcome["untrue"]) if outcome["must_take_all"] else _panel("take", outcome["take"]),
            ]
        elif kind == "possible":
            numbers = possible_numbers(
                example.get("upright", []), example.get("sideways", []),
                example.get("centre", []), example.get("own_visible", []),
            )
            outcome = {"numbers": numbers}
            view_panels = [
                _panel("your-upright", example.get("upright", [])), _panel("your-sideways", example.get("sideways", [])),
                _panel("centre", example.get("centre", [])), _panel("own-visible", example.get("own_visible", [])),
                _panel("possible", numbers),
            ]
        else:
            raise BadInput("unknown-example-kind", kind=_v(kind))
    except BadInput as bad:
        outcome = {"bad_input": {"code": bad.code, "params": bad.params}}
    except RuleViolation as rv:  # a refusal where none was expected
        outcome = {"refused": rv.to_json()}
    if refused:
        passed = (
            violation is not None
            and violation.rule_id == refused
            and (want_code is None or violation.code == want_code)
            and _matches(expect, outcome)
        )
    else:
        passed = "refused" not in outcome and ("bad_input" not in outcome or "bad_input" in expect) and _matches(expect, outcome)
    return {"passed": passed, "outcome": outcome, "view": view_panels}
