"""Wizard (Ken Fisher; Amigo): the trick-taking game with Wizards and Jesters.

A game is (options, seed, actions); its state is the replay of the action log.

Cards are tokens: "H7", "D13", "C1", "S10" (suit letter H/D/C/S and rank 1-13),
"W" for a Wizard and "J" for a Jester (four of each; the tokens do not tell them apart).

Actions (small JSON dicts; the optional "player" names the seat that acts and is checked):
    {"type": "choose_trump", "suit": "H"}      dealer, after a turned-up Wizard
    {"type": "bid", "bid": 2}                  0..cards dealt this round
    {"type": "play", "card": "H7"}

Seats are numbered 0..players-1; "left" is the next seat up (seat + 1). In refusals the
params carry both `player` (0-based) and `seat` (1-based, for sentences); view panels show
1-based seats.

Options:
    players                    3..6 (default 4)
    forbid_bids_equal_tricks   bool (default False): the common variant in which the bids of
                               a round may not add up to the number of cards dealt
    first_dealer               seat of the first dealer (default 0)
    start_round, end_round     play only rounds start_round..end_round (defaults 1 and
                               60 / players): a shortened game for tutorials and examples
    deal                       a preset deal for start_round: {"hands": [[tokens] per seat],
                               "trump_card": token (optional)}; the rest of the deck is
                               shuffled with the seed

Pure functions for the ruling tools and the JSON API (all validate, raising BadInput):
    parse_card / card_token / norm_card, trick_winner(trump, cards), legal_cards(trump, hand,
    trick), check_play(trump, hand, trick, card) (raises the game's RuleViolation),
    score_round / score_details(bids, tricks, round_size=None), ranking(totals), rounds_for.
A compact log for URLs: encode_log / decode_log ("b2.tH.H7", see below).

Nothing here knows a language: refusals carry a rule id, a code and params; the reasons of
the pure functions are codes too (REASONS), with sentences in labels.yaml.

The package, by job:
    cards      the deck, card tokens, checking cards given as input
    rules      the rules as pure functions (follow suit, trick winner, legal cards, scores)
    guards     one guard per enforced rule; the refusal and bad-input codes
    options    the options of a game, validated
    state      State (legal actions, apply, JSON), new_game, replay
    codec      the compact log for URLs
    views      the panels pages draw, the facts examples check
    examples   run_example, for content/games/wizard/examples.yaml
"""
from __future__ import annotations

from .cards import (
    COPIES,
    DECK_SIZE,
    FULL_DECK,
    JESTER,
    MAX_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RANK_OF,
    RANKS,
    SORT_KEY,
    SUIT_OF,
    SUITS,
    WIZARD,
    Card,
    card_token,
    check_cards,
    full_deck,
    norm_card,
    parse_card,
)
from .codec import MAX_LOG_CHARS, decode_log, encode_action, encode_log
from .examples import run_example
from .guards import (
    BAD_INPUT_CODES,
    VIOLATIONS,
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
    check_play,
    check_play_turn,
    check_suit_chosen,
    check_trump_choice_open,
    check_trump_chosen,
    check_trump_not_jester,
    check_trump_not_last_round,
    check_trump_not_set_by_card,
)
from .options import OPTION_KEYS, normalize_options
from .rules import (
    PHASE_BID,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_TRUMP,
    REASONS,
    led_suit,
    legal_cards,
    ranking,
    rounds_for,
    score_details,
    score_round,
    trick_winner,
)
from .state import GAME_ID, MAX_ACTIONS, VERSION, State, new_game, replay
from .views import game_outcome, game_view

__all__ = [
    "BAD_INPUT_CODES",
    "COPIES",
    "DECK_SIZE",
    "FULL_DECK",
    "GAME_ID",
    "JESTER",
    "MAX_ACTIONS",
    "MAX_HAND",
    "MAX_LOG_CHARS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_KEYS",
    "PHASE_BID",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PHASE_TRUMP",
    "RANKS",
    "RANK_OF",
    "REASONS",
    "SORT_KEY",
    "SUITS",
    "SUIT_OF",
    "VERSION",
    "VIOLATIONS",
    "WIZARD",
    "Card",
    "State",
    "card_token",
    "check_bid_range",
    "check_bid_total",
    "check_bid_turn",
    "check_bidding_open",
    "check_bids_done",
    "check_card_in_hand",
    "check_cards",
    "check_dealer_chooses",
    "check_follow_suit",
    "check_jester_led",
    "check_not_over",
    "check_play",
    "check_play_turn",
    "check_suit_chosen",
    "check_trump_choice_open",
    "check_trump_chosen",
    "check_trump_not_jester",
    "check_trump_not_last_round",
    "check_trump_not_set_by_card",
    "decode_log",
    "encode_action",
    "encode_log",
    "full_deck",
    "game_outcome",
    "game_view",
    "led_suit",
    "legal_cards",
    "new_game",
    "norm_card",
    "normalize_options",
    "parse_card",
    "ranking",
    "replay",
    "rounds_for",
    "run_example",
    "score_details",
    "score_round",
    "trick_winner",
]
