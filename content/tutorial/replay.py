"""The walk: a token replayed through the flow and the engine, step by step."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import BadInput, RuleViolation, whole_number

from .model import Step, Tutorial, TutorialError, _goal, for_players

# --- the walk: a token replayed through the flow and the engine ----------------------------


@dataclass
class Visit:
    step: Step
    decisions: tuple[str, ...]  # the decisions that lead to this step (its URL's token)
    players: int | None
    state: Any = None  # practice: the position the reader acts on; content: the table drawn
    spec: dict | None = None  # the position the state descends from (resolved for the count)
    decision: str | None = None  # the decision made here, when the walk went on


@dataclass
class Walk:
    tutorial: Tutorial
    visits: list[Visit]

    @property
    def here(self) -> Visit:
        return self.visits[-1]

    @property
    def players(self) -> int | None:
        return self.here.players

    @property
    def number(self) -> int:
        return len(self.visits)

    @property
    def total(self) -> int:
        return len(self.visits) + self.tutorial.ahead.get(self.here.step.id, 0)


@dataclass
class Try:
    """The reader's move on a practice step: refused, legal but off the goal, or done."""

    action: dict
    decision: str
    refused: RuleViolation | None = None
    missed: bool = False
    after: Any = None
    next: str | None = None

    @property
    def done(self) -> bool:
        return self.refused is None and not self.missed


def position_for(tutorial: Tutorial, step: Step, players: int, current: tuple | None) -> tuple[Any, dict | None]:
    """The engine state a step acts on or draws, and the spec it descends from."""
    if step.position is not None:
        spec = for_players(step.position, players)
        return tutorial.play.build(spec, players), spec
    if step.cont and current is not None:
        return tutorial.play.copy(current[0]), current[1]
    return None, None


def try_move(tutorial: Tutorial, visit: Visit, decision: str) -> Try:
    """Apply an encoded move to a practice visit's state (BadInput when it is no move)."""
    play, step, players = tutorial.play, visit.step, visit.players
    action = play.decode(decision)
    after = play.copy(visit.state)
    try:
        play.apply(after, action)
    except RuleViolation as e:
        return Try(action, decision, refused=e)
    if not play.meets(_goal(for_players(step.goal, players)), visit.state, action, after):
        return Try(action, decision, missed=True, after=after)
    outcome = play.outcome(visit.state, action, after)
    play.advance(after, visit.spec or {}, players, step.then)
    return Try(action, play.encode(action), after=after, next=step.after_outcome(outcome))


def walk(tutorial: Tutorial, decisions: tuple[str, ...], target: str) -> Walk:
    """Replay decisions from the start up to the step `target` (TutorialError if they do
    not lead exactly there)."""
    steps = tutorial.steps
    if target not in steps:
        raise TutorialError("order")
    visits: list[Visit] = []
    step = steps[tutorial.start]
    players: int | None = None
    current: tuple | None = None  # (state, spec) left by the last practice step
    i = 0
    while True:
        state, spec = (None, None)
        if step.kind in ("practice", "content") and players is not None:
            try:
                state, spec = position_for(tutorial, step, players, current)
            except BadInput:  # content proved at load; only an odd count gets here
                raise TutorialError("players") from None
        visit = Visit(step, tuple(decisions[:i]), players, state, spec)
        visits.append(visit)
        if step.id == target:
            if i != len(decisions):
                raise TutorialError("order")
            return Walk(tutorial, visits)
        if step.kind == "content":
            step = steps[step.next]  # type: ignore[index]
            continue
        if step.kind == "end" or i >= len(decisions):
            raise TutorialError("order")
        decision = decisions[i]
        visit.decision = decision
        i += 1
        if step.kind == "players":
            players = whole_number(decision, 1)
            if players not in tutorial.counts:
                raise TutorialError("players")
            following = step.after_players(players)
        elif step.kind == "question":
            following = step.after_answer(decision)
            if following is None:
                raise TutorialError("answer")
        else:
            try:
                result = try_move(tutorial, visit, decision)
            except BadInput:
                raise TutorialError("move") from None
            if not result.done or result.decision != decision:
                raise TutorialError("move")
            current = (result.after, spec)
            following = result.next
        if following is None:
            raise TutorialError("order")
        step = steps[following]
