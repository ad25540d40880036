"""Siggil (Henri Kermarrec; Capsicum Games), 1-4 players: open the sigil, capture the spirits.

A game is (options, seed, actions); its state is the replay of the action log. Nothing here
knows a language: refusals carry a rule id, a code and params.

Cards (56): 7 families x numbers 1-7, written family + number: "stone3", "leaf7"; and 7
spirits, one per family, written "spirit-<family>": "spirit-leaf". The families, in order,
are stone, deer, leaf, turtle, cloud, water, feather, and family i's spirit bears number i
(spirit-stone 1 ... spirit-feather 7). These names and numbers are the labels of our
reconstruction, not the publisher's.

Options:
    players   1..4 (default 2); 1 is the solo game
    level     solo only: "easy" (default) or "advanced"
    layout    a name in engine.siggil_layouts.LAYOUTS (default "pyramids") or a layout dict

Actions (small JSON dicts):
    {"type": "take", "pos": 12}            take the available card at position 12 into your hand
    {"type": "capture", "spirit": "spirit-leaf", "cards": ["leaf1", "leaf2", "leaf5"]}
                                           capture a spirit with these cards from your hand; the
                                           way (free, steal, recapture) follows from the table
    {"type": "pass"}                       end the turn without capturing
    {"type": "discard", "pos": 7}          solo: discard an available card (first step of a turn)
    {"type": "release", "spirit": "spirit-deer"}
                                           solo: a 4th spirit is free; discard one of the other 3
A spirit may also be given by its number (1..7, the spirit of family number-1); the log keeps
the token. Positions are indexes into the layout's positions (0..55).

A turn (2-4 players): take (compulsory) -> capture or pass (once; either ends the turn).
A solo turn: discard -> take -> capture or pass. A release is asked for whenever more than 3
spirits are free (solo), before anything else happens.

Rulings of this engine (the rulebook is silent or unclear):
- Player 0 starts; turns go up (0, 1, 2, ...).
- Setup: once the sigil is laid out, every available face-down card is turned face up and
  every available spirit leaves the sigil and is free at once (before the first turn); taking
  a spirit out may make the cards under it available in turn (they are treated the same way).
- Sets are exact: 3 cards (2 with four players; solo 3 easy / 4 advanced) for a free spirit,
  exactly one more than the holder's set to steal or recapture. All cards of a set share the
  spirit's family, or all bear its number.
- A player keeps at most one set per spirit. Once a spirit was taken from you, you win it
  back only by adding to that set (recapture), never by starting a second set for it.
- End (2-4 players): a player who holds 5 / 4 / 3 spirits (2 / 3 / 4 players) wins at once;
  spirits count while held. Otherwise the game ends at the end of the turn in which the last
  card left the sigil: most spirits wins, then fewest cards in hand; still tied: shared win.
- Solo "face up (easy) / face down (advanced)" describes the discard pile, not which card may
  be discarded: an available card is always face up (a face-down card is turned up as soon as
  it becomes available), so both levels discard any available card; in the advanced game
  the discard pile lies face down and views show only its size.
- Solo: when more than 3 spirits are free, the newest stay and the player releases (discards)
  one of the three that were there before. The game is lost as soon as the target can no
  longer be reached (in the easy game when a 4th spirit comes out, in the advanced game when
  it happens a second time), or at the end of the turn in which the sigil became empty. If the
  discard empties the sigil, there is nothing to take and the turn goes on to the capture.
"""
from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from engine.core import BadInput, Rng, RuleViolation, guard, whole_number
from engine.siggil_layouts import DEFAULT_LAYOUT, LAYOUTS, check_layout

GAME_ID = "siggil"
VERSION = 1

FAMILIES: tuple[str, ...] = ("stone", "deer", "leaf", "turtle", "cloud", "water", "feather")
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
CARDS: tuple[str, ...] = tuple(f"{f}{n}" for f in FAMILIES for n in NUMBERS)
SPIRITS: tuple[str, ...] = tuple(f"spirit-{f}" for f in FAMILIES)
ALL_CARDS: tuple[str, ...] = CARDS + SPIRITS
FAMILY_OF: dict[str, str] = {**{f"{f}{n}": f for f in FAMILIES for n in NUMBERS},
                             **{f"spirit-{f}": f for f in FAMILIES}}
NUMBER_OF: dict[str, int] = {**{f"{f}{n}": n for f in FAMILIES for n in NUMBERS},
                             **{f"spirit-{f}": i + 1 for i, f in enumerate(FAMILIES)}}
ORDER: dict[str, int] = {t: i for i, t in enumerate(ALL_CARDS)}
IS_SPIRIT: dict[str, bool] = {t: t.startswith("spirit-") for t in ALL_CARDS}
LETTER: dict[str, str] = {f: f[0].upper() for f in FAMILIES}  # S D L T C W F (log encoding)
FAMILY_OF_LETTER: dict[str, str] = {v: k for k, v in LETTER.items()}

