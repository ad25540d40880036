"""Siggil (Henri Kermarrec; Capsicum Games), 1-4 players: open the sigil, capture the spirits.

A game is (options, seed, actions); its state is the replay of the action log. Nothing here
knows a language: refusals carry a rule id, a code and params.

Cards (56): 7 families x numbers 1-7, written family + number: "stone3", "leaf7"; and 7
spirits, one per family, written "spirit-<family>": "spirit-leaf". The families, in order,
are stone, deer, leaf, turtle, cloud, water, feather, and family i's spirit bears number i
(spirit-stone 1 ... spirit-feather 7). These names and numbers are the labels of our
reconstruction, not the publisher's.

Options:
    players              1..4 (default 2); 1 is the solo game
    level                solo only: "easy" (default) or "advanced"
    layout               a name in engine.siggil.layouts.LAYOUTS or a layout dict: "pyramids"
                         (the default: 14 cards available at first, fewer later) or
                         "pyramids-apex" (2 at first, more later)
    larger_sets          bool (default False): the variant in which every set size is a minimum
                         (a free spirit with at least 3 cards, 2 with four players, solo at
                         least 3 / 4; a steal or recapture with at least one card more)
    taken_sets_face_up   bool (default False): the variant in which a set whose spirit was taken
                         stays face up (it changes what players see, never what is legal)
The options of a game always name both variants and the layout (State.to_json), so a saved
game keeps its rules when a default changes. The sources disagree on these three points; the
defaults are the rulings of siggil.capture.free, siggil.capture.steal and siggil.setup.sigil.

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
- Player 0 starts; turns go up (0, 1, 2, ...), that is clockwise round the table (the
  rulebook we received is silent; reviews say the players choose who starts, then clockwise).
- Setup: once the sigil is laid out, every available face-down card is turned face up and
  every available spirit leaves the sigil and is free at once (before the first turn); taking
  a spirit out may make the cards under it available in turn (they are treated the same way).
- Sets are exact: 3 cards (2 with four players; solo 3 easy / 4 advanced) for a free spirit,
  exactly one more than the holder's set to steal or recapture (the variant larger_sets: at
  least). All cards of a set share the spirit's family, or all bear its number.
- A set whose spirit was taken stays in front of its player face down (the variant
  taken_sets_face_up: face up); others see only how many cards it has.
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

The package, by job (its public names are all re-exported here):
    facts       cards and spirits, set sizes, targets, rule ids, refusal codes, phases, the
                named variants; tokens
    layouts     the sigil layouts as data, and their check
    guards      one guard per rule (engine.core.guard)
    rules       the rules as pure functions: the size of a set, may this capture be made, who wins
    options     options and the deal
    state       State (legal actions, apply, JSON), new_game, replay
    moves       what an accepted action does to the table (State's mixin)
    situation   from_situation: a state from a described table
    saved       from_json: a game rebuilt from its JSON form (State.to_json)
    codec       the compact log for URLs
    views       the panels pages draw
    examples    the worked-example runner
"""
from .codec import decode_log, encode_action, encode_log
from .examples import outcome_of, run_example
from .facts import (
    ALL_CARDS,
    BAD_INPUT_CODES,
    CAPTURE,
    CARDS,
    DISCARD,
    FAMILIES,
    FAMILY_OF,
    FAMILY_OF_LETTER,
    FEWEST_CARDS,
    FREE_SET,
    GAME_ID,
    IS_SPIRIT,
    LETTER,
    LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_SPIRITS,
    MULTI_END_REASONS,
    NUMBER_OF,
    NUMBERS,
    ORDER,
    OVER,
    R_AVAILABLE,
    R_CARDS,
    R_END_LAST,
    R_END_SPIRITS,
    R_FACE_UP,
    R_FREE,
    R_FREED,
    R_LARGER,
    R_ONCE,
    R_RECAPTURE,
    R_SETUP,
    R_SOLO_LIMIT,
    R_SOLO_SETUP,
    R_SOLO_TURN,
    R_SOLO_WIN,
    R_STEAL,
    R_TAKE,
    RELEASE,
    SHARED,
    SOLO_FREE_LIMIT,
    SOLO_SET,
    SOLO_SIGIL_EMPTY,
    SOLO_TARGET,
    SOLO_UNREACHABLE,
    SOLO_WON,
    SPIRITS,
    SPIRITS_TARGET,
    TAKE,
    TARGET_SPIRITS,
    VARIANTS,
    VERSION,
    VIOLATIONS,
    _spirit,
    full_deck,
    set_kind,
    sort_cards,
    spirit_of,
    variant_flags,
)
from .guards import (
    check_at_least,
    check_available,
    check_capture_after_take,
    check_free_size,
    check_in_hand,
    check_not_escaped,
    check_not_exhausted,
    check_not_won,
    check_not_yours,
    check_recapture_size,
    check_releasable,
    check_release_order,
    check_set_shape,
    check_solo_not_over,
    check_solo_order,
    check_solo_size,
    check_spirit_out,
    check_steal_size,
    check_take_order,
)
from .layouts import DEFAULT_LAYOUT, LAYOUTS, check_layout
from .options import normalize_options, solo_deck
from .rules import _rank, check_capture, check_size, end_of_game
from .saved import from_json
from .situation import from_situation
from .state import State, new_game, replay
from .views import state_view

