"""Reading the question: one group of alternative terms per word (``terms.Group``).

A word's group has its stem in the title, answer, body, game-name and section-title
fields, its accent-folded stem, its word start (n-gram field), the start of a long
inflected word (lt, et, fi), synonyms (the general ones of ``synonyms.py`` and the
games' own, from their content through the index's meta), the glossary term a
mistranslation stands for and a game's name it is an inflected form of; what
``forgiveness`` adds for a word the texts write otherwise; and its idf, the weight of
the word in the question. Also here: which game a question names (``detect_game``).

A mixin of ``language.Language``, which provides the index's vocabulary: ``lang``,
``korean``, ``meta``, ``vocab``, ``folded_vocab``, ``df``, ``grams``, ``_glossary``,
``_glossary_starts``, ``_word_groups``, ``_game_names``, ``_synonyms``, ``_synonym_starts``,
``_name_cache``, ``stems``, ``folds``, ``words``, ``idf``.
"""
from __future__ import annotations

import functools
import math
import re

from .analyzers import GRAM_MAX, GRAM_MIN, fold
from .forgiveness import FORM_MIN, FORM_SHARE, GRADES, Forgiveness
from .korean import is_hangul
from .lexicon import FILLER, NUMBER_WORDS, STOP_WORDS
from .limits import MAX_WORDS, WORD_GROUPS, WORD_WORK_CHARS, WORK_BUDGET, remember
from .spelling import Budget
from .synonyms import SYNONYMS
from .terms import Group, fold_fields, shortest_start, stem_fields

PREFIX_LANGS = ("lt", "et", "fi")
# Finnish and Estonian name a thing by a verb the stemmer leaves apart from the glossary's noun
# (Finnish arvaan, arvasin ~ arvaus; Estonian arvan ~ arvamine): a word starting as one of the
# glossary's "match" starts of a term also counts as the term, as a table word does. Measured
# in the other three languages too, and not kept there (docs/search.md, sixth round).
MATCH_AS_TERM = ("et", "fi")
# A game named by a word that is also one of its cards (English "wizard"): after these words the
# word names the game ("who deals first in wizard", "the end of wizard"), and counts as the game's
# name only, not as the card: only English writes a card and a game the same.
NAMING_BEFORE = {"en": re.compile(r"(?<!\w)(?:in|of|for|from)\s+$", re.IGNORECASE)}


@functools.cache
def _unaccented_stops(lang: str) -> frozenset[str]:
    """A language's stop and filler words with their accents taken off (mitä -> mita)."""
    return frozenset(fold(w) for w in STOP_WORDS.get(lang, frozenset()) | FILLER.get(lang, frozenset()))


def _undoubled(word: str) -> str:
    """A word with its doubled letters written once (wizzard, wizard -> wizard; siggil -> sigil)."""
    return re.sub(r"(.)\1+", r"\1", word)


