"""Reading the question, forgiving: what a word may stand for when the texts write it
otherwise. A typo's correction, the parts of a compound, two words the texts write as
one, other forms of the word by a long shared start (lt, et, fi), the forms with a
consonant in the other grade (et, fi), a Korean word that mecab cut into pieces
because of a typo. Each look-up takes from the query's ``spelling.Budget``.

A mixin of ``language.Language``, which provides the index's vocabulary: ``lang``,
``korean``, ``vocab``, ``stem_vocab``, ``df``, ``_by_prefix``, ``stems``, ``folds``, ``idf``.
"""
from __future__ import annotations

import re
from itertools import pairwise

from .analyzers import fold
from .korean import is_dictionary_word, starts_with_dictionary_word
from .limits import FORMS_PER_WORD, KO_RUN_CHARS, WORD_WORK_CHARS
from .spelling import Budget, typing_slip
from .terms import Group, fold_fields, stem_fields

# Which words get other forms: those of FORM_MIN letters or more (shorter ones have too many
# neighbours); a relative shares at least FORM_SHARE of the shorter word's letters (and 4)
# and differs in at most RELATIVE_TAIL letters at its end. FORM_MIN also bounds typo
# corrections and, with FORM_SHARE, the word starts of reading.py: one length and one share
# where there were three and two.
# Cross-validated for their value only (they have no neutral one): no other value of any of
# the three did better on the other half than the one before this work.
FORM_MIN, FORM_SHARE, RELATIVE_TAIL = 5, 0.6, 4
# Consonant gradation (et, fi): a query word also counts for the texts' forms with the
# other grade of one consonant (käännetty ~ kääntyi, viedyn ~ vietiin), and their
# relatives, counting as the word itself (terms.py); every word, not only unknown
# stems (the fourth round in docs/search.md).
GRADES = {
    "et": (("rt", "rd"), ("kk", "k"), ("pp", "p"), ("tt", "t"), ("t", "d"), ("k", "g"), ("p", "b")),
    "fi": (("kk", "k"), ("pp", "p"), ("tt", "t"), ("nk", "ng"), ("nt", "nn"), ("lt", "ll"), ("rt", "rr"),
           ("mp", "mm"), ("t", "d"), ("p", "v")),
}


def _one_per_fold(words: list[str]) -> list[str]:
    """One word per spelling without accents, in order, the accented one kept: a phrasing typed
    without them (kaannetty) is the same form as the texts' (käännetty), not another."""
    kept: dict[str, str] = {}
    for word in words:
        key = fold(word)
        if key not in kept or (kept[key] == key and word != key):
            kept[key] = word
    return list(kept.values())


