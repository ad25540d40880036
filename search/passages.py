"""The passage of a hit: the window of its body with the most of the question's words, those
words marked (escaped HTML).

A mixin of ``language.Language``, which provides ``docs``, ``_tokens`` (a text's words and the
terms each was indexed under, ``scoring.Scoring``), the cache ``_token_cache`` and ``warmed``.
"""
from __future__ import annotations

import bisect
import html

from markupsafe import Markup

from .analyzers import GRAM_MIN
from .limits import CACHE_ENTRIES, remember

FRAGMENT_CHARS = 180


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


class Passages:
    """A hit's passage, its words marked."""

    def _body_index(self, docnum: int) -> tuple[list, dict, list[str], list[int]]:
        """A body's words (``_tokens``), where each term is (term -> word positions), and its
        words' folded forms in order with their positions: which words a passage marks is then
        a look-up per term and a bisection per word start, not a test of every word (cached
        with the words)."""
        key = (docnum, "body-index")
        cached = self._token_cache.get(key)
        if cached is not None:
            return cached
        tokens = self._tokens(docnum, "body")
        by_key: dict[tuple[str, str], list[int]] = {}
        for i, tok in enumerate(tokens):
            for k in tok[2]:
                by_key.setdefault(k, []).append(i)
        folds = sorted((tok[3], i) for i, tok in enumerate(tokens) if tok[3])
        found = (tokens, by_key, [f for f, _i in folds], [i for _f, i in folds])
        return remember(self._token_cache, key, found, max(CACHE_ENTRIES, self.warmed))

    def _marked(self, docnum: int, keys: set, grams: tuple[str, ...]) -> list[tuple[int, int]]:
        """(start, end) of the body's words that have one of these terms or start with one of
        these word starts, in order."""
        tokens, by_key, folds, at = self._body_index(docnum)
        hit: set[int] = set()
        for key in keys:
            hit.update(by_key.get(key, ()))
        for gram in grams:
            j = bisect.bisect_left(folds, gram)
            while j < len(folds) and folds[j].startswith(gram):
                hit.add(at[j])
                j += 1
        return [(tokens[i][0], tokens[i][1]) for i in sorted(hit)]

    def fragment(self, docnum: int, matched: set[tuple[str, str]]) -> Markup:
        body = self.docs[docnum].get("body", "")
        keys = set(matched)
        keys |= {("body", t) for (f, t) in matched if f in ("title", "answer", "names")}
        keys |= {("fbody", t) for (f, t) in matched if f == "ftitle"}
        grams = tuple(t for (f, t) in matched if f == "gram" and len(t) >= GRAM_MIN)
        marks = self._marked(docnum, keys, grams)
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
