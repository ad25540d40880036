"""Bounds on a search's input and on the work of one query."""
from __future__ import annotations

MAX_QUERY_CHARS = 200
MAX_LIMIT = 50
MAX_WORDS = 24  # words of a query that are used (a 200-character query has fewer)

# Bounds on the work of one query (not tuned: they only cut what no real question reaches).
WORD_WORK_CHARS = 40  # a longer "word" gets no typo, compound or other-form look-ups: the
#                       longest word of the texts has 21 letters, a compound of two at most 42
FORMS_PER_WORD = 6  # other forms of one word looked for in the texts (relatives, graded forms)
KO_RUN_CHARS = 8  # a run of Hangul is corrected in pieces of at most this many syllables
# Per-word caches (analysis, postings, names) are emptied past this size: input from the
# network must not grow a worker's heap (nor the garbage collector's passes over it).
CACHE_ENTRIES = 4_096
WORD_GROUPS = 1_024  # words of questions whose terms a language keeps (reading._word): ~2.5 KiB each
WARM_DOCS = 500  # entries per language whose bodies are analysed at start-up (today: 116)
CACHE_POSTINGS = 2_000_000  # the per-term score cache holds at most this many postings (~50 MiB)
WORK_BUDGET = 5_000  # strings examined per query (spelling.Budget); no question of the
#                     evaluation sets spends over 400


def remember(cache: dict, key, value, keep: int = CACHE_ENTRIES):
    """Store ``value`` under ``key`` in one of the per-word or per-entry caches, emptying the
    cache first once it holds more than ``keep`` entries; returns ``value``."""
    if len(cache) > keep:
        cache.clear()
    cache[key] = value
    return value
