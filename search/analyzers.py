"""Analyzers per language.

Whoosh pickles the schema, analyzers included, into the index. Everything here
is therefore a module-level class or function with a stable import path, and
nothing holds an unpicklable object in its state: the PyStemmer stemmers and the
mecab Tagger are created lazily, one per thread, after unpickling.

Five analyzers are made per language (see `analyzers_for`):

- ``stem``: the main one. lt, et, fi, en: words (keeping ``#``, ``##``,
  ``+1``, ``-1``), lowercased, stop words dropped, number words mapped to
  digits, Snowball stems (PyStemmer). ko: mecab-ko content morphemes.
- ``fold``: the same with diacritics folded before stemming (``zaidejai``
  finds ``žaidėjai``); for Korean, Hangul character bigrams as a fallback for
  words the morphological analysis splits differently.
- ``gram``: word-start n-grams of folded words, for compounds
  (``salaarvukaart`` is found by ``salaarv``).
- ``words``: the surface words, lowercased, unstemmed, stop words kept: the
  vocabulary for "did you mean" and for splitting compound query words.
- ``names``: the stem analyzer (game names and section titles).

The word lists live in `search.lexicon`, the Korean analysis in `search.korean`;
every name they had here is still importable from this module, so an index
whose schema pickled `search.analyzers.KoreanTokenizer` still opens.
"""
from __future__ import annotations

import functools
import threading
import unicodedata
from collections.abc import Iterator

from whoosh.analysis import (
    Filter,
    LowercaseFilter,
    NgramFilter,
    RegexTokenizer,
    Token,
)

# Re-exported (`X as X`): the names that lived here keep their import paths.
from .korean import KO_AUX_STOP as KO_AUX_STOP
from .korean import KO_KEEP as KO_KEEP
from .korean import KO_MM_NUMBERS as KO_MM_NUMBERS
from .korean import KO_VERB_STOP as KO_VERB_STOP
from .korean import HangulBigramTokenizer, KoreanStopFilter, KoreanTokenizer
from .korean import is_hangul as is_hangul
from .korean import jamo as jamo
from .korean import korean_morphemes as korean_morphemes
from .korean import tagger as tagger
from .lexicon import ENGLISH_IRREGULAR, LANGS, NUMBER_WORDS, SNOWBALL, STOP_WORDS, WORD_PATTERN
from .lexicon import SYMBOL as SYMBOL

_local = threading.local()


# --- folding ---------------------------------------------------------------------------------

_FOLD_EXTRA = str.maketrans({"ß": "ss", "æ": "ae", "ø": "o", "đ": "d", "ł": "l", "œ": "oe",
                             "\u2212": "-", "\u2019": "'"})


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Strip diacritics from Latin letters: žaidėjai -> zaidejai, mängija -> mangija.

    Hangul is left alone (NFKD would split syllables into jamo).
    """
    out = []
    for ch in text.translate(_FOLD_EXTRA):
        if ch.isascii() or "\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f":
            out.append(ch)
            continue
        decomposed = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in decomposed if not unicodedata.combining(c)))
    return "".join(out)


# --- stemming (lt, et, fi, en) -----------------------------------------------------------------


def stemmer(lang: str):
    """This thread's PyStemmer stemmer for a language (PyStemmer objects neither pickle nor
    share across threads)."""
    cache = getattr(_local, "stemmers", None)
    if cache is None:
        cache = _local.stemmers = {}
    st = cache.get(lang)
    if st is None:
        import Stemmer

        st = cache[lang] = Stemmer.Stemmer(SNOWBALL[lang])
    return st


def _is_word(text: str) -> bool:
    return text[:1].isalpha()


class SnowballFilter(Filter):
    """Snowball stems via PyStemmer; symbols and numbers pass unchanged.

    Only the language name is pickled; the stemmer is made again on first use.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getstate__(self) -> dict:
        return {"lang": self.lang}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        stem = stemmer(self.lang).stemWord
        for t in tokens:
            if not t.stopped and _is_word(t.text):
                t.text = stem(t.text)
            yield t


