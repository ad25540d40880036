"""Searching: from what a player typed to ranked entries, an answer card or none.

User text never reaches Whoosh's query parser. It is validated (``errors``), cut into
words by the language's analyzer, and each word becomes a group of alternative terms
(``reading``, ``forgiveness``): its stem in the title, answer, body, game-name and
section-title fields, its accent-folded stem, its word start (n-gram field), other
forms of it found in the texts (lt, et, fi) or with a consonant in the other grade
(et, fi), synonyms, the glossary term a mistranslation stands for, a typo's
correction, the parts of a compound. The groups are OR-ed (``terms``; ``query_object``
gives the Whoosh query). Each term's BM25F score comes from Whoosh and the words'
scores are combined into an entry's final score (``scoring``, where the formula is);
the share of the question an entry matches is also the confidence behind the answer
card and "nothing clear" (``decision``). Each language's index is held in memory by a
``language.Language``; ``Searcher`` is the one object callers use. See docs/search.md.

This module is the import path of the public API: the names below are re-exported
from the modules that define them.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from pathlib import Path

from markupsafe import Markup

from .analyzers import LANGS
from .decision import beyond_rules, decide, doc_texts, unspoken_kind
from .decision import suggestion as suggestion_text
from .errors import (
    BadLimit,
    EmptyQuery,
    IndexNotBuilt,
    QueryError,
    QueryTooLong,
    UnknownGame,
    UnknownLanguage,
    validate_query,
)
from .index import DEFAULT_ROOT, META, current_version
from .language import Language
from .limits import CACHE_ENTRIES, MAX_LIMIT, MAX_QUERY_CHARS, MAX_WORDS, WORK_BUDGET
from .query_language import QuestionLanguage, Reading
from .results import Hit, SearchResult, Suggestion
from .terms import query_object

# When the question's language finds nothing clear, the next ones tried: of those that know as
# many of its words (query_language.Reading.knowing). Trying every language that knows a word of
# it, as before the eighteenth round, searched 2,007 of the 14,539 evaluation questions two or
# three times and changed no outcome: no first place, no card (docs/search.md).
OTHER_LANGUAGES_TRIED = 2


@dataclass(frozen=True)
class Found:
    """One language's result, its hits' passages not made yet (a question may be searched in
    several languages, and only one result is shown): ``matched``, each hit's docnum -> the
    question's terms it has (in the hits' order), which its passage marks."""

    result: SearchResult
    ix: Language
    matched: dict[int, set]

    def with_passages(self) -> SearchResult:
        hits = [replace(hit, fragment=self.ix.fragment(num, self.matched[num]))
                for hit, num in zip(self.result.hits, self.matched)]
        return replace(self.result, hits=hits)


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
        self._langs: dict[str, Language] = {}
        self._lock = threading.Lock()
        missing = []
        for lang in langs:
            version = current_version(self.root / lang)
            if version is None:
                missing.append(lang)
                continue
            saved = Language.restored(lang, version) if warm else None  # saved warm (save_states)
            self._langs[lang] = saved or Language(lang, version)
            if warm:
                self._langs[lang].warm()
        if missing:
            raise IndexNotBuilt(f"no search index for {', '.join(missing)} under {self.root} "
                                f"(run: python -m search build --dir {self.root})")
        self._reader = QuestionLanguage(self._langs)

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
                    fresh = Language(lang, version)
                    fresh.warm()
                    self._langs[lang] = fresh
                    changed = True
            if changed:
                self._reader = QuestionLanguage(self._langs)
        return changed

    def save_states(self) -> None:
        """Save each language's computed state beside its index (Language.save_state): a
        process opening this index later reads it instead of computing it."""
        for lang, ix in self._langs.items():
            ix.save_state(current_version(self.root / lang))

    def close(self) -> None:
        for lang in self._langs.values():
            lang.close()

    def _lang(self, lang: str) -> Language:
        try:
            return self._langs[lang]
        except (KeyError, TypeError):
            raise UnknownLanguage(f"unknown language {lang!r}") from None

    def _check_game(self, game: str | None) -> None:
        if game is not None and game not in self.games:
            raise UnknownGame(f"unknown game {game!r}")

    def search(self, q: str, lang: str, game: str | None = None, limit: int = 10) -> SearchResult:
        """Entries answering a question, best first, in the page's language ``lang``,
        whatever language the question is typed in.

        The question's language is decided first (``query_language``); when it is not the
        page's, that language's index is searched and the hits are given in the page's
        language (``query_lang`` says how the question was read). When the question's
        language finds nothing clear, the other languages that know as many of its words are
        tried. Raises QueryError (a ValueError with ``.code``) for an empty or over-long
        query, an unknown language or game, or a limit outside 1..50; never an exception
        from Whoosh, whatever the text.
        """
        q = validate_query(q)
        page = self._lang(lang)
        self._check_game(game)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise BadLimit(f"limit must be between 1 and {MAX_LIMIT}")
        reading = self.reading(q, lang)
        # what the question asks that no rule answers, read once in its language: an index of
        # another language searched for it (below) gives it no card either, and the page says why
        beyond = beyond_rules(q, reading.lang)
        found = self._search_in(q, reading.lang, game, limit, beyond)
        if found.result.no_answer and not beyond:  # nothing clear: the next languages that know as much of it
            for other in reading.knowing[:OTHER_LANGUAGES_TRIED]:
                alt = self._search_in(q, other, game, limit, beyond)
                if alt.result.hits and (not found.result.hits or not alt.result.no_answer):
                    found = alt
                    if not alt.result.no_answer:
                        break
        for other in reading.others if not found.result.hits else ():  # never an empty page if another answers
            found = self._search_in(q, other, game, limit, beyond)
            if found.result.hits:
                break
        if found.result.lang != lang:
            return self._in_page_language(found.result, page)
        return found.with_passages()

    def reading(self, q: str, lang: str) -> Reading:
        """The language a (validated) question is read in, from a page in ``lang``."""
        return self._reader.read(q, lang)

    def _search_in(self, q: str, lang: str, game: str | None, limit: int, beyond: str | None = None) -> Found:
        """The question searched in one language's index; the hits' passages are left to the one
        result shown (``Found.with_passages``)."""
        ix = self._langs[lang]
        groups = ix.groups(q)
        detected = ix.detect_game(q)
        suggestion = suggestion_text(q, groups, lang)
        if not groups:
            return Found(SearchResult(q, lang, game, [], None, True, suggestion, detected, lang, beyond), ix, {})
        scored = ix.rank(q, groups, game, detected)
        total_idf = sum(g.idf for g in groups)
        # the terms each shown entry has: its passage's marks, and the card's one-text check
        # (decide asks it of the first entry only, which is shown)
        matched = ix.matched_terms([docnum for _f, _c, docnum, _d in scored[:limit]], groups)
        # the kind of rule the question names that the first entry never speaks of: no card, and
        # the page says why
        unspoken = unspoken_kind(q, lang, doc_texts(scored[0][3])) if scored and not beyond else None
        answer, no_answer = decide(scored, ix.related, q, lang,
                                   lambda docnum: ix.best_text_share(matched[docnum], groups, total_idf), beyond,
                                   unspoken)
        hits = [Hit(id=doc["id"], kind=doc["kind"], game=doc["game"], score=final, confidence=confidence,
                    title=doc["title"], answer=doc.get("answer") or None, fragment=Markup(""))
                for final, confidence, docnum, doc in scored[:limit]]
        return Found(SearchResult(q, lang, game, hits, answer, no_answer, suggestion, detected, lang, beyond, unspoken),
                     ix, matched)

    @staticmethod
    def _in_page_language(result: SearchResult, page: Language) -> SearchResult:
        """A result found in another language's index, told in the page's language (ids are
        the same in every language); the passages are the page's, without marks."""
        hits = []
        for hit in result.hits:
            num = page.num_by_id.get(hit.id)
            if num is None:
                continue
            doc = page.docs[num]
            hits.append(replace(hit, title=doc["title"], answer=doc.get("answer") or None,
                                fragment=page.fragment(num, set())))
        return replace(result, lang=page.lang, hits=hits)

    def query_object(self, q: str, lang: str):
        """The Whoosh query a search runs (an Or of one Or of terms per word), for
        inspection and debugging."""
        ix = self._lang(lang)
        return query_object(ix.groups(validate_query(q)))

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


__all__ = [
    "CACHE_ENTRIES",
    "MAX_LIMIT",
    "MAX_QUERY_CHARS",
    "MAX_WORDS",
    "META",
    "WORK_BUDGET",
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
