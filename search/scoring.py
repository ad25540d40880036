"""Scoring: from a question's term groups to every matching entry's final score, and
the highlighted passage of a hit.

Each term's BM25F score comes from Whoosh (``term_scores``); a word counts once, at
its best term; then

    final = sum of the words' scores
            * (COORD_BASE + (1 - COORD_BASE) * coverage)                       more words matched
            * (1 + TITLE_BONUS * title_coverage * title_precision ** TITLE_PRECISION)   question ~ title
            * (1 + CONCEPT_BONUS * idf of the query's glossary concepts the entry names / idf mass)

where coverage is the share of the query's idf mass the entry matches. That share
(a word matched only through an unsure typo correction counting nothing) is also the
confidence behind the answer card and "nothing clear" (``decision``). A game the question
names, or the game asked for, is a filter: only its entries are scored. See docs/search.md
for the constants cross-validation removed (the proximity bonus, the other games' factor,
the coordination power, BM25's own B and K1).

A mixin of ``language.Language``, which provides the open index: ``searcher()``,
``fields``, ``docs``, ``df``, ``n_docs``, ``an``, ``korean``, ``idf``, ``concepts``,
``doc_concepts``, ``concept_idf``, ``game_range``, ``postings`` and the caches
``_title_words``, ``_token_cache`` (and ``warmed``, the documents analysed at start-up).
"""
from __future__ import annotations

import html
from bisect import bisect_left

from markupsafe import Markup
from whoosh.scoring import BM25F

from .analyzers import GRAM_MAX, GRAM_MIN, fold
from .limits import CACHE_ENTRIES, MAX_LIMIT
from .postings import EMPTY
from .terms import Group

# Each constant is kept because two-fold cross-validation on the main set supports it
# (bench/search_cv.py; the table in docs/search.md).
COORD_BASE = 0.1  # both halves: 0.1
TITLE_BONUS = 1.5  # both halves: 1.5
TITLE_FIELDS = ("title", "ftitle")
TITLE_PRECISION = 1.0  # ... times (share of the title's own words the query has) ** this; halves: 0.5 and 1.0

# Glossary terms as concepts: the texts' own names for things ("secret number card",
# "clue row"), found by the glossary's word starts (so inflected forms count), the
# longest term winning where terms overlap (the "secret number" inside "Reveal a
# secret number" card is the reveal card, not a secret number). An entry naming the
# query's concepts scores * (1 + CONCEPT_BONUS * idf of the query's concepts it names /
# the idf mass of the query's words), so a common concept ("card") adds little.
CONCEPT_BONUS = 6.0  # halves: 3.0 and 6.0

# BM25F as Whoosh makes it (B 0.75, K1 1.2 for every field): cross-validation kept none of the
# values set here before (B 0.5, K1 2.0, titles' B 0.4).
WEIGHTING = BM25F()

FRAGMENT_CHARS = 180
RANKED = MAX_LIMIT + 10  # entries ranked in full: the most a page shows, and rivals for the card


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


