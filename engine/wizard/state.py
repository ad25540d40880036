"""A game of Wizard: the State (legal actions, apply, the round flow, JSON), new_game, replay.

A game is (options, seed, actions); its state is the replay of the action log.
"""
from __future__ import annotations

from typing import Any

from engine.core import BadInput, Rng

from .cards import DECK_SIZE, FULL_DECK, JESTER, SORT_KEY, SUITS, WIZARD, _show, _trump, norm_card
from .guards import (
    check_bid_range,
    check_bid_total,
    check_bid_turn,
    check_bidding_open,
    check_bids_done,
    check_card_in_hand,
    check_dealer_chooses,
    check_follow_suit,
    check_jester_led,
    check_not_over,
    check_play_turn,
    check_suit_chosen,
    check_trump_choice_open,
    check_trump_chosen,
    check_trump_not_jester,
    check_trump_not_last_round,
    check_trump_not_set_by_card,
)
from .options import normalize_options
from .rules import PHASE_BID, PHASE_OVER, PHASE_PLAY, PHASE_TRUMP, _legal_in_trick, _ranks, _score, _winner, _winners

GAME_ID = "wizard"
VERSION = 1

_KEYS_CARD = frozenset({"type", "card", "player"})
_KEYS_BID = frozenset({"type", "bid", "player"})
_KEYS_SUIT = frozenset({"type", "suit", "player"})


def _remove_cards(pool: list[str], cards: list[str]) -> None:
    for t in cards:
        pool.remove(t)


