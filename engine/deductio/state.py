"""The game state: options and seed, the State class (what is on the table, the legal actions,
apply, whose turn, scores, JSON), and the ways to make one: new_game, replay, from_situation.

What each action does is in .actions, the checks it must pass in .guards."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput, Rng

from .actions import _HANDLERS
from .clues import CLUE_IDS, CLUES, NUMBERS, REVEAL, is_true
from .guards import check_game_not_over, check_players_turn
from .inputs import _clues, _is_int, _log_form, _numbers, _parse_action, _v
from .rules import (
    CENTRE_AT_SETUP,
    GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PENALTY,
    PENALTY_ACTIONS,
    POWER,
    ROW_SIZE,
    TOTAL_REVEAL_CARDS,
    TURN,
    reveal_cards_used,
    win_target,
)

# --- options and seed -----------------------------------------------------------------------------


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

    # -- acting (each action type's handler is in .actions) -----------------------------------

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


# --- making games -------------------------------------------------------------------------------


def new_game(options: dict, seed: int) -> State:
    """Set up: deal secret numbers, 3 face up in the centre, the clue row, then the reveal cards;
    last, the first player is chosen at random (the publisher's setup), from the same seed."""
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
    state.turn = state.rng.below(players)  # drawn after the deal: a seed deals the same cards as before
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
