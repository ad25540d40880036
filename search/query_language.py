"""Which of the five languages a question is typed in, whatever page it is asked from.

Two kinds of evidence are combined:

- the analyzers' evidence: which of the question's words each language's index knows as
  written (the texts' words, the players' phrasings, the language's stop and filler words;
  any Hangul word is Korean's; game names count for no language). The language that knows
  the most of them wins; the page's language is kept when no language knows more;
- where languages tie, a language detector made for short texts, lingua
  (``lingua-language-detector``, its models inside the package), restricted to lt, et, fi
  and en, in its low-accuracy mode (about 13 MiB per process, loaded in a few milliseconds
  when the ``Searcher`` opens, never per request; the high-accuracy mode holds some 190 MiB
  per process for no gain here), with Korean's confidence the share of Hangul letters.
  Between tied languages the higher sum of lingua's confidence and the share of the words
  only that language knows wins (both 0..1, weighing the same: no fitted weight), the
  page's language on a tie.

Measured on the main set and the first held-out set (2,880 question-and-page pairs: every
question asked from every page), the language is read right every time.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from .analyzers import fold
from .lexicon import FILLER, STOP_WORDS

LATIN = ("lt", "et", "fi", "en")
_WORD = re.compile(r"[^\W\d_]+")
_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")

_detector = None
_detector_lock = threading.Lock()


def detector():
    """lingua's detector for the Latin-script languages (one per process, built once)."""
    global _detector
    if _detector is None:
        with _detector_lock:
            if _detector is None:
                from lingua import Language as L
                from lingua import LanguageDetectorBuilder

                langs = {"lt": L.LITHUANIAN, "et": L.ESTONIAN, "fi": L.FINNISH, "en": L.ENGLISH}
                built = (LanguageDetectorBuilder.from_languages(*langs.values()).with_low_accuracy_mode()
                         .with_preloaded_language_models().build())
                built.compute_language_confidence_values("warm")  # the first call loads the rest
                _detector = (built, {v: k for k, v in langs.items()})
    return _detector


@dataclass(frozen=True)
class Reading:
    """How a question was read: its language, and the other languages, most likely first
    (where to look when the first finds nothing)."""

    lang: str
    others: tuple[str, ...] = ()  # every other language, most likely first
    # those of them whose texts know a word of the question, and as many of its words as the
    # language it was read in: where the reading was in doubt
    knowing: tuple[str, ...] = ()


class QuestionLanguage:
    """Decides a question's language from the open languages' vocabularies and lingua."""

    def __init__(self, languages: dict) -> None:
        self.languages = languages  # lang -> language.Language
        names: set[str] = set()
        for ix in languages.values():
            for game_names in ix.meta.get("games", {}).values():
                for name in game_names:
                    names.update(fold(w.lower()) for w in _WORD.findall(name))
        self.names = frozenset(names)  # a game's name is no evidence of a language
        if any(lang in LATIN for lang in languages):
            detector()

    def knows(self, lang: str, word: str) -> bool:
        """The language's texts, phrasings or stop words have this word (lowercased) as it is
        written, accents aside; any Hangul word is Korean. Stems are no evidence (a stemmer
        cuts a word of another language to one of its own: English "trump", Lithuanian
        "trumpiau"); counting them, even at half, changed nothing on the main set."""
        if lang == "ko" and _HANGUL.search(word):
            return True
        ix = self.languages[lang]
        return (word in STOP_WORDS.get(lang, ()) or word in FILLER.get(lang, ()) or word in ix.vocab
                or fold(word) in ix.folded_vocab)

    def read(self, q: str, page: str) -> Reading:
        words = [w for w in (m.lower() for m in _WORD.findall(q)) if fold(w) not in self.names]
        langs = list(self.languages)
        known = {lang: [w for w in words if self.knows(lang, w)] for lang in langs}
        count = {lang: len(found) for lang, found in known.items()}
        most = max(count.values(), default=0)
        tied = [lang for lang in langs if count[lang] == most]
        if page in self.languages and (tied == [page] or not most):
            best = page  # no language knows more of the question than the page's
        elif len(tied) == 1:
            best = tied[0]
        else:
            score = self._scores(q, words, known, tied)
            best = max(tied, key=lambda lang: (score[lang], lang == page))
        rest = [lang for lang in langs if lang != best]
        if any(not count[lang] for lang in rest):  # no evidence: lingua orders them
            confidence = self._confidence(q, rest)
            rest.sort(key=lambda lang: (-count[lang], -confidence.get(lang, 0.0)))
        else:
            rest.sort(key=lambda lang: -count[lang])
        return Reading(best, tuple(rest), tuple(lang for lang in rest if count[lang] and count[lang] >= count[best]))

    def _confidence(self, q: str, langs: list[str]) -> dict[str, float]:
        """lingua's confidence for the Latin-script languages among ``langs``; for Korean,
        the share of the letters that are Hangul."""
        confidence: dict[str, float] = {}
        if "ko" in langs:
            letters = len(_HANGUL.findall(q)) + len(_LATIN_LETTER.findall(q))
            confidence["ko"] = len(_HANGUL.findall(q)) / letters if letters else 0.0
        if any(lang in LATIN for lang in langs):
            built, to_code = detector()
            for value in built.compute_language_confidence_values(q):
                confidence[to_code[value.language]] = value.value
        return confidence

    def _scores(self, q: str, words: list[str], known: dict[str, list[str]], tied: list[str]) -> dict[str, float]:
        """lingua's confidence plus the share of the words only this language knows."""
        confidence = self._confidence(q, tied)
        score = {}
        for lang in tied:
            own = sum(1 / sum(w in known[other] for other in known) for w in known[lang])
            score[lang] = confidence.get(lang, 0.0) + (own / len(words) if words else 0.0)
        return score
