"""Glossary terms as concepts: the texts' own names for things ("secret number card",
"clue row"), found in an entry's texts and in a question by the glossary's word starts
(so inflected forms count), the longest term winning where terms overlap. A question
also names a concept by the "wrong" words players use for it and by their table words
("said"). What they weigh in the score is ``scoring.CONCEPT_BONUS``.

A mixin of ``language.Language``, which provides ``meta`` (the glossary) and
``_concept_patterns`` (this table, built once).
"""
from __future__ import annotations

import re

from .analyzers import fold
from .terms import shortest_start

_NON_WORD = re.compile(r"[^\w#+\-]+")


def _concept_norm(text: str) -> str:
    """Lowercased, accents folded, punctuation to single spaces (for glossary matching)."""
    return _NON_WORD.sub(" ", fold(text.lower())).strip()


class Concepts:
    """The glossary concepts a text names."""

    def _concept_table(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """(pattern, glossary key) for the texts (the term and its word starts) and for
        queries (also the "wrong" words and the table words players use for it), longest
        pattern first."""
        texts, queries = set(), set()  # sets: games that share a glossary share its patterns
        for item in self.meta.get("glossary", []):
            key = item["key"]  # one concept across games ("card", "trump"): the key is the same
            own = {_concept_norm(p) for p in (item["term"], *item.get("match", ()))}
            wrong = {_concept_norm(p) for p in (*item.get("wrong", ()), *item.get("said", ()))}
            for pat in own:
                if len(pat) >= 2:
                    texts.add((pat, key))
                    queries.add((pat, key))
            for pat in wrong - own:
                if len(pat) >= shortest_start(self.korean):
                    queries.add((pat, key))
        return (sorted(texts, key=lambda x: (-len(x[0]), x)), sorted(queries, key=lambda x: (-len(x[0]), x)))

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
