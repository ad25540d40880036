"""Searching: from what a player typed to ranked entries, an answer card or none.

User text never reaches Whoosh's query parser. It is validated, cut into words by
the language's analyzer, and each word becomes a group of alternative terms: its
stem in the title, answer, body, game-name and section-title fields, its
accent-folded stem, its word start (n-gram field), other forms of it found in the
texts (lt, et, fi) or with a consonant in the other grade (et, fi), synonyms, the
glossary term a mistranslation stands for, a typo's correction, the parts of a
compound. The groups are OR-ed (``query_object`` gives the Whoosh query). Each
term's BM25F score comes from Whoosh; a word counts once, at its best term; then

    final = sum of the words' scores
            * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER)      more words matched
            * (1 + TITLE_BONUS * title_coverage * title_precision)             question ~ title
            * (1 + PROXIMITY_BONUS * share of neighbouring words found together)
            * OTHER_GAME_FACTOR if the words belong to another game only
            * (1 + CONCEPT_BONUS * idf of the query's glossary concepts the entry names / idf mass)

where coverage is the share of the query's idf mass the entry matches. That share
(a typo-corrected word counting half) is also the confidence behind the answer
card and "nothing clear". See docs/search.md.
"""
from __future__ import annotations

import html
import math
import re
import threading
import unicodedata
import warnings
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from markupsafe import Markup
from whoosh.filedb.filestore import FileStorage, copy_to_ram
from whoosh.query import Or, Term
from whoosh.scoring import BM25F

from .analyzers import (
    GRAM_MAX,
    GRAM_MIN,
    LANGS,
    NUMBER_WORDS,
    STOP_WORDS,
    analyze,
    fold,
    is_hangul,
    jamo,
)
from .index import (
    DEFAULT_ROOT,
    META,
    SCHEMA_VERSION,
    code_fingerprint,
    current_version,
    read_meta,
)
from .spelling import Budget, Vocabulary

MAX_QUERY_CHARS = 200
MAX_LIMIT = 50
MAX_WORDS = 24  # words of a query that are used (a 200-character query has fewer)

# Field weights within a word's group.
W_TITLE = 2.5
W_ANSWER = 0.5
W_BODY = 1.0
W_FOLD = 0.7  # times the field's weight
W_GRAM = 0.45
W_NAMES = 0.2
W_SECTION = 2.0  # the title of the entry's section ("Your turn", "Setup")
W_BIGRAM = 0.35  # Korean character bigrams
W_TYPO = 0.8  # a correction of a word that is not in the texts
W_GLOSSARY = 1.0  # the term a wrong word (a mistranslation) stands for
W_SPLIT = 0.7  # a part of a compound query word
W_JOINED = 1.0  # two query words written as one word in the texts
W_PREFIX = 0.8  # the start of an inflected word (lt, et, fi)
PREFIX_LANGS = ("lt", "et", "fi")
PREFIX_MIN, PREFIX_SHARE = 5, 0.6
W_RELATIVE = 0.9  # another form of the word, by a long shared start (lt, et, fi)
RELATIVE_MIN, RELATIVE_SHARE, RELATIVE_TAIL, RELATIVE_MAX = 5, 0.6, 4, 6
# Consonant gradation (et, fi): a query word also counts for the texts' forms with the
# other grade of one consonant (käännetty ~ kääntyi, viedyn ~ vietiin), and their
# relatives, at a lower weight. Applied to every word, not only unknown stems: see the
# fourth round in docs/search.md for why (held-out Estonian R@1 66.7 -> 77.8 %).
W_GRADE = 0.6
GRADES = {
    "et": (("rt", "rd"), ("kk", "k"), ("pp", "p"), ("tt", "t"), ("t", "d"), ("k", "g"), ("p", "b")),
    "fi": (("kk", "k"), ("pp", "p"), ("tt", "t"), ("nk", "ng"), ("nt", "nn"), ("lt", "ll"), ("rt", "rr"),
           ("mp", "mm"), ("t", "d"), ("p", "v")),
}
W_SYNONYM = 0.6  # a word players use for the same thing (synonyms.py)
TYPO_MIN_LENGTH = 5  # shorter unknown words are not corrected (too many neighbours)
# Bounds on the work of one query (not tuned: they only cut what no real question reaches).
WORD_WORK_CHARS = 40  # a longer "word" gets no typo, compound or other-form look-ups: the
#                       longest word of the texts has 21 letters, a compound of two at most 42
KO_RUN_CHARS = 8  # a run of Hangul is corrected in pieces of at most this many syllables
# Per-word caches (analysis, postings, names) are emptied past this size: input from the
# network must not grow a worker's heap (nor the garbage collector's passes over it).
CACHE_ENTRIES = 4_096
WORK_BUDGET = 5_000  # strings examined per query (spelling.Budget); no question of the
#                     evaluation sets spends over 400

# Coordination: the final score is
#   bm25 * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER)
#        * (1 + TITLE_BONUS * title_coverage ** TITLE_POWER)
# where coverage is the share of the query's idf mass an entry matches anywhere and
# title_coverage the share it matches in its title (a rule's title, an FAQ question).
COORD_BASE = 0.25
COORD_POWER = 1.5
TITLE_BONUS = 3.0
TITLE_POWER = 1.0
TITLE_FIELDS = ("title", "ftitle")
TITLE_PRECISION = 1.0  # ... times (share of the title's own words the query has) ** this
# Neighbouring query words that stand together in an entry ("next round", "clue deck"):
# the top PROXIMITY_TOP entries get * (1 + PROXIMITY_BONUS * share of such pairs).
PROXIMITY_BONUS = 2.0
PROXIMITY_TOP = 30

# Glossary terms as concepts: the texts' own names for things ("secret number card",
# "clue row"), found by the glossary's word starts (so inflected forms count), the
# longest term winning where terms overlap (the "secret number" inside "Reveal a
# secret number" card is the reveal card, not a secret number). An entry naming the
# query's concepts scores * (1 + CONCEPT_BONUS * idf of the query's concepts it names /
# the idf mass of the query's words), so a common concept ("card") adds little.
CONCEPT_BONUS = 3.0

