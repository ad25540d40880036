"""Scoring: from a question's term groups to every matching entry's final score, and
the highlighted passage of a hit.

Each term's BM25F score comes from Whoosh (``term_scores``); a word counts once, at
its best term; then

    final = sum of the words' scores
            * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER)      more words matched
            * (1 + TITLE_BONUS * title_coverage * title_precision)             question ~ title
            * (1 + PROXIMITY_BONUS * share of neighbouring words found together)
            * OTHER_GAME_FACTOR if the words belong to another game only
            * (1 + CONCEPT_BONUS * idf of the query's glossary concepts the entry names / idf mass)

where coverage is the share of the query's idf mass the entry matches. That share
(a typo-corrected word counting half) is also the confidence behind the answer
card and "nothing clear" (``decision``). See docs/search.md.

A mixin of ``language.Language``, which provides the open index: ``searcher()``,
``fields``, ``docs``, ``df``, ``n_docs``, ``an``, ``korean``, ``idf``, ``concepts``,
``doc_concepts``, ``concept_idf`` and the caches ``_term_cache``, ``_title_words``,
``_token_cache``, ``_position_cache``.
"""
from __future__ import annotations

import html
from itertools import pairwise

from markupsafe import Markup
from whoosh.scoring import BM25F

from .analyzers import GRAM_MAX, GRAM_MIN, fold
from .limits import CACHE_ENTRIES
from .terms import Group

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

# The confidence behind the answer card and "nothing clear" (decision.py):
GUESS_CONFIDENCE = 0.0  # a word matched only through an unsure typo correction counts this much

FRAGMENT_CHARS = 180


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


class Scoring:
    """Term scores, their combination into an entry's score, and highlighting."""

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
                if key[0] in ("title", "body", "answer", "ftitle", "fbody", "phrasing", "fphrasing"):
                    games.update(self.docs[d]["game"] for d in self.term_scores(*key))
            if len(games) == 1:
                only = games.pop()
                evidence[only] = evidence.get(only, 0.0) + g.idf
        if len(evidence) != 1:
            return None
        return next(iter(evidence))

    def matched_terms(self, docnum: int, groups: list[Group]) -> set[tuple[str, str]]:
        return {key for g in groups for key in g.terms if docnum in self.term_scores(*key)}

    def rank(self, q: str, groups: list[Group], game: str | None,
             detected: str | None) -> list[tuple[float, float, int, dict]]:
        """(final score, confidence, docnum, stored fields) of every entry matching a
        word of the question, best first (FAQ before rule on equal scores, then in
        reading order; the game the question names first)."""
        scored = []
        total_idf = sum(g.idf for g in groups) or 1.0
        query_keys = frozenset(key for g in groups for key in g.terms)
        matches = self.match(groups, game)
        implied = None if (game or detected) else self.implied_game(groups)
        q_concepts = self.concepts(q, for_query=True) if CONCEPT_BONUS else set()
        for docnum, (score, covered, in_title, sure) in matches.items():
            coverage = covered / total_idf
            confidence = sure / total_idf
            title = (in_title / total_idf) ** TITLE_POWER * self.title_precision(docnum, query_keys) ** TITLE_PRECISION
            final = (score * (COORD_BASE + (1 - COORD_BASE) * coverage ** COORD_POWER) * (1 + TITLE_BONUS * title))
            if implied and self.docs[docnum]["game"] != implied:
                final *= OTHER_GAME_FACTOR
            if q_concepts:
                have = self.doc_concepts[docnum]
                got = sum(self.concept_idf.get(c, 0.0) for c in q_concepts if c in have)
                final *= 1 + CONCEPT_BONUS * got / total_idf
            scored.append((final, confidence, docnum, self.docs[docnum]))
        scored.sort(key=lambda x: (-x[0], x[3]["kind"] != "faq", x[3]["order"]))
        if len(groups) > 1 and PROXIMITY_BONUS:
            pair_keys = [g.doc_keys() for g in groups]
            pair_idf = sum(min(a.idf, b.idf) for a, b in pairwise(groups)) or 1.0
            top = scored[:PROXIMITY_TOP]
            for n, (final, confidence, docnum, doc) in enumerate(top):
                near = self.proximity(docnum, groups, pair_keys) / pair_idf
                top[n] = (final * (1 + PROXIMITY_BONUS * near), confidence, docnum, doc)
            scored[:PROXIMITY_TOP] = top
            scored.sort(key=lambda x: (-x[0], x[3]["kind"] != "faq", x[3]["order"]))
        if detected and not game:
            scored.sort(key=lambda x: x[3]["game"] != detected)  # stable: the named game first
        return scored

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
