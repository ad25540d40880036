"""Closest known words, for "did you mean" and for forgiving typos.

A symmetric-deletion index (as in SymSpell): every vocabulary word is stored under
the strings made by deleting up to two of its characters; a query word looks up
its own deletions, and the few candidates are checked with the optimal string
alignment distance (a swap of two neighbours counts as one edit). Korean words are
compared as jamo, so 위쟈드 is one edit from 위자드.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from itertools import combinations


def osa_distance(a: str, b: str, limit: int) -> int:
    """Edit distance with adjacent transpositions; anything over ``limit`` is limit + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    if a == b:
        return 0
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1] if prev[-1] <= limit else limit + 1


def _deletes(key: str, depth: int) -> set[str]:
    out = set()
    for d in range(1, min(depth, len(key) - 1) + 1):
        for idx in combinations(range(len(key)), d):
            out.add("".join(ch for i, ch in enumerate(key) if i not in idx))
    return out


class Budget:
    """The work one query may spend beyond its plain analysis (typo look-ups, compound
    splits, other forms of a word), counted in strings examined. When it runs out, the
    remaining words are searched as written: the query still gets its answer, only less
    forgiveness."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.spent = 0

    def take(self, n: int) -> bool:
        if self.spent + n > self.limit:
            self.spent = self.limit  # nothing later in the query may run either
            return False
        self.spent += n
        return True


class Vocabulary:
    """Known words with their document frequencies, searchable by edit distance."""

    def __init__(self, words: dict[str, int], key: Callable[[str], str] = str, max_distance: int = 2,
                 min_length: int = 3) -> None:
        self.words = dict(words)
        self.key = key
        self.max_distance = max_distance
        self.longest = 0  # no word further than max_distance beyond this length can be near one
        self._by_key: dict[str, list[str]] = {}
        self._deletes: dict[str, list[str]] = {}
        for word in self.words:
            k = key(word)
            self.longest = max(self.longest, len(k))
            self._by_key.setdefault(k, []).append(word)
            if len(word) < min_length:
                continue
            depth = max_distance if len(k) >= 6 else 1
            for d in _deletes(k, depth):
                self._deletes.setdefault(d, []).append(k)

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def closest(self, word: str, max_distance: int, budget: Budget | None = None) -> list[tuple[str, int, int]]:
        """Known words within ``max_distance`` edits, best first: (word, distance, df).

        The work is bounded by the vocabulary, not the word: a word longer than the longest
        known one by more than ``max_distance`` has no neighbour, so its deletions are never
        made. With a ``budget``, the deletions and candidates examined are paid from it, and
        a look-up it cannot pay finds nothing."""
        max_distance = min(max_distance, self.max_distance)
        k = self.key(word)
        if len(k) > self.longest + max_distance:
            return []
        keys = {k} | _deletes(k, max_distance)
        candidates: set[str] = set()
        for d in keys:
            if d in self._by_key:
                candidates.add(d)
            candidates.update(self._deletes.get(d, ()))
        if budget is not None and not budget.take(len(keys) + len(candidates)):
            return []
        found = []
        for c in candidates:
            dist = osa_distance(k, c, max_distance)
            if dist <= max_distance:
                for w in self._by_key.get(c, ()):
                    if w != word:
                        found.append((w, dist, self.words[w]))
        found.sort(key=lambda x: (x[1], -x[2], x[0]))
        return found


# --- a slip of the fingers: what a confident correction undoes ----------------------------------
# A typo is far more often a slip of the fingers than another letter chosen: two letters
# swapped, one doubled, dropped or added, or a key next to the right one (QWERTY, and the
# Korean two-set layout for jamo). A known word that differs from a question's word by such
# a slip is its confident correction; one that differs by any other letter may be another
# word the texts do not have ("ostaa", to buy, is not "ottaa", to take).
_ROWS = (("qwertyuiop", "asdfghjkl", "zxcvbnm"),
         ("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ", "ㅋㅌㅊㅍㅠㅜㅡ"))
_SHIFTED = {"ㄲ": "ㄱ", "ㄸ": "ㄷ", "ㅃ": "ㅂ", "ㅆ": "ㅅ", "ㅉ": "ㅈ", "ㅒ": "ㅐ", "ㅖ": "ㅔ"}


def _neighbours() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for rows in _ROWS:
        for r, row in enumerate(rows):
            for c, key in enumerate(row):
                near = out.setdefault(key, set())
                for rr, cc in ((r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c)):
                    if 0 <= rr < len(rows) and 0 <= cc < len(rows[rr]):
                        near.add(rows[rr][cc])
    return out


_NEAR = _neighbours()


def _keys_slip(a: str, b: str) -> bool:
    """One key for another: neighbours, shift (ㄲ/ㄱ), an accent (ä/a), a compound jamo and its part."""
    base = {x: unicodedata.normalize("NFKD", x)[:1] for x in (a, b)}
    if base[a] == base[b] or _SHIFTED.get(a) == b or _SHIFTED.get(b) == a:
        return True
    if b in _NEAR.get(a, ()):
        return True
    parts = {"ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ"}
    return a in parts.get(b, "") or b in parts.get(a, "")


# Korean: a final consonant written as another that sounds the same there (돗보기 for 돋보기:
# ㄷ ㅅ ㅆ ㅈ ㅊ ㅌ ㅎ all end a syllable as [t]) is a slip of spelling as common as one of the fingers.
_SAME_FINAL = (frozenset("ㄷㅅㅆㅈㅊㅌㅎ"), frozenset("ㄱㅋㄲ"), frozenset("ㅂㅍ"))
_VOWELS = frozenset("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ")


def _final_slip(typed: str, known: str, i: int) -> bool:
    """The jamo at ``i`` ends a syllable in both words (after a vowel, before no vowel) and
    sounds the same there."""
    def final(key: str) -> bool:
        return i > 0 and key[i - 1] in _VOWELS and (i + 1 == len(key) or key[i + 1] not in _VOWELS)
    return final(typed) and final(known) and any(typed[i] in c and known[i] in c for c in _SAME_FINAL)


def typing_slip(typed: str, known: str) -> bool:
    """``known`` is ``typed`` with one slip of the fingers undone (both compared as keys: jamo
    for Korean): a letter dropped, added or doubled, two neighbours swapped, a neighbouring key
    (in Korean also a final consonant that sounds the same)."""
    if abs(len(typed) - len(known)) == 1:
        short, long_ = sorted((typed, known), key=len)
        return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
    if len(typed) != len(known):
        return False
    diff = [i for i, (x, y) in enumerate(zip(typed, known)) if x != y]
    if len(diff) == 2 and diff[1] == diff[0] + 1:
        i = diff[0]
        return typed[i] == known[i + 1] and typed[i + 1] == known[i]
    return len(diff) == 1 and (_keys_slip(typed[diff[0]], known[diff[0]]) or _final_slip(typed, known, diff[0]))
