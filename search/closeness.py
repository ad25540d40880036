"""The closest text, by cosine (``scoring.CLOSENESS_BONUS``): an entry's texts and the question
as vectors of their words as written, not stemmed but without diacritics (a question typed on a
phone without them is as close: "vaarin" is "väärin"; Korean: two-syllable pieces, as the fold
fields have them), each count * log(1 + N / (1 + df)).

A mixin of ``language.Language``, which provides ``an["written"]``, ``df``, ``docs``,
``n_docs``, ``korean``, the cache ``_text_vectors`` and ``warmed``.
"""
from __future__ import annotations

import math

from .analyzers import fold
from .limits import CACHE_ENTRIES, remember
from .terms import FOLD_FIELDS


class Closeness:
    """The entries' texts as vectors of their words as written, and their closeness to a question."""

    def _written_df(self, words: dict[str, int]) -> dict[str, int]:
        """Words as written, without diacritics -> the number of entries having them (the most
        of the forms folding to it; Korean: two-syllable pieces, the most entries one of the
        fold fields has them in)."""
        if self.korean:
            counted = [(term, n) for name in FOLD_FIELDS for term, n in self.df[name].items()]
        else:
            counted = [(fold(word), n) for word, n in words.items()]
        out: dict[str, int] = {}
        for term, n in counted:
            out[term] = max(out.get(term, 0), n)
        return out

    def text_vector(self, text: str) -> dict[str, float]:
        """A text's words as written (``written_df``), each count * log(1 + N / (1 + df)),
        as a unit vector. Not BM25's idf, which makes a word most entries have weigh nothing:
        here such words still tell the question's form (measured: a point of first places)."""
        return self._unit(self._written_counts(text))

    def _written_counts(self, text: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for t in self.an["written"](text):
            word = t.text if self.korean else fold(t.text)
            counts[word] = counts.get(word, 0) + 1
        return counts

    def _unit(self, counts: dict[str, int]) -> dict[str, float]:
        vector = {w: n * math.log(1 + self.n_docs / (1 + self.written_df.get(w, 0))) for w, n in counts.items()}
        norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
        return {w: v / norm for w, v in vector.items()}

    def closeness(self, docnum: int, question: dict[str, float]) -> float:
        """The largest cosine between the question's vector (``text_vector``) and one of the
        entry's texts: only the question's words an entry's text has are multiplied."""
        count, texts_of = self._text_vectors_of(docnum)
        sums = [0.0] * count
        for w, v in question.items():
            pairs = iter(texts_of.get(w, ()))
            for i, x in zip(pairs, pairs):
                sums[i] += v * x
        return max(sums, default=0.0)

    def _text_vectors_of(self, docnum: int) -> tuple[int, dict[str, tuple]]:
        """An entry's texts as ``text_vector``s: its title with its short answer, its whole text
        (the same words and the body's, counted once), each phrasing; as their number and, per
        word, the texts having it and its weight in each, flat (text, weight, text, weight...:
        a tuple of pairs would cost twice the memory). Cached, the cache emptied past
        CACHE_ENTRIES entries."""
        found = self._text_vectors.get(docnum)
        if found is None:
            doc = self.docs[docnum]
            head = self._written_counts(f"{doc.get('title') or ''}\n{doc.get('answer') or ''}")
            whole = dict(head)
            for w, n in self._written_counts(doc.get("body") or "").items():
                whole[w] = whole.get(w, 0) + n
            phrasings = [self._written_counts(line) for line in (doc.get("phrasings") or "").split("\n")]
            texts = [self._unit(counts) for counts in (head, whole, *phrasings) if counts]
            by_word: dict[str, list] = {}
            for i, text in enumerate(texts):
                for w, x in text.items():
                    by_word.setdefault(w, []).extend((i, x))
            found = (len(texts), {w: tuple(pairs) for w, pairs in by_word.items()})
            remember(self._text_vectors, docnum, found, max(CACHE_ENTRIES, self.warmed))
        return found
