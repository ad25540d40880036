"""A state built from a described table (worked examples, tutorials, ruling tools)."""
from __future__ import annotations

from typing import Any

from engine.core import BadInput, whole_number

from .facts import CAPTURE, DISCARD, IS_SPIRIT, SPIRITS, TAKE, VARIANTS, _card, _seat, _spirit, set_kind, sort_cards
from .layouts import check_layout
from .options import normalize_options
from .state import State


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
    escaped: [spirits], and the named variants as booleans (larger_sets, taken_sets_face_up).
    Cards not named are out of the example."""
    if not isinstance(situation, dict):
        raise BadInput("bad-situation", reason="not-a-mapping")
    known = {"players", "level", "current", "phase", "sigil", "free", "hands", "sets", "held", "discard",
             "escaped", "turn", *VARIANTS}
    if set(situation) - known:
        raise BadInput("bad-situation", reason="keys", extra=sorted(map(str, set(situation) - known)))
    opts = {"players": situation.get("players", 2)}
    for key in ("level", *VARIANTS):
        if key in situation:
            opts[key] = situation[key]
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
