"""What a search gives: hits, the result of a question, as-you-type suggestions."""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup


@dataclass(frozen=True)
class Hit:
    id: str
    kind: str  # "rule" or "faq"
    game: str
    score: float  # final score (higher is better; comparable within one result only)
    confidence: float  # share of the query the entry matches, 0..1, rarer words weighing more
    title: str  # the rule's title or the FAQ question, plain text
    answer: str | None  # an FAQ entry's short answer, else None
    fragment: Markup  # escaped HTML: a passage of the body with <mark> around matched words

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind, "game": self.game, "score": round(self.score, 4),
                "confidence": round(self.confidence, 3), "title": self.title, "answer": self.answer,
                "fragment": str(self.fragment)}


@dataclass(frozen=True)
class SearchResult:
    query: str  # the query as searched (validated)
    lang: str  # the language of the answer (the page's)
    game: str | None  # the game filter asked for
    hits: list[Hit]
    answer: str | None = None  # id of the FAQ entry to show as the answer card, or None
    no_answer: bool = False  # True when nothing scores clearly: say so, show no answer
    suggestion: str | None = None  # "did you mean": the query with unknown words corrected
    detected_game: str | None = None  # a game the query names (its hits come first)
    query_lang: str | None = None  # the language the question was read in (None: as ``lang``)
    beyond: str | None = None  # what no rule answers that the question asks: "advice", "slip", "breach", "product", "time"
    unspoken: str | None = None  # no card: a kind of rule the question names that the first hit never speaks of
    # ("variant", "bonus", "penalty", "rule": search/rule_kinds.py)

    @property
    def answer_hit(self) -> Hit | None:
        return next((h for h in self.hits if h.id == self.answer), None) if self.answer else None

    def to_dict(self) -> dict:
        return {"query": self.query, "lang": self.lang, "game": self.game, "answer": self.answer,
                "no_answer": self.no_answer, "suggestion": self.suggestion,
                "detected_game": self.detected_game, "query_lang": self.query_lang or self.lang,
                "beyond": self.beyond, "unspoken": self.unspoken, "hits": [h.to_dict() for h in self.hits]}


@dataclass(frozen=True)
class Suggestion:
    id: str
    kind: str
    game: str
    title: str

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind, "game": self.game, "title": self.title}