MIN_PLAYERS, MAX_PLAYERS = 1, 4
LEVELS = ("easy", "advanced")
TARGET_SPIRITS = {2: 5, 3: 4, 4: 3}           # hold this many to win at once
FREE_SET = {2: 3, 3: 3, 4: 2}                 # cards to capture a free spirit
SOLO_SET = {"easy": 3, "advanced": 4}
SOLO_TARGET = {"easy": 7, "advanced": 6}
SOLO_FREE_LIMIT = 3

# rule ids (content/games/siggil/game.yaml)
R_CARDS = "siggil.components.cards"
R_SETUP = "siggil.setup.sigil"
R_AVAILABLE = "siggil.sigil.available"
R_FREED = "siggil.sigil.spirit-freed"
R_TAKE = "siggil.turn.take"
R_ONCE = "siggil.turn.capture-once"
R_FREE = "siggil.capture.free"
R_STEAL = "siggil.capture.steal"
R_RECAPTURE = "siggil.capture.recapture"
R_END_SPIRITS = "siggil.end.spirits"
R_END_LAST = "siggil.end.last-card"
R_SOLO_SETUP = "siggil.solo.setup"
R_SOLO_TURN = "siggil.solo.turn"
R_SOLO_LIMIT = "siggil.solo.spirit-limit"
R_SOLO_WIN = "siggil.solo.win"

VIOLATIONS: dict[str, str] = {
    "position-empty": R_AVAILABLE,
    "card-covered": R_AVAILABLE,
    "spirit-not-free": R_FREED,
    "must-take": R_TAKE,
    "one-card-per-turn": R_TAKE,
    "capture-before-take": R_ONCE,
    "card-not-in-hand": R_FREE,
    "card-off-spirit": R_FREE,
    "set-mixed": R_FREE,
    "set-size": R_FREE,
    "spirit-already-yours": R_STEAL,
    "steal-size": R_STEAL,
    "recapture-size": R_RECAPTURE,
    "game-won": R_END_SPIRITS,
    "sigil-exhausted": R_END_LAST,
    "discard-first": R_SOLO_TURN,
    "one-discard-per-turn": R_SOLO_TURN,
    "discard-solo-only": R_SOLO_TURN,
    "solo-set-size": R_SOLO_TURN,
    "release-first": R_SOLO_LIMIT,
    "release-not-among-three": R_SOLO_LIMIT,
    "no-release-needed": R_SOLO_LIMIT,
    "spirit-escaped": R_SOLO_LIMIT,
    "solo-over": R_SOLO_WIN,
}

BAD_INPUT_CODES: set[str] = {
    "bad-player-count", "bad-level", "unknown-option", "bad-seed", "unknown-layout", "bad-layout",
    "bad-action", "unknown-position", "unknown-card", "unknown-spirit", "duplicate-card",
    "spirit-twice", "spirit-in-set", "bad-holder-set", "bad-own-set", "bad-hand-size",
    "bad-spirit-count", "too-many-spirits", "impossible-spirits", "bad-situation",
    "state-mismatch", "bad-log", "bad-example", "unknown-player",
}

# phases
DISCARD, TAKE, CAPTURE, RELEASE, OVER = "discard", "take", "capture", "release", "over"

# end reasons
SPIRITS_TARGET, MOST_SPIRITS, FEWEST_CARDS, SHARED = "spirits-target", "most-spirits", "fewest-cards", "shared"
SOLO_WON, SOLO_UNREACHABLE, SOLO_SIGIL_EMPTY = "target-reached", "target-unreachable", "sigil-empty"
MULTI_END_REASONS = (MOST_SPIRITS, FEWEST_CARDS, SHARED)


# --- cards ------------------------------------------------------------------------------------


def full_deck() -> list[str]:
    """The 56 cards in a fixed order: stone1..stone7, deer1, ..., feather7, then the 7 spirits."""
    return list(ALL_CARDS)


def spirit_of(family: str) -> str:
    return f"spirit-{family}"


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def _card(token: Any, *, spirits: bool = False) -> str:
    if not isinstance(token, str) or token not in ORDER:
        raise BadInput("unknown-card", card=_show(token))
    if IS_SPIRIT[token] and not spirits:
        raise BadInput("spirit-in-set", card=token)
    return token


def _spirit(value: Any) -> str:
    """A spirit token, or its number 1..7 -> the token."""
    if type(value) is int and 1 <= value <= 7:
        return SPIRITS[value - 1]
    if isinstance(value, str) and value in ORDER and IS_SPIRIT[value]:
        return value
    raise BadInput("unknown-spirit", spirit=_show(value))


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text[:40]


def _card_list(value: Any, *, most: int = 56) -> list[str]:
    if not isinstance(value, list) or len(value) > most:
        raise BadInput("bad-action", reason="cards")
    cards = [_card(c) for c in value]
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            raise BadInput("duplicate-card", card=c)
        seen.add(c)
    return cards


def set_kind(spirit: str, cards: list[str]) -> str | None:
    """"family" or "number" when all cards match the spirit that way (None otherwise)."""
    fam, num = FAMILY_OF[spirit], NUMBER_OF[spirit]
    if cards and all(FAMILY_OF[c] == fam for c in cards):
        return "family"
    if cards and all(NUMBER_OF[c] == num for c in cards):
        return "number"
    return None