class QuestionReading(Forgiveness):
    """The groups of a question's words, and the game it names."""

    def _name_sequences(self) -> list[tuple[str, tuple[str, ...]]]:
        out = []
        for game, names in self.meta.get("games", {}).items():
            for name in names:
                seq = tuple(self.stems(name))
                if seq:
                    out.append((game, seq))
        out.sort(key=lambda x: -len(x[1]))
        return out

    def _glossary_rules(self) -> list[tuple[str, list[str]]]:
        """(folded word start, the term's stems): wrong words, the words players use at the
        table for the thing and, in MATCH_AS_TERM languages, the starts naming it lead to the
        term."""
        rules = []
        seen = set()  # games that share a glossary share its rules
        for item in self.meta.get("glossary", []):
            words = (*item.get("wrong", ()), *item.get("said", ()),
                     *(item.get("match", ()) if self.lang in MATCH_AS_TERM else ()))
            if (item["term"], words) in seen:
                continue
            seen.add((item["term"], words))
            term_stems = self.stems(item["term"])
            if not term_stems:
                continue
            for wrong in words:
                w = fold(wrong.lower()).strip()
                if len(w) >= shortest_start(self.korean):
                    rules.append((w, term_stems))
        return rules

    def _glossary_lookup(self) -> tuple[dict[str, list], list]:
        """The glossary's rules (``_glossary_rules``) as a question's words look them up: the
        one-word starts under their first two letters (a word tries only those it can begin
        with), the phrases apart (found once in the whole question)."""
        by_start: dict[str, list] = {}
        phrases = []
        for prefix, term_stems in self._glossary:
            if " " in prefix:
                phrases.append((prefix, term_stems))
            else:
                by_start.setdefault(prefix[:2], []).append((prefix, term_stems))
        return by_start, phrases

    def _synonym_map(self) -> dict[str, set[str]]:
        """stem -> the stems of the words players use for the same thing: the general
        groups of ``synonyms.py`` and the games' own (from their content, in the index)."""
        out: dict[str, set[str]] = {}
        for group in dict.fromkeys(tuple(g) for g in (*SYNONYMS.get(self.lang, []), *self.meta.get("synonyms", []))):
            stems = set()
            for word in group:
                terms = [word] if self.korean else self.stems(word)  # Korean: morphemes already
                if len(terms) == 1:
                    stems.add(terms[0])
            for stem in stems:
                out.setdefault(stem, set()).update(stems - {stem})
            for word in group:  # the words themselves, for word starts (bluff -> bluffing)
                if " " not in word and len(word) >= 4:
                    start = fold(word.lower())
                    self._synonym_starts.setdefault(start[:2], []).append((start, stems))
        return out

    def _synonyms_of(self, low: str, stems: list[str]) -> set[str]:
        found: set[str] = set()
        for stem in stems:
            found |= self._synonyms.get(stem, set())
        folded = fold(low)
        for start, group in self._synonym_starts.get(folded[:2], ()):  # by their first two letters
            if folded.startswith(start) and len(folded) - len(start) <= 4:
                found |= group
        return found - set(stems)

    # -- the words of the question --
    def groups(self, q: str, budget: Budget | None = None) -> list[Group]:
        """One group per word of the question: the terms that word may match, weighted."""
        budget = budget or Budget(WORK_BUDGET)
        groups: list[Group] = []
        words = self.words(q)[:MAX_WORDS]
        folded_q = fold(q.lower())
        # where the question has each of the glossary's phrases (once, not once per word)
        phrases = self._glossary_starts[1]
        phrase_at = {prefix: folded_q.find(prefix) for prefix, _stems in phrases}
        for surface, start, end in words:
            raw = q[start:end]
            word = self._word(surface, raw, budget)
            if word is None:
                continue  # a stop word, a greeting or a particle: no match, no weight in the confidence
            terms, stems, folds, known = word
            g = Group(surface=raw, start=start, end=end, terms=dict(terms))
            # every word of a glossary phrase leads to the term ("1인 플레이": 플레이 is no word of its own)
            for prefix, term_stems in phrases:
                at = phrase_at[prefix]
                if 0 <= at < end and start < at + len(prefix):
                    stem_fields(g, term_stems)
                    known = True
            g.known = known
            if not known and not surface[:1].isdigit() and surface[:1].isalpha():
                self._forgive(g, surface, budget)
            name = self._names_the_game(q, start, end)
            if name:
                g.terms, g.correction, g.guessed = {("names", name): 1.0}, None, set()
                g.idf = self.idf(self.df["names"].get(name, 0))
            else:
                g.idf = self._group_idf(g, stems, folds, known)
            groups.append(g)
        self._join_neighbours(q, groups)
        if self.korean:
            groups = self._korean_typos(q, groups, budget)
        return groups

    def _word(self, surface: str, raw: str, budget: Budget) -> tuple | None:
        """What a word of a question matches wherever it stands: (its terms, stems, folded
        stems, whether the texts know it), or None for a word that counts nothing. Cached (the
        same word in another question costs a look-up), unless the work budget ran out on it."""
        key = (surface, raw)
        if key in self._word_groups:
            return self._word_groups[key]
        word = self._read_word(surface, raw, budget)
        if budget.spent < budget.limit:
            remember(self._word_groups, key, word, WORD_GROUPS)
        return word

    def _read_word(self, surface: str, raw: str, budget: Budget) -> tuple | None:
        if surface.lower() in FILLER.get(self.lang, frozenset()):
            return None  # a greeting or a particle
        if not self.korean and fold(surface.lower()) in _unaccented_stops(self.lang):
            return None  # a stop word or filler typed without its accents (mita for mitä)
        if self.korean:
            if surface in STOP_WORDS["ko"]:
                return None
            stems = [NUMBER_WORDS["ko"].get(surface, surface)]
            folds: list[str] = []
        else:
            stems = self.stems(raw)
            if not stems:
                return None  # a stop word
            folds = self.folds(raw)
        g = Group(surface=raw, start=0, end=len(raw))
        stem_fields(g, stems)
        fold_fields(g, folds)
        for other in sorted(self._synonyms_of(surface.lower(), stems)):
            stem_fields(g, [other])
        low = fold(surface.lower())
        if self.korean:
            for i in range(len(raw) - 1):
                if is_hangul(raw[i:i + 2]):
                    g.add("fbody", raw[i:i + 2])
                    g.add("ftitle", raw[i:i + 2])
            if len(surface) >= 2:
                g.add("gram", surface[:GRAM_MAX])
        elif len(low) >= GRAM_MIN:
            long_word = len(low) > WORD_WORK_CHARS
            g.add("gram", low[:GRAM_MAX])
            for f in folds:
                if len(f) >= GRAM_MIN:
                    g.add("gram", f[:GRAM_MAX])
            if self.lang in PREFIX_LANGS and len(low) > FORM_MIN:
                # inflected and compound words: the start of the word (vihjekortin ->
                # vihjeko, finds vihjekortti)
                g.add("gram", low[:max(FORM_MIN, math.ceil(len(low) * FORM_SHARE))])
            if self.lang in PREFIX_LANGS and not long_word:
                # other forms of the word in the texts, by a long shared start
                # (kaarti ~ kaardid, kortteja ~ kortti): the stemmers of these
                # languages leave many forms apart
                for other in self._relatives(low, budget):
                    stem_fields(g, self.stems(other))
                if self.lang in GRADES:
                    for other in self._graded(low, budget):
                        stem_fields(g, self.stems(other))
        if not self.korean and not any(self.df["names"].get(t) for t in stems):
            game = self._inflected_name(surface)
            if game:
                for name in self.meta["games"][game]:
                    for t in self.stems(name):
                        g.add("names", t)
        known = (surface in self.vocab or low in self.folded_vocab
                 or any(self.df[f].get(t) for (f, t) in g.terms if f in self.df)
                 or (not self.korean and len(low) >= GRAM_MIN and low[:GRAM_MAX] in self.grams))
        # a mistranslated word or a table word (the glossary's "wrong" and "said") leads to the term
        for prefix, term_stems in self._glossary_starts[0].get(low[:2], ()):
            if low.startswith(prefix):
                stem_fields(g, term_stems)
                known = True
        return g.terms, stems, folds, known

    def _names_the_game(self, q: str, start: int, end: int) -> str | None:
        """The game name (its stem) a word is when it is a game's one-word name after a word that
        names a game (NAMING_BEFORE): "in wizard" is the game, not its card. A name typed with a
        letter doubled or not (wizzard) counts. Elsewhere a name stays a word of the question."""
        before = NAMING_BEFORE.get(self.lang)
        if not (before and before.search(q[max(0, start - 8):start])):
            return None
        word = q[start:end]
        stems, undoubled = self.stems(word), _undoubled(fold(word.lower()))
        return next((names[0] for _game, names in self._game_names
                     if len(names) == 1 and (names[0] in stems or _undoubled(names[0]) == undoubled)), None)

    def game_named_out(self, q: str) -> str:
        """The question with each word that names the game (``_names_the_game``) blanked, its
        length kept: for what reads the question's text rather than its groups (the concepts it
        names, its closeness to a text)."""
        if self.lang not in NAMING_BEFORE:
            return q
        for _surface, start, end in self.words(q):
            if self._names_the_game(q, start, end):
                q = q[:start] + " " * (end - start) + q[end:]
        return q

    def _group_idf(self, g: Group, stems: list[str], folds: list[str], known: bool) -> float:
        """How much a word weighs: the idf of the word itself when the texts have it;
        else of the rarest word it was surely taken for (a slip of the fingers undone, a
        glossary term); else, an unsure typo guess or the parts of a compound included, the
        idf of a word no entry has (the question may be about something else: a guess is no
        sign)."""
        own = [self.df[f].get(t, 0) for f in ("title", "body", "answer", "names", "phrasing") for t in stems]
        own += [self.df[f].get(t, 0) for f in ("ftitle", "fbody", "fphrasing") for t in folds]
        df = max(own, default=0)
        if df:
            return self.idf(df)
        others = [self.df[f].get(t, 0) for (f, t) in g.terms if f in self.df and (f, t) not in g.guessed]
        others = [d for d in others if d]
        return self.idf(min(others) if others else 0)

    def detect_game(self, q: str) -> str | None:
        """The game a query names, in any language's spelling (위자드 and 위저드 alike),
        inflected too (wizardissa, siggilis)."""
        words = self.words(q)
        seq = []
        for _surface, start, end in words:
            seq.extend(self.stems(q[start:end]))
        for game, names in self._game_names:
            n = len(names)
            for i in range(len(seq) - n + 1):
                if tuple(seq[i:i + n]) == names:
                    return game
        for surface, _start, _end in words:
            game = self._inflected_name(surface)
            if game:
                return game
        undoubled = {_undoubled(fold(surface.lower())) for surface, _start, _end in words}
        return next((game for game, names in self._game_names  # a letter doubled or not: wizzard
                     if len(names) == 1 and len(names[0]) >= 6 and _undoubled(names[0]) in undoubled), None)

    def _inflected_name(self, word: str) -> str | None:
        if word in self._name_cache:
            return self._name_cache[word]
        return remember(self._name_cache, word, self._find_inflected_name(word))

    def _find_inflected_name(self, word: str) -> str | None:
        low = fold(word.lower())
        for game, names in self.meta.get("games", {}).items():
            for name in names:
                name = fold(name.lower())
                if " " not in name and len(name) >= 4 and low.startswith(name) and len(low) - len(name) <= 5:
                    return game
        return None
