"""Analyzers per language.

Whoosh pickles the schema, analyzers included, into the index. Everything here
is therefore a module-level class or function with a stable import path, and
nothing holds an unpicklable object in its state: the PyStemmer stemmers and the
mecab Tagger are created lazily, one per thread, after unpickling.

Five analyzers are made per language (see `analyzers_for`):

- ``stem``: the main one. lt, et, fi, en: words (keeping ``#``, ``##``,
  ``+1``, ``-1``), lowercased, stop words dropped, number words mapped to
  digits, Snowball stems (PyStemmer). ko: mecab-ko content morphemes.
- ``fold``: the same with diacritics folded before stemming (``zaidejai``
  finds ``žaidėjai``); for Korean, Hangul character bigrams as a fallback for
  words the morphological analysis splits differently.
- ``gram``: word-start n-grams of folded words, for compounds
  (``salaarvukaart`` is found by ``salaarv``).
- ``words``: the surface words, lowercased, unstemmed, stop words kept: the
  vocabulary for "did you mean" and for splitting compound query words.
- ``names``: the stem analyzer (game names and section titles).
"""
from __future__ import annotations

import functools
import re
import threading
import unicodedata
from collections.abc import Iterator

from whoosh.analysis import (
    Filter,
    LowercaseFilter,
    NgramFilter,
    RegexTokenizer,
    Token,
    Tokenizer,
)

LANGS = ("lt", "et", "ko", "fi", "en")
SNOWBALL = {"lt": "lithuanian", "et": "estonian", "fi": "finnish", "en": "english"}

# A word, or one of the symbols the rules talk about: "#", "##", "+1", "-1"
# (a sign counts only at the start of a word: "1-20" is two numbers).
WORD_PATTERN = r"#{1,3}|(?<!\w)[+\-\u2212\u00b1]\d+|\w+(?:['\u2019]\w+)*"
SYMBOL = re.compile(r"#{1,3}|(?<!\w)[+\-\u2212\u00b1]\d+")

# --- stop words: short lists of function words and question words -------------------------
# Negations ("no", "not", "ei", "ne") are deliberately absent: "no trump" matters.

STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(["a", "an", "the", "and", "or", "but", "if", "then", "than", "so", "of", "to", "in", "on", "at", "by", "for", "from", "with", "without", "into", "onto", "about", "as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "doing", "done", "have", "has", "had", "having", "i", "me", "my", "mine", "we", "us", "our", "you", "your", "yours", "he", "him", "his", "she", "her", "it", "its", "they", "them", "their", "theirs", "this", "that", "these", "those", "there", "here", "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "can", "could", "may", "might", "must", "shall", "should", "will", "would", "need", "needs", "any", "some", "such", "other", "s", "t", "just", "also", "only", "very", "too", "really", "please", "go", "goes", "going", "went", "gone", "got", "get", "gets", "getting", "happen", "happens", "happened", "now", "still", "okay", "ok", "allowed", "able", "someone", "somebody", "anyone", "anybody", "thing", "things", "way", "many", "much", "game", "games"]),
    "lt": frozenset(["ir", "ar", "bet", "o", "kad", "jei", "jeigu", "kai", "kada", "nes", "tai", "tas", "ta", "tie", "tos", "to", "tą", "tuo", "toje", "tada", "nors", "yra", "buvo", "bus", "būti", "esu", "esi", "esame", "esate", "aš", "tu", "jis", "ji", "mes", "jūs", "jie", "jos", "mano", "tavo", "jo", "mūsų", "jūsų", "jų", "man", "tau", "jam", "jai", "mums", "jums", "mane", "tave", "save", "sau", "savo", "kas", "ką", "kuo", "kam", "ko", "kur", "kaip", "kodėl", "kuris", "kuri", "kurie", "kurios", "kurį", "kurią", "kokia", "koks", "kokie", "kokios", "į", "iš", "su", "be", "prie", "per", "po", "ant", "už", "nuo", "iki", "apie", "pas", "tarp", "dėl", "gal", "galiu", "gali", "galima", "galime", "galite", "galėtų", "reikia", "turiu", "turi", "turime", "turite", "taip", "pat", "dar", "jau", "tik", "labai", "čia", "ten", "dabar", "nutinka", "vyksta", "daryti", "darau", "daro", "kažkas", "kas", "nors", "kiek", "žaidimas", "žaidime", "žaidimo", "žaidimą"]),
    "et": frozenset(["ja", "ning", "või", "aga", "kui", "et", "siis", "kas", "sest", "ka", "ju", "ikka", "on", "oli", "olen", "oled", "oleme", "olete", "olla", "olema", "pole", "polnud", "mina", "ma", "sina", "sa", "tema", "ta", "meie", "me", "teie", "te", "nemad", "nad", "minu", "mu", "sinu", "su", "oma", "mind", "sind", "teda", "meid", "teid", "neid", "mulle", "sulle", "talle", "mul", "sul", "tal", "see", "seda", "selle", "sellel", "selles", "need", "nende", "too", "mis", "mida", "mille", "kes", "keda", "kelle", "kus", "kuhu", "kust", "millal", "miks", "kuidas", "milline", "millised", "kumb", "saan", "saad", "saab", "saame", "saate", "võin", "võid", "võib", "võime", "võite", "tohin", "tohid", "tohib", "pean", "pead", "peab", "peame", "peate", "tuleb", "juba", "veel", "ainult", "väga", "siin", "seal", "nüüd", "juhtub", "teha", "teen", "teeb", "keegi", "midagi", "mingi", "mitu", "mitut", "palju", "mäng", "mängus", "mängu"]),
    "fi": frozenset(["ja", "tai", "mutta", "jos", "kun", "että", "niin", "kuin", "sekä", "myös", "vain", "jo", "vielä", "hyvin", "entä", "sitten", "nyt", "on", "ovat", "oli", "olivat", "olla", "olen", "olet", "olemme", "olette", "ole", "onko", "minä", "sinä", "hän", "me", "te", "he", "minun", "sinun", "hänen", "meidän", "teidän", "heidän", "mä", "sä", "mun", "sun", "minua", "sinua", "häntä", "meitä", "teitä", "heitä", "minulla", "sinulla", "hänellä", "minulle", "sinulle", "mulla", "mulle", "se", "ne", "sen", "niiden", "sitä", "niitä", "tämä", "nämä", "tämän", "näiden", "tätä", "tuo", "siitä", "siihen", "niille", "niistä", "mikä", "mitä", "mistä", "mihin", "missä", "millä", "mille", "miksi", "miten", "kuka", "ketkä", "kenen", "kenelle", "minne", "voi", "voin", "voit", "voiko", "voinko", "saa", "saanko", "saako", "saan", "saat", "saavat", "täytyy", "pitää", "pitääkö", "täytyykö", "tuleeko", "joka", "jotka", "jonka", "joku", "jonkun", "tapahtuu", "teen", "teet", "tekee", "tehdä", "käy", "oma", "oman", "omaa", "omat", "omalla", "montako", "monta", "kuinka", "paljonko", "ko", "kö", "han", "peli", "pelin", "pelissä"]),
    "ko": frozenset(["하", "되", "있", "것", "수", "때", "경우", "어떻", "어떡하", "게임", "좀", "혹시", "해야", "거", "가능", "방법", "알려주", "알"]),
}