def _seat(player: int) -> dict:
    return {"player": player, "seat": player + 1}


# --- guards: one per rule, raising RuleViolation(rule id, code, params) ------------------------


@guard(R_END_SPIRITS)
def check_not_won(state: State) -> None:
    """The game ends at once when a player holds enough spirits."""
    if state.phase == OVER and state.reason == SPIRITS_TARGET:
        raise RuleViolation(R_END_SPIRITS, "game-won", **_seat(state.winners[0]),
                            spirits=state.scores[state.winners[0]])


@guard(R_END_LAST)
def check_not_exhausted(state: State) -> None:
    """The game ends at the end of the turn in which the last sigil card was taken."""
    if state.phase == OVER and state.reason in MULTI_END_REASONS:
        raise RuleViolation(R_END_LAST, "sigil-exhausted", winners=[w + 1 for w in state.winners])


@guard(R_SOLO_WIN)
def check_solo_not_over(state: State) -> None:
    if state.phase == OVER and state.players == 1:
        raise RuleViolation(R_SOLO_WIN, "solo-over", won=bool(state.winners), spirits=state.scores[0])


@guard(R_SOLO_LIMIT)
def check_release_order(state: State, kind: str) -> None:
    """While more than 3 spirits are free, the player first releases one; not otherwise."""
    if state.phase == RELEASE and kind != "release":
        raise RuleViolation(R_SOLO_LIMIT, "release-first", choices=state.releasable())
    if state.phase != RELEASE and kind == "release":
        raise RuleViolation(R_SOLO_LIMIT, "no-release-needed", free=len(state.free), limit=SOLO_FREE_LIMIT)


@guard(R_SOLO_TURN)
def check_solo_order(state: State, kind: str) -> None:
    """Solo: discard first, then take; only the solo game discards."""
    if kind == "discard" and state.players != 1:
        raise RuleViolation(R_SOLO_TURN, "discard-solo-only")
    if state.players == 1:
        if state.phase == DISCARD and kind in ("take", "capture", "pass"):
            raise RuleViolation(R_SOLO_TURN, "discard-first")
        if kind == "discard" and state.phase in (TAKE, CAPTURE):
            raise RuleViolation(R_SOLO_TURN, "one-discard-per-turn")


@guard(R_TAKE)
def check_take_order(state: State, kind: str) -> None:
    """One card must be taken each turn, and only one."""
    if kind == "take" and state.phase == CAPTURE:
        raise RuleViolation(R_TAKE, "one-card-per-turn")
    if kind == "pass" and state.phase == TAKE:
        raise RuleViolation(R_TAKE, "must-take")


@guard(R_ONCE)
def check_capture_after_take(state: State, kind: str) -> None:
    """A spirit is captured after the card is taken (once: the capture ends the turn)."""
    if kind == "capture" and state.phase == TAKE:
        raise RuleViolation(R_ONCE, "capture-before-take")


@guard(R_AVAILABLE)
def check_available(state: State, pos: int) -> None:
    """Only a card on which no card lies may be taken (or discarded)."""
    if state.sigil[pos] is None:
        raise RuleViolation(R_AVAILABLE, "position-empty", pos=pos)
    if state.cover_left[pos]:
        by = [q for q in state.covered_by[pos] if state.sigil[q] is not None]
        raise RuleViolation(R_AVAILABLE, "card-covered", pos=pos, card=state.visible(pos), covered_by=by)


@guard(R_FREED)
def check_spirit_out(spirit: str, where: str) -> None:
    """A spirit can be captured only once it has left the sigil."""
    if where not in ("free", "held", "escaped"):
        raise RuleViolation(R_FREED, "spirit-not-free", spirit=spirit)


@guard(R_SOLO_LIMIT)
def check_not_escaped(spirit: str, where: str) -> None:
    if where == "escaped":
        raise RuleViolation(R_SOLO_LIMIT, "spirit-escaped", spirit=spirit)


@guard(R_STEAL)
def check_not_yours(spirit: str, holder: int | None, player: int) -> None:
    if holder is not None and holder == player:
        raise RuleViolation(R_STEAL, "spirit-already-yours", spirit=spirit, **_seat(player))


@guard(R_FREE)
def check_in_hand(hand: list[str], cards: list[str]) -> None:
    """The cards of a set are played from the hand."""
    for c in cards:
        if c not in hand:
            raise RuleViolation(R_FREE, "card-not-in-hand", card=c)


@guard(R_FREE)
def check_set_shape(spirit: str, kept: list[str], added: list[str]) -> None:
    """All cards of a set share the spirit's family, or all bear its number; never mixed.

    kept: cards already in the set (recapture), added: the cards played now."""
    fam, num = FAMILY_OF[spirit], NUMBER_OF[spirit]
    for c in added:
        if FAMILY_OF[c] != fam and NUMBER_OF[c] != num:
            raise RuleViolation(R_FREE, "card-off-spirit", card=c, spirit=spirit, family=fam, number=num)
    cards = kept + added
    if cards and set_kind(spirit, cards) is None:
        raise RuleViolation(R_FREE, "set-mixed", spirit=spirit, family=fam, number=num)


