"""What an action does to the table once State.apply has checked it: no checks here."""
from __future__ import annotations

from .facts import (
    CAPTURE,
    DISCARD,
    IS_SPIRIT,
    OVER,
    RELEASE,
    SOLO_FREE_LIMIT,
    SOLO_SIGIL_EMPTY,
    SOLO_UNREACHABLE,
    SOLO_WON,
    SPIRITS,
    SPIRITS_TARGET,
    TAKE,
    sort_cards,
)
from .rules import _rank


class Moves:
    """State's moves (a mixin: State holds the table they change)."""

    # the sigil: taking a card exposes the cards under it -------------------------------------

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

    # the actions -------------------------------------------------------------------------

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