class State:
    """A game of Wizard in progress: build it with new_game() or replay()."""

    def __init__(self, options: dict, seed: int) -> None:
        self.options = normalize_options(options)
        if type(seed) is not int:
            raise BadInput("bad-option", option="seed")
        self.seed = seed
        self.rng = Rng(seed)
        o = self.options
        self.n: int = o["players"]
        self.forbid_equal: bool = o["forbid_bids_equal_tricks"]
        self.last_round: int = o["end_round"]
        self.actions: list[dict] = []
        self.totals: list[int] = [0] * self.n
        self.round_scores: list[list[int]] = []  # per round played, points per player
        self.last_trick: dict | None = None
        self.finished_round: dict | None = None  # the last round scored: round, bids, tricks_won, points
        self.round = o["start_round"] - 1
        self.dealer = (o["first_dealer"] - 1) % self.n
        self._start_round(o.get("deal"))

    # -- round flow ------------------------------------------------------------------------------

    def _start_round(self, preset: dict | None = None) -> None:
        n = self.n
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        r = self.round
        if preset is not None:
            hands = [list(h) for h in preset["hands"]]
            rest = list(FULL_DECK)
            for h in hands:
                _remove_cards(rest, h)
            turn_up = preset.get("trump_card")
            if turn_up is not None:
                rest.remove(turn_up)
            self.rng.shuffle(rest)
            if turn_up is None and rest:
                turn_up = rest.pop(0)
            self.undealt = rest
        else:
            deck = list(FULL_DECK)
            self.rng.shuffle(deck)
            # dealt one at a time, starting left of the dealer
            hands = [deck[(p - self.dealer - 1) % n: r * n: n] for p in range(n)]
            turn_up = deck[r * n] if r * n < DECK_SIZE else None
            self.undealt = deck[r * n + 1:]
        key = SORT_KEY.__getitem__
        self.hands: list[list[str]] = [sorted(h, key=key) for h in hands]
        self.trump_card: str | None = turn_up
        self.trump: str | None = turn_up[0] if turn_up is not None and turn_up not in (WIZARD, JESTER) else None
        self.bids: list[int | None] = [None] * n
        self.won: list[int] = [0] * n
        self.trick: list[str] = []
        self.played: list[str] = []  # cards of the tricks finished this round
        self.leader = (self.dealer + 1) % n
        if turn_up == WIZARD:
            self.phase = PHASE_TRUMP
            self.current: int | None = self.dealer
        else:
            self.phase = PHASE_BID
            self.current = (self.dealer + 1) % n

    def _end_round(self) -> None:
        points = [_score(b, w) for b, w in zip(self.bids, self.won)]  # type: ignore[arg-type]
        self.round_scores.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.finished_round = {"round": self.round, "bids": list(self.bids), "tricks_won": list(self.won),
                               "points": points}
        if self.round >= self.last_round:
            self.phase = PHASE_OVER
            self.current = None
        else:
            self._start_round()

    # -- the OpenSpiel-like surface ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def winners(self) -> list[int]:
        return _winners(self.totals) if self.is_over else []

    @property
    def ranks(self) -> list[int]:
        return _ranks(self.totals)

    @property
    def rounds(self) -> int:
        return DECK_SIZE // self.n

    def legal_bids(self) -> list[int]:
        if self.phase != PHASE_BID:
            return []
        out = list(range(self.round + 1))
        if self.forbid_equal and sum(1 for b in self.bids if b is None) == 1:
            forbidden = self.round - sum(b for b in self.bids if b is not None)
            if 0 <= forbidden <= self.round:
                out.remove(forbidden)
        return out

    def legal_plays(self) -> list[str]:
        """Distinct legal cards of the player to move, in hand order."""
        if self.phase != PHASE_PLAY:
            return []
        legal = _legal_in_trick(self.hands[self.current], self.trick)[0]  # type: ignore[index]
        return list(dict.fromkeys(legal))

    def legal_actions(self) -> list[dict]:
        if self.phase == PHASE_PLAY:
            return [{"type": "play", "card": t} for t in self.legal_plays()]
        if self.phase == PHASE_BID:
            return [{"type": "bid", "bid": b} for b in self.legal_bids()]
        if self.phase == PHASE_TRUMP:
            return [{"type": "choose_trump", "suit": s} for s in SUITS]
        return []

    def apply(self, action: Any) -> None:
        """Apply one action for the player to move; RuleViolation (state unchanged) if the
        rules refuse it, BadInput if it is not an action at all."""
        if type(action) is not dict:
            raise BadInput("bad-action", action=_show(action))
        kind = action.get("type")
        player = action.get("player")
        if player is not None and (type(player) is not int or not 0 <= player < self.n):
            raise BadInput("bad-player", player=_show(player), players=self.n)
        if kind == "play":
            if not action.keys() <= _KEYS_CARD:
                raise BadInput("bad-action", action="play")
            card = norm_card(action.get("card"))
            if self.phase != PHASE_PLAY:  # (these three pass whenever cards are being played)
                check_not_over(self)
                check_trump_chosen(self)
                check_bids_done(self)
            check_play_turn(self, player)
            hand = self.hands[self.current]  # type: ignore[index]
            check_card_in_hand(hand, card)
            check_follow_suit(self.trick, hand, card)
            check_jester_led(self.trick, hand, card)
            self._play(card)
            record: dict = {"type": "play", "card": card}
        elif kind == "bid":
            if not action.keys() <= _KEYS_BID:
                raise BadInput("bad-action", action="bid")
            bid = action.get("bid")
            if type(bid) is not int:
                raise BadInput("bad-bid", bid=_show(bid))
            check_not_over(self)
            check_trump_chosen(self)
            check_bidding_open(self)
            check_bid_turn(self, player)
            check_bid_range(self.round, bid)
            check_bid_total(self, bid)
            self._bid(bid)
            record = {"type": "bid", "bid": bid}
        elif kind == "choose_trump":
            if not action.keys() <= _KEYS_SUIT:
                raise BadInput("bad-action", action="choose_trump")
            suit = action.get("suit")
            if isinstance(suit, str) and suit.strip().lower() in ("", "none", "-"):
                suit = None
            suit = _trump(suit)
            check_not_over(self)
            check_trump_not_last_round(self)
            check_trump_not_jester(self)
            check_trump_not_set_by_card(self)
            check_trump_choice_open(self)
            check_dealer_chooses(self, player)
            check_suit_chosen(suit)
            self.trump = suit
            self.phase = PHASE_BID
            self.current = (self.dealer + 1) % self.n
            record = {"type": "choose_trump", "suit": suit}
        else:
            raise BadInput("unknown-action", type=_show(kind))
        if player is not None:
            record["player"] = player
        self.actions.append(record)

    def _bid(self, bid: int) -> None:
        self.bids[self.current] = bid  # type: ignore[index]
        self.current = (self.current + 1) % self.n  # type: ignore[operator]
        if self.current == (self.dealer + 1) % self.n:
            self.phase = PHASE_PLAY
            self.current = self.leader

    def _play(self, card: str) -> None:
        cur: int = self.current  # type: ignore[assignment]
        self.hands[cur].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            self.current = (cur + 1) % self.n
            return
        index, _reason = _winner(self.trump, trick)
        winner = (self.leader + index) % self.n
        self.won[winner] += 1
        self.last_trick = {"cards": trick, "leader": self.leader, "winner": winner}
        self.played.extend(trick)
        self.trick = []
        self.leader = self.current = winner
        if not self.hands[winner]:
            self._end_round()

    def clone(self) -> State:
        """An independent copy (cheaper than a replay), e.g. to try an action."""
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.seed)
        other.rng.state = self.rng.state
        other.actions = list(self.actions)
        other.totals = list(self.totals)
        other.round_scores = [list(r) for r in self.round_scores]
        other.hands = [list(h) for h in self.hands]
        other.bids = list(self.bids)
        other.won = list(self.won)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.undealt = list(self.undealt)
        return other

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The log (options, seed, actions) and, for readers, the position it leads to."""
        return {
            "game": GAME_ID,
            "version": VERSION,
            "options": _copy_options(self.options),
            "seed": self.seed,
            "actions": [dict(a) for a in self.actions],
            "phase": self.phase,
            "round": self.round,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "trump_card": self.trump_card,
            "trump": self.trump,
            "current_player": self.current,
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "tricks_won": list(self.won),
            "trick": list(self.trick),
            "leader": self.leader,
            "last_trick": None if self.last_trick is None else {
                **self.last_trick, "cards": list(self.last_trick["cards"])},
            "played": list(self.played),
            "undealt": list(self.undealt),
            "finished_round": _copy_finished(self.finished_round),
            "round_scores": [list(r) for r in self.round_scores],
            "totals": list(self.totals),
            "is_over": self.is_over,
            "winners": self.winners,
            "ranks": self.ranks,
        }

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Rebuild a state from to_json() output (or any {options, seed, actions}) by replay."""
        if not isinstance(data, dict) or data.get("game", GAME_ID) != GAME_ID:
            raise BadInput("bad-state")
        if data.get("version", VERSION) != VERSION:
            raise BadInput("bad-state", version=_show(data.get("version")))
        return replay(data.get("options") or {}, data.get("seed", 0), data.get("actions") or [])


def _copy_finished(finished: dict | None) -> dict | None:
    if finished is None:
        return None
    return {k: (list(v) if isinstance(v, list) else v) for k, v in finished.items()}


def _copy_options(options: dict) -> dict:
    out = dict(options)
    if "deal" in out:
        deal = out["deal"]
        out["deal"] = {**deal, "hands": [list(h) for h in deal["hands"]]}
    return out


def new_game(options: dict | None = None, seed: int = 0) -> State:
    return State(options or {}, seed)


MAX_ACTIONS = 2000  # a 3-player game has 20 + 60 + 630 = 710 at most (one trump choice a round)


def replay(options: dict | None, seed: int, actions: Any) -> State:
    """The state after these actions; the first refused action raises (RuleViolation)."""
    if not isinstance(actions, list):
        raise BadInput("bad-action", action="actions")
    if len(actions) > MAX_ACTIONS:
        raise BadInput("log-too-long", count=len(actions), max=MAX_ACTIONS)
    state = new_game(options, seed)
    for action in actions:
        state.apply(action)
    return state
