"""Scoring: from a question's term groups to every matching entry's final score (the
highlighted passage of a hit is ``passages``).

Each term's BM25F score comes from Whoosh (``term_scores``); a word counts once, at
its best term; then

    final = sum of the words' scores
            * (1 + TITLE_BONUS * title_coverage * title_precision ** TITLE_PRECISION)   question ~ title
            * (1 + CONCEPT_BONUS * idf of the query's glossary concepts the entry names / idf mass)
            * (1 + PHRASING_BONUS * the largest share of the query one phrasing (or the title) has)
            + CLOSENESS_BONUS * the first entry's score * the largest cosine of one of its texts

The confidence behind the answer card and "nothing clear" (``decision``) is the share of
the query's idf mass the entry matches (a word matched only through an unsure typo
correction counting nothing). A game the question
names, or the game asked for, is a filter: only its entries are scored. See docs/search.md
for the constants cross-validation removed (the proximity bonus, the other games' factor,
the coordination power and its base, BM25's own B and K1).

A mixin of ``language.Language``, which provides the open index: ``searcher()``,
``fields``, ``docs``, ``df``, ``n_docs``, ``an``, ``korean``, ``idf``, ``concepts``,
``doc_concepts``, ``concept_idf``, ``game_range``, ``postings``, ``text_vector`` and
``closeness`` (``closeness.Closeness``) and the caches ``_title_words``, ``_token_cache``,
``_phrasing_keys`` (and ``warmed``, the documents analysed at start-up).
"""
from __future__ import annotations

import numpy as np
from whoosh.scoring import BM25F

from .analyzers import GRAM_MAX, GRAM_MIN, fold
from .limits import CACHE_ENTRIES, CACHE_POSTINGS, MAX_LIMIT, remember
from .postings import EMPTY
from .terms import FOLD_FIELDS, STEM_FIELDS, Group

# Each constant is kept because two-fold cross-validation on the main set supports it
# (bench/search_cv.py; the table in docs/search.md), but for PHRASING_BONUS, an exception
# stated beside it.
TITLE_BONUS = 1.5  # halves: 1.5 and 1.5 (every round)
TITLE_FIELDS = ("title", "ftitle")
# ... times (share of the title's own words the query has) ** this; halves: 1.0 and 1.0 (sixth
# round; 0.5 and 1.0 the fifth, 0.5 and 0.5 the second, 1.0 kept as both folds gained with it)
TITLE_PRECISION = 1.0

# Glossary terms as concepts: the texts' own names for things ("secret number card",
# "clue row"), found by the glossary's word starts (so inflected forms count), the
# longest term winning where terms overlap (the "secret number" inside "Reveal a
# secret number" card is the reveal card, not a secret number). An entry naming the
# query's concepts scores * (1 + CONCEPT_BONUS * idf of the query's concepts it names /
# the idf mass of the query's words), so a common concept ("card") adds little.
CONCEPT_BONUS = 3.0  # halves: 3.0 and 6.0 (sixth round; 3.0 and 3.0 the fifth and second)

# The closest of the players' phrasings: an entry one of whose phrasings (or its title) holds on
# its own a large share of the question (by idf, an unsure typo guess counting nothing) is the
# one asked about, though the entry as a whole may match less than another: a question put in
# other words matches one phrasing, not the field of all of them. The CLOSEST best are scored
# * (1 + PHRASING_BONUS * that share) and ordered again.
# Cross-validation at the sixth round's end finds it borderline, a stated exception: 0.5, chosen on
# half A, beats no bonus on half B (+0.0135 MRR); 1.0, chosen on B, ties with no bonus on A (the
# rule asks both folds to gain). Without it main top-1 falls 96.7 -> 95.1 % and each read
# development set loses 1.5-2 points; 1.0 rather than 0.5: the same main top-1, more cards on the
# read sets, and every language's phrasings find their entry more often with it (docs/search.md,
# sixth round). Earlier halves: 0.5 and 2.0 (fifth round), 3.0 and 2.0 (third, when it was new).
PHRASING_BONUS = 1.0
# A bound on the work, not tuned (the main and development sets' figures are the same with 10, 30
# or all RANKED): at 100x the content, each entry's phrasings are analysed when it comes up.
CLOSEST = 10