class Scoring:
    """Term scores, their combination into an entry's score, and highlighting."""

    def term_scores(self, fieldname: str, text: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """(docnums, BM25F scores) of one term in every document that has it, Whoosh's
        formula over its postings (``postings.Postings``), cached: the index never
        changes under an open Searcher."""
        if fieldname not in self.fields:
            return EMPTY
        return self.postings.scores(self.searcher().reader(), fieldname, text)

    def match(self, groups: list[Group], game: str | None) -> dict[int, tuple[float, float, float, float]]:
        """docnum -> (score, idf mass matched, idf mass matched in the title, idf mass
        matched not counting a word matched only through an unsure typo correction) for
        every document matching a word; with a game, only that game's documents (a range
        of docnums: the postings outside it are never looked at).

        Each word's group is an OR of its terms, the words are OR-ed (what
        ``query_object`` spells as a Whoosh query); a word counts once, at its best
        term, and the words' scores add up. The per-term BM25F scores are Whoosh's
        (``term_scores``); the combination is done here because Whoosh 2.7.4's
        DisjunctionMax matcher mixes other documents' sub-scores into a document's
        score, and its collector costs several milliseconds per query."""
        lo, hi = self.game_range.get(game, (0, self.n_docs)) if game else (0, self.n_docs)
        out: dict[int, list[float]] = {}
        for g in groups:
            best: dict[int, float] = {}
            in_title: set[int] = set()
            sure: set[int] = set()
            for key, weight in g.terms.items():
                ids, scores = self.term_scores(*key)
                if not ids:
                    continue
                if game:
                    i, j = bisect_left(ids, lo), bisect_left(ids, hi)
                    ids, scores = ids[i:j], scores[i:j]
                if key[0] in TITLE_FIELDS:
                    in_title.update(ids)
                if key not in g.guessed:
                    sure.update(ids)
                get = best.get
                for docnum, s in zip(ids, scores):
                    s *= weight
                    if s > get(docnum, 0.0):
                        best[docnum] = s
            idf = g.idf
            for docnum, s in best.items():
                acc = out.get(docnum)
                if acc is None:
                    acc = out[docnum] = [0.0, 0.0, 0.0, 0.0]
                acc[0] += s
                acc[1] += idf
                if docnum in sure:  # an unsure correction is no sign the entry answers
                    acc[3] += idf
                if docnum in in_title:
                    acc[2] += idf
        return {d: (v[0], v[1], v[2], v[3]) for d, v in out.items()}

    def title_precision(self, docnum: int, query_keys: frozenset) -> float:
        """The share (by idf) of a title's words that the query has: a question worded
        like an FAQ question matches it in both directions."""
        words = self._title_words.get(docnum)
        if words is None:
            words = []
            for _s, _e, keys, low in self._tokens(docnum, "title"):
                terms = [t for (f, t) in keys if f == "body"]
                if not terms:
                    continue  # a stop word
                df = max(self.df["title"].get(t, 0) + self.df["body"].get(t, 0) for t in terms)
                title_keys = {("title", t) for (f, t) in keys if f == "body"}
                title_keys |= {("ftitle", t) for (f, t) in keys if f == "fbody"}
                title_keys |= {("gram", low[:k]) for k in range(GRAM_MIN, min(len(low), GRAM_MAX) + 1)}
                words.append((frozenset(title_keys), self.idf(min(df, self.n_docs))))
            self._title_words[docnum] = words
        total = sum(idf for _k, idf in words)
        if not total:
            return 0.0
        return sum(idf for keys, idf in words if keys & query_keys) / total

    def matched_terms(self, docnum: int, groups: list[Group]) -> set[tuple[str, str]]:
        out = set()
        for g in groups:
            for key in g.terms:
                ids = self.term_scores(*key)[0]
                i = bisect_left(ids, docnum)
                if i < len(ids) and ids[i] == docnum:
                    out.add(key)
        return out

    def rank(self, q: str, groups: list[Group], game: str | None,
             detected: str | None) -> list[tuple[float, float, int, dict]]:
        """(final score, confidence, docnum, stored fields) of the best entries matching a
        word of the question, best first (FAQ before rule on equal scores, then in reading
        order), at most RANKED. Only the entries of the game asked for, else of the game the
        question names, are scored. The title and concept bonuses are worked out for the
        entries in the order of what they could reach at most, until no other could enter
        the first RANKED: the same ranking as working them out for every entry."""
        total_idf = sum(g.idf for g in groups) or 1.0
        query_keys = frozenset(key for g in groups for key in g.terms)
        matches = self.match(groups, game or detected)
        q_concepts = self.concepts(q, for_query=True) if CONCEPT_BONUS else set()
        concept_most = 1 + CONCEPT_BONUS * sum(self.concept_idf.get(c, 0.0) for c in q_concepts) / total_idf
        bounded = []
        for docnum, (score, covered, in_title, sure) in matches.items():
            base = score * (COORD_BASE + (1 - COORD_BASE) * covered / total_idf)
            most = base * (1 + TITLE_BONUS * in_title / total_idf) * concept_most
            bounded.append((most, base, in_title, sure, docnum))
        bounded.sort(key=lambda x: -x[0])
        scored: list[tuple[float, float, int, dict]] = []
        floor = 0.0
        for most, base, in_title, sure, docnum in bounded:
            if len(scored) >= RANKED and most < floor:
                break
            title = (in_title / total_idf) * self.title_precision(docnum, query_keys) ** TITLE_PRECISION
            final = base * (1 + TITLE_BONUS * title)
            if q_concepts:
                have = self.doc_concepts[docnum]
                got = sum(self.concept_idf.get(c, 0.0) for c in q_concepts if c in have)
                final *= 1 + CONCEPT_BONUS * got / total_idf
            scored.append((final, sure / total_idf, docnum, self.docs[docnum]))
            if len(scored) >= RANKED:
                scored.sort(key=lambda x: -x[0])
                del scored[RANKED:]
                floor = scored[-1][0]
        scored.sort(key=lambda x: (-x[0], x[3]["kind"] != "faq", x[3]["order"]))
        return scored[:RANKED]

    # -- highlighting --
    def _tokens(self, docnum: int, part: str) -> list[tuple[int, int, frozenset, str]]:
        """The words of a document's title or body, each as (start, end, the terms it was
        indexed under as ("body" | "fbody", term), its folded form for the word-start field)
        (cached; the cache is emptied past CACHE_ENTRIES documents)."""
        key = (docnum, part)
        cached = self._token_cache.get(key)
        if cached is not None:
            return cached
        tokens = self._text_tokens(self.docs[docnum].get(part, "") or "")
        if len(self._token_cache) > max(CACHE_ENTRIES, self.warmed):
            self._token_cache.clear()
        self._token_cache[key] = tokens
        return tokens

    def _text_tokens(self, text: str) -> list[tuple[int, int, frozenset, str]]:
        by_start: dict[int, set] = {}
        for t in self.an["title"](text, chars=True):
            by_start.setdefault(t.startchar, set()).add(("body", t.text))
        if not self.korean:
            for t in self.an["fbody"](text, chars=True):
                by_start.setdefault(t.startchar, set()).add(("fbody", t.text))
        return [(t.startchar, t.endchar, frozenset(by_start.get(t.startchar, ())),
                 "" if self.korean else fold(t.text))
                for t in self.an["words"](text, chars=True)]

    @staticmethod
    def _token_matches(token: tuple[int, int, frozenset, str], keys: set, grams: tuple[str, ...]) -> bool:
        """A word has one of these terms, or starts with one of these word starts."""
        return bool(token[2] & keys) or (bool(grams) and token[3].startswith(grams))

    def fragment(self, docnum: int, matched: set[tuple[str, str]]) -> Markup:
        body = self.docs[docnum].get("body", "")
        keys = set(matched)
        keys |= {("body", t) for (f, t) in matched if f in ("title", "answer", "names")}
        keys |= {("fbody", t) for (f, t) in matched if f == "ftitle"}
        grams = tuple(t for (f, t) in matched if f == "gram" and len(t) >= GRAM_MIN)
        marks = [(tok[0], tok[1]) for tok in self._tokens(docnum, "body") if self._token_matches(tok, keys, grams)]
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
