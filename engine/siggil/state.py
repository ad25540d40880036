"""The state of a game: a replay of (options, seed, actions), or of a situation."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import BadInput, Rng

from .facts import (
    DISCARD,
    FAMILY_OF,
    FREE_SET,
    GAME_ID,
    NUMBER_OF,
    ORDER,
    OVER,
    RELEASE,
    SOLO_FREE_LIMIT,
    SOLO_SET,
    SOLO_TARGET,
    SPIRITS,
    TAKE,
    TARGET_SPIRITS,
    VERSION,
    _card_list,
    _show,
    _spirit,
    full_deck,
    set_kind,
    sort_cards,
)
from .guards import (
    check_available,
    check_capture_after_take,
    check_in_hand,
    check_not_escaped,
    check_not_exhausted,
    check_not_won,
    check_not_yours,
    check_releasable,
    check_release_order,
    check_set_shape,
    check_solo_not_over,
    check_solo_order,
    check_spirit_out,
    check_take_order,
)
from .moves import Moves
from .options import _json_options, _layout_of, normalize_options, solo_deck
from .rules import check_size


class State(Moves):
    """A Siggil game in progress: replay of (options, seed, actions), or of a situation."""

    def __init__(self, options: dict | None = None, seed: int = 0) -> None:
        self.log: list[dict] = []
        self.events: dict = {}
        if type(seed) is not int:
            raise BadInput("bad-seed", seed=_show(seed))
        self.options = normalize_options(options)
        self.origin: dict = {"seed": seed}
        layout = _layout_of(self.options)
        self._init_common(self.options["players"], self.options.get("level"), layout)
        rng = Rng(seed)
        deck = solo_deck(rng) if self.players == 1 else rng.shuffle(full_deck())
        for pos, card in enumerate(deck):
            self.sigil[pos] = card
        self.remaining = len(deck)
        self.phase = DISCARD if self.players == 1 else TAKE
        self._open()

    # setup ---------------------------------------------------------------------------------

    def _init_common(self, players: int, level: str | None, layout: dict) -> None:
        self.players = players
        self.level = level
        self.larger_sets: bool = self.options["larger_sets"]  # the named variants (package docstring)
        self.taken_sets_face_up: bool = self.options["taken_sets_face_up"]
        self.layout_name = layout["name"]
        positions = layout["positions"]
        n = len(positions)
        self.places = [(p["group"], p["row"], p["col"]) for p in positions]
        self.covered_by: list[tuple[int, ...]] = [tuple(p["covered_by"]) for p in positions]
        self.covers: list[list[int]] = [[] for _ in range(n)]
        for i, p in enumerate(positions):
            for q in p["covered_by"]:
                self.covers[q].append(i)
        self.cover_left: list[int] = [len(c) for c in self.covered_by]
        self.face_up: list[bool] = [p["face_up"] for p in positions]
        self.sigil: list[str | None] = [None] * n
        self.remaining = 0
        self.free: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.sets: list[dict[str, list[str]]] = [{} for _ in range(players)]
        self.held: dict[str, int] = {}
        self.discard: list[str] = []
        self.escaped: list[str] = []
        self.current = 0
        self.turn = 1
        self.phase = TAKE
        self.resume = TAKE
        self.winners: list[int] = []
        self.reason: str | None = None

    def _open(self) -> None:
        """Turn up available face-down cards and free available spirits (setup)."""
        self.events = {"turned_up": [], "freed": []}
        for pos in range(len(self.sigil)):
            if self.sigil[pos] is not None and self.cover_left[pos] == 0:
                self._expose(pos)
        if self.players == 1:
            self._spirit_limit(self.phase)

    # reading -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        """Spirits held by each player."""
        counts = [0] * self.players
        for p in self.held.values():
            counts[p] += 1
        return counts

    @property
    def target(self) -> int:
        return SOLO_TARGET[self.level] if self.players == 1 else TARGET_SPIRITS[self.players]

    def available(self) -> list[int]:
        return [i for i, c in enumerate(self.sigil) if c is not None and self.cover_left[i] == 0]

    def visible(self, pos: int) -> str | None:
        """The card at a position as players see it: None when empty or face down."""
        return self.sigil[pos] if self.face_up[pos] else None

    def where(self, spirit: str) -> str:
        if spirit in self.held:
            return "held"
        if spirit in self.free:
            return "free"
        if spirit in self.escaped:
            return "escaped"
        return "sigil" if spirit in self.sigil else "out"

    def releasable(self) -> list[str]:
        """The spirits one of which must go (the three that were free before the newcomers)."""
        return list(self.free[:SOLO_FREE_LIMIT]) if self.phase == RELEASE else []

    def set_size_for_free(self) -> int:
        return SOLO_SET[self.level] if self.players == 1 else FREE_SET[self.players]

    def set_face_up(self, player: int, spirit: str) -> bool:
        """A set lies face up while its spirit is on it; once the spirit is taken, face down
        (face up in the variant taken_sets_face_up)."""
        return self.held.get(spirit) == player or self.taken_sets_face_up

    def capture_options(self) -> list[dict]:
        """Every legal capture for the player to move (cards in canonical order)."""
        p = self.current
        hand = sort_cards(self.hands[p])
        out: list[dict] = []
        spirits = list(self.free) + ([s for s in SPIRITS if s in self.held and self.held[s] != p]
                                     if self.players > 1 else [])
        for s in spirits:
            fam, num = FAMILY_OF[s], NUMBER_OF[s]
            by_kind = {"family": [c for c in hand if FAMILY_OF[c] == fam],
                       "number": [c for c in hand if NUMBER_OF[c] == num]}
            holder = self.held.get(s)
            if holder is None:
                need, kinds = self.set_size_for_free(), ("family", "number")
            else:
                mine = self.sets[p].get(s)
                hsize = len(self.sets[holder][s])
                if mine:
                    need, kinds = hsize + 1 - len(mine), (set_kind(s, mine),)
                else:
                    need, kinds = hsize + 1, ("family", "number")
            if need <= 0:
                continue
            for kind in kinds:
                pool = by_kind[kind]
                for size in range(need, (len(pool) if self.larger_sets else need) + 1):
                    for combo in combinations(pool, size):
                        out.append({"type": "capture", "spirit": s, "cards": list(combo)})
        return out

    def legal_actions(self) -> list[dict]:
        if self.phase == OVER:
            return []
        if self.phase == RELEASE:
            return [{"type": "release", "spirit": s} for s in self.releasable()]
        if self.phase in (TAKE, DISCARD):
            return [{"type": self.phase, "pos": i} for i in self.available()]
        return [{"type": "pass"}] + self.capture_options()

    # acting --------------------------------------------------------------------------------

    def apply(self, action: Any) -> None:
        """Apply one action; an illegal one raises RuleViolation and changes nothing."""
        kind, act = self._parse(action)
        check_not_won(self)
        check_not_exhausted(self)
        check_solo_not_over(self)
        if self.phase == OVER:  # only reachable with guards switched off
            raise RuntimeError("the game is over")
        check_release_order(self, kind)
        check_solo_order(self, kind)
        check_take_order(self, kind)
        check_capture_after_take(self, kind)
        if kind in ("take", "discard"):
            check_available(self, act["pos"])
        elif kind == "capture":
            self._check_capture(act["spirit"], act["cards"])
        elif kind == "release":
            check_releasable(self, act["spirit"])
        # everything is checked: now change the state
        self.events = {"turned_up": [], "freed": []}
        getattr(self, "_do_" + kind)(act)
        self.log.append(act)

    def _parse(self, action: Any) -> tuple[str, dict]:
        if not isinstance(action, dict):
            raise BadInput("bad-action", reason="not-a-mapping")
        kind = action.get("type")
        keys = {"take": {"pos"}, "discard": {"pos"}, "capture": {"spirit", "cards"}, "pass": set(),
                "release": {"spirit"}}
        if kind not in keys:
            raise BadInput("bad-action", reason="type", type=_show(kind))
        extra = set(action) - keys[kind] - {"type"}
        missing = keys[kind] - set(action)
        if extra or missing:
            raise BadInput("bad-action", reason="keys", type=kind, extra=sorted(map(str, extra)),
                           missing=sorted(missing))
        act: dict = {"type": kind}
        if "pos" in keys[kind]:
            pos = action["pos"]
            if type(pos) is not int or not 0 <= pos < len(self.sigil):
                raise BadInput("unknown-position", pos=_show(pos), positions=len(self.sigil))
            act["pos"] = pos
        if "spirit" in keys[kind]:
            act["spirit"] = _spirit(action["spirit"])
        if "cards" in keys[kind]:
            act["cards"] = sort_cards(_card_list(action["cards"], most=8))
        return kind, act

    def _check_capture(self, spirit: str, cards: list[str]) -> str:
        """All checks of a capture; returns the way (free, steal, recapture)."""
        p = self.current
        where = self.where(spirit)
        check_spirit_out(spirit, where)
        check_not_escaped(spirit, where)
        holder = self.held.get(spirit)
        check_not_yours(spirit, holder, p)
        check_in_hand(self.hands[p], cards)
        size = {"players": self.players, "level": self.level, "larger": self.larger_sets}
        if holder is None:
            check_set_shape(spirit, [], cards)
            check_size("free", len(cards), **size)
            return "free"
        hsize = len(self.sets[holder][spirit])
        mine = self.sets[p].get(spirit) or []
        way = "recapture" if mine else "steal"
        check_set_shape(spirit, mine, cards)
        check_size(way, len(cards), holder_size=hsize, mine=len(mine), holder=holder, **size)
        return way

    # JSON ----------------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """The position as plain JSON (everything, hidden cards included)."""
        return {
            "players": self.players,
            "level": self.level,
            "layout": self.layout_name,
            "phase": self.phase,
            "current": self.current_player,
            "turn": self.turn,
            "sigil": list(self.sigil),
            "face_up": [i for i, up in enumerate(self.face_up) if up and self.sigil[i] is not None],
            "available": self.available(),
            "free": list(self.free),
            "hands": [sort_cards(h) for h in self.hands],
            "sets": [{s: list(cards) for s, cards in sorted(ps.items(), key=lambda kv: ORDER[kv[0]])}
                     for ps in self.sets],
            "held": {s: self.held[s] for s in SPIRITS if s in self.held},
            "discard": list(self.discard),
            "escaped": list(self.escaped),
            "scores": self.scores,
            "winners": list(self.winners),
            "reason": self.reason,
        }

    def to_json(self) -> dict:
        return {"game": GAME_ID, "version": VERSION, "options": _json_options(self.options), **self.origin,
                "actions": [dict(a) for a in self.log], "state": self.snapshot()}

    def observation(self, player: int) -> dict:
        """What one player sees: own hand, sizes of the other hands, face-up cards only."""
        if type(player) is not int or not 0 <= player < self.players:
            raise BadInput("unknown-player", player=_show(player))
        hidden_discard = self.players == 1 and self.level == "advanced"
        return {
            "sigil": [None if c is None else (c if self.face_up[i] else "hidden") for i, c in enumerate(self.sigil)],
            "free": list(self.free),
            "hands": [sort_cards(h) if i == player else len(h) for i, h in enumerate(self.hands)],
            "sets": [{s: (list(cards) if self.set_face_up(i, s) else len(cards)) for s, cards in ps.items()}
                     for i, ps in enumerate(self.sets)],
            "held": {s: self.held[s] for s in SPIRITS if s in self.held},
            "discard": len(self.discard) if hidden_discard else list(self.discard),
            "escaped": list(self.escaped),
        }


# --- games ------------------------------------------------------------------------------------


def new_game(options: dict | None = None, seed: int = 0) -> State:
    return State(options, seed)


def replay(options: dict | None, seed: int, actions: Any) -> State:
    if not isinstance(actions, list):
        raise BadInput("bad-log", reason="actions")
    state = State(options, seed)
    for a in actions:
        state.apply(a)
    return state