__all__ = [
    "ALL_CARDS",
    "BAD_INPUT_CODES",
    "CAPTURE",
    "CARDS",
    "DEFAULT_LAYOUT",
    "DISCARD",
    "FAMILIES",
    "FAMILY_OF",
    "FAMILY_OF_LETTER",
    "FEWEST_CARDS",
    "FREE_SET",
    "GAME_ID",
    "IS_SPIRIT",
    "LAYOUTS",
    "LETTER",
    "LEVELS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOST_SPIRITS",
    "MULTI_END_REASONS",
    "NUMBERS",
    "NUMBER_OF",
    "ORDER",
    "OVER",
    "RELEASE",
    "R_AVAILABLE",
    "R_CARDS",
    "R_END_LAST",
    "R_END_SPIRITS",
    "R_FACE_UP",
    "R_FREE",
    "R_FREED",
    "R_LARGER",
    "R_ONCE",
    "R_RECAPTURE",
    "R_SETUP",
    "R_SOLO_LIMIT",
    "R_SOLO_SETUP",
    "R_SOLO_TURN",
    "R_SOLO_WIN",
    "R_STEAL",
    "R_TAKE",
    "SHARED",
    "SOLO_FREE_LIMIT",
    "SOLO_SET",
    "SOLO_SIGIL_EMPTY",
    "SOLO_TARGET",
    "SOLO_UNREACHABLE",
    "SOLO_WON",
    "SPIRITS",
    "SPIRITS_TARGET",
    "TAKE",
    "TARGET_SPIRITS",
    "VARIANTS",
    "VERSION",
    "VIOLATIONS",
    "State",
    "_rank",  # used by tests
    "_spirit",  # used by content.tutorial
    "check_at_least",
    "check_available",
    "check_capture",
    "check_capture_after_take",
    "check_free_size",
    "check_in_hand",
    "check_layout",
    "check_not_escaped",
    "check_not_exhausted",
    "check_not_won",
    "check_not_yours",
    "check_recapture_size",
    "check_releasable",
    "check_release_order",
    "check_set_shape",
    "check_size",
    "check_solo_not_over",
    "check_solo_order",
    "check_solo_size",
    "check_spirit_out",
    "check_steal_size",
    "check_take_order",
    "decode_log",
    "encode_action",
    "encode_log",
    "end_of_game",
    "from_json",
    "from_situation",
    "full_deck",
    "new_game",
    "normalize_options",
    "outcome_of",
    "replay",
    "run_example",
    "set_kind",
    "solo_deck",
    "sort_cards",
    "spirit_of",
    "state_view",
    "variant_flags",
]