# Number words to digits (the rules mix "two clue actions" and "2 clue actions").
NUMBER_WORDS: dict[str, dict[str, str]] = {
    "en": {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
           "eight": "8", "nine": "9", "ten": "10", "twenty": "20", "sixty": "60", "zero": "0",
           "once": "1", "twice": "2", "first": "1", "second": "2", "third": "3"},
    "fi": {"yksi": "1", "yhden": "1", "yhtä": "1", "kaksi": "2", "kahden": "2", "kahta": "2",
           "kolme": "3", "kolmen": "3", "kolmea": "3", "neljä": "4", "neljän": "4", "neljää": "4",
           "viisi": "5", "viiden": "5", "kuusi": "6", "kuuden": "6", "seitsemän": "7",
           "kymmenen": "10", "kaksikymmentä": "20", "kuusikymmentä": "60", "nolla": "0"},
    "et": {"üks": "1", "ühe": "1", "üht": "1", "kaks": "2", "kahe": "2", "kahte": "2", "kolm": "3",
           "kolme": "3", "neli": "4", "nelja": "4", "viis": "5", "viie": "5", "kuus": "6", "kuue": "6",
           "seitse": "7", "seitsme": "7", "kümme": "10", "kakskümmend": "20", "null": "0"},
    "lt": {"vienas": "1", "viena": "1", "vieną": "1", "vieno": "1", "du": "2", "dvi": "2",
           "dviejų": "2", "dviem": "2", "trys": "3", "trijų": "3", "tris": "3", "trims": "3",
           "keturi": "4", "keturios": "4", "keturių": "4", "penki": "5", "penkių": "5",
           "šeši": "6", "šešių": "6", "septyni": "7", "septynių": "7", "dešimt": "10",
           "dvidešimt": "20", "nulis": "0", "nulį": "0"},
    "ko": {"하나": "1", "한": "1", "둘": "2", "두": "2", "셋": "3", "세": "3", "넷": "4", "네": "4",
           "다섯": "5", "여섯": "6", "일곱": "7", "열": "10", "스물": "20", "영": "0"},
}

# English irregular forms the Snowball stemmer leaves apart (made/make, won/win).
ENGLISH_IRREGULAR = {
    "made": "make", "won": "win", "lost": "lose", "led": "lead", "dealt": "deal", "took": "take",
    "taken": "take", "drew": "draw", "drawn": "draw", "threw": "throw", "thrown": "throw",
    "laid": "lay", "held": "hold", "chose": "choose", "chosen": "choose", "gave": "give",
    "given": "give", "saw": "see", "seen": "see", "told": "tell", "said": "say", "put": "put",
    "left": "left", "kept": "keep", "knew": "know", "known": "know", "began": "begin",
    "begun": "begin", "stole": "steal", "stolen": "steal", "caught": "catch", "broke": "break",
    "fell": "fall", "beat": "beat", "beaten": "beat", "hid": "hide", "hidden": "hide",
    "shown": "show", "bought": "buy", "thought": "think", "got": "get", "gotten": "get",
    "ran": "run", "went": "go", "gone": "go", "came": "come", "did": "do", "done": "do",
}

_local = threading.local()


# --- folding ---------------------------------------------------------------------------------