# A query that uses words of one game only (trick, spirit, clue card) is about that game:
# the other games' entries score this much less.
OTHER_GAME_FACTOR = 0.3

# BM25F; titles are short, so their length matters less.
WEIGHTING = BM25F(B=0.5, K1=2.0, title_B=0.4, ftitle_B=0.4)

# The answer card and "nothing clear".
ANSWER_MIN_COVERAGE = 0.6  # the top FAQ entry matches this share of the question
ANSWER_MARGIN = 1.5  # and scores this much more than the best entry that is not related to it
NO_ANSWER_COVERAGE = 0.45  # under this share, nothing scores clearly
GUESS_CONFIDENCE = 0.5  # a word matched only through a typo correction counts this much

FRAGMENT_CHARS = 180


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_WHITESPACE = re.compile(r"[\t\n\r\v\f\u2028\u2029]|\s+")


# --- errors ----------------------------------------------------------------------------------------


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


# --- results -----------------------------------------------------------------------------------------


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
    lang: str
    game: str | None  # the game filter asked for
    hits: list[Hit]
    answer: str | None = None  # id of the FAQ entry to show as the answer card, or None
    no_answer: bool = False  # True when nothing scores clearly: say so, show no answer
    suggestion: str | None = None  # "did you mean": the query with unknown words corrected
    detected_game: str | None = None  # a game the query names (its hits come first)

    @property
    def answer_hit(self) -> Hit | None:
        return next((h for h in self.hits if h.id == self.answer), None) if self.answer else None

    def to_dict(self) -> dict:
        return {"query": self.query, "lang": self.lang, "game": self.game, "answer": self.answer,
                "no_answer": self.no_answer, "suggestion": self.suggestion,
                "detected_game": self.detected_game, "hits": [h.to_dict() for h in self.hits]}


@dataclass(frozen=True)
class Suggestion:
    id: str
    kind: str
    game: str
    title: str

    def to_dict(self) -> dict:
        return {"id": self.id, "kind": self.kind, "game": self.game, "title": self.title}


# --- query analysis ---------------------------------------------------------------------------------------


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
        return frozenset((norm.get(f, f), t) for (f, t) in self.terms if f not in ("names", "section"))

    def add(self, fieldname: str, text: str, weight: float) -> None:
        if text:
            key = (fieldname, text)
            if weight > self.terms.get(key, 0.0):
                self.terms[key] = weight


def _stem_fields(group: Group, terms: list[str], weight: float) -> None:
    for t in terms:
        group.add("title", t, W_TITLE * weight)
        group.add("answer", t, W_ANSWER * weight)
        group.add("body", t, W_BODY * weight)
        group.add("names", t, W_NAMES * weight)
        group.add("section", t, W_SECTION * weight)


def _fold_fields(group: Group, terms: list[str], weight: float) -> None:
    for t in terms:
        group.add("ftitle", t, W_TITLE * W_FOLD * weight)
        group.add("fbody", t, W_BODY * W_FOLD * weight)


