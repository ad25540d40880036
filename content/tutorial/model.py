"""The tutorial as data: its steps, the flow between them, positions by player count."""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from typing import Any

from engine.core import BadInput
from engine.play import Play

from ..model import Game

STEP_KINDS = ("players", "question", "content", "practice", "end")
THEN = ("reader", "none", "finish")  # after the reader's move: others play up to the reader / stop / play out
DECISION = re.compile(r"^[A-Za-z0-9-]{1,40}$")
STEP_ID = re.compile(r"^[a-z0-9-]{1,40}$")
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
LINK = re.compile(r"\[\[([^\]]*)\]\]")
MAX_TOKEN = 600
MAX_DECISIONS = 64


class TutorialError(Exception):
    """A token that does not lead through the tutorial: code names the problem."""

    CODES = ("malformed", "version", "players", "answer", "move", "order", "missing")

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}")
        self.code = code
        self.params = params


# --- the structure ------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    id: str
    kind: str
    section: str
    rules: tuple[str, ...]
    next: str | None = None
    answers: tuple[tuple[str, str], ...] = ()  # question: (answer id, next step)
    by_players: tuple[tuple[int, str], ...] = ()  # players: count -> next step (else `next`)
    outcomes: tuple[tuple[str, str], ...] = ()  # practice: engine outcome -> next step
    position: Any = None  # a fresh position to draw or to act on (engine-specific spec)
    cont: bool = False  # `continue: true`: the table left by the last practice step
    goal: Any = None  # practice: what the move must achieve
    expect: Any = None  # practice: a move that meets the goal (by_players allowed)
    wrong: Any = None  # practice: {move, rule}: a move the engine must refuse by that rule
    then: str = "reader"
    cards: tuple[str, ...] = ()  # content: a row of cards to show

    @property
    def successors(self) -> list[str]:
        out = [n for _, n in self.answers] + [n for _, n in self.by_players] + [n for _, n in self.outcomes]
        if self.next:
            out.append(self.next)
        return list(dict.fromkeys(out))

    def after_players(self, count: int) -> str | None:
        return dict(self.by_players).get(count, self.next)

    def after_answer(self, answer: str) -> str | None:
        return dict(self.answers).get(answer)

    def after_outcome(self, outcome: str | None) -> str | None:
        return dict(self.outcomes).get(outcome or "", self.next)


@dataclass
class Tutorial:
    game: str
    version: int
    start: str
    steps: dict[str, Step]  # in file order
    counts: tuple[int, ...]  # player counts offered, default first
    play: Play
    links: dict[str, tuple[str, ...]] = field(default_factory=dict)  # step -> decisions leading there
    ahead: dict[str, int] = field(default_factory=dict)  # step -> most steps still to come
    teaches: dict[str, str] = field(default_factory=dict)  # rule id -> first step that teaches it
    data: dict = field(default_factory=dict)  # the file as written

    def token(self, decisions: tuple[str, ...] | list[str]) -> str:
        return ".".join([f"v{self.version}", *decisions])

    def parse_token(self, text: Any) -> tuple[str, ...]:
        """"v1.4.suit.H7" -> ("4", "suit", "H7"); TutorialError when it cannot be one."""
        if text is None or text == "":
            raise TutorialError("missing")
        if not isinstance(text, str) or len(text) > MAX_TOKEN:
            raise TutorialError("malformed")
        head, *decisions = text.split(".")
        if not re.fullmatch(r"v[0-9]{1,4}", head):
            raise TutorialError("malformed")
        if int(head[1:]) != self.version:
            raise TutorialError("version", version=head[1:12])
        if len(decisions) > MAX_DECISIONS or not all(DECISION.fullmatch(d) for d in decisions):
            raise TutorialError("malformed")
        return tuple(decisions)


# --- positions that vary with the player count -------------------------------------------


def for_players(value: Any, players: int | None) -> Any:
    """Resolve {by_players: {4: x, default: y}} anywhere inside value for this player count."""
    if isinstance(value, dict):
        if set(value) == {"by_players"} and isinstance(value["by_players"], dict):
            table = value["by_players"]
            for key, item in table.items():
                if str(key) == str(players):
                    return for_players(item, players)
            if "default" not in table:
                raise BadInput("bad-situation", problem=f"nothing given for {players} players")
            return for_players(table["default"], players)
        return {k: for_players(v, players) for k, v in value.items()}
    if isinstance(value, list):
        return [for_players(v, players) for v in value]
    return value


def _goal(goal: Any) -> dict:
    return {"type": goal} if isinstance(goal, str) else dict(goal or {})


# --- the games: positions, moves, goals and tables through each engine --------------------


def play_for(game: Game) -> Play | None:
    """The game's tutorial adapter: ``<its engine package>.play.PLAY`` (a game declares
    itself; this module names none)."""
    try:
        module = importlib.import_module(f"{game.engine}.play")
    except ModuleNotFoundError as e:
        if e.name != f"{game.engine}.play":
            raise
        return None
    return module.PLAY()