@guard(R_FREE)
def check_free_size(players: int, got: int) -> None:
    need = FREE_SET[players]
    if got != need:
        raise RuleViolation(R_FREE, "set-size", need=need, got=got, players=players)


@guard(R_SOLO_TURN)
def check_solo_size(level: str, got: int) -> None:
    need = SOLO_SET[level]
    if got != need:
        raise RuleViolation(R_SOLO_TURN, "solo-set-size", need=need, got=got, level=level)


@guard(R_STEAL)
def check_steal_size(holder_size: int, got: int, holder: int | None) -> None:
    need = holder_size + 1
    if got != need:
        extra = _seat(holder) if holder is not None else {}
        raise RuleViolation(R_STEAL, "steal-size", need=need, got=got, holder_size=holder_size, **extra)


@guard(R_RECAPTURE)
def check_recapture_size(holder_size: int, mine: int, added: int, holder: int | None) -> None:
    total = holder_size + 1
    if mine + added != total:
        extra = _seat(holder) if holder is not None else {}
        raise RuleViolation(R_RECAPTURE, "recapture-size", need=total - mine, got=added, total=total,
                            mine=mine, holder_size=holder_size, **extra)


@guard(R_SOLO_LIMIT)
def check_releasable(state: State, spirit: str) -> None:
    """A 4th free spirit replaces one of the three that were there before (player's choice)."""
    choices = state.releasable()
    if spirit not in choices:
        raise RuleViolation(R_SOLO_LIMIT, "release-not-among-three", spirit=spirit, choices=choices)


# --- options ----------------------------------------------------------------------------------


def normalize_options(options: Any) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadInput("unknown-option", option=_show(options))
    for key in options:
        if key not in ("players", "level", "layout"):
            raise BadInput("unknown-option", option=_show(key))
    players = options.get("players", 2)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_show(players), min=MIN_PLAYERS, max=MAX_PLAYERS)
    out: dict = {"players": players}
    if players == 1:
        level = options.get("level", "easy")
        if level not in LEVELS:
            raise BadInput("bad-level", level=_show(level))
        out["level"] = level
    elif "level" in options:
        raise BadInput("bad-level", level=_show(options["level"]), players=players)
    layout = options.get("layout", DEFAULT_LAYOUT)
    if isinstance(layout, str) and layout not in LAYOUTS:
        raise BadInput("unknown-layout", layout=_show(layout), known=sorted(LAYOUTS))
    out["layout"] = layout if isinstance(layout, str) else check_layout(layout)  # named ones are checked below
    return out


for _name in LAYOUTS:  # the layouts shipped as data are proved well formed once, at import
    check_layout(_name)


def _layout_of(options: dict) -> dict:
    layout = options["layout"]
    return LAYOUTS[layout] if isinstance(layout, str) else layout


def solo_deck(rng: Rng) -> list[str]:
    """Solo setup: the 49 cards and the 7 spirits shuffled apart, then a spirit after every 7 cards."""
    cards = rng.shuffle(list(CARDS))
    spirits = rng.shuffle(list(SPIRITS))
    deck: list[str] = []
    for k in range(7):
        deck.extend(cards[7 * k:7 * k + 7])
        deck.append(spirits[k])
    return deck


# --- the state --------------------------------------------------------------------------------


