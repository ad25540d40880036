"""Searching: from what a player typed to ranked entries, an answer card or none.

User text never reaches Whoosh's query parser. It is validated, cut into words by
the language's analyzer, and each word becomes a group of alternatives (its stem
in the title, answer and body fields, its accent-folded stem, its word-start
n-gram, a glossary term it stands for, a correction of a typo, the parts of a
compound); Whoosh runs the ``Or`` of these groups.
Whoosh scores with BM25F; a coordination bonus then rewards a document for the
share of the query (weighted by the words' rarity) it matches, and that share is
also the confidence behind the answer card.
"""
from __future__ import annotations

import math
import re
import threading
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup, escape
from whoosh.filedb.filestore import FileStorage, copy_to_ram
from whoosh.query import Or, Term

from .analyzers import (GRAM_MAX, GRAM_MIN, LANGS, NUMBER_WORDS, STOP_WORDS, analyze, fold, is_hangul,
                        jamo)
from .index import DEFAULT_ROOT, META, current_version, read_meta
from .spelling import Vocabulary

MAX_QUERY_CHARS = 200
MAX_LIMIT = 50
MAX_WORDS = 24  # words of a query that are used (a 200-character query has fewer)

# Field weights within a word's group.
W_TITLE = 2.5
W_ANSWER = 1.2
W_BODY = 1.0
W_FOLD = 0.9  # times the field's weight
W_GRAM = 0.45
W_NAMES = 0.35
W_BIGRAM = 0.35  # Korean character bigrams
W_TYPO = 0.8  # a correction of a word that is not in the texts
W_GLOSSARY = 1.0  # the term a wrong word (a mistranslation) stands for
W_SPLIT = 0.7  # a part of a compound query word

# Coordination: the final score is bm25 * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER).
COORD_BASE = 0.25
COORD_POWER = 1.5

# The answer card and "nothing clear".
ANSWER_MIN_COVERAGE = 0.6  # the top FAQ entry matches this share of the question
ANSWER_MARGIN = 1.25  # and scores this much more than the best entry that is not related to it
NO_ANSWER_COVERAGE = 0.45  # under this share, nothing scores clearly