class _Language:
    """One language's index, opened once (copied to memory) and read-only."""

    def __init__(self, lang: str, version_dir: Path) -> None:
        self.lang = lang
        self.korean = lang == "ko"
        self.version = version_dir.name
        self.meta = read_meta(version_dir)
        self.ix = copy_to_ram(FileStorage(str(version_dir))).open_index()
        self.schema = self.ix.schema
        self.fields = frozenset(self.schema.names())
        if self.meta.get("schema") != SCHEMA_VERSION or self.meta.get("code") not in (None, code_fingerprint()):
            warnings.warn(f"the {lang} search index at {version_dir} was built by other code: "
                          "run python -m search build", stacklevel=3)
        self.an = {name: self.schema[name].analyzer for name in ("title", "fbody", "gram", "words")}
        self._local = threading.local()
        self._analysis_cache: dict[tuple[str, str], list[str]] = {}
        reader = self.ix.reader()
        try:
            self.n_docs = reader.doc_count()
            self.docs: dict[int, dict] = {num: dict(stored) for num, stored in reader.iter_docs()}
            words = {t.decode("utf-8"): reader.doc_frequency("words", t) for t in reader.lexicon("words")}
            self.df = {name: {t.decode("utf-8"): reader.doc_frequency(name, t) for t in reader.lexicon(name)}
                       for name in ("title", "answer", "body", "ftitle", "fbody", "names", "section")}
            self.grams = {t.decode("utf-8") for t in reader.lexicon("gram")}
        finally:
            reader.close()
        self.by_id = {d["id"]: d for d in self.docs.values()}
        self.related = {e["id"]: set(e.get("related", ())) for e in self.meta.get("entries", [])}
        key = jamo if self.korean else str
        self.vocab = Vocabulary(words, key=key, max_distance=2, min_length=2 if self.korean else 4)
        self.folded_vocab = {fold(w) for w in words}
        self.stem_vocab = set(self.df["title"]) | set(self.df["body"])
        self._by_prefix: dict[str, list[str]] = {}
        for w in words:
            if len(w) >= 4 and w[:1].isalpha():
                self._by_prefix.setdefault(fold(w)[:4], []).append(w)
        self._game_names = self._name_sequences()
        self._glossary = self._glossary_rules()
        self._synonym_starts: list[tuple[str, set[str]]] = []
        self._name_cache: dict[str, str | None] = {}
        self._synonyms = self._synonym_map()
        self._token_cache: dict[tuple[int, str], list[tuple[int, int, frozenset]]] = {}
        self._title_words: dict[int, list[tuple[frozenset, float]]] = {}
        self._position_cache: dict[tuple[int, str], dict[tuple[str, str], set[int]]] = {}
        self._term_cache: dict[tuple[str, str], dict[int, float]] = {}
        self._suggest = self._suggest_entries()
        self._concept_patterns = self._concept_table()
        self.doc_concepts = {num: self._doc_concepts(d) for num, d in self.docs.items()}
        concept_df: dict[str, int] = {}
        for found in self.doc_concepts.values():
            for c in found:
                concept_df[c] = concept_df.get(c, 0) + 1
        self.concept_idf = {c: self.idf(n) for c, n in concept_df.items()}

    def warm(self) -> None:
        """Analyze every title and body now rather than on first use (highlighting,
        proximity and title matching read them), and open this thread's searcher: a
        request never pays for loading."""
        self.searcher()
        for docnum in self.docs:
            self._positions(docnum, "title")
            self._positions(docnum, "body")
            self.title_precision(docnum, frozenset())

    # per-thread Whoosh searcher over the in-memory index
    def searcher(self):
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._local.searcher = self.ix.searcher(weighting=WEIGHTING)
        return s

    def close(self) -> None:
        s = getattr(self._local, "searcher", None)
        if s is not None:
            s.close()

    # -- analysis helpers --
    def stems(self, text: str) -> list[str]:
        return self._cached("title", text)

    def folds(self, text: str) -> list[str]:
        return self._cached("fbody", text)

    def _cached(self, analyzer: str, text: str) -> list[str]:
        key = (analyzer, text)
        terms = self._analysis_cache.get(key)
        if terms is None:
            terms = analyze(self.an[analyzer], text)
            if len(self._analysis_cache) > CACHE_ENTRIES:
                self._analysis_cache.clear()
            self._analysis_cache[key] = terms
        return terms

    def words(self, text: str) -> list[tuple[str, int, int]]:
        return [(t.text, t.startchar, t.endchar) for t in self.an["words"](text, chars=True)]

    def _name_sequences(self) -> list[tuple[str, tuple[str, ...]]]:
        out = []
        for game, names in self.meta.get("games", {}).items():
            for name in names:
                seq = tuple(self.stems(name))
                if seq:
                    out.append((game, seq))
        out.sort(key=lambda x: -len(x[1]))
        return out

    def _glossary_rules(self) -> list[tuple[str, list[str], float]]:
        """(folded word start, the term's stems, weight): wrong words lead to the term."""
        rules = []
        for item in self.meta.get("glossary", []):
            term_stems = self.stems(item["term"])
            if not term_stems:
                continue
            for wrong in item.get("wrong", []):
                w = fold(wrong.lower()).strip()
                if len(w) >= (2 if self.korean else 3):
                    rules.append((w, term_stems, W_GLOSSARY))
        return rules

    # -- glossary concepts --
    def _concept_table(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(pattern, glossary key) for the texts (the term and its word starts) and for
        queries (also the "wrong" words players use for it), longest pattern first."""
        texts, queries = [], []
        for item in self.meta.get("glossary", []):
            key = item["key"]  # one concept across games ("card", "trump"): the key is the same
            own = {_concept_norm(p) for p in (item["term"], *item.get("match", ()))}
            wrong = {_concept_norm(p) for p in item.get("wrong", ())}
            for pat in own:
                if len(pat) >= 2:
                    texts.append((pat, key))
                    queries.append((pat, key))
            for pat in wrong - own:
                if len(pat) >= 3:
                    queries.append((pat, key))
        texts.sort(key=lambda x: -len(x[0]))
        queries.sort(key=lambda x: -len(x[0]))
        return texts, queries

    def concepts(self, text: str, for_query: bool = False) -> set[str]:
        """The glossary concepts a text names; where terms overlap the longest wins."""
        norm = _concept_norm(text)
        if not norm:
            return set()
        taken = bytearray(len(norm))
        found = set()
        for pat, key in self._concept_patterns[1 if for_query else 0]:
            start = 0
            while True:
                i = norm.find(pat, start)
                if i < 0:
                    break
                start = i + 1
                if i and norm[i - 1] != " ":
                    continue  # a word start only
                j = norm.find(" ", i + len(pat))
                j = len(norm) if j < 0 else j
                if any(taken[i:j]):
                    continue
                taken[i:j] = b"\x01" * (j - i)
                found.add(key)
        return found

    def _doc_concepts(self, doc: dict) -> frozenset[str]:
        """The concepts an entry's title, answer or body names."""
        parts = (doc.get(f) or "" for f in ("title", "answer", "body"))
        return frozenset().union(*(self.concepts(p) for p in parts))

    def _synonym_map(self) -> dict[str, set[str]]:
        """stem -> the stems of the words players use for the same thing."""
        from .synonyms import SYNONYMS

        out: dict[str, set[str]] = {}
        for group in SYNONYMS.get(self.lang, []):
            stems = set()
            for word in group:
                terms = [word] if self.korean else self.stems(word)  # Korean: morphemes already
                if len(terms) == 1:
                    stems.add(terms[0])
            for stem in stems:
                out.setdefault(stem, set()).update(stems - {stem})
            for word in group:  # the words themselves, for word starts (bluff -> bluffing)
                if " " not in word and len(word) >= 4:
                    self._synonym_starts.append((fold(word.lower()), stems))
        return out

    def _synonyms_of(self, low: str, stems: list[str]) -> set[str]:
        found: set[str] = set()
        for stem in stems:
            found |= self._synonyms.get(stem, set())
        folded = fold(low)
        for start, group in self._synonym_starts:
            if folded.startswith(start) and len(folded) - len(start) <= 4:
                found |= group
        return found - set(stems)

    def _suggest_entries(self) -> list[tuple[dict, str, list[str]]]:
        out = []
        for e in sorted(self.meta.get("entries", []), key=lambda e: e["order"]):
            key = self._suggest_key(e["title"])
            out.append((e, key, key.split()))
        return out

    def _suggest_key(self, text: str) -> str:
        text = fold(text.lower())
        if self.korean:
            text = jamo(text)
        return " ".join(re.findall(r"\w+|#+|[+\-]\d+", text))

    def idf(self, df: int) -> float:
        return math.log(1.0 + (self.n_docs - df + 0.5) / (df + 0.5))

    # -- the query --
    def groups(self, q: str, budget: Budget | None = None) -> list[Group]:
        """One group per word of the question: the terms that word may match, weighted."""
        budget = budget or Budget(WORK_BUDGET)
        groups: list[Group] = []
        words = self.words(q)[:MAX_WORDS]
        folded_q = fold(q.lower())
        for surface, start, end in words:
            raw = q[start:end]
            if self.korean:
                if surface in STOP_WORDS["ko"]:
                    continue
                stems = [NUMBER_WORDS["ko"].get(surface, surface)]
                folds: list[str] = []
            else:
                stems = self.stems(raw)
                if not stems:
                    continue  # a stop word
                folds = self.folds(raw)
            g = Group(surface=raw, start=start, end=end)
            _stem_fields(g, stems, 1.0)
            _fold_fields(g, folds, 1.0)
            for other in sorted(self._synonyms_of(surface.lower(), stems)):
                _stem_fields(g, [other], W_SYNONYM)
            low = fold(surface.lower())
            if self.korean:
                for i in range(len(raw) - 1):
                    if is_hangul(raw[i:i + 2]):
                        g.add("fbody", raw[i:i + 2], W_BIGRAM)
                        g.add("ftitle", raw[i:i + 2], W_BIGRAM * W_TITLE)
                if len(surface) >= 2:
                    g.add("gram", surface[:GRAM_MAX], W_GRAM)
            elif len(low) >= GRAM_MIN:
                long_word = len(low) > WORD_WORK_CHARS
                g.add("gram", low[:GRAM_MAX], W_GRAM)
                for f in folds:
                    if len(f) >= GRAM_MIN:
                        g.add("gram", f[:GRAM_MAX], W_GRAM)
                if self.lang in PREFIX_LANGS and len(low) > PREFIX_MIN:
                    # inflected and compound words: the start of the word (vihjekortin ->
                    # vihjeko, finds vihjekortti)
                    g.add("gram", low[:max(PREFIX_MIN, math.ceil(len(low) * PREFIX_SHARE))], W_PREFIX)
                if self.lang in PREFIX_LANGS and not long_word:
                    # other forms of the word in the texts, by a long shared start
                    # (kaarti ~ kaardid, kortteja ~ kortti): the stemmers of these
                    # languages leave many forms apart
                    for other in self._relatives(low, budget):
                        _stem_fields(g, self.stems(other), W_RELATIVE)
                    if W_GRADE and self.lang in GRADES:
                        for other in self._graded(low, budget):
                            _stem_fields(g, self.stems(other), W_GRADE)
            if not self.korean and not any(self.df["names"].get(t) for t in stems):
                game = self._inflected_name(surface)
                if game:
                    for name in self.meta["games"][game]:
                        for t in self.stems(name):
                            g.add("names", t, W_NAMES)
            known = (surface in self.vocab or low in self.folded_vocab
                     or any(self.df[f].get(t) for (f, t) in g.terms if f in self.df)
                     or (not self.korean and len(low) >= GRAM_MIN and low[:GRAM_MAX] in self.grams))
            # a mistranslated word (from the glossary's "wrong" list) leads to the right term
            for prefix, term_stems, weight in self._glossary:
                if (start <= folded_q.find(prefix) < end) if " " in prefix else low.startswith(prefix):
                    _stem_fields(g, term_stems, weight)
                    known = True
            g.known = known
            if not known and not surface[:1].isdigit() and surface[:1].isalpha():
                self._forgive(g, surface, budget)
            g.idf = self._group_idf(g, stems, folds, known)
            groups.append(g)
        self._join_neighbours(q, groups)
        if self.korean:
            groups = self._korean_typos(q, groups, budget)
        return groups

    def _korean_typos(self, q: str, groups: list[Group], budget: Budget) -> list[Group]:
        """A Korean word with a typo is often cut into pieces that mean nothing (광데 ->
        광 + 데): when no piece of a word is known, the word itself, without a final
        syllable or two (a particle), is compared with the known morphemes. A run of
        Hangul longer than KO_RUN_CHARS (words typed without spaces) is taken in pieces."""
        out = list(groups)
        for m in re.finditer(r"[\uac00-\ud7a3]{2,}", q):
            for start in range(m.start(), m.end(), KO_RUN_CHARS):
                end = min(start + KO_RUN_CHARS, m.end())
                if end - start >= 2:
                    out = self._korean_typo(q, start, end, groups, out, budget)
        out.sort(key=lambda g: g.start)
        return out

    def _korean_typo(self, q: str, start: int, end: int, groups: list[Group], out: list[Group],
                     budget: Budget) -> list[Group]:
        inside = [g for g in groups if start <= g.start and g.end <= end]
        if not inside or any(g.known for g in inside):
            return out  # only particles and endings, or a known word
        word = q[start:end]
        for cut in range(len(word), max(1, len(word) - 3), -1):
            core = word[:cut]
            if len(core) < 2:
                break
            candidates = self.vocab.closest(core, 1 if len(core) == 2 else 2, budget)
            if candidates:
                g = Group(surface=core, start=start, end=start + cut, correction=candidates[0][0], known=True)
                best = candidates[0][1]
                for cand, dist, _df in candidates[:3]:
                    if dist == best:
                        _stem_fields(g, [cand], W_TYPO)
                g.guessed = set(g.terms)
                dfs = [self.df["body"].get(c, 0) for c, _d, _f in candidates[:1]]
                g.idf = self.idf(max(dfs) if dfs else 0)
                out = [x for x in out if x not in inside] + [g]
                break
        return out

    def _join_neighbours(self, q: str, groups: list[Group]) -> None:
        """Two neighbouring words written apart that the texts write as one ("set up" /
        "setup", "vihje kortti" / "vihjekortti") count for both words."""
        if self.korean:
            return
        for a, b in pairwise(groups):
            if not q[a.end:b.start].isspace() and q[a.end:b.start] not in ("-",):
                continue
            joined = (a.surface + b.surface).lower()
            stems = self.stems(joined)
            if len(stems) == 1 and (self.df["title"].get(stems[0]) or self.df["body"].get(stems[0])):
                for g in (a, b):
                    _stem_fields(g, stems, W_JOINED)
                    _fold_fields(g, self.folds(joined), W_JOINED)

    def _relatives(self, low: str, budget: Budget) -> list[str]:
        """Words of the texts that share a long start with ``low`` (folded)."""
        if len(low) < RELATIVE_MIN:
            return []
        out = []
        near = self._by_prefix.get(low[:4], ())
        if not budget.take(len(near)):
            return []
        for word in near:
            folded = fold(word)
            if folded == low:
                continue
            n = 0
            for a, b in zip(folded, low):
                if a != b:
                    break
                n += 1
            if n >= max(4, RELATIVE_SHARE * min(len(folded), len(low))) and len(low) - n <= RELATIVE_TAIL:
                out.append((n, word))
        out.sort(key=lambda x: -x[0])
        return [w for _n, w in out[:RELATIVE_MAX]]

    def _graded(self, low: str, budget: Budget) -> list[str]:
        """Words of the texts that are ``low`` (folded) with one consonant in the other
        grade (strong kk, tt, nk, nt ... for weak k, t, ng, nn ... and back), or
        relatives of such a form; the first two letters are kept."""
        if len(low) < RELATIVE_MIN:
            return []
        out = set()
        for i in range(2, len(low) - 1):
            for strong, weak in GRADES[self.lang]:
                for have, other in ((strong, weak), (weak, strong)):
                    if not low.startswith(have, i) or low.startswith(have + have[-1], i):
                        continue  # a single k, t, p that is the first of a double is not weak
                    alt = low[:i] + other + low[i + len(have):]
                    if len(alt) < RELATIVE_MIN:
                        continue
                    out.update(self._relatives(alt, budget))
                    if alt in self.vocab:
                        out.add(alt)
        return sorted(out)[:RELATIVE_MAX]

    def _forgive(self, g: Group, surface: str, budget: Budget) -> None:
        """A word the texts do not have: a compound of known words, or a typo. A word
        longer than WORD_WORK_CHARS is no word of these languages: it is left as it is."""
        low = surface.lower()
        if len(low) > WORD_WORK_CHARS:
            return
        if not self.korean and len(low) >= 7 and budget.take(2 * (len(low) - 6)):
            for i in range(len(low) - 3, 2, -1):
                head, tail = low[:i], low[i:]
                hs, ts = self.stems(head), self.stems(tail)
                if hs and ts and hs[0] in self.stem_vocab and ts[0] in self.stem_vocab:
                    _stem_fields(g, hs + ts, W_SPLIT)
                    _fold_fields(g, self.folds(head) + self.folds(tail), W_SPLIT)
                    return
        length = len(surface)
        if self.korean:
            max_d = 0 if length < 2 else (1 if length == 2 else 2)  # in jamo
        else:
            max_d = 0 if length < TYPO_MIN_LENGTH else (1 if length < 9 else 2)
        if not max_d:
            return
        candidates = self.vocab.closest(low, max_d, budget)
        if not candidates:
            return
        best = candidates[0]
        g.correction = best[0]
        before = set(g.terms)
        for word, dist, _df in candidates[:3]:
            if dist > best[1]:
                break
            stems = [word] if self.korean else self.stems(word)
            _stem_fields(g, stems, W_TYPO)
            if not self.korean:
                _fold_fields(g, self.folds(word), W_TYPO)
        g.guessed = set(g.terms) - before

    def _group_idf(self, g: Group, stems: list[str], folds: list[str], known: bool) -> float:
        """How much a word weighs: the idf of the word itself when the texts have it;
        else of the rarest of what it was taken for (a correction, the parts of a
        compound, a glossary term); else the idf of a word no entry has (the question
        is about something else)."""
        own = [self.df[f].get(t, 0) for f in ("title", "body", "answer", "names") for t in stems]
        own += [self.df[f].get(t, 0) for f in ("ftitle", "fbody") for t in folds]
        df = max(own, default=0)
        if df:
            return self.idf(df)
        others = [self.df[f].get(t, 0) for (f, t) in g.terms if f in self.df]
        others = [d for d in others if d]
        return self.idf(min(others) if others else 0)

    def detect_game(self, q: str) -> str | None:
        """The game a query names, in any language's spelling (위자드 and 위저드 alike),
        inflected too (wizardissa, siggilis)."""
        seq = []
        for surface, start, end in self.words(q):
            seq.extend(self.stems(q[start:end]))
        for game, names in self._game_names:
            n = len(names)
            for i in range(len(seq) - n + 1):
                if tuple(seq[i:i + n]) == names:
                    return game
        for surface, _start, _end in self.words(q):
            game = self._inflected_name(surface)
            if game:
                return game
        return None

    def _inflected_name(self, word: str) -> str | None:
        if word in self._name_cache:
            return self._name_cache[word]
        found = self._find_inflected_name(word)
        if len(self._name_cache) > CACHE_ENTRIES:
            self._name_cache.clear()
        self._name_cache[word] = found
        return found

    def _find_inflected_name(self, word: str) -> str | None:
        low = fold(word.lower())
        for game, names in self.meta.get("games", {}).items():
            for name in names:
                name = fold(name.lower())
                if " " not in name and len(name) >= 4 and low.startswith(name) and len(low) - len(name) <= 5:
                    return game
        return None

    def term_scores(self, fieldname: str, text: str) -> dict[int, float]:
        """BM25F score of one term in each document that has it (Whoosh's scorer over
        the postings), cached: the index never changes under an open Searcher."""
        key = (fieldname, text)
        table = self._term_cache.get(key)
        if table is None:
            table = {}
            searcher = self.searcher()
            if fieldname in self.fields and (fieldname, text) in searcher.reader():
                m = searcher.postings(fieldname, text)
                while m.is_active():
                    table[m.id()] = m.score()
                    m.next()
            if len(self._term_cache) > CACHE_ENTRIES:
                self._term_cache.clear()
            self._term_cache[key] = table
        return table

    def match(self, groups: list[Group], game: str | None) -> dict[int, tuple[float, float, float, float]]:
        """docnum -> (score, idf mass matched, idf mass matched in the title, idf mass
        matched counting a word matched only through a typo correction at
        GUESS_CONFIDENCE) for every document matching a word.

        Each word's group is an OR of its terms, the words are OR-ed (what
        ``query_object`` spells as a Whoosh query); a word counts once, at its best
        term, and the words' scores add up. The per-term BM25F scores come from
        Whoosh (``term_scores``); the combination is done here because Whoosh
        2.7.4's DisjunctionMax matcher mixes other documents' sub-scores into a
        document's score, and its collector costs several milliseconds per query."""
        docs = self.docs
        out: dict[int, list[float]] = {}
        for g in groups:
            best: dict[int, float] = {}
            in_title: set[int] = set()
            sure: set[int] = set()
            for key, weight in g.terms.items():
                table = self.term_scores(*key)
                if key[0] in TITLE_FIELDS:
                    in_title.update(table)
                if key not in g.guessed:
                    sure.update(table)
                for docnum, s in table.items():
                    s *= weight
                    if s > best.get(docnum, 0.0):
                        best[docnum] = s
            for docnum, s in best.items():
                if game and docs[docnum]["game"] != game:
                    continue
                acc = out.get(docnum)
                if acc is None:
                    acc = out[docnum] = [0.0, 0.0, 0.0, 0.0]
                acc[0] += s
                acc[1] += g.idf
                acc[3] += g.idf if docnum in sure else g.idf * GUESS_CONFIDENCE
                if docnum in in_title:
                    acc[2] += g.idf
        return {d: (v[0], v[1], v[2], v[3]) for d, v in out.items()}

    def title_precision(self, docnum: int, query_keys: frozenset) -> float:
        """The share (by idf) of a title's words that the query has: a question worded
        like an FAQ question matches it in both directions."""
        words = self._title_words.get(docnum)
        if words is None:
            words = []
            for _s, _e, keys in self._tokens(docnum, "title"):
                terms = [t for (f, t) in keys if f == "body"]
                if not terms:
                    continue  # a stop word
                df = max(self.df["title"].get(t, 0) + self.df["body"].get(t, 0) for t in terms)
                title_keys = {("title", t) for (f, t) in keys if f == "body"}
                title_keys |= {("ftitle", t) for (f, t) in keys if f == "fbody"}
                title_keys |= {k for k in keys if k[0] == "gram"}
                words.append((frozenset(title_keys), self.idf(min(df, self.n_docs))))
            self._title_words[docnum] = words
        total = sum(idf for _k, idf in words)
        if not total:
            return 0.0
        return sum(idf for keys, idf in words if keys & query_keys) / total

    def implied_game(self, groups: list[Group]) -> str | None:
        """The game a query is about without naming it: the one whose own words (words
        only that game's entries have: trick, spirit, clue card) it uses, when it uses
        no other game's own words."""
        evidence: dict[str, float] = {}
        for g in groups:
            games = set()
            for key in g.terms:
                if key[0] in ("title", "body", "answer", "ftitle", "fbody"):
                    games.update(self.docs[d]["game"] for d in self.term_scores(*key))
            if len(games) == 1:
                only = games.pop()
                evidence[only] = evidence.get(only, 0.0) + g.idf
        if len(evidence) != 1:
            return None
        return next(iter(evidence))

    def matched_terms(self, docnum: int, groups: list[Group]) -> set[tuple[str, str]]:
        return {key for g in groups for key in g.terms if docnum in self.term_scores(*key)}

    def query_object(self, groups: list[Group]):
        """The search as a Whoosh query: an Or of one Or per word (for inspection; the
        scores are computed by ``match``)."""
        return Or([Or([Term(f, t, boost=w) for (f, t), w in sorted(g.terms.items())]) for g in groups])

    # -- highlighting --
    def _tokens(self, docnum: int, part: str) -> list[tuple[int, int, frozenset]]:
        """The words of a document's title or body, each with the terms it was indexed
        under, as ("body" | "fbody" | "gram", term) (cached)."""
        key = (docnum, part)
        cached = self._token_cache.get(key)
        if cached is not None:
            return cached
        text = self.docs[docnum].get(part, "") or ""
        by_start: dict[int, set] = {}
        for t in self.an["title"](text, chars=True):
            by_start.setdefault(t.startchar, set()).add(("body", t.text))
        if not self.korean:
            for t in self.an["fbody"](text, chars=True):
                by_start.setdefault(t.startchar, set()).add(("fbody", t.text))
        tokens = []
        for t in self.an["words"](text, chars=True):
            keys = by_start.get(t.startchar, set())
            if not self.korean:
                low = fold(t.text)
                keys = keys | {("gram", low[:k]) for k in range(GRAM_MIN, min(len(low), GRAM_MAX) + 1)}
            tokens.append((t.startchar, t.endchar, frozenset(keys)))
        self._token_cache[key] = tokens
        return tokens

    def _positions(self, docnum: int, part: str) -> dict[tuple[str, str], set[int]]:
        """term -> the word positions that have it, in a document's title or body (cached)."""
        key = (docnum, part)
        cached = self._position_cache.get(key)
        if cached is None:
            cached = {}
            for i, (_s, _e, keys) in enumerate(self._tokens(docnum, part)):
                for k in keys:
                    cached.setdefault(k, set()).add(i)
            self._position_cache[key] = cached
        return cached

    def proximity(self, docnum: int, groups: list[Group], pair_keys: list[frozenset]) -> float:
        """The idf mass of the query's neighbouring word pairs that stand next to each
        other (at most one word between) in the document's title or body."""
        found = 0.0
        parts = [self._positions(docnum, "title"), self._positions(docnum, "body")]
        where = []
        for keys in pair_keys:
            spots = []
            for positions in parts:
                here: set[int] = set()
                for k in keys:
                    p = positions.get(k)
                    if p:
                        here |= p
                spots.append(here)
            where.append(spots)
        for i in range(len(groups) - 1):
            for a, b in zip(where[i], where[i + 1]):
                if a and b and any(p + 1 in b or p + 2 in b for p in a):
                    found += min(groups[i].idf, groups[i + 1].idf)
                    break
        return found

    def fragment(self, docnum: int, matched: set[tuple[str, str]]) -> Markup:
        body = self.docs[docnum].get("body", "")
        keys = set(matched)
        keys |= {("body", t) for (f, t) in matched if f in ("title", "answer", "names")}
        keys |= {("fbody", t) for (f, t) in matched if f == "ftitle"}
        marks = [(s, e) for s, e, k in self._tokens(docnum, "body") if k & keys]
        if not body:
            return Markup("")
        if marks:
            # the window of FRAGMENT_CHARS holding the most marks
            best_i, best_n = 0, 0
            j = 0
            for i in range(len(marks)):
                while j < len(marks) and marks[j][1] - marks[i][0] <= FRAGMENT_CHARS:
                    j += 1
                if j - i > best_n:
                    best_i, best_n = i, j - i
            start = marks[best_i][0]
            # begin at the sentence (or a word) before the first mark, a little context
            first = start
            sentence = max(body.rfind(". ", 0, first), body.rfind("? ", 0, first), body.rfind("! ", 0, first))
            line = body.rfind("\n", 0, first)
            start = max(sentence + 2 if sentence >= 0 else 0, line + 1, first - 60, 0)
            if start > 0 and not body[start - 1].isspace():
                sp = body.find(" ", start, first)
                start = sp + 1 if sp >= 0 else first
        else:
            start = 0
        end = min(len(body), start + FRAGMENT_CHARS)
        if end < len(body):
            sp = body.rfind(" ", start, end)
            end = sp if sp > start + FRAGMENT_CHARS // 2 else end
        out = ["\u2026 " if start > 0 else ""]
        pos = start
        for s, e in marks:
            if s < pos or e > end:
                continue
            out.append(_esc(body[pos:s]))
            out.append("<mark>" + _esc(body[s:e]) + "</mark>")
            pos = e
        out.append(_esc(body[pos:end]))
        if end < len(body):
            out.append(" \u2026")
        return Markup("".join(out).replace("\n", " "))  # every piece of text went through _esc

    # -- as-you-type --
    def suggest(self, prefix: str, limit: int, game: str | None) -> list[Suggestion]:
        key = self._suggest_key(prefix)
        if not key:
            return []
        words = key.split()
        done, last = words[:-1], words[-1]
        trailing_space = prefix[-1:].isspace()
        scored = []
        for e, title_key, title_words in self._suggest:
            if game and e["game"] != game:
                continue
            if title_key.startswith(key):
                rank = 0
            else:
                ok = all(any(w.startswith(d) for w in title_words) for d in done)
                if trailing_space:
                    ok = ok and any(w.startswith(last) for w in title_words)
                else:
                    ok = ok and any(w.startswith(last) for w in title_words)
                if not ok:
                    if self.korean and key.replace(" ", "") in title_key.replace(" ", ""):
                        rank = 2
                    else:
                        continue
                else:
                    rank = 1
            scored.append((rank, 0 if e["kind"] == "faq" else 1, e["order"], e))
        scored.sort(key=lambda x: x[:3])
        return [Suggestion(id=e["id"], kind=e["kind"], game=e["game"], title=e["title"])
                for *_, e in scored[:limit]]


class Searcher:
    """The search over every language's index. Open one per process and share it:
    it is read-only, loads each index into memory once and keeps one Whoosh
    searcher and one mecab Tagger per thread.

    >>> s = Searcher("var/index")
    >>> r = s.search("may I play a jester if I hold the led suit", "en")
    >>> r.answer, [h.id for h in r.hits][:3]
    """

    def __init__(self, index_root: Path | str = DEFAULT_ROOT, langs=LANGS, warm: bool = True) -> None:
        self.root = Path(index_root)
        self._langs: dict[str, _Language] = {}
        self._lock = threading.Lock()
        missing = []
        for lang in langs:
            version = current_version(self.root / lang)
            if version is None:
                missing.append(lang)
                continue
            self._langs[lang] = _Language(lang, version)
            if warm:
                self._langs[lang].warm()
        if missing:
            raise IndexNotBuilt(f"no search index for {', '.join(missing)} under {self.root} "
                                f"(run: python -m search build --dir {self.root})")

    @property
    def langs(self) -> tuple[str, ...]:
        return tuple(self._langs)

    @property
    def games(self) -> tuple[str, ...]:
        first = next(iter(self._langs.values()))
        return tuple(sorted(first.meta.get("games", {})))

    def version(self, lang: str) -> str:
        return self._lang(lang).version

    def refresh(self) -> bool:
        """Reopen the languages whose index was rebuilt since; True if any was."""
        changed = False
        with self._lock:
            for lang, old in list(self._langs.items()):
                version = current_version(self.root / lang)
                if version is not None and version.name != old.version:
                    fresh = _Language(lang, version)
                    fresh.warm()
                    self._langs[lang] = fresh
                    changed = True
        return changed

    def close(self) -> None:
        for lang in self._langs.values():
            lang.close()

    def _lang(self, lang: str) -> _Language:
        try:
            return self._langs[lang]
        except (KeyError, TypeError):
            raise UnknownLanguage(f"unknown language {lang!r}") from None

    def _check_game(self, game: str | None) -> None:
        if game is not None and game not in self.games:
            raise UnknownGame(f"unknown game {game!r}")

    def search(self, q: str, lang: str, game: str | None = None, limit: int = 10) -> SearchResult:
        """Entries answering a question, best first.

        Raises QueryError (a ValueError with ``.code``) for an empty or over-long
        query, an unknown language or game, or a limit outside 1..50; never an
        exception from Whoosh, whatever the text.
        """
        q = validate_query(q)
        ix = self._lang(lang)
        self._check_game(game)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise BadLimit(f"limit must be between 1 and {MAX_LIMIT}")

        groups = ix.groups(q)
        detected = ix.detect_game(q)
        suggestion = _suggestion(q, groups)
        if not groups:
            return SearchResult(q, lang, game, [], None, True, suggestion, detected)

        scored = []
        total_idf = sum(g.idf for g in groups) or 1.0
        query_keys = frozenset(key for g in groups for key in g.terms)
        matches = ix.match(groups, game)
        implied = None if (game or detected) else ix.implied_game(groups)
        q_concepts = ix.concepts(q, for_query=True) if CONCEPT_BONUS else set()
        for docnum, (score, covered, in_title, sure) in matches.items():
            coverage = covered / total_idf
            confidence = sure / total_idf
            title = (in_title / total_idf) ** TITLE_POWER * ix.title_precision(docnum, query_keys) ** TITLE_PRECISION
            final = (score * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER) * (1 + TITLE_BONUS * title))
            if implied and ix.docs[docnum]["game"] != implied:
                final *= OTHER_GAME_FACTOR
            if q_concepts:
                have = ix.doc_concepts[docnum]
                got = sum(ix.concept_idf.get(c, 0.0) for c in q_concepts if c in have)
                final *= 1 + CONCEPT_BONUS * got / total_idf
            scored.append((final, confidence, docnum, ix.docs[docnum]))
        scored.sort(key=lambda x: (-x[0], x[3]["kind"] != "faq", x[3]["order"]))
        if len(groups) > 1 and PROXIMITY_BONUS:
            pair_keys = [g.doc_keys() for g in groups]
            pair_idf = sum(min(a.idf, b.idf) for a, b in pairwise(groups)) or 1.0
            top = scored[:PROXIMITY_TOP]
            for n, (final, confidence, docnum, doc) in enumerate(top):
                near = ix.proximity(docnum, groups, pair_keys) / pair_idf
                top[n] = (final * (1 + PROXIMITY_BONUS * near), confidence, docnum, doc)
            scored[:PROXIMITY_TOP] = top
            scored.sort(key=lambda x: (-x[0], x[3]["kind"] != "faq", x[3]["order"]))
        if detected and not game:
            scored.sort(key=lambda x: x[3]["game"] != detected)  # stable: the named game first

        answer, no_answer = _decide(scored, ix)
        hits = []
        for final, confidence, docnum, doc in scored[:limit]:
            hits.append(Hit(id=doc["id"], kind=doc["kind"], game=doc["game"], score=final,
                            confidence=confidence, title=doc["title"], answer=doc.get("answer") or None,
                            fragment=ix.fragment(docnum, ix.matched_terms(docnum, groups))))
        return SearchResult(q, lang, game, hits, answer, no_answer, suggestion, detected)

    def query_object(self, q: str, lang: str):
        """The Whoosh query a search runs (an Or of one Or of terms per word), for
        inspection and debugging."""
        ix = self._lang(lang)
        return ix.query_object(ix.groups(validate_query(q)))

    def suggest(self, prefix: str, lang: str, limit: int = 8, game: str | None = None) -> list[Suggestion]:
        """Titles and questions for as-you-type: those starting with the prefix first,
        then those with words starting with each word of it (FAQ before rules, then in
        reading order). Accents are ignored; Korean matches jamo by jamo, so 위ㅈ
        already finds 위자드. An empty prefix gives []."""
        if not isinstance(prefix, str) or not prefix.strip():
            return []
        try:
            prefix = validate_query(prefix)
        except EmptyQuery:  # nothing left once control characters are removed
            return []
        ix = self._lang(lang)
        self._check_game(game)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise BadLimit(f"limit must be between 1 and {MAX_LIMIT}")
        return ix.suggest(prefix, limit, game)


