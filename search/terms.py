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

# Field weights within a word's group: a word's stem counts the same in the title, the short
# answer, the body, the section's title and the game names (the title's weight comes from
# scoring.TITLE_BONUS); the players' phrasings count more. Each constant here and in
# scoring.py and decision.py is kept because two-fold cross-validation on the main set
# supports it (bench/search_cv.py, the table in docs/search.md), but for decision.ANSWER_MARGIN
# and scoring.PHRASING_BONUS, exceptions stated beside them.
# How players ask for the entry (text/<lang>/phrasings.yaml); halves: 2.5 and 2.5 (seventh round:
# 3.5 kept, 2.5 costs the read sets two first places net; 2.5 and 3.5 the sixth; 2.5 and 2.5 the
# fifth, 3.5 kept, 2.5 moving the development sets by a question either way; 3.5 and 5.0 the
# second).
W_PHRASING = 3.5
PHRASING_FIELDS = frozenset({"phrasing", "fphrasing"})
# Every other form a word may match in counts as the word itself: its accent-folded stem, its
# word start, the start of an inflected word, a typo's unsure correction, the parts of a
# compound, a relative or a consonant-graded form, a synonym, the glossary term a wrong word
# stands for, Korean character bigrams. Their one weight (0.6, which had replaced ten) was
# removed when cross-validation with the second round's phrasings no longer supported it.


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

    def add(self, fieldname: str, text: str) -> None:
        """A term this word matches, at its field's weight (every form of the word counts as the
        word itself; the players' phrasings count W_PHRASING)."""
        if text:
            self.terms[(fieldname, text)] = W_PHRASING if fieldname in PHRASING_FIELDS else 1.0


# The fields a word's stems go to, and those its accent-folded forms go to.
STEM_FIELDS = ("title", "answer", "body", "names", "section", "phrasing")
FOLD_FIELDS = ("ftitle", "fbody", "fphrasing")


def shortest_start(korean: bool) -> int:
    """The shortest word start a question is searched for (a table word, a mistranslated
    word: content/loader.py refuses shorter ones); a Hangul syllable says as much as letters."""
    return 2 if korean else 3


def stem_fields(group: Group, terms: list[str]) -> None:
    for t in terms:
        for fieldname in STEM_FIELDS:
            group.add(fieldname, t)


def fold_fields(group: Group, terms: list[str]) -> None:
    for t in terms:
        for fieldname in FOLD_FIELDS:
            group.add(fieldname, t)


def query_object(groups: list[Group]) -> Or:
    """The search as a Whoosh query: an Or of one Or per word (for inspection; the
    scores are computed by ``scoring``)."""
    return Or([Or([Term(f, t, boost=w) for (f, t), w in sorted(g.terms.items())]) for g in groups])