FRAGMENT_CHARS = 180

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
        self.an = {name: self.schema[name].analyzer for name in ("title", "fbody", "gram", "words")}
        self._local = threading.local()
        reader = self.ix.reader()
        try:
            self.n_docs = reader.doc_count()
            self.docs: dict[int, dict] = {num: dict(stored) for num, stored in reader.iter_docs()}
            words = {t.decode("utf-8"): reader.doc_frequency("words", t) for t in reader.lexicon("words")}
            self.df = {name: {t.decode("utf-8"): reader.doc_frequency(name, t) for t in reader.lexicon(name)}
                       for name in ("title", "answer", "body", "ftitle", "fbody")}
            self.grams = {t.decode("utf-8") for t in reader.lexicon("gram")}
        finally:
            reader.close()
        self.by_id = {d["id"]: d for d in self.docs.values()}
        self.related = {e["id"]: set(e.get("related", ())) for e in self.meta.get("entries", [])}
        key = jamo if self.korean else str
        self.vocab = Vocabulary(words, key=key, max_distance=2, min_length=2 if self.korean else 4)
        self.folded_vocab = {fold(w) for w in words}
        self.stem_vocab = set(self.df["title"]) | set(self.df["body"])
        self._game_names = self._name_sequences()
        self._glossary = self._glossary_rules()
        self._highlight_cache: dict[int, list[tuple[int, int, frozenset]]] = {}
        self._term_cache: dict[tuple[str, str], dict[int, float]] = {}
        self._suggest = self._suggest_entries()

    # per-thread Whoosh searcher over the in-memory index
    def searcher(self):
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._local.searcher = self.ix.searcher()
        return s

    def close(self) -> None:
        s = getattr(self._local, "searcher", None)
        if s is not None:
            s.close()

    # -- analysis helpers --
    def stems(self, text: str) -> list[str]:
        return analyze(self.an["title"], text)

    def folds(self, text: str) -> list[str]:
        return analyze(self.an["fbody"], text)

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
    def groups(self, q: str) -> list[Group]:
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
            low = fold(surface.lower())
            if self.korean:
                for i in range(len(raw) - 1):
                    if is_hangul(raw[i:i + 2]):
                        g.add("fbody", raw[i:i + 2], W_BIGRAM)
                        g.add("ftitle", raw[i:i + 2], W_BIGRAM * W_TITLE)
                if len(surface) >= 2:
                    g.add("gram", surface[:GRAM_MAX], W_GRAM)
            elif len(low) >= GRAM_MIN:
                g.add("gram", low[:GRAM_MAX], W_GRAM)
                for f in folds:
                    if len(f) >= GRAM_MIN:
                        g.add("gram", f[:GRAM_MAX], W_GRAM)
            known = (surface in self.vocab or low in self.folded_vocab
                     or (not self.korean and len(low) >= GRAM_MIN and low[:GRAM_MAX] in self.grams))
            # a mistranslated word (from the glossary's "wrong" list) leads to the right term
            for prefix, term_stems, weight in self._glossary:
                if (start <= folded_q.find(prefix) < end) if " " in prefix else low.startswith(prefix):
                    _stem_fields(g, term_stems, weight)
                    known = True
            if not known and not surface[:1].isdigit() and surface[:1].isalpha():
                self._forgive(g, surface)
            g.idf = self._group_idf(g, stems, folds, known)
            groups.append(g)
        return groups

    def _forgive(self, g: Group, surface: str) -> None:
        """A word the texts do not have: a compound of known words, or a typo."""
        low = surface.lower()
        if not self.korean and len(low) >= 7:
            for i in range(len(low) - 3, 2, -1):
                head, tail = low[:i], low[i:]
                hs, ts = self.stems(head), self.stems(tail)
                if hs and ts and hs[0] in self.stem_vocab and ts[0] in self.stem_vocab:
                    _stem_fields(g, hs + ts, W_SPLIT)
                    _fold_fields(g, self.folds(head) + self.folds(tail), W_SPLIT)
                    return
        length = len(surface)
        if self.korean:
            max_d = 0 if length < 2 else (1 if length == 2 else 2)
        else:
            max_d = 0 if length < 4 else (1 if length < 8 else 2)
        if not max_d:
            return
        candidates = self.vocab.closest(low, max_d)
        if not candidates:
            return
        best = candidates[0]
        g.correction = best[0]
        for word, dist, _df in candidates[:3]:
            if dist > best[1]:
                break
            stems = [word] if self.korean else self.stems(word)
            _stem_fields(g, stems, W_TYPO)
            if not self.korean:
                _fold_fields(g, self.folds(word), W_TYPO)

    def _group_idf(self, g: Group, stems: list[str], folds: list[str], known: bool) -> float:
        dfs = [self.df[f].get(t, 0) for (f, t) in g.terms if f in self.df]
        df = max(dfs) if dfs else 0
        if df == 0:
            return self.idf(0)  # a word no entry has: the question asks about something else
        return self.idf(df)

    def detect_game(self, q: str) -> str | None:
        seq = []
        for surface, start, end in self.words(q):
            seq.extend(self.stems(q[start:end]))
        for game, names in self._game_names:
            n = len(names)
            for i in range(len(seq) - n + 1):
                if tuple(seq[i:i + n]) == names:
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
            if (fieldname, text) in searcher.reader():
                m = searcher.postings(fieldname, text)
                while m.is_active():
                    table[m.id()] = m.score()
                    m.next()
            if len(self._term_cache) > 50_000:
                self._term_cache.clear()
            self._term_cache[key] = table
        return table

    def score(self, docnum: int, groups: list[Group], matched: set, total_idf: float) -> tuple[float, float]:
        """(score, coverage) of a document. A word counts once, at its best field
        (Whoosh 2.7's DisjunctionMax matcher mixes other documents' sub-scores into a
        document's score, so the maximum is taken here); coverage is the share of the
        query's idf mass the document matches."""
        total, covered = 0.0, 0.0
        for g in groups:
            best = 0.0
            for key, weight in g.terms.items():
                if key in matched:
                    s = self.term_scores(*key).get(docnum, 0.0) * weight
                    if s > best:
                        best = s
            if best > 0:
                total += best
                covered += g.idf
        return total, covered / total_idf

    # -- highlighting --
    def _body_tokens(self, docnum: int) -> list[tuple[int, int, frozenset[str]]]:
        cached = self._highlight_cache.get(docnum)
        if cached is not None:
            return cached
        body = self.docs[docnum].get("body", "")
        tokens = []
        if self.korean:
            for t in self.an["title"](body, chars=True, removestops=False):
                tokens.append((t.startchar, t.endchar, frozenset({("body", t.text)})))
        else:
            for _surface, s, e in self.words(body):
                raw = body[s:e]
                keys = {("body", t) for t in self.stems(raw)} | {("fbody", t) for t in self.folds(raw)}
                low = fold(raw.lower())
                keys |= {("gram", low[:k]) for k in range(GRAM_MIN, min(len(low), GRAM_MAX) + 1)}
                tokens.append((s, e, frozenset(keys)))
        self._highlight_cache[docnum] = tokens
        return tokens

    def fragment(self, docnum: int, matched: set[tuple[str, str]]) -> Markup:
        body = self.docs[docnum].get("body", "")
        keys = set(matched)
        keys |= {("body", t) for (f, t) in matched if f in ("title", "answer", "names")}
        keys |= {("fbody", t) for (f, t) in matched if f == "ftitle"}
        marks = [(s, e) for s, e, k in self._body_tokens(docnum) if k & keys]
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
        out = [Markup("\u2026 ") if start > 0 else Markup("")]
        pos = start
        for s, e in marks:
            if s < start or e > end:
                continue
            out.append(escape(body[pos:s]))
            out.append(Markup("<mark>") + escape(body[s:e]) + Markup("</mark>"))
            pos = e
        out.append(escape(body[pos:end]))
        if end < len(body):
            out.append(Markup(" \u2026"))
        return Markup("").join(out).replace("\n", " ")

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

    def __init__(self, index_root: Path | str = DEFAULT_ROOT, langs=LANGS) -> None:
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
                    self._langs[lang] = _Language(lang, version)
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

        query = Or([Or([Term(f, t, boost=w) for (f, t), w in sorted(g.terms.items())]) for g in groups])
        total_idf = sum(g.idf for g in groups) or 1.0
        searcher = ix.searcher()
        results = searcher.search(query, limit=None, terms=True,
                                  filter=Term("game", game) if game else None)
        scored = []
        for hit in results:
            matched = {(f, t.decode("utf-8") if isinstance(t, bytes) else t) for f, t in hit.matched_terms()}
            score, coverage = ix.score(hit.docnum, groups, matched, total_idf)
            final = score * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER)
            scored.append((final, coverage, hit.docnum, ix.docs[hit.docnum], matched))
        scored.sort(key=lambda x: (-x[0], x[3]["order"]))
        if detected and not game:
            scored.sort(key=lambda x: x[3]["game"] != detected)  # stable: the named game first

        answer, no_answer = _decide(scored, ix)
        hits = []
        for final, coverage, docnum, doc, matched in scored[:limit]:
            hits.append(Hit(id=doc["id"], kind=doc["kind"], game=doc["game"], score=final,
                            confidence=coverage, title=doc["title"], answer=doc.get("answer") or None,
                            fragment=ix.fragment(docnum, matched)))
        return SearchResult(q, lang, game, hits, answer, no_answer, suggestion, detected)

    def suggest(self, prefix: str, lang: str, limit: int = 8, game: str | None = None) -> list[Suggestion]:
        """Titles and questions for as-you-type: those starting with the prefix first,
        then those with words starting with each word of it (FAQ before rules, then in
        reading order). Accents are ignored; Korean matches jamo by jamo, so 위ㅈ
        already finds 위자드. An empty prefix gives []."""
        if not isinstance(prefix, str) or not prefix.strip():
            return []
        prefix = validate_query(prefix)
        ix = self._lang(lang)
        self._check_game(game)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise BadLimit(f"limit must be between 1 and {MAX_LIMIT}")
        return ix.suggest(prefix, limit, game)


def _decide(scored: list, ix: _Language) -> tuple[str | None, bool]:
    """(answer card id or None, no_answer)."""
    if not scored:
        return None, True
    final, coverage, _docnum, doc, _m = scored[0]
    no_answer = coverage < NO_ANSWER_COVERAGE
    if doc["kind"] != "faq" or coverage < ANSWER_MIN_COVERAGE or no_answer:
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


__all__ = ["Searcher", "SearchResult", "Hit", "Suggestion", "QueryError", "EmptyQuery", "QueryTooLong",
           "UnknownLanguage", "UnknownGame", "BadLimit", "IndexNotBuilt", "validate_query",
           "MAX_QUERY_CHARS", "META"]