# The closest text, by cosine: each of an entry's texts (its title with its short answer, its
# whole text, each phrasing) as a vector of its words as written (not stemmed: the same form of
# a word is a closer match; Korean: two-syllable pieces), and the question the same way. Unlike
# the shares above, a text holding the question's words among many others is less close, and a
# word of the question no text has counts against every one. The CLOSEST best get
# + CLOSENESS_BONUS * the first one's score * the largest cosine of their texts, and are ordered
# again.
CLOSENESS_BONUS = 1.5  # halves: 0.75 and 1.5 (sixth round; 1.5 and 1.5 the fifth, when it took COORD_BASE's place)

# BM25F as Whoosh makes it (B 0.75, K1 1.2 for every field): cross-validation kept none of the
# values set here before (B 0.5, K1 2.0, titles' B 0.4).
WEIGHTING = BM25F()

# The texts of an entry, and the fields each one is indexed in (best_text_share); the game's
# names and the section title belong to all of them.
TEXTS = ("title", "answer", "phrasings", "body")
TEXT_OF_FIELD = {"title": ("title",), "ftitle": ("title",), "gram": ("title", "body"), "answer": ("answer",),
                 "phrasing": ("phrasings",), "fphrasing": ("phrasings",), "body": ("body",), "fbody": ("body",)}

RANKED = MAX_LIMIT + 10  # entries ranked: the most a page shows, and rivals for the card
# Entries scored in full (with the bonuses) out of those matching a word: a bound on the work,
# not tuned. At today's size every entry matching a word is one (116 a language).
CANDIDATES = 200


def _order(scored: tuple[float, float, int, dict]) -> tuple:
    """Best first; on equal scores FAQ before rule, then in reading order."""
    return -scored[0], scored[3]["kind"] != "faq", scored[3]["order"]