class Forgiveness:
    """Typos, compounds, other forms and grades of a question's words."""

    def _korean_typos(self, q: str, groups: list[Group], budget: Budget) -> list[Group]:
        """A Korean word with a typo is often cut into pieces that mean nothing (광데 ->
        광 + 데, 돗보기 -> 돗 + 보): when a one-syllable piece of a word is unknown to the texts,
        the word itself, without a final syllable or two (a particle), is compared with the known
        morphemes. A run of Hangul longer than KO_RUN_CHARS (words typed without spaces) is
        taken in pieces."""
        out = list(groups)
        for m in re.finditer(r"[\uac00-\ud7a3]{2,}", q):
            for start in range(m.start(), m.end(), KO_RUN_CHARS):
                end = min(start + KO_RUN_CHARS, m.end())
                if end - start >= 2:
                    out = self._korean_typo(q, start, end, groups, out, budget)
        out.sort(key=lambda g: g.start)
        return out

    def _korean_typo(self, q: str, start: int, end: int, groups: list[Group], out: list[Group],
                     budget: Budget) -> list[Group]:
        inside = [g for g in groups if start <= g.start and g.end <= end]
        if not inside or all(g.known or len(g.surface) > 1 for g in inside):
            # only particles, endings and known words; or a word of its own the texts do not have
            # (유령, a ghost: mecab knows it whole), which is no typo of one they have (유형)
            return out
        word = q[start:end]
        if starts_with_dictionary_word(word):
            return out  # a word of its own and an ending (질렀다가, 게임일), not a typo
        for cut in range(len(word), max(1, len(word) - 3), -1):
            core = word[:cut]
            if len(core) < 2:
                break
            candidates = self.vocab.closest(core, 1 if len(core) == 2 else 2, budget)
            if candidates:
                g = Group(surface=core, start=start, end=start + cut, correction=candidates[0][0], known=True)
                tied, sure = self._closest_tied(core, candidates)
                for cand, _dist, _df in tied:
                    stem_fields(g, [cand])
                if sure:
                    g.idf = self._group_idf(g, [], [], True)  # a confident correction: read as the word
                else:
                    g.guessed = set(g.terms)
                    g.idf = self.idf(0)  # an unsure guess: weighs as a word no entry has
                out = [x for x in out if x not in inside] + [g]
                break
        return out

    def _closest_tied(self, typed: str, candidates: list) -> tuple[list, bool]:
        """The closest known words (up to three, at the same distance) and whether the correction
        is confident: one known word, one slip of the fingers away (``spelling.typing_slip``). A
        confident correction is read as that word: full weight, and it counts in the confidence
        as the word would; an unsure one is a guess."""
        best = candidates[0][1]
        tied = [c for c in candidates[:3] if c[1] == best]
        return tied, len(tied) == 1 and best == 1 and typing_slip(self.vocab.key(typed), self.vocab.key(tied[0][0]))

    def _join_neighbours(self, q: str, groups: list[Group]) -> None:
        """Two neighbouring words written apart that the texts write as one ("set up" /
        "setup", "vihje kortti" / "vihjekortti") count for both words."""
        if self.korean:
            return
        for a, b in pairwise(groups):
            if not q[a.end:b.start].isspace() and q[a.end:b.start] not in ("-",):
                continue
            joined = (a.surface + b.surface).lower()
            stems = self.stems(joined)
            if len(stems) == 1 and (self.df["title"].get(stems[0]) or self.df["body"].get(stems[0])):
                for g in (a, b):
                    stem_fields(g, stems)  # the texts' own word
                    fold_fields(g, self.folds(joined))

    def _relatives(self, low: str, budget: Budget) -> list[str]:
        """Words of the texts that share a long start with ``low`` (folded)."""
        if len(low) < FORM_MIN:
            return []
        out = []
        near = self._by_prefix.get(low[:4], ())
        if not budget.take(len(near)):
            return []
        for word in near:
            folded = fold(word)
            if folded == low:
                continue
            n = 0
            for a, b in zip(folded, low):
                if a != b:
                    break
                n += 1
            if n >= max(4, FORM_SHARE * min(len(folded), len(low))) and len(low) - n <= RELATIVE_TAIL:
                out.append((n, word))
        out.sort(key=lambda x: -x[0])
        return _one_per_fold([w for _n, w in out])[:FORMS_PER_WORD]

    def _graded(self, low: str, budget: Budget) -> list[str]:
        """Words of the texts that are ``low`` (folded) with one consonant in the other
        grade (strong kk, tt, nk, nt ... for weak k, t, ng, nn ... and back), or
        relatives of such a form; the first two letters are kept."""
        if len(low) < FORM_MIN:
            return []
        out = set()
        for i in range(2, len(low) - 1):
            for strong, weak in GRADES[self.lang]:
                for have, other in ((strong, weak), (weak, strong)):
                    if not low.startswith(have, i) or low.startswith(have + have[-1], i):
                        continue  # a single k, t, p that is the first of a double is not weak
                    alt = low[:i] + other + low[i + len(have):]
                    if len(alt) < FORM_MIN:
                        continue
                    out.update(self._relatives(alt, budget))
                    if alt in self.vocab:
                        out.add(alt)
        return _one_per_fold(sorted(out))[:FORMS_PER_WORD]

    def _forgive(self, g: Group, surface: str, budget: Budget) -> None:
        """A word the texts do not have: a compound of known words, or a typo. The parts
        of a compound are a guess, as an unsure correction is: they find entries, but an
        entry having one of them ("henki" of "pilvihenki", a cloud spirit) is no sign that
        it answers (the confidence, the card and the closest phrasing do not count them). A
        word longer than WORD_WORK_CHARS is no word of these languages: it is left as it is."""
        low = surface.lower()
        if len(low) > WORD_WORK_CHARS:
            return
        if not self.korean and len(low) >= 7 and budget.take(2 * (len(low) - 6)):
            for i in range(len(low) - 3, 2, -1):
                head, tail = low[:i], low[i:]
                hs, ts = self.stems(head), self.stems(tail)
                if hs and ts and hs[0] in self.stem_vocab and ts[0] in self.stem_vocab:
                    before = set(g.terms)
                    stem_fields(g, hs + ts)
                    fold_fields(g, self.folds(head) + self.folds(tail))
                    g.guessed = set(g.terms) - before
                    return
        length = len(surface)
        if self.korean and is_dictionary_word(g.surface):
            # a word of the language the texts do not have (유령, a ghost; 질렀, the question's form
            # of the stem 지르), no typo of one they have
            return
        if self.korean:
            max_d = 0 if length < 2 else (1 if length == 2 else 2)  # in jamo
        else:
            max_d = 0 if length < FORM_MIN else (1 if length < 9 else 2)
        if not max_d:
            return
        candidates = self.vocab.closest(low, max_d, budget)
        if not candidates:
            return
        g.correction = candidates[0][0]
        before = set(g.terms)
        tied, sure = self._closest_tied(low, candidates)
        for word, _dist, _df in tied:
            stems = [word] if self.korean else self.stems(word)
            stem_fields(g, stems)
            if not self.korean:
                fold_fields(g, self.folds(word))
        g.guessed = set() if sure else set(g.terms) - before