_FOLD_EXTRA = str.maketrans({"ß": "ss", "æ": "ae", "ø": "o", "đ": "d", "ł": "l", "œ": "oe",
                             "\u2212": "-", "\u2019": "'"})


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Strip diacritics from Latin letters: žaidėjai -> zaidejai, mängija -> mangija.

    Hangul is left alone (NFKD would split syllables into jamo).
    """
    out = []
    for ch in text.translate(_FOLD_EXTRA):
        if ch.isascii() or "\uac00" <= ch <= "\ud7a3" or "\u1100" <= ch <= "\u11ff" or "\u3130" <= ch <= "\u318f":
            out.append(ch)
            continue
        decomposed = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in decomposed if not unicodedata.combining(c)))
    return "".join(out)


# --- Hangul jamo (for edit distance and as-you-type prefixes) ---------------------------------

_CHO = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
_JUNG = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
_JONG = ["", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ",
         "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]


def jamo(text: str) -> str:
    """Hangul syllables to compatibility jamo (위자 -> ㅇㅟㅈㅏ); other characters unchanged."""
    out = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(_CHO[code // 588] + _JUNG[(code % 588) // 28] + _JONG[code % 28])
        else:
            out.append(ch)
    return "".join(out)


def is_hangul(text: str) -> bool:
    return any("\uac00" <= ch <= "\ud7a3" for ch in text)


# --- stemming (lt, et, fi, en) -----------------------------------------------------------------


def stemmer(lang: str):
    """This thread's PyStemmer stemmer for a language (PyStemmer objects neither pickle nor
    share across threads)."""
    cache = getattr(_local, "stemmers", None)
    if cache is None:
        cache = _local.stemmers = {}
    st = cache.get(lang)
    if st is None:
        import Stemmer

        st = cache[lang] = Stemmer.Stemmer(SNOWBALL[lang])
    return st


def _is_word(text: str) -> bool:
    return text[:1].isalpha()


class SnowballFilter(Filter):
    """Snowball stems via PyStemmer; symbols and numbers pass unchanged.

    Only the language name is pickled; the stemmer is made again on first use.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getstate__(self) -> dict:
        return {"lang": self.lang}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        stem = stemmer(self.lang).stemWord
        for t in tokens:
            if not t.stopped and _is_word(t.text):
                t.text = stem(t.text)
            yield t


class FoldFilter(Filter):
    """Folds diacritics (after the stop filter, before stemming)."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for t in tokens:
            t.text = fold(t.text)
            yield t


class StopFilter(Filter):
    """Drops a language's stop words (or marks them, when the caller keeps stops).

    Unlike Whoosh's own StopFilter, it keeps one-character tokens: "#" and "3" matter.
    """

    def __init__(self, lang: str, folded: bool = False) -> None:
        self.lang = lang
        self.folded = folded

    def _stops(self) -> frozenset[str]:
        stops = STOP_WORDS[self.lang]
        if self.folded:
            stops = stops | frozenset(fold(w) for w in stops)
        return stops

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        stops = _stop_cache(self.lang, self.folded, self._stops)
        for t in tokens:
            if t.text in stops:
                if t.removestops:
                    continue
                t.stopped = True
            else:
                t.stopped = False
            yield t


def _stop_cache(lang: str, folded: bool, make) -> frozenset[str]:
    cache = getattr(_local, "stops", None)
    if cache is None:
        cache = _local.stops = {}
    key = (lang, folded)
    if key not in cache:
        cache[key] = make()
    return cache[key]


class NumberFilter(Filter):
    """Number words to digits ("three" -> "3"), so either form matches the other; in
    English also irregular forms to the base form (made -> make)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        table = NUMBER_WORDS.get(self.lang, {})
        irregular = ENGLISH_IRREGULAR if self.lang == "en" else {}
        for t in tokens:
            text = table.get(t.text, t.text)
            t.text = irregular.get(text, text)
            yield t


class SymbolFilter(Filter):
    """Normalizes the symbol tokens: the minus sign and "±1"."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for t in tokens:
            text = t.text
            if text[:1] in "\u2212\u00b1":
                t.text = ("-" if text[0] == "\u2212" else "+") + text[1:]
            yield t


def word_tokenizer() -> RegexTokenizer:
    return RegexTokenizer(expression=WORD_PATTERN)


# --- Korean: mecab-ko ------------------------------------------------------------------------------

# Content morphemes kept: nouns, numerals, verb and adjective stems, roots, foreign words,
# numbers, Chinese characters. Particles (J*), endings (E*), affixes (X*, except roots),
# adverbs, determiners and punctuation are dropped.
KO_KEEP = ("NNG", "NNP", "NR", "VV", "VA", "VX", "XR", "SL", "SN", "SH", "UNKNOWN", "MM")
KO_AUX_STOP = frozenset(["있", "하", "주", "보", "않", "싶", "버리", "지", "가", "오", "내", "두", "되", "말", "대", "이"])  # VX
KO_VERB_STOP = frozenset(["있", "하", "되", "이"])  # VV, VA
KO_MM_NUMBERS = frozenset({"한", "두", "세", "네"})


def tagger():
    """This thread's mecab Tagger (one per thread)."""
    t = getattr(_local, "mecab", None)
    if t is None:
        import mecab

        t = _local.mecab = mecab.MeCab()
    return t