class Scoring:
    """Term scores, and their combination into an entry's score."""

    def term_scores(self, fieldname: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """(docnums, BM25F scores) of one term in every document that has it, Whoosh's
        formula over its postings (``postings.Postings``), cached: the index never
        changes under an open Searcher."""
        if fieldname not in self.fields:
            return EMPTY
        known = self.grams if fieldname == "gram" else self.df.get(fieldname)
        if known is not None and text not in known:
            return EMPTY  # about half a word's terms: told without asking the index
        return self.postings.scores(self.searcher().reader(), fieldname, text)

    def word_scores(self, g: Group) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict]:
        """One word's match in every document that has one of its terms: docnums in order,
        the word's score there (at its best term) and flags (1: in the title, 2: not only
        through an unsure typo correction), numpy arrays; and the word's terms each shown
        document has (``matched_terms``), filled as documents are shown. Cached by the word's
        terms: the same word in another question costs a look-up."""
        key = (frozenset(g.terms.items()), frozenset(g.guessed))
        found = self._word_cache.get(key)
        if found is not None:
            return found
        best = np.zeros(self.n_docs)
        flags = np.zeros(self.n_docs, np.uint8)
        present = np.zeros(self.n_docs, bool)
        for term, weight in g.terms.items():
            ids, scores = self.term_scores(*term)
            if not len(ids):
                continue
            best[ids] = np.maximum(best[ids], scores * weight)  # a word counts at its best term
            flags[ids] |= (1 if term[0] in TITLE_FIELDS else 0) | (0 if term in g.guessed else 2)
            present[ids] = True
        docs = np.flatnonzero(present).astype(np.int32)
        found = (docs, best[docs], flags[docs], {})
        if self._word_held + len(docs) > CACHE_POSTINGS:
            self._word_cache.clear()
            self._word_held = 0
        self._word_cache[key] = found
        self._word_held += len(docs)
        return found

    def match(self, groups: list[Group], game: str | None, foreign: list | None = None) -> dict[int, list[float]]:
        """docnum -> [score before the bonuses, idf mass matched, idf mass matched in the
        title, idf mass matched not counting a word matched only through an unsure typo
        correction] for the CANDIDATES documents that score best before the bonuses; with a
        game, only among that game's documents (a range of docnums).

        Each word's group is an OR of its terms, the words are OR-ed (what
        ``query_object`` spells as a Whoosh query); a word counts once, at its best
        term, and the words' scores add up. The per-term BM25F scores are Whoosh's
        (``term_scores``); the combination is done here because Whoosh 2.7.4's
        DisjunctionMax matcher mixes other documents' sub-scores into a document's
        score, and its collector costs several milliseconds per query.

        ``foreign`` (one per group, ``bound_foreign``): the entries where a word standing for a
        concept stands for another thing, and counts nothing.

        Every matching document's score before the bonuses is computed at once, as vectors
        over the documents (numpy: the cost is a few operations per word whatever the size
        of the content); the bonuses then order the best CANDIDATES of them (``rank``): an
        entry outside them would need its bonuses to lift it past CANDIDATES others.
        """
        lo, hi = self.game_range.get(game, (0, self.n_docs)) if game else (0, self.n_docs)
        size = hi - lo
        score, covered, in_title, sure = (np.zeros(size) for _ in range(4))
        for g, elsewhere in zip(groups, foreign or [None] * len(groups)):
            docs, scores, flags, _shown = self.word_scores(g)
            i, j = np.searchsorted(docs, (lo, hi))
            docs, scores, flags = docs[i:j], scores[i:j], flags[i:j]
            if elsewhere is not None:
                keep = ~elsewhere[docs]
                docs, scores, flags = docs[keep], scores[keep], flags[keep]
            at = docs - lo
            score[at] += scores
            covered[at] += g.idf
            in_title[at] += g.idf * (flags & 1 > 0)
            sure[at] += g.idf * (flags & 2 > 0)
        matched = np.flatnonzero(covered)
        if len(matched) > CANDIDATES:
            matched = matched[np.argpartition(-score[matched], CANDIDATES - 1)[:CANDIDATES]]
        return {int(n) + lo: [float(score[n]), float(covered[n]), float(in_title[n]), float(sure[n])]
                for n in matched}

    def bound_foreign(self, q: str, groups: list[Group]) -> list | None:
        """Per word of the question: where it ends a concept's name (``concept_heads``), the
        entries about a rival thing, where it counts nothing (``concepts.foreign``); else None.
        None when no word does."""
        spans = [(s, e, self.foreign(key)) for s, e, key in self.concept_heads(q)]
        spans = [span for span in spans if span[2] is not None]
        if not spans:
            return None
        return [next((mask for s, e, mask in spans if s <= g.start < e), None) for g in groups]

    def title_precision(self, docnum: int, query_keys: frozenset) -> float:
        """The share (by idf) of a title's words that the query has: a question worded
        like an FAQ question matches it in both directions."""
        # Keyed by the title's text: at scale, the copies of a game share their titles, and
        # analysing each title once keeps the first queries of a worker fast.
        title = self.docs[docnum].get("title", "") or ""
        words = self._title_words.get(title)
        if words is None:
            words = []
            for _s, _e, keys, low in self._text_tokens(title):
                terms = [t for (f, t) in keys if f == "body"]
                if not terms:
                    continue  # a stop word
                df = max(self.df["title"].get(t, 0) + self.df["body"].get(t, 0) for t in terms)
                title_keys = {("title", t) for (f, t) in keys if f == "body"}
                title_keys |= {("ftitle", t) for (f, t) in keys if f == "fbody"}
                title_keys |= {("gram", low[:k]) for k in range(GRAM_MIN, min(len(low), GRAM_MAX) + 1)}
                words.append((frozenset(title_keys), self.idf(min(df, self.n_docs))))
            self._title_words[title] = words
        total = sum(idf for _k, idf in words)
        if not total:
            return 0.0
        return sum(idf for keys, idf in words if keys & query_keys) / total

    @staticmethod
    def best_text_share(has: set[tuple[str, str]], groups: list[Group], total_idf: float) -> float:
        """The largest share (by idf) of the question that one text of an entry matches on
        its own (``has``: the question's terms the entry has, ``matched_terms``): its title,
        its short answer, its players' phrasings or its body (the game's names and the section
        title count with each). A question whose words are only found scattered over several
        texts of an entry is not clearly answered by it."""
        shares = dict.fromkeys(TEXTS, 0.0)
        for g in groups:
            found = set()
            for field, _text in (has & g.terms.keys()) - g.guessed:
                found.update(TEXT_OF_FIELD.get(field, TEXTS))
            for text in found:
                shares[text] += g.idf
        return max(shares.values()) / (total_idf or 1.0)

    @staticmethod
    def sure_keys(groups: list[Group]) -> list[tuple[frozenset, float]]:
        """Each word's terms, not counting unsure typo guesses, as the phrasings' two analyzers
        give them (("s", stem) or ("f", folded form)), with the word's idf."""
        return [(frozenset(("s" if f in STEM_FIELDS else "f", t) for (f, t) in g.terms.keys() - g.guessed
                           if f in STEM_FIELDS or f in FOLD_FIELDS), g.idf) for g in groups]

    def phrasing_share(self, docnum: int, words: list[tuple[frozenset, float]], total_idf: float) -> float:
        """The largest share (by idf) of the question that one of the entry's phrasings, or
        its title, has on its own (``words``: ``sure_keys``)."""
        texts = self._phrasing_texts(docnum)
        share: dict[int, float] = {}  # texts (as bits) -> the idf of the question's words they have
        for keys, idf in words:
            has = 0
            for key in keys:
                has |= texts.get(key, 0)
            while has:
                bit = has & -has
                share[bit] = share.get(bit, 0.0) + idf
                has ^= bit
        return max(share.values(), default=0.0) / (total_idf or 1.0)

    def _phrasing_texts(self, docnum: int) -> dict[tuple[str, str], int]:
        """An entry's phrasings' terms -> the texts having them, as bits (title: bit 0, the
        phrasings after), cached; the cache is emptied past CACHE_ENTRIES entries."""
        texts = self._phrasing_keys.get(docnum)
        if texts is None:
            doc = self.docs[docnum]
            texts = {}
            lines = [doc.get("title") or "", *(doc.get("phrasings") or "").split("\n")]
            for i, line in enumerate(lines):
                keys = {("s", t.text) for t in self.an["phrasing"](line)}
                keys |= {("f", t.text) for t in self.an["fphrasing"](line)}
                for key in keys:
                    texts[key] = texts.get(key, 0) | 1 << i
            remember(self._phrasing_keys, docnum, texts, max(CACHE_ENTRIES, self.warmed))
        return texts

    def matched_terms(self, docnums: list[int], groups: list[Group]) -> dict[int, set[tuple[str, str]]]:
        """docnum -> the question's terms each of these documents has (what its passage marks),
        word by word: what a word's terms are in a document is kept with the word (``word_scores``)."""
        out: dict[int, set[tuple[str, str]]] = {d: set() for d in docnums}
        for g in groups:
            shown = self.word_scores(g)[3]
            missing = [d for d in out if d not in shown]
            if missing:
                shown.update(self._terms_in(missing, g))
            for d in out:
                out[d] |= shown[d]
        return out

    def _terms_in(self, docnums: list[int], g: Group) -> dict[int, frozenset]:
        """docnum -> the word's terms the document has."""
        found: dict[int, set] = {d: set() for d in docnums}
        wanted = np.array(sorted(found), np.int32)
        for key in g.terms:
            ids = self.term_scores(*key)[0]
            if not len(ids):
                continue
            at = ids.searchsorted(wanted)
            np.minimum(at, len(ids) - 1, out=at)
            for d in wanted[ids[at] == wanted].tolist():
                found[d].add(key)
        return {d: frozenset(keys) for d, keys in found.items()}

    def rank(self, q: str, groups: list[Group], game: str | None,
             detected: str | None) -> list[tuple[float, float, int, dict]]:
        """(final score, confidence, docnum, stored fields) of the best entries matching a
        word of the question, best first (FAQ before rule on equal scores, then in reading
        order), at most RANKED. Only the entries of the game asked for, else of the game the
        question names, are scored, and of these only the candidates of ``match``."""
        q = self.game_named_out(q)  # "in wizard": the game, not the card
        total_idf = sum(g.idf for g in groups) or 1.0
        query_keys = frozenset(key for g in groups for key in g.terms)
        q_concepts = self.concepts(q, for_query=True) if CONCEPT_BONUS else set()

        foreign = self.bound_foreign(q, groups)

        def keys_of(docnum: int) -> frozenset:  # a word standing for another thing is not the title's
            if foreign is None or not any(m is not None and m[docnum] for m in foreign):
                return query_keys
            return frozenset(key for g, m in zip(groups, foreign) if m is None or not m[docnum] for key in g.terms)

        def final(docnum: int, acc: list[float]) -> float:
            score, _covered, in_title, _sure = acc
            value = score
            if in_title:  # most candidates match no word of their title: no precision to weigh
                title = (in_title / total_idf) * self.title_precision(docnum, keys_of(docnum)) ** TITLE_PRECISION
                value = score * (1 + TITLE_BONUS * title)
            if q_concepts:
                have = self.doc_concepts[docnum]
                value *= 1 + CONCEPT_BONUS * sum(self.concept_idf.get(c, 0.0) for c in q_concepts if c in have) / total_idf
            return value

        matches = self.match(groups, game or detected, foreign)
        scored = [(final(docnum, acc), acc[3] / total_idf, docnum, self.docs[docnum])
                  for docnum, acc in matches.items()]
        scored.sort(key=_order)
        if PHRASING_BONUS:
            words = self.sure_keys(groups)

            def words_of(num: int) -> list:  # a word standing for another thing counts nothing here
                return words if foreign is None else [w for w, m in zip(words, foreign) if m is None or not m[num]]
            # a bonus only raises a score: the CLOSEST stay ahead of the rest, only their order changes
            scored[:CLOSEST] = sorted(((f * (1 + PHRASING_BONUS * self.phrasing_share(num, words_of(num), total_idf)),
                                        c, num, doc) for f, c, num, doc in scored[:CLOSEST]), key=_order)
        if CLOSENESS_BONUS and scored:
            question, first = self.text_vector(q), scored[0][0]
            scored[:CLOSEST] = sorted(((f + CLOSENESS_BONUS * first * self.closeness(num, question), c, num, doc)
                                       for f, c, num, doc in scored[:CLOSEST]), key=_order)
        return scored[:RANKED]

    # -- an entry's words, for title matching and highlighting --
    def _tokens(self, docnum: int, part: str) -> list[tuple[int, int, frozenset, str]]:
        """The words of a document's title or body, each as (start, end, the terms it was
        indexed under as ("body" | "fbody", term), its folded form for the word-start field)
        (cached; the cache is emptied past CACHE_ENTRIES documents)."""
        key = (docnum, part)
        cached = self._token_cache.get(key)
        if cached is not None:
            return cached
        tokens = self._text_tokens(self.docs[docnum].get(part, "") or "")
        return remember(self._token_cache, key, tokens, max(CACHE_ENTRIES, self.warmed))

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
