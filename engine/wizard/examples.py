"""The worked examples of content/games/wizard/examples.yaml: run_example and its helpers."""
from __future__ import annotations

from engine.core import BadInput, RuleViolation

from .cards import JESTER, RANK_OF, SUIT_OF, SUITS, WIZARD, full_deck
from .codec import decode_log
from .guards import check_play
from .rules import legal_cards, ranking, score_details, trick_winner
from .state import replay
from .views import _seats, _situation_view, game_outcome, game_view


def _refusal(run, example: dict, view: list[dict]) -> dict:
    """Run a call that should be refused; compare with example's refused/code."""
    want_rule, want_code = example.get("refused"), example.get("code")
    try:
        result = run()
    except RuleViolation as e:
        outcome = {"refused": e.to_json()}
        passed = e.rule_id == want_rule and (want_code is None or e.code == want_code)
        return {"passed": passed, "outcome": outcome, "view": view}
    return {"passed": False, "outcome": {"accepted": True, **(result or {})}, "view": view}


def _compare(example: dict, outcome: dict, view: list[dict]) -> dict:
    expect = example.get("expect")
    if not isinstance(expect, dict) or not expect:
        raise BadInput("bad-example", reason="expect")
    passed = all(key in outcome and outcome[key] == value for key, value in expect.items())
    return {"passed": passed, "outcome": outcome, "view": view}


def _example_actions(example: dict) -> list:
    actions = list(example.get("actions") or [])
    if example.get("log"):
        actions = decode_log(example["log"]) + actions
    return actions


def _run_game(example: dict) -> dict:
    actions = _example_actions(example)
    options, seed = example.get("options") or {}, example.get("seed", 0)
    if "refused" in example:
        if not actions:
            raise BadInput("bad-example", reason="no action to refuse")
        state = replay(options, seed, actions[:-1])
        view = game_view(state, actions[-1])
        before = state.to_json()

        def attempt() -> dict:
            state.apply(actions[-1])
            return game_outcome(state)

        result = _refusal(attempt, example, view)
        if result["passed"] and state.to_json() != before:  # a refusal must change nothing
            result["passed"] = False
        return result
    state = replay(options, seed, actions)
    return _compare(example, game_outcome(state), game_view(state))


def _run_bad_input(call, example: dict, view: list[dict]) -> dict | None:
    """Examples expecting {"bad_input": code}: None when the example expects no bad input."""
    want = (example.get("expect") or {}).get("bad_input")
    if want is None:
        return None
    try:
        result = call()
    except BadInput as e:
        return {"passed": e.code == want, "outcome": {"bad_input": e.code, "params": e.params}, "view": view}
    return {"passed": False, "outcome": {"accepted": True, "result": result}, "view": view}


def run_example(example: dict) -> dict:
    """Run one entry of content/games/wizard/examples.yaml.

    kinds: game (options, seed, actions and/or log), trick (trump, cards), legal (trump,
    hand, trick), play (trump, hand, trick, play: card; accepted or refused), score (bids,
    tricks, round), ranking (totals), deck. `expect: {bad_input: code}` expects BadInput."""
    if not isinstance(example, dict):
        raise BadInput("bad-example", reason="not a mapping")
    kind = example.get("kind", "game")
    if kind == "game":
        bad = _run_bad_input(lambda: game_outcome(replay(example.get("options") or {}, example.get("seed", 0),
                                                         _example_actions(example))), example, [])
        return bad if bad is not None else _run_game(example)
    if kind == "trick":
        trump, cards = example.get("trump"), example.get("cards")
        view = _situation_view(example, trump)
        bad = _run_bad_input(lambda: trick_winner(trump, cards), example, view)
        if bad is not None:
            return bad
        result = trick_winner(trump, cards)
        view.append({"label": "winning-card", "cards": [result["params"]["card"]]})
        view.append({"label": "winner-position", "value": result["winner"] + 1})
        return _compare(example, result, view)
    if kind == "legal":
        trump, hand, trick = example.get("trump"), example.get("hand"), example.get("trick") or []
        view = _situation_view(example, trump)
        bad = _run_bad_input(lambda: legal_cards(trump, hand, trick), example, view)
        if bad is not None:
            return bad
        result = legal_cards(trump, hand, trick)
        view.append({"label": "legal", "cards": result["legal"]})
        return _compare(example, result, view)
    if kind == "play":
        trump, hand, trick, card = (example.get("trump"), example.get("hand"), example.get("trick") or [],
                                    example.get("play"))
        view = _situation_view(example, trump) + [{"label": "attempt-card", "cards": [card]}]
        bad = _run_bad_input(lambda: check_play(trump, hand, trick, card), example, view)
        if bad is not None:
            return bad
        if "refused" in example:
            return _refusal(lambda: check_play(trump, hand, trick, card), example, view)
        check_play(trump, hand, trick, card)  # a refusal here fails the example (raised)
        return _compare(example, {"accepted": True}, view)
    if kind == "score":
        bids, tricks, size = example.get("bids"), example.get("tricks"), example.get("round")
        view = [{"label": "bids", "value": _seats(list(bids or []))},
                {"label": "tricks-won", "value": _seats(list(tricks or []))}]
        bad = _run_bad_input(lambda: score_details(bids, tricks, size), example, view)
        if bad is not None:
            return bad
        details = score_details(bids, tricks, size)
        scores = [d["points"] for d in details]
        view.append({"label": "points", "value": _seats(scores)})
        return _compare(example, {"scores": scores, "rules": [d["rule"] for d in details]}, view)
    if kind == "ranking":
        totals = example.get("totals")
        view = [{"label": "totals", "value": _seats(list(totals or []))}]
        bad = _run_bad_input(lambda: ranking(totals), example, view)
        if bad is not None:
            return bad
        result = ranking(totals)
        view.append({"label": "winners", "value": _seats([w + 1 for w in result["winners"]])})
        return _compare(example, result, view)
    if kind == "deck":
        deck = full_deck()
        outcome = {
            "cards": len(deck),
            "suits": {s: sum(1 for t in deck if SUIT_OF[t] == s) for s in SUITS},
            "ranks": sorted({RANK_OF[t] for t in deck if SUIT_OF[t] is not None}),
            "wizards": deck.count(WIZARD),
            "jesters": deck.count(JESTER),
        }
        view = [{"label": "deck", "cards": [f"{s}{r}" for s in SUITS for r in (1, 13)] + [WIZARD, JESTER]},
                {"label": "deck-size", "value": len(deck)}]
        return _compare(example, outcome, view)
    raise BadInput("bad-example", reason="kind")
