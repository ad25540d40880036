"""Deductio (2-4 players, secret numbers 1-20): the executable rules.

A game is (options, seed, actions); its state is the replay of that log. The engine knows
every secret number, so it answers guesses truthfully and refuses untrue clue choices.

Cards
- Secret number cards: the integers 1-20 (the mark # or ## is `digit_mark(n)`).
- Clue cards: short ids from engine.deductio_clues (35 cards, a documented
  reconstruction: see that module and docs/deductio-clue-deck.md), e.g. "even", "ge7",
  "not-9-19", "nb-17-20", "pm1". The "Reveal a secret number" card is the token "reveal".

Actions (JSON dicts; every action may carry "player": <index> to say who acts)
- {"type": "take", "clue": id}            clue action: take one true card of the row upright
- {"type": "take-all"}                    clue action: take the whole row sideways (none true)
- {"type": "guess", "number": n, "target": i[, "answer": "right"|"wrong"]}
                                          guess another player's number; "answer" is what the
                                          target says at the table (checked against the truth);
                                          without it the engine answers truthfully
- {"type": "eye", "card": id[, "count": 1|2]}     use the eye power of the card just placed
- {"type": "magnify", "card": id, "number": n, "target": i[, "answer": ...]}
                                          use the magnifying glass of the card just placed
- {"type": "skip"}                        do not use that power (it is lost)

Phases: "turn" (take / take-all / guess), "power" (a card with a power was just placed
upright: eye or magnify, or skip), "penalty" (after a wrong guess: clue actions only, no
powers), "over".

Players are indices 0..n-1 in actions and state; in refusal params and view panels they
are seat numbers 1..n (as a reader counts them).

Rulings taken here (see the docs and the rule entries):
- A power is a pending decision right after its card is placed upright in a normal clue
  action (use it or skip it); it is resolved before the row is refilled; skipped = lost.
- The eye shows as many cards as its icon (1 or 2; the player may look at fewer); they go to
  the bottom of the secret number deck in the same order.
- A magnifier guess is made at once and answered like any guess: right = the usual reward,
  wrong = no penalty; then the clue action ends (refill, next player).
- The penalty after a wrong guess ends early when the row is empty and no clue card can be
  drawn (clue deck and discard pile empty).
- If the row is short because no card could be drawn, it is topped up as soon as cards reach
  the discard pile again (after a right guess).
- A reveal card drawn while the secret number deck is empty goes to the box and reveals
  nothing. A guessed player who cannot draw a new secret number (deck empty) ends the game
  at once: the most collected cards wins, ties share the win. Neither can happen with the
  standard components (at most 11 of the 13-15 deck cards are ever needed), but the engine
  defines them for any situation an example or a tool may set up.
- Player 0 starts; turns pass to the next index.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import BadInput, Rng, RuleViolation, guard
from engine.deductio_clues import (
    CLUE_IDS,
    CLUES,
    NUMBERS,
    REVEAL,
    clue_params,
    digit_mark,
    is_true,
)

__all__ = [
    "BAD_INPUT_CODES",
    "CLUES",
    "CLUE_IDS",
    "REVEAL",
    "VIEW_LABELS",
    "VIOLATIONS",
    "State",
    "clue_choice",
    "clue_params",
    "digit_mark",
    "from_situation",
    "is_true",
    "new_game",
    "possible_numbers",
    "replay",
    "reveal_cards_used",
    "run_example",
    "win_target",
]

GAME = "deductio"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
TOTAL_REVEAL_CARDS = 7
ROW_SIZE = 3
CENTRE_AT_SETUP = 3
PENALTY_ACTIONS = 2

TURN, POWER, PENALTY, OVER = "turn", "power", "penalty", "over"


def reveal_cards_used(players: int) -> int:
    """Reveal cards shuffled into the clue deck: 7, or 5 with four players (2 stay in the box)."""
    return 5 if players == 4 else 7


def win_target(players: int) -> int:
    """Correctly guessed secret number cards needed to win: 3 with 2 players, else 2."""
    return 3 if players == 2 else 2


VIOLATIONS: dict[str, str] = {
    "game-over": "deductio.goal",
    "not-your-turn": "deductio.turn.actions",
    "one-action-per-turn": "deductio.turn.actions",
    "clue-not-true": "deductio.clue.choose-true",
    "true-clue-in-row": "deductio.clue.none-true",
    "card-has-no-power": "deductio.clue.powers",
    "power-from-sideways": "deductio.clue.powers",
    "power-lost": "deductio.clue.powers",
    "not-just-placed": "deductio.clue.powers",
    "no-power-pending": "deductio.clue.powers",
    "no-power-in-penalty": "deductio.guess.wrong",
    "too-many-cards": "deductio.power.eye",
    "one-guess-per-turn": "deductio.guess.how",
    "one-number-per-guess": "deductio.guess.how",
    "target-self": "deductio.guess.how",
    "must-answer-truthfully": "deductio.guess.truth",
}

BAD_INPUT_CODES: set[str] = {
    "bad-player-count", "unknown-option", "bad-seed", "bad-situation", "bad-state",
    "unknown-action", "bad-action", "unknown-player", "unknown-clue", "duplicate-clue",
    "number-out-of-range", "duplicate-number", "not-a-list", "clue-not-in-row", "row-empty",
    "row-too-long", "bad-count", "unknown-example-kind",
}

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


def _v(x: Any) -> Any:
    """A param value that is safe to echo back (JSON-able, bounded)."""
    if isinstance(x, bool) or x is None or isinstance(x, int):
        return x
    return str(x)[:40]


def _seat(i: int) -> int:
    return i + 1


# --- guards -------------------------------------------------------------------------------


@guard("deductio.goal")
def check_game_not_over(state: State) -> None:
    """The game ends at once when a player has collected enough cards: no action after it."""
    if state.phase == OVER:
        raise RuleViolation("deductio.goal", "game-over", winners=[_seat(w) for w in state.winners])


@guard("deductio.turn.actions")
def check_players_turn(state: State, player: int | None) -> None:
    """Only the player whose turn it is acts."""
    if player is not None and player != state.turn:
        raise RuleViolation("deductio.turn.actions", "not-your-turn", player=_seat(player), to_move=_seat(state.turn))


@guard("deductio.turn.actions")
def check_clue_action_done(state: State) -> None:
    """Exactly one of clue action or guess: after the clue action only its power remains."""
    if state.phase == POWER:
        raise RuleViolation("deductio.turn.actions", "one-action-per-turn", clue=state.pending)


@guard("deductio.clue.choose-true")
def check_clue_true(state: State, clue: str) -> None:
    """A card taken upright must truthfully describe the player's secret number."""
    secret = state.secrets[state.turn]
    if not is_true(clue, secret, state.centre):
        raise RuleViolation("deductio.clue.choose-true", "clue-not-true", clue=clue, secret=secret)


