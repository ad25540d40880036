"""Play-along tutorials: a flow of steps as data, proved against the game and its engine.

A tutorial (content/games/<game>/tutorial.yaml, texts in text/<lang>/tutorial.yaml under
`tutorial:`) is a directed graph of steps, walked from `start`:

    players   asks how many play at the table; the answer is the player count, and every
              later position, text and engine option follows it
    question  a question about the reader's own table; each answer leads to its own step
    content   text and, optionally, a picture of a table drawn from an engine state
    practice  the reader acts on a dealt position (a seeded engine state); the engine checks
              the move: any legal move that meets the step's goal continues, an illegal one
              is refused with the engine's reason, a legal one that misses the goal is
              explained; `outcomes:` can branch on what the engine says (a right guess...)
    end       the last step

tutorial.yaml:

    version: 1                  # part of every token: bump it when old links cannot work
    players: [2, 4]             # the counts offered (default: the game's)
    default_players: 3          # the count of the links from rule pages
    start: players              # a players step
    steps:                      # in reading order (the first step that lists a rule is
      - id: first-clue          #   the one its rule page links to)
        kind: practice
        section: clue           # a section of game.yaml: the progress line names it
        rules: [deductio.clue.choose-true]   # entries this step teaches (links both ways)
        position: {...}         # the game's position spec (see engine/<game>/play.py);
                                #   {like: <step>, key: value} copies another step's position;
                                #   {by_players: {4: x, default: y}} anywhere varies by count
        continue: true          # or: the table the last practice step left
        goal: take-upright      # or {type: capture, spirit: spirit-leaf}; Play.goals
        expect: keven           # a move meeting the goal, in the engine's compact form
        wrong: {move: kge9, rule: deductio.clue.choose-true}   # a move the engine refuses
        then: none              # after the move: reader (others play up to the reader),
                                #   none, finish (play the position out)
        next: reveal            # or answers: [{id, next}] (question), by_players: {1: ...}
                                #   (players), outcomes: {right: ..., wrong: ...} (practice)
      - {id: deck, kind: content, section: components, cards: [H1, W], next: ...}

texts (per language): tutorial.title, tutorial.intro, and per step: title, body (Markdown,
[[rule-id]] links), question and answers (players: optional labels by count; question: one
per answer id), task and optional miss (practice). A text may be {default: ..., <count>: ...}.
Placeholders such as {players}, {rounds}, {target} come from the game's Play.params (engine/<game>/play.py) for the count.

Nothing is remembered on the server: the reader's way through a tutorial is a token,
"v<version>.<decision>.<decision>...", one decision per players, question and practice
step passed (the count, an answer id, a move in the engine's compact form). A page replays
the token through the flow and the engine (`walk`), so a tampered, truncated or
out-of-order token is found and refused (TutorialError), never trusted.

The loader calls `check_tutorial` for every game: it refuses unknown or unreachable steps,
cycles, missing translations, unknown placeholders and links, and, by walking every player
count, every answer and every goal-meeting move through the engine, a practice step whose
expected move is illegal (or misses its goal, or whose wrong move is not refused) or that no
move can complete. The same walk finds, for every step, the decisions that lead to it (the
links from rule pages) and how many steps lie ahead.

No Flask here, no HTML: the web layer (web/tutorials.py) draws the tables this module
describes as plain data.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.core import BadInput, RuleViolation, whole_number
from engine.play import READER, Play

from .model import LANGS, Game, text_leaves

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


# --- texts -----------------------------------------------------------------------------------


def pick(value: Any, players: int | None) -> str:
    """A text, or {default: text, <count>: text} -> the text for this count."""
    if isinstance(value, dict):
        for key, text in value.items():
            if str(key) == str(players):
                return text
        return value["default"]
    return value


def fill(text: str, params: dict[str, Any]) -> str:
    """Put the count's numbers into a text: "{rounds} rounds" -> "15 rounds" (KeyError if unknown)."""
    return PLACEHOLDER.sub(lambda m: str(params[m.group(1)]), text)


def step_texts(game: Game, lang: str, step: Step, players: int | None) -> dict[str, Any]:
    """The texts of one step in one language, filled in for the player count."""
    raw = game.tutorial_texts[lang]["steps"][step.id]
    params = game.tutorial.play.params(players) if players else {}
    out: dict[str, Any] = {}
    for key in ("title", "body", "question", "task", "miss"):
        if raw.get(key) is not None:
            out[key] = fill(pick(raw[key], players), params).strip()
    out["answers"] = {str(k): fill(pick(v, players), params).strip() for k, v in (raw.get("answers") or {}).items()}
    return out