def _parse_expression(expression: str) -> list[tuple[str, str]]:
    """'가지/VV/*+어/EC/*' -> [('가지', 'VV'), ('어', 'EC')]."""
    parts = []
    for item in expression.split("+"):
        bits = item.split("/")
        if len(bits) >= 2 and bits[0]:
            parts.append((bits[0], bits[1]))
    return parts


def _keep(form: str, tag: str) -> bool:
    main = tag.split("+")[0]
    if main == "MM":
        return form in KO_MM_NUMBERS
    if main not in KO_KEEP:
        return False
    if main == "VX" and form in KO_AUX_STOP:
        return False
    return not (main in ("VV", "VA") and form in KO_VERB_STOP)


def korean_morphemes(text: str, protected: tuple[str, ...] = ()) -> list[tuple[str, int, int, str]]:
    """Content morphemes of a Korean text as (form, startchar, endchar, tag).

    Tokens tagged Inflect, Compound or Preanalysis are split into the parts of their
    expression column, as Lucene's Nori does (가져갑니다: 가지/VV + 가/VX; 따라야:
    따르/VV): an inflected part keeps the character span of the whole surface (its
    form is not in the text); a compound's parts get their own spans when they spell
    the surface, and the compound itself is kept too. ``protected`` words (game
    names, glossary terms) and the symbols #, ##, +1, -1 are kept whole.
    """
    out: list[tuple[str, int, int, str]] = []
    taken: list[tuple[int, int]] = []
    for m in SYMBOL.finditer(text):
        taken.append((m.start(), m.end()))
        out.append((m.group(0), m.start(), m.end(), "SY"))
    if protected:
        for word in protected:
            start = text.find(word)
            while start != -1:
                end = start + len(word)
                if not any(s < end and start < e for s, e in taken):
                    taken.append((start, end))
                    out.append((word, start, end, "NNP"))
                start = text.find(word, end)
    if not text.strip():
        return out
    prev = None
    for m in tagger().parse(text):
        start, end = m.span.start, m.span.end
        if any(s < end and start < e for s, e in taken):
            prev = None
            continue
        f = m.feature
        surface = m.surface
        last, prev = prev, m
        if (last is not None and last.span.end == start and f.pos.startswith("VX")
                and last.feature.pos.startswith("VV") and last.feature.pos.endswith("+EC")):
            # A verb joined to an auxiliary in one word: 가져 + 갑니다 also gives 가져가,
            # the stem mecab gives for 가져가요, so both spellings meet.
            head = _parse_expression(f.expression)[0][0] if f.expression else surface
            out.append((last.surface + head, last.span.start, end, "VV"))
        if f.type in ("Inflect", "Compound", "Preanalysis") and f.expression:
            parts = _parse_expression(f.expression)
            spelled = "".join(p for p, _ in parts) == surface
            if f.type == "Compound" and _keep(surface, f.pos):
                out.append((surface, start, end, f.pos.split("+")[0]))
            pos = start
            for form, tag in parts:
                if spelled:
                    s, e = pos, pos + len(form)
                    pos = e
                else:
                    s, e = start, end
                if f.type == "Compound" and (len(form) < 2 or not tag.startswith("NN")):
                    continue
                if _keep(form, tag):
                    out.append((form, s, e, tag))
        elif _keep(surface, f.pos):
            out.append((surface, start, end, f.pos))
    out.sort(key=lambda x: (x[1], -x[2]))
    return out


