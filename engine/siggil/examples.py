"""The worked-example runner: one entry of content/games/siggil/examples.yaml at a time."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import BadInput, Rng, RuleViolation

from .codec import decode_log
from .facts import ALL_CARDS, CARDS, FAMILIES, FAMILY_OF, IS_SPIRIT, NUMBER_OF, SPIRITS, VARIANTS, full_deck
from .options import _layout_of, solo_deck
from .rules import check_capture, end_of_game
from .situation import from_situation
from .state import new_game
from .views import _attempt_view, _capture_view, state_view

if TYPE_CHECKING:
    from .state import State


def outcome_of(state: State) -> dict:
    """The facts of a position that examples may check."""
    snap = state.snapshot()
    out = {k: snap[k] for k in ("phase", "current", "free", "hands", "held", "scores", "winners", "reason",
                                "available", "discard", "escaped", "turn")}
    out["over"] = state.is_over
    out["hand_sizes"] = [len(h) for h in state.hands]
    out["sets"] = [{s: {"cards": list(c), "face_up": state.set_face_up(i, s)} for s, c in ps.items()}
                   for i, ps in enumerate(state.sets)]
    out["sigil_left"] = state.remaining
    out["face_down"] = sum(1 for i, c in enumerate(state.sigil) if c is not None and not state.face_up[i])
    out["turned_up"] = list(state.events.get("turned_up", []))
    out["freed"] = list(state.events.get("freed", []))
    for key in ("way", "took", "discarded", "released"):
        if key in state.events:
            out[key] = state.events[key]
    if "from" in state.events:
        out["from"] = state.events["from"]
    out["legal_types"] = sorted({a["type"] for a in state.legal_actions()})
    return out


def _compare(example: dict, outcome: dict, view: list[dict]) -> dict:
    expect = example.get("expect")
    if not isinstance(expect, dict) or not expect:
        raise BadInput("bad-example", reason="expect")
    passed = all(key in outcome and outcome[key] == value for key, value in expect.items())
    return {"passed": passed, "outcome": outcome, "view": view}


def _expects_bad_input(example: dict) -> str | None:
    expect = example.get("expect")
    return expect.get("bad_input") if isinstance(expect, dict) else None


def _example_state(example: dict) -> State:
    if "situation" in example:
        return from_situation(example["situation"])
    state = new_game(example.get("options") or {}, example.get("seed", 0))
    log = example.get("log")
    if log:
        for a in decode_log(log):
            state.apply(a)
    return state


def _example_actions(example: dict) -> list:
    if "action" in example:
        return list(example.get("actions") or []) + [example["action"]]
    return list(example.get("actions") or [])


def _run_play(example: dict) -> dict:
    state = _example_state(example)
    actions = _example_actions(example)
    if "refused" in example:
        if not actions:
            raise BadInput("bad-example", reason="no action to refuse")
        for a in actions[:-1]:
            state.apply(a)
        view = state_view(state) + _attempt_view(actions[-1])
        before = state.snapshot()
        try:
            state.apply(actions[-1])
        except RuleViolation as e:
            passed = (e.rule_id == example["refused"] and example.get("code") in (None, e.code)
                      and state.snapshot() == before)  # a refusal must change nothing
            return {"passed": passed, "outcome": {"refused": e.to_json()}, "view": view}
        return {"passed": False, "outcome": {"accepted": True, **outcome_of(state)}, "view": view}
    view = state_view(state) + (_attempt_view(actions[-1]) if actions else [])
    for a in actions:
        state.apply(a)
    return _compare(example, outcome_of(state), view)


def _run_setup(example: dict) -> dict:
    options = example.get("options") or {}
    state = new_game(options, example.get("seed", 0))
    layout = _layout_of(state.options)
    positions = layout["positions"]
    rows: dict[int, dict] = {}
    for p in positions:
        r = rows.setdefault(p["row"], {"cards": 0, "face_up": p["face_up"]})
        r["cards"] += 1
    top = [i for i, p in enumerate(positions) if not p["covered_by"]]
    outcome = {
        "positions": len(positions),
        "groups": len({p["group"] for p in positions}),
        "rows": {r: v["cards"] for r, v in sorted(rows.items())},
        "rows_face_down": sorted(r for r, v in rows.items() if not v["face_up"]),
        "top_rows": sorted({positions[i]["row"] for i in top}),
        "top_cards": len(top),
        "cards": sorted([c for c in state.sigil if c is not None] + state.free),
        "cards_dealt": sum(1 for c in state.sigil if c is not None) + len(state.free),
        "free_at_start": list(state.free),
        "available_at_start": len(state.available()),
        "face_down_at_start": sum(1 for i, c in enumerate(state.sigil) if c is not None and not state.face_up[i]),
        "phase": state.phase,
        "current": state.current_player,
    }
    outcome["all_cards_once"] = outcome["cards"] == sorted(ALL_CARDS)
    del outcome["cards"]
    if state.players == 1:
        deck = solo_deck(Rng(example.get("seed", 0)))
        outcome["deck_spirit_slots"] = [i for i, c in enumerate(deck) if IS_SPIRIT[c]]
        outcome["sigil_matches_deck"] = all(
            state.sigil[i] in (None, deck[i]) for i in range(len(deck))) and all(
            deck[i] in state.free for i in range(len(deck)) if state.sigil[i] is None)
    return _compare(example, outcome, state_view(state))


def _run_deck(example: dict) -> dict:
    deck = full_deck()
    outcome = {
        "cards": len(deck),
        "families": {f: sorted(NUMBER_OF[c] for c in CARDS if FAMILY_OF[c] == f) for f in FAMILIES},
        "spirits": {s: {"family": FAMILY_OF[s], "number": NUMBER_OF[s]} for s in SPIRITS},
    }
    view = [{"label": "cards", "cards": list(CARDS)}, {"label": "spirits", "cards": list(SPIRITS)},
            {"label": "deck-size", "value": len(deck)}]
    return _compare(example, outcome, view)


def _run_capture_check(example: dict) -> dict:
    args = {k: example.get(k) for k in ("players", "spirit", "holder_set", "my_set", "play")}
    args["holder_set"] = args["holder_set"] or []
    args["my_set"] = args["my_set"] or []
    args["play"] = args["play"] if args["play"] is not None else []
    level = example.get("level", "easy")
    variants = {k: example[k] for k in VARIANTS if k in example}
    view = _capture_view(args, face_up=variants.get("taken_sets_face_up") is True)
    result = check_capture(args["players"], args["spirit"], args["holder_set"], args["my_set"], args["play"],
                           level=level, **variants)
    if "refused" in example:
        passed = (not result["legal"] and result["rule"] == example["refused"]
                  and example.get("code") in (None, result["code"]))
        return {"passed": passed, "outcome": result, "view": view}
    return _compare(example, result, view)


def _run_end_check(example: dict) -> dict:
    players, spirits, hands = example.get("players"), example.get("spirits"), example.get("hand_sizes")
    empty = example.get("sigil_empty", False)
    view = []
    if isinstance(spirits, list):
        view.append({"label": "spirits-held", "value": " · ".join(map(str, spirits))})
    if isinstance(hands, list):
        view.append({"label": "hand-sizes", "value": " · ".join(map(str, hands))})
    result = end_of_game(players, spirits, hands, empty)
    if result["over"]:
        view.append({"label": "winners", "value": " · ".join(str(w + 1) for w in result["winners"])})
    return _compare(example, result, view)


def _run_observe(example: dict) -> dict:
    state = _example_state(example)
    for a in _example_actions(example):
        state.apply(a)
    player = example.get("player", 0)
    obs = state.observation(player)
    view = [{"label": "hand", "cards": obs["hands"][player], "player": player + 1}]
    return _compare(example, obs, view)


_KINDS = {"play": _run_play, "setup": _run_setup, "deck": _run_deck, "capture-check": _run_capture_check,
          "end-check": _run_end_check, "observe": _run_observe}


def run_example(example: dict) -> dict:
    """Run one entry of content/games/siggil/examples.yaml -> {"passed", "outcome", "view"}.

    kinds: play (situation or options+seed[+log], then action/actions; expect or refused+code),
    setup (options, seed), deck, capture-check (players, spirit, holder_set, my_set, play,
    level, and the variants larger_sets, taken_sets_face_up), end-check (players, spirits,
    hand_sizes, sigil_empty), observe (situation, player).
    `expect: {bad_input: code}` expects BadInput with that code."""
    if not isinstance(example, dict):
        raise BadInput("bad-example", reason="not a mapping")
    kind = example.get("kind", "play")
    if kind not in _KINDS:
        raise BadInput("bad-example", reason="kind")
    want_bad = _expects_bad_input(example)
    if want_bad is not None:
        try:
            result = _KINDS[kind]({**example, "expect": {"_": None}})
        except BadInput as e:
            return {"passed": e.code == want_bad, "outcome": {"bad_input": e.code, "params": e.params},
                    "view": []}
        return {"passed": False, "outcome": {"accepted": True, **result.get("outcome", {})},
                "view": result.get("view", [])}
    return _KINDS[kind](example)
