"""tutorial.yaml read and checked on its own: steps, links, sections, rules."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import ContentError
from ..model import Game
from .model import DECISION, STEP_ID, STEP_KINDS, THEN, Step, Tutorial, _goal, play_for

# --- loading and proving ---------------------------------------------------------------------


def _error(path: Path | str, where: str | None, message: str) -> Exception:
    return ContentError(path, where, message)


def _str_list(value: Any, path: Path, where: str, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _error(path, where, f"{what} must be a list of strings")
    return tuple(value)


def parse(path: Path, data: Any, game: Game) -> Tutorial:
    """The structure of tutorial.yaml, checked on its own (steps, links, sections, rules)."""
    if not isinstance(data, dict):
        raise _error(path, None, "the tutorial must be a mapping")
    play = play_for(game)
    if play is None:
        raise _error(path, None, f"no engine for a tutorial of {game.id!r}")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= 9999:
        raise _error(path, None, "version must be a whole number from 1")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise _error(path, None, "needs a non-empty list 'steps'")
    rule_ids = {e.id for e in game.entries}
    low, high = game.players
    counts = data.get("players", [low, high])
    if not (isinstance(counts, list) and len(counts) == 2 and all(type(c) is int for c in counts)
            and low <= counts[0] <= counts[1] <= high):
        raise _error(path, None, f"players must be [min, max] within {low}-{high}")
    default = data.get("default_players", counts[0])
    if type(default) is not int or not counts[0] <= default <= counts[1]:
        raise _error(path, None, "default_players must be one of the player counts")
    offered = tuple([default] + [c for c in range(counts[0], counts[1] + 1) if c != default])

    steps: dict[str, Step] = {}
    for raw in raw_steps:
        if not isinstance(raw, dict):
            raise _error(path, None, "each step must be a mapping")
        sid = raw.get("id")
        if not isinstance(sid, str) or not STEP_ID.fullmatch(sid):
            raise _error(path, str(sid), "malformed or missing step id")
        if sid in steps:
            raise _error(path, sid, "step id given twice")
        kind = raw.get("kind")
        if kind not in STEP_KINDS:
            raise _error(path, sid, f"kind must be one of {', '.join(STEP_KINDS)}")
        section = raw.get("section")
        if section not in game.sections:
            raise _error(path, sid, f"section {section!r} is not a section of {game.id}")
        rules = _str_list(raw.get("rules"), path, sid, "rules")
        for rule in rules:
            if rule not in rule_ids:
                raise _error(path, sid, f"names an unknown rule {rule!r}")
        known = {"id", "kind", "section", "rules", "next", "answers", "by_players", "outcomes",
                 "position", "continue", "goal", "expect", "wrong", "then", "cards"}
        extra = set(raw) - known
        if extra:
            raise _error(path, sid, f"unknown keys {sorted(extra)}")
        answers = raw.get("answers") or []
        if kind == "question":
            if not isinstance(answers, list) or len(answers) < 2:
                raise _error(path, sid, "a question needs at least two answers")
            pairs = []
            for a in answers:
                if not (isinstance(a, dict) and isinstance(a.get("id"), str) and DECISION.fullmatch(a["id"])
                        and isinstance(a.get("next"), str)) or a["id"].isdigit():
                    raise _error(path, sid, "each answer needs an id (letters) and a next step")
                pairs.append((a["id"], a["next"]))
            if len({a for a, _ in pairs}) != len(pairs):
                raise _error(path, sid, "answer ids must differ")
            answers = tuple(pairs)
        elif answers:
            raise _error(path, sid, "only a question has answers")
        by_players = raw.get("by_players") or {}
        if by_players and kind != "players":
            raise _error(path, sid, "only the players step branches by count")
        if not isinstance(by_players, dict) or not all(type(k) is int and isinstance(v, str) for k, v in by_players.items()):
            raise _error(path, sid, "by_players maps a count to a step")
        outcomes = raw.get("outcomes") or {}
        if outcomes and (kind != "practice" or not isinstance(outcomes, dict)
                         or not set(outcomes) <= set(play.outcome_names)
                         or not all(isinstance(v, str) for v in outcomes.values())):
            raise _error(path, sid, f"outcomes map one of {list(play.outcome_names)} to a step (practice only)")
        nxt = raw.get("next")
        if nxt is not None and not isinstance(nxt, str):
            raise _error(path, sid, "next must be a step id")
        if kind == "end" and nxt is not None:
            raise _error(path, sid, "the end step has no next step")
        if kind in ("content", "players") and nxt is None:
            raise _error(path, sid, "needs a next step")
        if kind == "practice" and nxt is None and set(outcomes) != set(play.outcome_names):
            raise _error(path, sid, "needs a next step (or a step for every outcome)")
        cont = raw.get("continue", False)
        if not isinstance(cont, bool):
            raise _error(path, sid, "continue must be true or false")
        position = raw.get("position")
        if position is not None and cont:
            raise _error(path, sid, "a step has a position or continues the last one, not both")
        then = raw.get("then", "reader")
        if then not in THEN:
            raise _error(path, sid, f"then must be one of {', '.join(THEN)}")
        goal = raw.get("goal")
        if kind == "practice":
            if position is None and not cont:
                raise _error(path, sid, "a practice step needs a position (or continue: true)")
            if _goal(goal).get("type") not in play.goals:
                raise _error(path, sid, f"goal must be one of {', '.join(play.goals)}")
            if raw.get("expect") is None:
                raise _error(path, sid, "a practice step needs the move it expects (expect)")
            wrong = raw.get("wrong")
            if wrong is not None and not (isinstance(wrong, dict) and set(wrong) == {"move", "rule"}
                                          and wrong["rule"] in rule_ids):
                raise _error(path, sid, "wrong must be {move, rule} with a known rule")
        elif goal is not None or raw.get("expect") is not None or raw.get("wrong") is not None:
            raise _error(path, sid, "only a practice step has a goal, expect or wrong")
        if kind not in ("practice", "content") and (position is not None or cont):
            raise _error(path, sid, "only content and practice steps show a position")
        steps[sid] = Step(
            id=sid, kind=kind, section=section, rules=rules, next=nxt, answers=answers,
            by_players=tuple(sorted(by_players.items())), outcomes=tuple(sorted(outcomes.items())),
            position=position, cont=cont, goal=goal, expect=raw.get("expect"), wrong=raw.get("wrong"),
            then=then, cards=_str_list(raw.get("cards"), path, sid, "cards"),
        )

    _resolve_likes(path, steps)
    start = data.get("start", raw_steps[0].get("id"))
    if start not in steps or steps[start].kind != "players":
        raise _error(path, None, "the tutorial starts with the step that asks how many play")
    for step in steps.values():
        for target in step.successors:
            if target not in steps:
                raise _error(path, step.id, f"leads to an unknown step {target!r}")
        for count, _ in step.by_players:
            if count not in offered:
                raise _error(path, step.id, f"branches on {count} players, which the tutorial does not offer")
    _check_graph(path, steps, start)
    return Tutorial(game=game.id, version=version, start=start, steps=steps, counts=offered, play=play,
                    data=data)


def _resolve_likes(path: Path, steps: dict[str, Step]) -> None:
    """position: {like: <step>, key: value}: that step's position with these keys replaced."""

    def resolved(sid: str, trail: tuple[str, ...]) -> Any:
        position = steps[sid].position
        if not (isinstance(position, dict) and "like" in position):
            return position
        base = position["like"]
        if base not in steps or steps[base].position is None:
            raise _error(path, sid, f"position like {base!r}: no such step with a position")
        if base in trail:
            raise _error(path, sid, f"positions are like each other in a circle: {' -> '.join(trail + (base,))}")
        return {**resolved(base, trail + (base,)), **{k: v for k, v in position.items() if k != "like"}}

    for sid, step in list(steps.items()):
        if isinstance(step.position, dict) and "like" in step.position:
            steps[sid] = replace(step, position=resolved(sid, (sid,)))