_NON_WORD = re.compile(r"[^\w#+\-]+")


def _concept_norm(text: str) -> str:
    """Lowercased, accents folded, punctuation to single spaces (for glossary matching)."""
    return _NON_WORD.sub(" ", fold(text.lower())).strip()


def _decide(scored: list, ix: _Language) -> tuple[str | None, bool]:
    """(answer card id or None, no_answer)."""
    if not scored:
        return None, True
    final, confidence, _docnum, doc = scored[0]
    no_answer = confidence < NO_ANSWER_COVERAGE
    if doc["kind"] != "faq" or confidence < ANSWER_MIN_COVERAGE or no_answer:
        return None, no_answer
    related = ix.related.get(doc["id"], set())
    rivals = [s for s in scored[1:] if s[3]["id"] not in related and doc["id"] not in ix.related.get(s[3]["id"], set())]
    if rivals and final < ANSWER_MARGIN * rivals[0][0]:
        return None, False
    return doc["id"], False


def _suggestion(q: str, groups: list[Group]) -> str | None:
    fixes = [(g.start, g.end, g.correction) for g in groups if g.correction]
    if not fixes:
        return None
    out, pos = [], 0
    for start, end, word in fixes:
        raw = q[start:end]
        if raw[:1].isupper():
            word = word[:1].upper() + word[1:]
        out.append(q[pos:start])
        out.append(word)
        pos = end
    out.append(q[pos:])
    return "".join(out)


__all__ = [
    "MAX_QUERY_CHARS",
    "META",
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
    "validate_query",
]