class FoldFilter(Filter):
    """Folds diacritics (after the stop filter, before stemming)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = fold(t.text)
            yield t


class StopFilter(Filter):
    """Drops a language's stop words (or marks them, when the caller keeps stops).

    Unlike Whoosh's own StopFilter, it keeps one-character tokens: "#" and "3" matter.
    """

    def __init__(self, lang: str, folded: bool = False) -> None:
        self.lang = lang
        self.folded = folded

    def _stops(self) -> frozenset[str]:
        stops = STOP_WORDS[self.lang]
        if self.folded:
            stops = stops | frozenset(fold(w) for w in stops)
        return stops

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        stops = _stop_cache(self.lang, self.folded, self._stops)
        for t in tokens:
            if t.text in stops or _contracted_stop(t.text, stops):
                if t.removestops:
                    continue
                t.stopped = True
            else:
                t.stopped = False
            yield t


# What a stop word may carry after an apostrophe: "I've", "we're", "it's", "I'd", "you'll"
# are as empty as "I" or "it"; "don't", "can't", "isn't" (a negation) and "player's" stay.
_CLITICS = frozenset(["s", "ve", "re", "m", "d", "ll"])


def _contracted_stop(text: str, stops: frozenset[str]) -> bool:
    head, apostrophe, tail = text.replace("\u2019", "'").rpartition("'")
    return bool(apostrophe) and tail in _CLITICS and head in stops


def _stop_cache(lang: str, folded: bool, make) -> frozenset[str]:
    cache = getattr(_local, "stops", None)
    if cache is None:
        cache = _local.stops = {}
    key = (lang, folded)
    if key not in cache:
        cache[key] = make()
    return cache[key]


class NumberFilter(Filter):
    """Number words to digits ("three" -> "3"), so either form matches the other; in
    English also irregular forms to the base form (made -> make)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        table = NUMBER_WORDS.get(self.lang, {})
        irregular = ENGLISH_IRREGULAR if self.lang == "en" else {}
        for t in tokens:
            text = table.get(t.text, t.text)
            t.text = irregular.get(text, text)
            yield t


class SymbolFilter(Filter):
    """Normalizes the symbol tokens: the minus sign and "±1"."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for t in tokens:
            text = t.text
            if text[:1] in "\u2212\u00b1":
                t.text = ("-" if text[0] == "\u2212" else "+") + text[1:]
            yield t


def word_tokenizer() -> RegexTokenizer:
    return RegexTokenizer(expression=WORD_PATTERN)


# --- analyzers ----------------------------------------------------------------------------------

GRAM_MIN, GRAM_MAX = 4, 24


def stem_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return KoreanTokenizer(protected) | LowercaseFilter() | KoreanStopFilter()
    return (word_tokenizer() | LowercaseFilter() | SymbolFilter() | StopFilter(lang)
            | NumberFilter(lang) | SnowballFilter(lang))


def fold_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return HangulBigramTokenizer() | LowercaseFilter()
    return (word_tokenizer() | LowercaseFilter() | SymbolFilter() | StopFilter(lang, folded=True)
            | NumberFilter(lang) | FoldFilter() | SnowballFilter(lang))


def gram_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return KoreanTokenizer(protected) | LowercaseFilter() | NgramFilter(2, GRAM_MAX, at="start")
    return (word_tokenizer() | LowercaseFilter() | StopFilter(lang, folded=True) | FoldFilter()
            | NgramFilter(GRAM_MIN, GRAM_MAX, at="start"))


def words_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return KoreanTokenizer(protected) | LowercaseFilter()
    return word_tokenizer() | LowercaseFilter() | SymbolFilter()


def analyzers_for(lang: str, protected: tuple[str, ...] = ()) -> dict:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return {
        "stem": stem_analyzer(lang, protected),
        "fold": fold_analyzer(lang, protected),
        "gram": gram_analyzer(lang, protected),
        "words": words_analyzer(lang, protected),
    }


def analyze(analyzer, text: str) -> list[str]:
    """The terms an analyzer makes of a text (for tests and query building)."""
    return [t.text for t in analyzer(text)]
