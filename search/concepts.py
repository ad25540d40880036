"""Glossary terms as concepts: the texts' own names for things ("secret number card",
"clue row"), found in an entry's texts and in a question by the glossary's word starts
(so inflected forms count), the longest term winning where terms overlap. A question
also names a concept by the "wrong" words players use for it and by their table words
("said"). What they weigh in the score is ``scoring.CONCEPT_BONUS``.

A word of the question that is part of a concept's name stands for that thing: "deck" in
"clue deck" is not the secret number deck. Two concepts are rivals when their names end in
the same word, both found in the texts by names of two words or more (clue deck, secret number
deck; 단서 더미, 비밀 숫자 더미: not "follow suit", found by "follow"), and neither name begins the
other (a secret number and its card are one thing); an entry that names a rival of
the question's concept and not the concept itself (nor one it begins or that begins it) is
about the other thing, and the word the two names share counts nothing there (``foreign``):
"deck" in a question on the clue deck does not match the secret number deck's "deck", while
"clue" still matches wherever it is.

A mixin of ``language.Language``, which provides ``meta`` (the glossary) and
``_concept_patterns`` (this table, built once).
"""
from __future__ import annotations

import re

import numpy as np

from .analyzers import fold
from .terms import shortest_start

_NON_WORD = re.compile(r"[^\w#+\-]+")
_WORD = re.compile(r"[\w#+\-]+")


def _names(words) -> set[str]:
    """Glossary words, normalized (``_concept_norm``), the empty ones left out."""
    return {n for n in map(_concept_norm, words) if n}


def _concept_norm(text: str) -> str:
    """Lowercased, accents folded, punctuation to single spaces (for glossary matching)."""
    return _NON_WORD.sub(" ", fold(text.lower())).strip()


def _by_start(patterns: list[tuple[str, str]]) -> dict[str, list[tuple[int, str, str]]]:
    """(pattern, key) in their order -> under the pattern's first two characters, (its place in
    the order, pattern, key): a text tries only the patterns its words can begin."""
    out: dict[str, list[tuple[int, str, str]]] = {}
    for n, (pat, key) in enumerate(patterns):
        out.setdefault(pat[:2], []).append((n, pat, key))
    return out


class Concepts:
    """The glossary concepts a text names."""

    def _concept_table(self) -> tuple[dict, dict]:
        """(pattern, glossary key) for the texts (the term and its word starts) and for
        queries (also the "wrong" words and the table words players use for it), longest
        pattern first (``_by_start``)."""
        texts, queries = set(), set()  # sets: games that share a glossary share its patterns
        for item in self.meta.get("glossary", []):
            key = item["key"]  # one concept across games ("card", "trump"): the key is the same
            own = _names((item["term"], *item.get("match", ())))
            wrong = _names((*item.get("wrong", ()), *item.get("said", ())))
            for pat in own:
                if len(pat) >= 2:
                    texts.add((pat, key))
                    queries.add((pat, key))
            for pat in wrong - own:
                if len(pat) >= shortest_start(self.korean):
                    queries.add((pat, key))
        return (_by_start(sorted(texts, key=lambda x: (-len(x[0]), x))),
                _by_start(sorted(queries, key=lambda x: (-len(x[0]), x))))

    def concepts(self, text: str, for_query: bool = False) -> set[str]:
        """The glossary concepts a text names; where terms overlap the longest wins."""
        return {key for _i, _j, key in self._occurrences(_concept_norm(text), for_query)}

    def _occurrences(self, norm: str, for_query: bool) -> list[tuple[int, int, str]]:
        """(start, end, glossary key) of each concept a normalized text names, the longest
        pattern first where they overlap; each from a word start to a word end."""
        taken = bytearray(len(norm))
        found = []
        by_start = self._concept_patterns[1 if for_query else 0]
        # a pattern is found at a word start only: those beginning as one of the text's words does
        starts = {norm[i:i + 2] for i in range(len(norm)) if i == 0 or norm[i - 1] == " "}
        for _n, pat, key in sorted(p for start in starts for p in by_start.get(start, ())) if norm else ():
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
                found.append((i, j, key))
        return found

    def concept_heads(self, q: str) -> list[tuple[int, int, str]]:
        """(start, end, glossary key) of the last word of each concept a question names (the
        "deck" of "clue deck"), as character offsets of the question."""
        words = [(m.start(), m.end(), _concept_norm(m.group())) for m in _WORD.finditer(q)]
        words = [w for w in words if w[2]]
        norm = " ".join(w[2] for w in words)
        owner = []  # the question word each character of norm comes from
        for n, (_s, _e, low) in enumerate(words):
            owner.extend([n] * (len(low) + 1))
        return [(words[owner[j - 1]][0], words[owner[j - 1]][1], key)
                for _i, j, key in self._occurrences(norm, for_query=True)]

    def _concept_relations(self) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
        """(rivals, kin): glossary key -> the concepts whose names end in the same word, none
        of the two names beginning the other (clue deck, secret number deck); key -> itself and
        the concepts whose name begins its own or that its own begins (secret number, secret
        number card)."""
        names: dict[str, set[str]] = {}  # the term and its word starts
        heads: dict[str, set[str]] = {}  # the word starts a text is found by (else the term)
        for item in self.meta.get("glossary", []):
            names.setdefault(item["key"], set()).update(_names((item["term"], *item.get("match", ()))))
            heads.setdefault(item["key"], set()).update(_names(item.get("match") or (item["term"],)))

        def same_word(a: str, b: str) -> bool:  # word starts: krūvel is krūvelė
            return a.startswith(b) or b.startswith(a)

        def begins(a: str, b: str) -> bool:
            return any(same_word(x, y) for x in names[a] for y in names[b])

        def same_end(a: str, b: str) -> bool:  # only names found as two words or more: a lone "card" is no rival
            return (all(" " in x for x in heads[a]) and all(" " in y for y in heads[b])
                    and any(same_word(x.split()[-1], y.split()[-1]) for x in heads[a] for y in heads[b]))

        kin = {a: frozenset(b for b in names if b == a or begins(a, b)) for a in names}
        rivals = {a: frozenset(b for b in names if b not in kin[a] and same_end(a, b)) for a in names}
        return rivals, kin

    def foreign(self, key: str):
        """The entries (a bool per docnum, numpy) that name a rival of the concept and neither
        it nor its kin: there the last word of its name stands for another thing. None when
        there are none. Cached (the index never changes under an open Searcher)."""
        if key in self._foreign:
            return self._foreign[key]
        rivals, kin = self._rivals.get(key, frozenset()), self._kin.get(key, frozenset())
        mask = np.zeros(self.n_docs, bool)
        for num, names in self.doc_concepts.items() if rivals else ():
            mask[num] = bool(names & rivals) and not names & kin
        self._foreign[key] = mask if mask.any() else None
        return self._foreign[key]

    def _doc_concepts(self, doc: dict) -> frozenset[str]:
        """The concepts an entry's title, answer or body names."""
        parts = (doc.get(f) or "" for f in ("title", "answer", "body"))
        return frozenset().union(*(self.concepts(p) for p in parts))