class State:
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

    def _remove(self, pos: int) -> str:
        card = self.sigil[pos]
        if card is None:  # only reachable with guards switched off
            raise RuntimeError(f"no card at position {pos}")
        self.sigil[pos] = None
        self.remaining -= 1
        for q in self.covers[pos]:
            self.cover_left[q] -= 1
            if self.cover_left[q] == 0 and self.sigil[q] is not None:
                self._expose(q)
        return card

    def _expose(self, pos: int) -> None:
        """A card became available: face-down cards turn face up; spirits go free."""
        if not self.face_up[pos]:
            self.face_up[pos] = True
            self.events["turned_up"].append(pos)
        card = self.sigil[pos]
        if IS_SPIRIT[card]:
            self.free.append(card)
            self.events["freed"].append(card)
            self._remove(pos)

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
                for combo in combinations(by_kind[kind], need):
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
        if holder is None:
            check_set_shape(spirit, [], cards)
            if self.players == 1:
                check_solo_size(self.level, len(cards))
            else:
                check_free_size(self.players, len(cards))
            return "free"
        hsize = len(self.sets[holder][spirit])
        mine = self.sets[p].get(spirit)
        if mine:
            check_set_shape(spirit, mine, cards)
            check_recapture_size(hsize, len(mine), len(cards), holder)
            return "recapture"
        check_set_shape(spirit, [], cards)
        check_steal_size(hsize, len(cards), holder)
        return "steal"

    def _do_take(self, act: dict) -> None:
        card = self._remove(act["pos"])
        self.hands[self.current].append(card)
        self.events["took"] = card
        if self.players == 1:
            self._spirit_limit(CAPTURE)
        else:
            self.phase = CAPTURE

    def _do_discard(self, act: dict) -> None:
        card = self._remove(act["pos"])
        self.discard.append(card)
        self.events["discarded"] = card
        self._spirit_limit(TAKE if self.remaining else CAPTURE)

    def _do_release(self, act: dict) -> None:
        self.free.remove(act["spirit"])
        self.escaped.append(act["spirit"])
        self.events["released"] = act["spirit"]
        self._spirit_limit(self.resume)

    def _do_pass(self, act: dict) -> None:
        self._end_turn()

    def _do_capture(self, act: dict) -> None:
        p, spirit, cards = self.current, act["spirit"], act["cards"]
        holder = self.held.get(spirit)
        way = "free" if holder is None else ("recapture" if self.sets[p].get(spirit) else "steal")
        hand = self.hands[p]
        for c in cards:
            hand.remove(c)
        self.sets[p][spirit] = sort_cards(self.sets[p].get(spirit, []) + list(cards))
        if holder is None:
            self.free.remove(spirit)
        self.held[spirit] = p
        self.events.update(way=way, spirit=spirit, **({"from": holder} if holder is not None else {}))
        if self.scores[p] >= self.target:
            self.phase = OVER
            self.winners = [p]
            self.reason = SOLO_WON if self.players == 1 else SPIRITS_TARGET
            return
        self._end_turn()

    def _spirit_limit(self, resume: str) -> None:
        """Solo: more than 3 free spirits -> the player releases one, or the game is lost."""
        excess = len(self.free) - SOLO_FREE_LIMIT
        if self.players != 1 or excess <= 0:
            self.phase = resume
            return
        if len(self.escaped) + excess > len(SPIRITS) - self.target:
            self.phase = OVER
            self.winners = []
            self.reason = SOLO_UNREACHABLE
            return
        self.phase = RELEASE
        self.resume = resume

    def _end_turn(self) -> None:
        if self.remaining == 0:
            self.phase = OVER
            if self.players == 1:
                self.winners, self.reason = [], SOLO_SIGIL_EMPTY
            else:
                self.winners, self.reason = _rank(self.scores, [len(h) for h in self.hands])
            return
        self.turn += 1
        if self.players == 1:
            self.phase = DISCARD
        else:
            self.current = (self.current + 1) % self.players
            self.phase = TAKE

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

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Rebuild by replaying the log; a stored "state" must match the replay."""
        if not isinstance(data, dict) or data.get("game", GAME_ID) != GAME_ID:
            raise BadInput("bad-log", reason="not-a-siggil-game")
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise BadInput("bad-log", reason="actions")
        if "situation" in data:
            state = from_situation(data["situation"])
            for a in actions:
                state.apply(a)
        else:
            state = replay(data.get("options"), data.get("seed", 0), actions)
        if "state" in data and data["state"] != state.snapshot():
            raise BadInput("state-mismatch")
        return state

    def observation(self, player: int) -> dict:
        """What one player sees: own hand, sizes of the other hands, face-up cards only."""
        if type(player) is not int or not 0 <= player < self.players:
            raise BadInput("unknown-player", player=_show(player))
        hidden_discard = self.players == 1 and self.level == "advanced"
        return {
            "sigil": [None if c is None else (c if self.face_up[i] else "hidden") for i, c in enumerate(self.sigil)],
            "free": list(self.free),
            "hands": [sort_cards(h) if i == player else len(h) for i, h in enumerate(self.hands)],
            "sets": [{s: (list(cards) if self.held.get(s) == i else len(cards)) for s, cards in ps.items()}
                     for i, ps in enumerate(self.sets)],
            "held": {s: self.held[s] for s in SPIRITS if s in self.held},
            "discard": len(self.discard) if hidden_discard else list(self.discard),
            "escaped": list(self.escaped),
        }


def _json_options(options: dict) -> dict:
    return {k: v for k, v in options.items()}


def _rank(spirits: list[int], hand_sizes: list[int]) -> tuple[list[int], str]:
    """Most spirits wins; tie -> fewest cards in hand; still tied -> shared."""
    best = max(spirits)
    tied = [i for i, s in enumerate(spirits) if s == best]
    if len(tied) == 1:
        return tied, MOST_SPIRITS
    fewest = min(hand_sizes[i] for i in tied)
    still = [i for i in tied if hand_sizes[i] == fewest]
    return still, (FEWEST_CARDS if len(still) == 1 else SHARED)


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


# compact log for URLs: actions joined by ".", e.g. "t12.p.t3.cLL1L2L5" (take 12, pass, take 3,
# capture the Leaf spirit with leaf1 leaf2 leaf5); d<pos> discard, r<F> release the spirit of
# family letter F (S stone, D deer, L leaf, T turtle, C cloud, W water, F feather).

_LOG_ITEM = re.compile(r"^(?:([td])(0|[1-9][0-9]?)|(p)|r([SDLTCWF])|c([SDLTCWF])((?:[SDLTCWF][1-7])*))$")


def encode_action(action: dict) -> str:
    kind = action["type"]
    if kind in ("take", "discard"):
        return f"{kind[0]}{action['pos']}"
    if kind == "pass":
        return "p"
    spirit = _spirit(action["spirit"])
    letter = LETTER[FAMILY_OF[spirit]]
    if kind == "release":
        return "r" + letter
    return "c" + letter + "".join(LETTER[FAMILY_OF[c]] + str(NUMBER_OF[c]) for c in action["cards"])


def encode_log(actions: list[dict]) -> str:
    return ".".join(encode_action(a) for a in actions)


def decode_log(text: Any) -> list[dict]:
    if not isinstance(text, str) or len(text) > 4000:
        raise BadInput("bad-log", reason="text")
    if text == "":
        return []
    out: list[dict] = []
    for item in text.split("."):
        m = _LOG_ITEM.match(item)
        if not m:
            raise BadInput("bad-log", reason="item", item=_show(item))
        if m.group(1):
            out.append({"type": "take" if m.group(1) == "t" else "discard", "pos": int(m.group(2))})
        elif m.group(3):
            out.append({"type": "pass"})
        elif m.group(4):
            out.append({"type": "release", "spirit": spirit_of(FAMILY_OF_LETTER[m.group(4)])})
        else:
            cards = m.group(6)
            out.append({"type": "capture", "spirit": spirit_of(FAMILY_OF_LETTER[m.group(5)]),
                        "cards": [FAMILY_OF_LETTER[cards[i]] + cards[i + 1] for i in range(0, len(cards), 2)]})
    return out


# --- situations (worked examples, ruling tools) -----------------------------------------------


def _players_map(value: Any, players: int, what: str) -> dict[int, Any]:
    """A list per player or a mapping player -> value (keys may be strings) -> {player: value}."""
    if value is None:
        return {}
    if isinstance(value, list):
        if len(value) != players:
            raise BadInput("bad-situation", reason=what)
        return dict(enumerate(value))
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            i = whole_number(k, max_digits=1)
            if i is None or not 0 <= i < players:
                raise BadInput("bad-situation", reason=what)
            out[i] = v
        return out
    raise BadInput("bad-situation", reason=what)


def from_situation(situation: Any) -> State:
    """A state built from a described table (examples, tutorials):

    players, level (solo), current (default 0), phase (take/capture; solo discard/take/capture;
    default: the turn's first step), sigil: [{card, up (default true), covered_by: [pos]} or a
    card token for an uncovered face-up card], free: [spirits], hands: per player,
    sets: {player: {spirit: [cards]}}, held: {spirit: player}, discard: [cards],
    escaped: [spirits]. Cards not named are out of the example."""
    if not isinstance(situation, dict):
        raise BadInput("bad-situation", reason="not-a-mapping")
    known = {"players", "level", "current", "phase", "sigil", "free", "hands", "sets", "held", "discard",
             "escaped", "turn"}
    if set(situation) - known:
        raise BadInput("bad-situation", reason="keys", extra=sorted(map(str, set(situation) - known)))
    opts = {"players": situation.get("players", 2)}
    if "level" in situation:
        opts["level"] = situation["level"]
    options = normalize_options(opts)
    players = options["players"]
    raw_sigil = situation.get("sigil", [])
    if not isinstance(raw_sigil, list) or len(raw_sigil) > 56:
        raise BadInput("bad-situation", reason="sigil")
    positions, cards_at = [], []
    for i, p in enumerate(raw_sigil):
        if isinstance(p, str):
            p = {"card": p}
        if not isinstance(p, dict) or set(p) - {"card", "up", "covered_by"}:
            raise BadInput("bad-situation", reason="sigil", pos=i)
        cards_at.append(_card(p.get("card"), spirits=True))
        positions.append({"row": 0, "col": i, "group": 0, "face_up": p.get("up", True),
                          "covered_by": p.get("covered_by", [])})
    layout = check_layout({"name": "situation", "positions": positions}, size=None)
    options["layout"] = layout
    st = State.__new__(State)
    st.log, st.events, st.options = [], {}, options
    st._init_common(players, options.get("level"), layout)
    seen: set[str] = set()

    def claim(card: str) -> str:
        if card in seen:
            raise BadInput("spirit-twice" if IS_SPIRIT[card] else "duplicate-card", card=card)
        seen.add(card)
        return card

    for i, c in enumerate(cards_at):
        st.sigil[i] = claim(c)
    st.remaining = len(cards_at)
    free = situation.get("free", [])
    if not isinstance(free, list):
        raise BadInput("bad-situation", reason="free")
    st.free = [claim(_spirit(s)) for s in free]
    for i, hand in _players_map(situation.get("hands"), players, "hands").items():
        if not isinstance(hand, list):
            raise BadInput("bad-situation", reason="hands")
        st.hands[i] = [claim(_card(c)) for c in hand]
    for i, sets in _players_map(situation.get("sets"), players, "sets").items():
        if not isinstance(sets, dict):
            raise BadInput("bad-situation", reason="sets")
        for s, cards in sets.items():
            s = _spirit(s)
            if not isinstance(cards, list):
                raise BadInput("bad-situation", reason="sets")
            cards = [claim(_card(c)) for c in cards]
            if set_kind(s, cards) is None or len(cards) < st.set_size_for_free():
                raise BadInput("bad-own-set", spirit=s, **_seat(i))
            st.sets[i][s] = sort_cards(cards)
    held = situation.get("held", {})
    if not isinstance(held, dict):
        raise BadInput("bad-situation", reason="held")
    for s, i in held.items():
        s = claim(_spirit(s))
        if type(i) is not int or not 0 <= i < players or s not in st.sets[i]:
            raise BadInput("bad-situation", reason="held", spirit=s)
        st.held[s] = i
    for s in SPIRITS:  # the holder's set is the largest of all sets for its spirit
        sizes = [len(st.sets[i][s]) for i in range(players) if s in st.sets[i]]
        if sizes and (s not in st.held or len(st.sets[st.held[s]][s]) != max(sizes) or sizes.count(max(sizes)) > 1):
            raise BadInput("bad-holder-set", spirit=s)
    st.discard = [claim(_card(c, spirits=False)) for c in situation.get("discard", [])]
    st.escaped = [claim(_spirit(s)) for s in situation.get("escaped", [])]
    if st.escaped and players != 1:
        raise BadInput("bad-situation", reason="escaped")
    current = situation.get("current", 0)
    if type(current) is not int or not 0 <= current < players:
        raise BadInput("bad-situation", reason="current")
    st.current = current
    turn = situation.get("turn", 1)
    st.turn = turn if type(turn) is int and turn >= 1 else 1
    phase = situation.get("phase", DISCARD if players == 1 else TAKE)
    allowed = (DISCARD, TAKE, CAPTURE) if players == 1 else (TAKE, CAPTURE)
    if phase not in allowed:
        raise BadInput("bad-situation", reason="phase")
    st.phase = phase
    st._open()  # available face-down cards turn up, available spirits go free
    st.events = {}
    if st.phase in (TAKE, DISCARD) and not st.available():
        raise BadInput("bad-situation", reason="nothing-available")
    st.origin = {"situation": situation}
    return st


# --- pure helpers for the ruling tools ----------------------------------------------------------


def _helper_players(players: Any, *, solo: bool) -> int:
    low = 1 if solo else 2
    if type(players) is not int or not low <= players <= MAX_PLAYERS:
        raise BadInput("bad-player-count", players=_show(players), min=low, max=MAX_PLAYERS)
    return players


def check_capture(players: int, spirit: str, holder_set: list[str], my_set: list[str], play: list[str],
                  level: str = "easy") -> dict:
    """May I capture this spirit by playing `play`?

    holder_set: the cards under the spirit (empty for a free spirit); my_set: the cards I
    already have in front of me for this spirit (a set that held it; empty if none).
    -> {"legal", "way": "free"|"steal"|"recapture", "rule", "code" (None when legal), "params"}.
    players 1 is the solo game (level "easy" or "advanced"): free spirits only."""
    players = _helper_players(players, solo=True)
    if players == 1 and level not in LEVELS:
        raise BadInput("bad-level", level=_show(level))
    s = _spirit(spirit)
    lists = []
    for value in (holder_set, my_set, play):
        if not isinstance(value, list) or len(value) > 8:
            raise BadInput("bad-action", reason="cards")
        lists.append([_card(c) for c in value])
    holder, mine, cards = lists
    seen: set[str] = set()
    for c in holder + mine + cards:
        if c in seen:
            raise BadInput("duplicate-card", card=c)
        seen.add(c)
    free_size = SOLO_SET[level] if players == 1 else FREE_SET[players]
    if holder and (players == 1 or set_kind(s, holder) is None or len(holder) < free_size):
        raise BadInput("bad-holder-set", spirit=s)
    if mine and (not holder or set_kind(s, mine) is None or len(mine) < free_size or len(mine) >= len(holder)):
        raise BadInput("bad-own-set", spirit=s)
    way = "free" if not holder else ("recapture" if mine else "steal")
    rule = {"free": R_SOLO_TURN if players == 1 else R_FREE, "steal": R_STEAL, "recapture": R_RECAPTURE}[way]
    try:
        if way == "free":
            check_set_shape(s, [], cards)
            if players == 1:
                check_solo_size(level, len(cards))
            else:
                check_free_size(players, len(cards))
        elif way == "steal":
            check_set_shape(s, [], cards)
            check_steal_size(len(holder), len(cards), None)
        else:
            check_set_shape(s, mine, cards)
            check_recapture_size(len(holder), len(mine), len(cards), None)
    except RuleViolation as e:
        return {"legal": False, "way": way, "rule": e.rule_id, "code": e.code, "params": e.params}
    kind = set_kind(s, mine + cards)
    return {"legal": True, "way": way, "rule": rule, "code": None,
            "params": {"spirit": s, "kind": kind, "size": len(mine) + len(cards)}}


def end_of_game(players: int, spirits: list[int], hand_sizes: list[int], sigil_empty: bool) -> dict:
    """Is the game (2-4 players) over, and who won?

    spirits: spirits each player holds; hand_sizes: cards in each hand; sigil_empty: the turn
    in which the last card left the sigil is over.
    -> {"over", "winners": [indexes], "rule", "reason"}."""
    players = _helper_players(players, solo=False)
    for value, code in ((spirits, "bad-spirit-count"), (hand_sizes, "bad-hand-size")):
        if not isinstance(value, list) or len(value) != players:
            raise BadInput(code, players=players)
        if any(type(v) is not int or not 0 <= v <= 49 for v in value):
            raise BadInput(code, players=players)
    if not isinstance(sigil_empty, bool):
        raise BadInput("bad-situation", reason="sigil_empty")
    if sum(spirits) > len(SPIRITS):
        raise BadInput("too-many-spirits", total=sum(spirits))
    target = TARGET_SPIRITS[players]
    at_target = [i for i, s in enumerate(spirits) if s >= target]
    if len(at_target) > 1:  # the game would have ended when the first of them got there
        raise BadInput("impossible-spirits", target=target)
    if at_target:
        return {"over": True, "winners": at_target, "rule": R_END_SPIRITS, "reason": SPIRITS_TARGET}
    if not sigil_empty:
        return {"over": False, "winners": [], "rule": R_END_LAST, "reason": "game-continues"}
    winners, reason = _rank(spirits, hand_sizes)
    return {"over": True, "winners": winners, "rule": R_END_LAST, "reason": reason}


# --- worked examples ----------------------------------------------------------------------------


def state_view(state: State) -> list[dict]:
    """Language-neutral panels for drawing a position (1-based seats in values)."""
    view: list[dict] = []
    avail = state.available()
    view.append({"label": "available", "cards": [state.sigil[i] for i in avail]})
    covered_up = [state.sigil[i] for i, c in enumerate(state.sigil)
                  if c is not None and state.face_up[i] and state.cover_left[i]]
    if covered_up:
        view.append({"label": "covered", "cards": covered_up})
    down = sum(1 for i, c in enumerate(state.sigil) if c is not None and not state.face_up[i])
    if down:
        view.append({"label": "face-down", "value": down})
    view.append({"label": "free-spirits", "cards": list(state.free)})
    for p in range(state.players):
        held = [s for s in SPIRITS if state.held.get(s) == p]
        for s in held:
            view.append({"label": "held-set", "cards": [s] + state.sets[p][s], "player": p + 1})
        for s, cards in state.sets[p].items():
            if state.held.get(s) != p:
                view.append({"label": "face-down-set", "cards": list(cards), "player": p + 1})
        if state.hands[p] or p == state.current:
            view.append({"label": "hand", "cards": sort_cards(state.hands[p]), "player": p + 1})
    if state.players == 1:
        if state.level == "advanced":
            if state.discard:
                view.append({"label": "discard-face-down", "value": len(state.discard)})
        elif state.discard:
            view.append({"label": "discard", "cards": list(state.discard)})
        if state.escaped:
            view.append({"label": "escaped", "cards": list(state.escaped)})
    if state.phase == OVER:
        view.append({"label": "winners", "value": " · ".join(str(w + 1) for w in state.winners) or "–"})
    else:
        view.append({"label": "to-move", "value": state.current + 1})
    return view


def _attempt_view(act: Any) -> list[dict]:
    if not isinstance(act, dict):
        return []
    if act.get("type") == "capture" and isinstance(act.get("cards"), list):
        return [{"label": "played", "cards": [c for c in act["cards"] if isinstance(c, str)]}]
    return []


def outcome_of(state: State) -> dict:
    """The facts of a position that examples may check."""
    snap = state.snapshot()
    out = {k: snap[k] for k in ("phase", "current", "free", "hands", "held", "scores", "winners", "reason",
                                "available", "discard", "escaped", "turn")}
    out["over"] = state.is_over
    out["hand_sizes"] = [len(h) for h in state.hands]
    out["sets"] = [{s: {"cards": list(c), "face_up": state.held.get(s) == i} for s, c in ps.items()}
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


def _capture_view(args: dict) -> list[dict]:
    view = []
    spirit = args.get("spirit")
    if isinstance(spirit, (str, int)):
        try:
            spirit = _spirit(spirit)
        except BadInput:
            spirit = None
    if args.get("holder_set"):
        view.append({"label": "holder-set", "cards": ([spirit] if spirit else []) + list(args["holder_set"])})
    elif spirit:
        view.append({"label": "free-spirits", "cards": [spirit]})
    if args.get("my_set"):
        view.append({"label": "face-down-set", "cards": list(args["my_set"])})
    view.append({"label": "played", "cards": list(args.get("play") or [])})
    return view


def _run_capture_check(example: dict) -> dict:
    args = {k: example.get(k) for k in ("players", "spirit", "holder_set", "my_set", "play")}
    args["holder_set"] = args["holder_set"] or []
    args["my_set"] = args["my_set"] or []
    args["play"] = args["play"] if args["play"] is not None else []
    level = example.get("level", "easy")
    view = _capture_view(args)
    result = check_capture(args["players"], args["spirit"], args["holder_set"], args["my_set"], args["play"],
                           level=level)
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
    level), end-check (players, spirits, hand_sizes, sigil_empty), observe (situation, player).
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
