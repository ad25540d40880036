"""Search over the rulebook: Whoosh, one index per language.

    from search import Searcher, QueryError
    searcher = Searcher("var/index")            # once per process
    result = searcher.search("may I play a jester?", "en", game=None, limit=10)
    result.hits, result.answer, result.no_answer, result.suggestion
    searcher.suggest("jest", "en", limit=8)

Build the index with ``python -m search build [--dir DIR]``.
"""
from .index import DEFAULT_ROOT, build
from .query import (
    MAX_LIMIT,
    MAX_QUERY_CHARS,
    BadLimit,
    EmptyQuery,
    Hit,
    IndexNotBuilt,
    QueryError,
    QueryTooLong,
    Searcher,
    SearchResult,
    Suggestion,
    UnknownGame,
    UnknownLanguage,
    validate_query,
)

__all__ = [
    "DEFAULT_ROOT",
    "MAX_LIMIT",
    "MAX_QUERY_CHARS",
    "BadLimit",
    "EmptyQuery",
    "Hit",
    "IndexNotBuilt",
    "QueryError",
    "QueryTooLong",
    "SearchResult",
    "Searcher",
    "Suggestion",
    "UnknownGame",
    "UnknownLanguage",
    "build",
    "validate_query",
]