@guard("deductio.clue.none-true")
def check_none_true(state: State) -> None:
    """All cards of the row are taken sideways only when none of them is true."""
    secret = state.secrets[state.turn]
    true = [c for c in state.row if is_true(c, secret, state.centre)]
    if true:
        raise RuleViolation("deductio.clue.none-true", "true-clue-in-row", clues=true, count=len(true))


@guard("deductio.clue.powers")
def check_card_has_power(state: State, clue: str, kind: str) -> None:
    """A power can only be used from a card that shows it."""
    if CLUES[clue].power_kind != kind:
        raise RuleViolation("deductio.clue.powers", "card-has-no-power", clue=clue, power=kind)


@guard("deductio.guess.wrong")
def check_no_power_in_penalty(state: State, clue: str) -> None:
    """No powers during the clue actions of a wrong-guess penalty."""
    if state.phase == PENALTY:
        raise RuleViolation("deductio.guess.wrong", "no-power-in-penalty", clue=clue)


@guard("deductio.clue.powers")
def check_power_just_placed(state: State, clue: str) -> None:
    """Only the card just placed upright, at once: not sideways cards, not earlier cards."""
    if state.phase == POWER and clue == state.pending:
        return
    p = state.turn
    if clue in state.sideways[p]:
        raise RuleViolation("deductio.clue.powers", "power-from-sideways", clue=clue)
    if clue in state.upright[p]:
        raise RuleViolation("deductio.clue.powers", "power-lost", clue=clue)
    raise RuleViolation("deductio.clue.powers", "not-just-placed", clue=clue)


@guard("deductio.clue.powers")
def check_power_pending(state: State) -> None:
    """There is a power decision to skip only right after a power card is placed upright."""
    if state.phase != POWER:
        raise RuleViolation("deductio.clue.powers", "no-power-pending")


@guard("deductio.power.eye")
def check_eye_count(state: State, clue: str, count: int, most: int) -> None:
    """The eye shows the top 1 or 2 cards: as many as its icon, no more."""
    if count > most:
        raise RuleViolation("deductio.power.eye", "too-many-cards", clue=clue, count=count, max=most)