# --- loading and proving ---------------------------------------------------------------------


def _error(path: Path | str, where: str | None, message: str) -> Exception:
    from .loader import (
        ContentError,  # the loader imports this module: import at call time
    )

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


def _check_texts(folder: Path, game: Game, tutorial: Tutorial) -> None:
    for lang in LANGS:
        path = folder / "text" / lang / "tutorial.yaml"
        texts = game.tutorial_texts.get(lang) or {}
        if not texts:
            raise _error(path, None, f"missing {lang} translation of the tutorial")
        for key in ("title", "intro"):
            if not isinstance(texts.get(key), str) or not texts[key].strip():
                raise _error(path, key, f"missing {lang} tutorial {key}")
        step_texts = texts.get("steps")
        if not isinstance(step_texts, dict):
            raise _error(path, None, f"missing {lang} step texts (tutorial.steps)")
        for sid in step_texts:
            if sid not in tutorial.steps:
                raise _error(path, str(sid), "text for a step the tutorial does not have")
        for step in tutorial.steps.values():
            raw = step_texts.get(step.id)
            if not isinstance(raw, dict):
                raise _error(path, step.id, f"missing {lang} translation of the step")
            needed = ["title", "body"] + {"question": ["question"], "players": ["question"],
                                          "practice": ["task"]}.get(step.kind, [])
            for key in needed:
                value = raw.get(key)
                if isinstance(value, dict):
                    if not isinstance(value.get("default"), str) or not all(
                            isinstance(v, str) and v.strip() for v in value.values()):
                        raise _error(path, step.id, f"{key}: a text per count needs a default")
                elif not isinstance(value, str) or not value.strip():
                    raise _error(path, step.id, f"missing {lang} {key}")
            answers = raw.get("answers") or {}
            if step.kind == "question" and set(map(str, answers)) != {a for a, _ in step.answers}:
                raise _error(path, step.id, f"{lang} answers must name exactly {[a for a, _ in step.answers]}")
            if step.kind == "players" and not set(map(str, answers)) <= {str(c) for c in tutorial.counts}:
                raise _error(path, step.id, "answer labels name a count the tutorial does not offer")
            own = {e.id for e in game.entries}
            for text in text_leaves(raw):
                for target in LINK.findall(text):
                    if target not in own:
                        raise _error(path, step.id, f"link [[{target}]] to an unknown id")


def _render_all(folder: Path, game: Game, step: Step, players: int | None) -> None:
    for lang in LANGS:
        try:
            step_texts(game, lang, step, players)
        except KeyError as e:
            raise _error(folder / "text" / lang / "tutorial.yaml", step.id,
                         f"unknown placeholder {{{e.args[0]}}} (known: "
                         f"{sorted(game.tutorial.play.params(players)) if players else 'none before the count'})") from None


