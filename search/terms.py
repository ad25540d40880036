"""Building the query: each word of a question is a group of alternative terms,
(field, text) -> weight, and the groups are OR-ed.

``query_object`` spells the groups as a Whoosh query (an Or of one Or per word), for
inspection; the scores are computed by ``scoring`` over the same groups, term by term.
The weights of the fields a word's stem and folded stem go to are here; the weights
of the other alternatives (synonyms, corrections, other forms) are with the stage of
reading the question that adds them (``reading``, ``forgiveness``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from whoosh.query import Or, Term

# Field weights within a word's group.
W_TITLE = 2.5
W_ANSWER = 0.5
W_BODY = 1.0
W_FOLD = 0.7  # times the field's weight
W_GRAM = 0.45
W_NAMES = 0.2
W_SECTION = 2.0  # the title of the entry's section ("Your turn", "Setup")
W_PHRASING = 1.5  # how players ask for the entry (content: text/<lang>/phrasings.yaml)


@dataclass
class Group:
    """One word of the query and the terms that count as a match for it."""

    surface: str
    start: int
    end: int
    terms: dict[tuple[str, str], float] = field(default_factory=dict)  # (field, text) -> weight
    idf: float = 0.0
    correction: str | None = None  # a known word the surface is probably a typo of
    known: bool = False  # the texts have the word (or a glossary term it stands for)
    guessed: set = field(default_factory=set)  # terms added as a typo correction

    def doc_keys(self) -> frozenset:
        """The group's terms as they are found in a document's words."""
        norm = {"title": "body", "answer": "body", "ftitle": "fbody"}
        return frozenset((norm.get(f, f), t) for (f, t) in self.terms
                         if f not in ("names", "section", "phrasing", "fphrasing"))

    def add(self, fieldname: str, text: str, weight: float) -> None:
        if text:
            key = (fieldname, text)
            if weight > self.terms.get(key, 0.0):
                self.terms[key] = weight


def stem_fields(group: Group, terms: list[str], weight: float) -> None:
    for t in terms:
        group.add("title", t, W_TITLE * weight)
        group.add("answer", t, W_ANSWER * weight)
        group.add("body", t, W_BODY * weight)
        group.add("names", t, W_NAMES * weight)
        group.add("section", t, W_SECTION * weight)
        group.add("phrasing", t, W_PHRASING * weight)


def fold_fields(group: Group, terms: list[str], weight: float) -> None:
    for t in terms:
        group.add("ftitle", t, W_TITLE * W_FOLD * weight)
        group.add("fbody", t, W_BODY * W_FOLD * weight)
        group.add("fphrasing", t, W_PHRASING * W_FOLD * weight)


def query_object(groups: list[Group]) -> Or:
    """The search as a Whoosh query: an Or of one Or per word (for inspection; the
    scores are computed by ``scoring``)."""
    return Or([Or([Term(f, t, boost=w) for (f, t), w in sorted(g.terms.items())]) for g in groups])