def _check_graph(path: Path, steps: dict[str, Step], start: str) -> None:
    """Every step reachable from the start, no way round in circles, every way ends."""
    reached: set[str] = set()
    todo = [start]
    while todo:
        sid = todo.pop()
        if sid not in reached:
            reached.add(sid)
            todo.extend(steps[sid].successors)
    for sid in steps:
        if sid not in reached:
            raise _error(path, sid, "unreachable step: no way through the tutorial leads to it")
    state: dict[str, int] = {}  # 1 on the current way, 2 done

    def visit(sid: str, trail: list[str]) -> None:
        state[sid] = 1
        for nxt in steps[sid].successors:
            if state.get(nxt) == 1:
                raise _error(path, nxt, f"the steps go round in a circle: {' -> '.join(trail + [sid, nxt])}")
            if nxt not in state:
                visit(nxt, trail + [sid])
        state[sid] = 2

    visit(start, [])
    if not any(s.kind == "end" for s in steps.values()):
        raise _error(path, None, "the tutorial needs an end step")


def _ahead(steps: dict[str, Step]) -> dict[str, int]:
    """The most steps still to come after each step (the progress shown is n of n + ahead)."""
    memo: dict[str, int] = {}

    def longest(sid: str) -> int:
        if sid not in memo:
            memo[sid] = max((1 + longest(n) for n in steps[sid].successors), default=0)
        return memo[sid]

    return {sid: longest(sid) for sid in steps}