def _explore(folder: Path, game: Game, tutorial: Tutorial) -> None:
    """Walk every count, answer and goal-meeting move through the engine (see module doc).

    A step's `expect` (and `wrong`) is checked on the scripted way: a fresh position, or one
    reached by the expected moves of the steps before. Elsewhere, when the reader chose
    another move that also met the goal, the step must still offer a move that meets its goal.
    """
    path = folder / "tutorial.yaml"
    play, steps = tutorial.play, tutorial.steps
    needs: dict[str, bool] = {}

    def needs_current(sid: str) -> bool:  # does this step, or one after it, draw the last table?
        if sid not in needs:
            needs[sid] = False
            step = steps[sid]
            fresh = step.kind == "practice" and step.position is not None
            needs[sid] = step.cont or (not fresh and any(needs_current(n) for n in step.successors))
        return needs[sid]

    seen: set = set()
    rendered: set = set()
    tutorial.links.clear()

    def fail(step: Step, players: int, message: str) -> Exception:
        return _error(path, step.id, f"{message} (with {players} players)")

    def visit(sid: str, decisions: tuple[str, ...], players: int | None, current: tuple | None) -> None:
        step = steps[sid]
        live = current is not None and needs_current(sid)
        key = (sid, players, play.fingerprint(current[0]) if live else None, current[2] if live else None)
        if key in seen:
            return
        seen.add(key)
        tutorial.links.setdefault(sid, decisions)
        if (sid, players) not in rendered:
            rendered.add((sid, players))
            _render_all(folder, game, step, players)
        if step.kind == "players":
            for count in tutorial.counts:
                visit(step.after_players(count), decisions + (str(count),), count, None)  # type: ignore[arg-type]
            return
        if players is None:
            raise _error(path, sid, "comes before the player count is known")
        if step.kind == "question":
            for answer, nxt in step.answers:
                visit(nxt, decisions + (answer,), players, current)
            return
        if step.kind == "end":
            return
        if step.cont and current is None:
            raise fail(step, players, "continues a table, but no practice step comes before it")
        try:
            state, spec = position_for(tutorial, step, players, current[:2] if current else None)
        except (BadInput, RuleViolation) as e:
            raise fail(step, players, f"the position cannot be set up: {e}") from None
        if step.kind == "content":
            visit(step.next, decisions, players, current)  # type: ignore[arg-type]
            return
        if state.is_over or state.current_player != READER:
            raise fail(step, players, "the position does not wait for the reader's move")
        scripted = step.position is not None or bool(current and current[2])
        here = Visit(step, decisions, players, state, spec)
        expect = str(for_players(step.expect, players))
        if scripted:
            try:
                result = try_move(tutorial, here, expect)
            except BadInput as e:
                raise fail(step, players, f"the expected move {expect!r} cannot be read: {e}") from None
            if result.refused is not None:
                raise fail(step, players, f"the expected move {expect!r} is illegal: the engine refuses it "
                                          f"({result.refused.rule_id}, {result.refused.code})")
            if result.missed:
                raise fail(step, players, f"the expected move {expect!r} does not meet the goal")
            if step.wrong is not None:
                wrong = for_players(step.wrong, players)
                refused = try_move(tutorial, here, str(wrong["move"])).refused
                if refused is None or refused.rule_id != wrong["rule"]:
                    raise fail(step, players, f"the wrong move {wrong['move']!r} is not refused by {wrong['rule']}")
        moves: dict = {}
        for action in play.legal(state):
            attempt = try_move(tutorial, here, play.encode(action))
            if attempt.done:
                on_script = scripted and attempt.decision == expect
                fp = play.fingerprint(attempt.after) if needs_current(attempt.next) else None  # type: ignore[arg-type]
                moves.setdefault((attempt.next, fp, on_script), attempt)
        if not moves:
            raise fail(step, players, "no legal move meets the goal of this step")
        for (nxt, _, on_script), attempt in sorted(moves.items(), key=lambda kv: not kv[0][2]):
            if nxt is None:
                raise fail(step, players, f"no step follows the outcome of {attempt.decision!r}")
            visit(nxt, decisions + (attempt.decision,), players, (attempt.after, spec, on_script))

    visit(tutorial.start, (), None, None)
    for sid in steps:
        if sid not in tutorial.links:
            raise _error(path, sid, "no move through the engine reaches this step")


def check_tutorial(folder: Path, game: Game) -> None:
    """Called by the loader: prove the game's tutorial (if any) and keep it parsed on the game."""
    if game.tutorial is None:
        if any(game.tutorial_texts.values()):
            raise _error(folder / "text", None, "tutorial texts without a tutorial.yaml")
        return
    path = folder / "tutorial.yaml"
    data = game.tutorial.data if isinstance(game.tutorial, Tutorial) else game.tutorial
    tutorial = parse(path, data, game)
    game.tutorial = tutorial  # type: ignore[assignment]  # the parsed structure
    _check_texts(folder, game, tutorial)
    tutorial.ahead = _ahead(tutorial.steps)
    _explore(folder, game, tutorial)
    # A rule page links to the first step that teaches the rule on the main way through (the
    # default count, the first answers, the expected moves), else to the first in the file;
    # the question of how many play only when no other step teaches it.
    end = next(s.id for s in tutorial.steps.values() if s.kind == "end")
    main = [v.step for v in walk(tutorial, tutorial.links[end], end).visits]
    steps = main + list(tutorial.steps.values())
    for step in [s for s in steps if s.kind != "players"] + [s for s in steps if s.kind == "players"]:
        for rule in step.rules:
            tutorial.teaches.setdefault(rule, step.id)
