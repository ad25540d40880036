"""What a search refuses: the errors (a 400 on the site) and the validation of a query."""
from __future__ import annotations

import re
import unicodedata

from .limits import MAX_QUERY_CHARS

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_WHITESPACE = re.compile(r"[\t\n\r\v\f\u2028\u2029]|\s+")


class QueryError(ValueError):
    """A search input the site refuses with a 400. ``code`` is stable; ``message`` is English."""

    code = "invalid"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code:
            self.code = code
        self.message = message


class EmptyQuery(QueryError):
    code = "empty"


class QueryTooLong(QueryError):
    code = "too-long"


class UnknownLanguage(QueryError):
    code = "unknown-lang"


class UnknownGame(QueryError):
    code = "unknown-game"


class BadLimit(QueryError):
    code = "bad-limit"


class IndexNotBuilt(RuntimeError):
    """The index folder has no built index for a language (run ``python -m search build``)."""


def validate_query(q) -> str:
    """The query as it will be searched, or a QueryError.

    Control characters are removed (tabs and line breaks become spaces), the text
    is NFC-normalized and its whitespace collapsed. Empty or blank -> EmptyQuery;
    over 200 characters after that -> QueryTooLong; not a string or not encodable
    (lone surrogates) -> QueryError code "invalid".
    """
    if not isinstance(q, str):
        raise QueryError("the query must be text", "invalid")
    try:
        q.encode("utf-8")
    except UnicodeEncodeError:
        raise QueryError("the query is not valid text", "invalid") from None
    q = unicodedata.normalize("NFC", q)
    q = _WHITESPACE.sub(" ", _CONTROL.sub("", q.replace("\t", " ").replace("\n", " ").replace("\r", " ")))
    q = "".join(ch for ch in q if unicodedata.category(ch) not in ("Cc", "Cs", "Co", "Cn") or ch == " ")
    q = q.strip()
    if not q:
        raise EmptyQuery("the query is empty")
    if len(q) > MAX_QUERY_CHARS:
        raise QueryTooLong(f"the query is longer than {MAX_QUERY_CHARS} characters")
    return q