@guard("deductio.guess.how")
def check_one_guess_per_turn(state: State) -> None:
    """One guess per turn: after a wrong guess come the penalty clue actions, not another guess."""
    if state.phase == PENALTY:
        raise RuleViolation("deductio.guess.how", "one-guess-per-turn", left=state.penalty_left)


@guard("deductio.guess.how")
def check_one_number(state: State, numbers: tuple[int, ...]) -> None:
    """A guess names exactly one number."""
    if len(numbers) != 1:
        raise RuleViolation("deductio.guess.how", "one-number-per-guess", count=len(numbers))


@guard("deductio.guess.how")
def check_other_player(state: State, target: int) -> None:
    """A guess names another player."""
    if target == state.turn:
        raise RuleViolation("deductio.guess.how", "target-self")


@guard("deductio.guess.truth")
def check_truthful_answer(state: State, target: int, numbers: tuple[int, ...], answer: str | None) -> None:
    """The guessed player must answer truthfully whether the guess is right."""
    if answer is None:
        return
    truth = "right" if state.secrets[target] in numbers else "wrong"
    if answer != truth:
        raise RuleViolation("deductio.guess.truth", "must-answer-truthfully", answer=answer, number=numbers[0])


# --- input validation ------------------------------------------------------------------------

_FIELDS: dict[str, frozenset[str]] = {
    "take": frozenset({"clue"}),
    "take-all": frozenset(),
    "guess": frozenset({"number", "target", "answer"}),
    "eye": frozenset({"card", "count"}),
    "magnify": frozenset({"card", "number", "target", "answer"}),
    "skip": frozenset(),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "take": ("clue",), "take-all": (), "guess": ("number", "target"), "eye": ("card",),
    "magnify": ("card", "number", "target"), "skip": (),
}
ACTION_TYPES: tuple[str, ...] = tuple(_FIELDS)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _number(x: Any) -> int:
    if not _is_int(x) or not 1 <= x <= 20:
        raise BadInput("number-out-of-range", number=_v(x))
    return x


def _numbers(xs: Any, field: str, *, seen: set[int] | None = None) -> list[int]:
    if not isinstance(xs, (list, tuple)):
        raise BadInput("not-a-list", field=field)
    seen = set() if seen is None else seen
    out = []
    for x in xs:
        n = _number(x)
        if n in seen:
            raise BadInput("duplicate-number", number=n)
        seen.add(n)
        out.append(n)
    return out


def _clue(x: Any) -> str:
    if not isinstance(x, str) or x not in CLUES:
        raise BadInput("unknown-clue", clue=_v(x))
    return x


def _clues(xs: Any, field: str, *, seen: set[str] | None = None) -> list[str]:
    if not isinstance(xs, (list, tuple)):
        raise BadInput("not-a-list", field=field)
    seen = set() if seen is None else seen
    out = []
    for x in xs:
        c = _clue(x)
        if c in seen:
            raise BadInput("duplicate-clue", clue=c)
        seen.add(c)
        out.append(c)
    return out


def _player(x: Any, players: int) -> int:
    if not _is_int(x) or not 0 <= x < players:
        raise BadInput("unknown-player", player=_v(x))
    return x


def _parse_action(action: Any, players: int) -> dict:
    """Shape checks that need no game situation; returns a normalized copy."""
    if not isinstance(action, dict):
        raise BadInput("bad-action", field="action")
    kind = action.get("type")
    if kind not in _FIELDS:
        raise BadInput("unknown-action", type=_v(kind))
    fields = _FIELDS[kind]
    for key in action:
        if key not in fields and key not in ("type", "player"):
            raise BadInput("bad-action", field=_v(key))
    for key in _REQUIRED[kind]:
        if key not in action:
            raise BadInput("bad-action", field=key)
    a: dict = {"type": kind, "player": None}
    if "player" in action:
        a["player"] = _player(action["player"], players)
    if "clue" in action:
        a["clue"] = _clue(action["clue"])
    if "card" in action:
        a["card"] = _clue(action["card"])
    if "number" in action:
        raw = action["number"]
        a["numbers"] = tuple(_numbers(raw, "number")) if isinstance(raw, (list, tuple)) else (_number(raw),)
        if not a["numbers"]:
            raise BadInput("bad-action", field="number")
    if "target" in action:
        a["target"] = _player(action["target"], players)
    if "answer" in action:
        if action["answer"] not in ("right", "wrong"):
            raise BadInput("bad-action", field="answer")
        a["answer"] = action["answer"]
    if "count" in action:
        if not _is_int(action["count"]) or action["count"] not in (1, 2):
            raise BadInput("bad-count", count=_v(action["count"]))
        a["count"] = action["count"]
    return a