class KoreanTokenizer(Tokenizer):
    """mecab-ko morphemes as Whoosh tokens, with character offsets into the text.

    ``protected`` is a tuple of words kept whole (e.g. 위자드, which mecab would
    split into 위 + 자드); it pickles with the schema. The Tagger is per thread.
    """

    def __init__(self, protected: tuple[str, ...] = ()) -> None:
        self.protected = tuple(sorted(set(protected), key=lambda w: (-len(w), w)))

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.protected == self.protected

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            t.original = t.text = value
            t.boost = 1.0
            if positions:
                t.pos = start_pos
            if chars:
                t.startchar, t.endchar = start_char, start_char + len(value)
            yield t
            return
        for i, (form, s, e, _tag) in enumerate(korean_morphemes(value, self.protected)):
            t.text = form
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = value[s:e]
            if positions:
                t.pos = start_pos + i
            if chars:
                t.startchar, t.endchar = start_char + s, start_char + e
            yield t


class KoreanStopFilter(Filter):
    """Drops Korean stop morphemes and maps numerals (세, 셋) to digits."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        numbers = NUMBER_WORDS["ko"]
        stops = STOP_WORDS["ko"]
        for t in tokens:
            if t.text in stops:
                if t.removestops:
                    continue
                t.stopped = True
            else:
                t.stopped = False
                t.text = numbers.get(t.text, t.text)
            yield t


class HangulBigramTokenizer(Tokenizer):
    """Overlapping character bigrams of Hangul runs (a single syllable stays whole);
    other words as by the word tokenizer."""

    RUN = re.compile(r"[\uac00-\ud7a3]+|" + WORD_PATTERN)

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for m in self.RUN.finditer(value):
            run = m.group(0)
            if is_hangul(run[:1]):
                grams = [(run[i:i + 2], m.start() + i) for i in range(max(1, len(run) - 1))]
            else:
                grams = [(run, m.start())]
            for gram, s in grams:
                t.text = gram
                t.boost = 1.0
                t.stopped = False
                if keeporiginal:
                    t.original = gram
                if positions:
                    t.pos = pos
                    pos += 1
                if chars:
                    t.startchar, t.endchar = start_char + s, start_char + s + len(gram)
                yield t


# --- analyzers ----------------------------------------------------------------------------------

GRAM_MIN, GRAM_MAX = 4, 24


def stem_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return KoreanTokenizer(protected) | LowercaseFilter() | KoreanStopFilter()
    return (word_tokenizer() | LowercaseFilter() | SymbolFilter() | StopFilter(lang)
            | NumberFilter(lang) | SnowballFilter(lang))


def fold_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return HangulBigramTokenizer() | LowercaseFilter()
    return (word_tokenizer() | LowercaseFilter() | SymbolFilter() | StopFilter(lang, folded=True)
            | NumberFilter(lang) | FoldFilter() | SnowballFilter(lang))


def gram_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return KoreanTokenizer(protected) | LowercaseFilter() | NgramFilter(2, GRAM_MAX, at="start")
    return (word_tokenizer() | LowercaseFilter() | StopFilter(lang, folded=True) | FoldFilter()
            | NgramFilter(GRAM_MIN, GRAM_MAX, at="start"))


def words_analyzer(lang: str, protected: tuple[str, ...] = ()):
    if lang == "ko":
        return KoreanTokenizer(protected) | LowercaseFilter()
    return word_tokenizer() | LowercaseFilter() | SymbolFilter()


def analyzers_for(lang: str, protected: tuple[str, ...] = ()) -> dict:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return {
        "stem": stem_analyzer(lang, protected),
        "fold": fold_analyzer(lang, protected),
        "gram": gram_analyzer(lang, protected),
        "words": words_analyzer(lang, protected),
    }


def analyze(analyzer, text: str) -> list[str]:
    """The terms an analyzer makes of a text (for tests and query building)."""
    return [t.text for t in analyzer(text)]
