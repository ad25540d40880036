"""The per-language index holder: one language's index opened once, its files mapped,
read-only, with what the stages of a search read from it (the vocabulary, document
frequencies, stored fields, the game names, glossary and synonyms) and their caches.

The stages are mixins, each in its own module: ``reading.QuestionReading`` (with
``forgiveness.Forgiveness``), ``concepts.Concepts``, ``closeness.Closeness``,
``scoring.Scoring`` and ``passages.Passages``. As-you-type suggestions are here.
"""
from __future__ import annotations

import hashlib
import math
import os
import pickle
import re
import threading
import warnings
from pathlib import Path

from whoosh.filedb.filestore import FileStorage

from .analyzers import analyze, fold
from .closeness import Closeness
from .concepts import Concepts
from .index import SCHEMA_VERSION, code_fingerprint, read_meta
from .korean import jamo
from .limits import WARM_DOCS, remember
from .mapped import read_in_place
from .passages import Passages
from .postings import Postings
from .reading import QuestionReading
from .results import Suggestion
from .scoring import WEIGHTING, Scoring
from .spelling import Vocabulary

STATE = "state.pickle"  # beside an index: what opening and warming it computed (save_state)
_TRANSIENT = ("ix", "schema", "an", "_local")  # reopened, never saved


def search_code() -> str:
    """All of search/'s code: a saved state is used only by the code that made it."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _game_ranges(docs: dict[int, dict]) -> dict[str, tuple[int, int]]:
    """game -> (first docnum, last docnum + 1): the index holds each game's entries in a row
    (search.documents), so a game is a range of docnums."""
    ranges: dict[str, list[int]] = {}
    for num in sorted(docs):
        game = docs[num]["game"]
        r = ranges.get(game)
        if r is None:
            ranges[game] = [num, num + 1]
        elif r[1] != num:
            raise ValueError(f"the entries of {game} are not in a row in the index")
        else:
            r[1] = num + 1
    return {game: (lo, hi) for game, (lo, hi) in ranges.items()}


class Language(QuestionReading, Concepts, Closeness, Scoring, Passages):
    """One language's index, opened once (its files mapped) and read-only."""

    def __init__(self, lang: str, version_dir: Path) -> None:
        self.lang = lang
        self.korean = lang == "ko"
        self.version = version_dir.name
        self.meta = read_meta(version_dir)
        self._open(version_dir)
        if self.meta.get("schema") != SCHEMA_VERSION or self.meta.get("code") not in (None, code_fingerprint()):
            warnings.warn(f"the {lang} search index at {version_dir} was built by other code: "
                          "run python -m search build", stacklevel=3)
        self._analysis_cache: dict[tuple[str, str], list[str]] = {}
        reader = self.ix.reader()
        try:
            self.n_docs = reader.doc_count()
            self.docs: dict[int, dict] = {num: dict(stored) for num, stored in reader.iter_docs()}
            words = {t.decode("utf-8"): reader.doc_frequency("words", t) for t in reader.lexicon("words")}
            self.df = {name: {t.decode("utf-8"): reader.doc_frequency(name, t) for t in reader.lexicon(name)}
                       for name in ("title", "answer", "body", "ftitle", "fbody", "names", "section", "phrasing",
                                    "fphrasing")}
            self.grams = {t.decode("utf-8") for t in reader.lexicon("gram")}
            self.postings = Postings(reader, WEIGHTING, [n for n in self.schema.scorable_names()])
        finally:
            reader.close()
        self.game_range = _game_ranges(self.docs)
        self.by_id = {d["id"]: d for d in self.docs.values()}
        self.num_by_id = {d["id"]: num for num, d in self.docs.items()}
        self.related = {e["id"]: set(e.get("related", ())) for e in self.meta.get("entries", [])}
        key = jamo if self.korean else str
        self.vocab = Vocabulary(words, key=key, max_distance=2, min_length=2 if self.korean else 4)
        self.folded_vocab = {fold(w) for w in words}
        self.stem_vocab = set(self.df["title"]) | set(self.df["body"]) | set(self.df["phrasing"])
        self.written_df = self._written_df(words)
        self._by_prefix: dict[str, list[str]] = {}
        for w in words:
            if len(w) >= 4 and w[:1].isalpha():
                self._by_prefix.setdefault(fold(w)[:4], []).append(w)
        self._game_names = self._name_sequences()
        self._glossary = self._glossary_rules()
        self._glossary_starts = self._glossary_lookup()
        self._synonym_starts: dict[str, list[tuple[str, set[str]]]] = {}  # by the first two letters
        self._name_cache: dict[str, str | None] = {}
        self._word_groups: dict[tuple[str, str], tuple | None] = {}  # reading._word
        self._synonyms = self._synonym_map()
        self._token_cache: dict[tuple[int, str], list[tuple[int, int, frozenset, str]]] = {}
        self.warmed = 0
        self._title_words: dict[str, list[tuple[frozenset, float]]] = {}  # scoring.title_precision, by title
        self._phrasing_keys: dict[int, dict[tuple[str, str], int]] = {}  # scoring.phrasing_share
        self._text_vectors: dict[int, tuple] = {}  # closeness
        self._word_cache: dict[tuple, tuple] = {}  # scoring.word_scores
        self._word_held = 0
        self._suggest = self._suggest_entries()
        self._concept_patterns = self._concept_table()
        self.doc_concepts = {num: self._doc_concepts(d) for num, d in self.docs.items()}
        concept_df: dict[str, int] = {}
        for found in self.doc_concepts.values():
            for c in found:
                concept_df[c] = concept_df.get(c, 0) + 1
        self.concept_idf = {c: self.idf(n) for c, n in concept_df.items()}
        self._rivals, self._kin = self._concept_relations()
        self._foreign: dict[str, object] = {}  # concepts.foreign, by glossary key

    def _open(self, version_dir: Path) -> None:
        # The index files are mapped and read in place (mapped.py): the pages are the operating
        # system's, shared by every worker on the machine, never copied into one.
        read_in_place()
        self.ix = FileStorage(str(version_dir), supports_mmap=True).open_index()
        self.schema = self.ix.schema
        self.fields = frozenset(self.schema.names())
        self.an = {name: self.schema[name].analyzer
                   for name in ("title", "fbody", "gram", "words", "phrasing", "fphrasing")}
        # words as written (closeness.py): Korean words' two-syllable pieces, as the fold
        # fields have them (its "words" are mecab's morphemes, without their endings)
        self.an["written"] = self.an["fbody" if self.korean else "words"]
        self._local = threading.local()

    # -- a saved state: the vocabulary, the tables and the warm caches, computed once --
    def save_state(self, version_dir: Path) -> None:
        """Write what opening and warming computed beside the index (plain data), so that
        the next process opens this language by reading it (content releases do)."""
        state = {k: v for k, v in vars(self).items() if k not in _TRANSIENT}
        data = pickle.dumps({"code": search_code(), "state": state}, protocol=5)
        tmp = version_dir / f".{STATE}.tmp"
        tmp.write_bytes(data)
        os.replace(tmp, version_dir / STATE)

    @classmethod
    def restored(cls, lang: str, version_dir: Path) -> Language | None:
        """The language as save_state left it, or None (no state, or made by other code)."""
        try:
            saved = pickle.loads((version_dir / STATE).read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            return None
        if saved.get("code") != search_code() or saved["state"].get("version") != version_dir.name:
            return None
        self = cls.__new__(cls)
        self.__dict__.update(saved["state"])
        self._open(version_dir)
        return self

    def warm(self) -> None:
        """Open this thread's searcher and analyze every title, body and phrasing now rather
        than on first use (highlighting, title matching and the closest phrasing read them): a
        request never pays for loading. Past WARM_DOCS entries (many times today's content),
        only the titles: the bodies and phrasings of the few entries a question ranks are
        analysed when ranked, and kept in bounded caches, as their analyses for every entry
        would take more memory than the index."""
        self.searcher()
        every = self.n_docs <= WARM_DOCS
        for docnum in self.docs:
            if every:
                self._tokens(docnum, "body")
                self._phrasing_texts(docnum)
                self._text_vectors_of(docnum)
            self.title_precision(docnum, frozenset())
        self.warmed = 2 * self.n_docs if every else 0

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
            terms = remember(self._analysis_cache, key, analyze(self.an[analyzer], text))
        return terms

    def words(self, text: str) -> list[tuple[str, int, int]]:
        """The words of a text with their offsets. The last text's are kept per thread: reading a
        question, finding its game and its name ask for them in turn (callers only read the list)."""
        last = getattr(self._local, "words", None)
        if last is not None and last[0] == text:
            return last[1]
        found = [(t.text, t.startchar, t.endchar) for t in self.an["words"](text, chars=True)]
        self._local.words = (text, found)
        return found

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