def _log_form(action: dict) -> dict:
    """The action as it goes into the log (a JSON-able copy)."""
    return {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in action.items()}


def _check_options(options: Any) -> int:
    if not isinstance(options, dict):
        raise BadInput("unknown-option", option="options")
    for key in options:
        if key != "players":
            raise BadInput("unknown-option", option=_v(key))
    players = options.get("players")
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_v(players))
    return players


def _check_seed(seed: Any) -> int:
    if not _is_int(seed) or not 0 <= seed < 2**64:
        raise BadInput("bad-seed", seed=_v(seed))
    return seed


# --- the state --------------------------------------------------------------------------------


class State:
    """A Deductio game in progress. Lists of cards run from the top (index 0) down."""

    __slots__ = (
        "box",
        "centre",
        "clue_deck",
        "collected",
        "discard",
        "events",
        "log",
        "penalty_left",
        "pending",
        "phase",
        "players",
        "rng",
        "row",
        "secret_deck",
        "secrets",
        "sideways",
        "start",
        "turn",
        "upright",
        "winners",
    )

    def __init__(self, players: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.secrets: list[int | None] = []
        self.centre: list[int] = []
        self.secret_deck: list[int] = []
        self.row: list[str] = []
        self.clue_deck: list[str] = []
        self.discard: list[str] = []
        self.box = 0                                   # reveal cards in the box
        self.upright: list[list[str]] = [[] for _ in range(players)]
        self.sideways: list[list[str]] = [[] for _ in range(players)]
        self.collected: list[list[int]] = [[] for _ in range(players)]
        self.turn = 0
        self.phase = TURN
        self.penalty_left = 0
        self.pending: str | None = None                # card whose power may be used now
        self.winners: list[int] = []
        self.log: list[dict] = []
        self.start: dict = {}
        self.events: list[dict] = []

    # -- read-only views --------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        """Correctly guessed secret number cards per player."""
        return [len(c) for c in self.collected]

    @property
    def win_target(self) -> int:
        return win_target(self.players)

    def copy(self) -> State:
        s = State.__new__(State)
        s.players = self.players
        s.rng = Rng(0)
        s.rng.seed, s.rng.state = self.rng.seed, self.rng.state
        s.secrets = list(self.secrets)
        s.centre = list(self.centre)
        s.secret_deck = list(self.secret_deck)
        s.row = list(self.row)
        s.clue_deck = list(self.clue_deck)
        s.discard = list(self.discard)
        s.box = self.box
        s.upright = [list(x) for x in self.upright]
        s.sideways = [list(x) for x in self.sideways]
        s.collected = [list(x) for x in self.collected]
        s.turn, s.phase, s.penalty_left = self.turn, self.phase, self.penalty_left
        s.pending = self.pending
        s.winners = list(self.winners)
        s.log = list(self.log)
        s.start = self.start
        s.events = list(self.events)
        return s

    def true_clues(self, player: int | None = None) -> list[str]:
        """The cards of the row that truthfully describe the player's secret number."""
        p = self.turn if player is None else player
        secret = self.secrets[p]
        if secret is None:
            return []
        return [c for c in self.row if is_true(c, secret, self.centre)]

    def legal_actions(self) -> list[dict]:
        if self.phase == OVER:
            return []
        p = self.turn
        others = [t for t in range(self.players) if t != p]
        if self.phase == POWER:
            card = CLUES[self.pending]
            if card.power_kind == "eye":
                acts = [{"type": "eye", "card": card.id, "count": k} for k in range(1, card.eye_count + 1)]
            else:
                acts = [{"type": "magnify", "card": card.id, "number": n, "target": t} for t in others for n in NUMBERS]
            acts.append({"type": "skip"})
            return acts
        true = self.true_clues()
        acts = [{"type": "take", "clue": c} for c in true]
        if not true and self.row:
            acts.append({"type": "take-all"})
        if self.phase == TURN:
            acts += [{"type": "guess", "number": n, "target": t} for t in others for n in NUMBERS]
        return acts

    # -- acting --------------------------------------------------------------------------------

    def apply(self, action: dict) -> None:
        """Apply one action, or raise RuleViolation / BadInput and leave the state unchanged."""
        a = _parse_action(action, self.players)
        check_game_not_over(self)
        if self.phase == OVER:  # (only with that guard switched off) nothing happens
            return
        check_players_turn(self, a["player"])
        before = self.events
        self.events = []
        try:
            _HANDLERS[a["type"]](self, a)
        except BaseException:
            self.events = before
            raise
        self.log.append(_log_form(action))

    def _take(self, a: dict) -> None:
        clue = a["clue"]
        if clue not in self.row:
            raise BadInput("clue-not-in-row", clue=clue)
        check_clue_action_done(self)
        check_clue_true(self, clue)
        if self.phase == POWER:
            self._forfeit_power()
        p = self.turn
        self.row.remove(clue)
        self.upright[p].append(clue)
        self.events.append({"event": "take", "player": p, "clue": clue, "penalty": self.phase == PENALTY})
        if self.phase == TURN and CLUES[clue].power:
            self.phase, self.pending = POWER, clue
            return
        self._end_clue_action()

    def _take_all(self, a: dict) -> None:
        if not self.row:
            raise BadInput("row-empty")
        check_clue_action_done(self)
        check_none_true(self)
        if self.phase == POWER:
            self._forfeit_power()
        p = self.turn
        cards, self.row = self.row, []
        self.sideways[p].extend(cards)
        self.events.append({"event": "take-all", "player": p, "clues": list(cards), "penalty": self.phase == PENALTY})
        self._end_clue_action()

    def _guess(self, a: dict) -> None:
        numbers, target, answer = a["numbers"], a["target"], a.get("answer")
        check_clue_action_done(self)
        check_one_guess_per_turn(self)
        check_one_number(self, numbers)
        check_other_player(self, target)
        check_truthful_answer(self, target, numbers, answer)
        if self.phase == POWER:
            self._forfeit_power()
        result = self._resolve_guess(target, numbers, answer, free=False)
        if result == "over":
            return
        if result == "right":
            self._refill()
            self._next_turn()
            return
        self.phase, self.penalty_left = PENALTY, PENALTY_ACTIONS
        self.events.append({"event": "penalty", "player": self.turn, "actions": PENALTY_ACTIONS})
        if not self.row:
            self.events.append({"event": "penalty-ended-early", "player": self.turn})
            self._next_turn()

    def _check_power(self, card: str, kind: str) -> None:
        check_card_has_power(self, card, kind)
        check_no_power_in_penalty(self, card)
        check_power_just_placed(self, card)

    def _close_power(self, card: str) -> bool:
        """True when `card` was the pending decision (which is now taken)."""
        if self.phase == POWER and card == self.pending:
            self.phase, self.pending = TURN, None
            return True
        return False

    def _eye(self, a: dict) -> None:
        card = a["card"]
        self._check_power(card, "eye")
        most = CLUES[card].eye_count or 2
        count = a.get("count", most)
        check_eye_count(self, card, count, most)
        was_pending = self._close_power(card)
        k = min(count, len(self.secret_deck))
        seen = self.secret_deck[:k]
        self.secret_deck = self.secret_deck[k:] + seen
        self.events.append({"event": "eye", "player": self.turn, "clue": card, "seen": seen})
        if was_pending:
            self._end_clue_action()

    def _magnify(self, a: dict) -> None:
        card, numbers, target, answer = a["card"], a["numbers"], a["target"], a.get("answer")
        self._check_power(card, "magnifier")
        check_one_number(self, numbers)
        check_other_player(self, target)
        check_truthful_answer(self, target, numbers, answer)
        was_pending = self._close_power(card)
        self.events.append({"event": "magnifier", "player": self.turn, "clue": card})
        if self._resolve_guess(target, numbers, answer, free=True) == "over":
            return
        if was_pending:
            self._end_clue_action()

    def _skip(self, a: dict) -> None:
        check_power_pending(self)
        if self.phase != POWER:  # (guard off) nothing to skip
            return
        self.events.append({"event": "skip", "player": self.turn, "clue": self.pending})
        self.phase, self.pending = TURN, None
        self._end_clue_action()

    # -- consequences ------------------------------------------------------------------------

    def _forfeit_power(self) -> None:
        """(Only reachable with the turn-actions guard off.) The pending power is lost."""
        self.events.append({"event": "power-lost", "player": self.turn, "clue": self.pending})
        self.phase, self.pending = TURN, None
        self._refill()

    def _resolve_guess(self, target: int, numbers: tuple[int, ...], answer: str | None, free: bool) -> str:
        guesser = self.turn
        secret = self.secrets[target]
        right = (secret in numbers) if answer is None else (answer == "right")
        number: Any = numbers[0] if len(numbers) == 1 else list(numbers)
        event = {"event": "guess", "player": guesser, "target": target, "number": number, "right": right, "free": free}
        self.events.append(event)
        if not right:
            return "wrong"  # the target does not reveal the card
        event["card"] = secret
        self.collected[guesser].append(secret)
        self.secrets[target] = None
        if len(self.collected[guesser]) >= self.win_target:
            self._finish([guesser])
            return "over"
        dropped = self.upright[target] + self.sideways[target]
        self.upright[target], self.sideways[target] = [], []
        self.discard.extend(dropped)
        self.events.append({"event": "discard", "player": target, "clues": dropped})
        if self.secret_deck:
            self.secrets[target] = self.secret_deck.pop(0)
            self.events.append({"event": "draw", "player": target})
            return "right"
        # Ruling: no secret number card left to draw: the game ends at once.
        self.events.append({"event": "secret-deck-empty", "player": target})
        best = max(len(c) for c in self.collected)
        self._finish([i for i in range(self.players) if len(self.collected[i]) == best])
        return "over"

    def _finish(self, winners: list[int]) -> None:
        self.phase, self.pending, self.penalty_left = OVER, None, 0
        self.winners = sorted(winners)
        self.events.append({"event": "win", "players": list(self.winners)})

    def _end_clue_action(self) -> None:
        self._refill()
        if self.phase == PENALTY:
            self.penalty_left -= 1
            if self.penalty_left > 0 and not self.row:
                self.events.append({"event": "penalty-ended-early", "player": self.turn})
                self.penalty_left = 0
            if self.penalty_left == 0:
                self._next_turn()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.phase, self.pending, self.penalty_left = TURN, None, 0

    def _refill(self) -> None:
        """Top the row up to 3; reveal cards turn up a secret number; rebuild an empty deck."""
        while len(self.row) < ROW_SIZE:
            if not self.clue_deck:
                if not self.discard:
                    return
                self.clue_deck, self.discard = self.discard, []
                self.rng.shuffle(self.clue_deck)
                self.events.append({"event": "rebuild", "cards": len(self.clue_deck)})
            card = self.clue_deck.pop(0)
            if card != REVEAL:
                self.row.append(card)
                continue
            self.box += 1
            if not self.secret_deck:  # ruling: nothing left to reveal
                self.events.append({"event": "reveal", "number": None})
                continue
            number = self.secret_deck.pop(0)
            self.centre.append(number)
            self.events.append({"event": "reveal", "number": number})
            for p in range(self.players):
                gone = [c for c in self.sideways[p] if CLUES[c].uses_centre]
                if gone:
                    self.sideways[p] = [c for c in self.sideways[p] if not CLUES[c].uses_centre]
                    self.discard.extend(gone)
                    self.events.append({"event": "discard", "player": p, "clues": gone})

    # -- JSON --------------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """Everything on the table (secrets included), as JSON."""
        return {
            "players": self.players,
            "phase": self.phase,
            "to_move": self.current_player,
            "turn": self.turn,
            "penalty_left": self.penalty_left,
            "pending_power": self.pending,
            "secrets": list(self.secrets),
            "centre": list(self.centre),
            "secret_deck": list(self.secret_deck),
            "row": list(self.row),
            "clue_deck": list(self.clue_deck),
            "discard": list(self.discard),
            "box": self.box,
            "upright": [list(x) for x in self.upright],
            "sideways": [list(x) for x in self.sideways],
            "collected": [list(x) for x in self.collected],
            "scores": self.scores,
            "winners": list(self.winners),
            "over": self.is_over,
            "rng": format(self.rng.state, "016x"),
        }

    def to_json(self) -> dict:
        return {
            "game": GAME,
            "version": 1,
            "start": self.start,
            "actions": [dict(a) for a in self.log],
            "state": self.snapshot(),
            "events": [dict(e) for e in self.events],
        }

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Rebuild a game by replaying its start and action log (the log is validated)."""
        if not isinstance(data, dict) or data.get("game") != GAME or not isinstance(data.get("start"), dict):
            raise BadInput("bad-state", problem="shape")
        start, actions = data["start"], data.get("actions", [])
        if not isinstance(actions, list):
            raise BadInput("not-a-list", field="actions")
        if "situation" in start:
            state = from_situation(start["situation"], start.get("seed", 0))
        elif "options" in start:
            state = new_game(start["options"], start.get("seed"))
        else:
            raise BadInput("bad-state", problem="start")
        for action in actions:
            state.apply(action)
        return state


_HANDLERS: dict[str, Callable[[State, dict], None]] = {
    "take": State._take,
    "take-all": State._take_all,
    "guess": State._guess,
    "eye": State._eye,
    "magnify": State._magnify,
    "skip": State._skip,
}


# --- making games -------------------------------------------------------------------------------


def new_game(options: dict, seed: int) -> State:
    """Set up: deal secret numbers, 3 face up in the centre, the clue row, then the reveal cards."""
    players = _check_options(options)
    seed = _check_seed(seed)
    state = State(players, Rng(seed))
    numbers = state.rng.shuffle(list(NUMBERS))
    state.secrets = numbers[:players]
    state.centre = numbers[players:players + CENTRE_AT_SETUP]
    state.secret_deck = numbers[players + CENTRE_AT_SETUP:]
    clues = state.rng.shuffle(list(CLUE_IDS))
    state.row = clues[:ROW_SIZE]
    used = reveal_cards_used(players)
    state.clue_deck = state.rng.shuffle(clues[ROW_SIZE:] + [REVEAL] * used)
    state.box = TOTAL_REVEAL_CARDS - used
    state.start = {"options": {"players": players}, "seed": seed}
    return state


def replay(options: dict, seed: int, actions: list[dict]) -> State:
    state = new_game(options, seed)
    if not isinstance(actions, list):
        raise BadInput("not-a-list", field="actions")
    for action in actions:
        state.apply(action)
    return state


_SITUATION_KEYS = frozenset({
    "players", "secrets", "centre", "collected", "secret_deck", "row", "clue_deck", "discard",
    "upright", "sideways", "turn", "penalty_left",
})


def from_situation(situation: Any, seed: int = 0) -> State:
    """A game state set up directly (for examples, tutorials and tools).

    Keys: players (default: len(secrets)), secrets (one per player), centre, collected,
    secret_deck (from the top; default: the unused numbers in ascending order), row,
    upright, sideways, discard, clue_deck (from the top, "reveal" for reveal cards; default:
    the unused clue cards in canonical order, no reveal card), turn, penalty_left. Number
    cards or clue cards left unlisted when a deck is given are out of play. The box holds the
    reveal cards not in the clue deck.
    """
    if not isinstance(situation, dict):
        raise BadInput("bad-situation", problem="not-a-mapping")
    for key in situation:
        if key not in _SITUATION_KEYS:
            raise BadInput("bad-situation", problem=f"unknown key {_v(key)}")
    secrets_raw = situation.get("secrets")
    if not isinstance(secrets_raw, list):
        raise BadInput("bad-situation", problem="secrets")
    players = situation.get("players", len(secrets_raw))
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_v(players))
    if len(secrets_raw) != players:
        raise BadInput("bad-situation", problem="one secret number per player")
    seed = _check_seed(seed)

    def per_player(key: str) -> list:
        value = situation.get(key, [[] for _ in range(players)])
        if not isinstance(value, list) or len(value) != players:
            raise BadInput("bad-situation", problem=f"{key}: one list per player")
        return value

    seen_n: set[int] = set()
    secrets = _numbers(secrets_raw, "secrets", seen=seen_n)
    centre = _numbers(situation.get("centre", []), "centre", seen=seen_n)
    collected = [_numbers(x, "collected", seen=seen_n) for x in per_player("collected")]
    if "secret_deck" in situation:
        secret_deck = _numbers(situation["secret_deck"], "secret_deck", seen=seen_n)
    else:
        secret_deck = [n for n in NUMBERS if n not in seen_n]

    seen_c: set[str] = set()
    row = _clues(situation.get("row", []), "row", seen=seen_c)
    if len(row) > ROW_SIZE:
        raise BadInput("row-too-long", size=len(row))
    upright = [_clues(x, "upright", seen=seen_c) for x in per_player("upright")]
    sideways = [_clues(x, "sideways", seen=seen_c) for x in per_player("sideways")]
    discard = _clues(situation.get("discard", []), "discard", seen=seen_c)
    if "clue_deck" in situation:
        raw = situation["clue_deck"]
        if not isinstance(raw, list):
            raise BadInput("not-a-list", field="clue_deck")
        reveals = sum(1 for c in raw if c == REVEAL)
        clue_deck = []
        for c in raw:
            if c == REVEAL:
                clue_deck.append(REVEAL)
            else:
                clue_deck += _clues([c], "clue_deck", seen=seen_c)
        if reveals > reveal_cards_used(players):
            raise BadInput("bad-situation", problem="too many reveal cards")
    else:
        reveals = 0
        clue_deck = [c for c in CLUE_IDS if c not in seen_c]

    turn = situation.get("turn", 0)
    if not _is_int(turn) or not 0 <= turn < players:
        raise BadInput("unknown-player", player=_v(turn))
    penalty_left = situation.get("penalty_left", 0)
    if not _is_int(penalty_left) or not 0 <= penalty_left <= PENALTY_ACTIONS:
        raise BadInput("bad-situation", problem="penalty_left")
    if penalty_left and not row:
        raise BadInput("bad-situation", problem="penalty with an empty row")
    if any(len(c) >= win_target(players) for c in collected):
        raise BadInput("bad-situation", problem="a player has already won")

    state = State(players, Rng(seed))
    state.secrets, state.centre, state.secret_deck = list(secrets), centre, secret_deck
    state.collected, state.row, state.upright, state.sideways = collected, row, upright, sideways
    state.discard, state.clue_deck = discard, clue_deck
    state.box = TOTAL_REVEAL_CARDS - reveals
    state.turn = turn
    if penalty_left:
        state.phase, state.penalty_left = PENALTY, penalty_left
    normalized = {  # copies: the state's own lists change as the game goes on
        "players": players, "secrets": list(secrets), "centre": list(centre),
        "collected": [list(c) for c in collected], "secret_deck": list(secret_deck), "row": list(row),
        "upright": [list(c) for c in upright], "sideways": [list(c) for c in sideways],
        "discard": list(discard), "clue_deck": list(clue_deck), "turn": turn, "penalty_left": penalty_left,
    }
    state.start = {"situation": normalized, "seed": seed}
    return state


# --- pure helpers for the ruling tools ----------------------------------------------------------


def clue_choice(secret: int, centre: list[int], row: list[str]) -> dict:
    """What a player holding `secret` may do with this clue row.

    {"take": [cards that may be taken upright], "must_take_all": bool, "must_guess": bool,
     "rule": rule id, "true": [...], "untrue": [...], "powers": {card: power}, "digits": "#"|"##"}
    """
    seen: set[int] = set()
    secret = _number(secret)
    seen.add(secret)
    centre = _numbers(centre, "centre", seen=seen)
    row = _clues(row, "row")
    if len(row) > ROW_SIZE:
        raise BadInput("row-too-long", size=len(row))
    true = [c for c in row if is_true(c, secret, centre)]
    untrue = [c for c in row if c not in true]
    if not row:
        rule = "deductio.turn.actions"
    elif true:
        rule = "deductio.clue.choose-true"
    else:
        rule = "deductio.clue.none-true"
    return {
        "take": true,
        "must_take_all": bool(row) and not true,
        "must_guess": not row,
        "rule": rule,
        "true": true,
        "untrue": untrue,
        "powers": {c: CLUES[c].power for c in true if CLUES[c].power},
        "digits": digit_mark(secret),
    }


def possible_numbers(upright: list[str], sideways: list[str], centre: list[int], own_visible: list[int] = []) -> list[int]:
    """The numbers 1-20 a player's secret number can be, from the clue cards in front of them.

    Upright cards are true, sideways cards are not; numbers face up in the centre and numbers
    the asker sees elsewhere (`own_visible`: their own secret number, collected cards) are
    excluded. +1/-1 cards are read against the current centre: upright ones stay true as the
    centre grows, and sideways ones are discarded when a number is revealed.
    """
    seen_c: set[str] = set()
    upright = _clues(upright, "upright", seen=seen_c)
    sideways = _clues(sideways, "sideways", seen=seen_c)
    seen_n: set[int] = set()
    centre = _numbers(centre, "centre", seen=seen_n)
    _numbers(own_visible, "own_visible", seen=seen_n)
    return [
        n for n in NUMBERS
        if n not in seen_n
        and all(is_true(c, n, centre) for c in upright)
        and not any(is_true(c, n, centre) for c in sideways)
    ]


# --- examples -------------------------------------------------------------------------------


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
