"""The tutorial proved whole: texts in every language, every step reached through the engine."""
from __future__ import annotations

from pathlib import Path

from engine.core import BadInput, RuleViolation
from engine.play import READER

from ..model import LANGS, Game, text_leaves
from .model import LINK, Step, Tutorial, for_players
from .parse import _ahead, _error, parse
from .replay import Visit, position_for, try_move, walk
from .texts import step_texts


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
