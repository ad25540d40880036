"""Korean analysis: mecab-ko morphemes, the Korean tokenizers and filters, Hangul jamo.

The classes here are pickled into the index schema (through `search.analyzers`,
which builds the analyzers and re-exports every name): module-level classes with a
stable import path, holding only plain data. The mecab Tagger is created lazily,
one per thread, after unpickling.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator

from whoosh.analysis import Filter, Token, Tokenizer

from .lexicon import NUMBER_WORDS, STOP_WORDS, SYMBOL, WORD_PATTERN

_local = threading.local()


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


# --- Korean: mecab-ko ------------------------------------------------------------------------------

# Content morphemes kept: nouns, numerals, verb and adjective stems, roots, foreign words,
# numbers, Chinese characters, and adverbs that say something of the rule (혼자 alone, 잘못
# wrongly, 이미 already, 먼저 first, 다시 again, 바로 at once). Particles (J*), endings (E*),
# affixes (X*, except roots), the adverbs of any question (KO_ADVERB_STOP: how, why, just,
# really, not...), determiners and punctuation are dropped.
KO_KEEP = ("NNG", "NNP", "NR", "VV", "VA", "VX", "XR", "SL", "SN", "SH", "UNKNOWN", "MM", "MAG")
KO_ADVERB_STOP = frozenset(["어떻게", "왜", "좀", "잘", "또", "꼭", "너무", "정말", "진짜", "그냥", "막", "아주", "많이",
                            "더", "이제", "지금", "일단", "혹시", "그럼", "언제", "어디", "얼마나", "아마", "대충", "그렇게",
                            "이렇게", "저렇게", "어찌", "안", "못", "다", "제일", "가장", "무조건", "그래도", "계속"])  # MAG
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


def _dictionary_word(node) -> bool:
    """A morpheme of mecab's dictionary, of two syllables or more: not an unknown word nor a
    guessed name (typos are read as those: 정렁 -> the names 정 + 렁)."""
    return len(node.surface) >= 2 and node.feature.pos != "UNKNOWN" and node.feature.semantic != "인명"


def is_dictionary_word(text: str) -> bool:
    """mecab reads ``text`` whole as one word of its dictionary (유령, 당장, 뻔히): a word of its
    own, not a typo, whether or not the texts have it."""
    if not is_hangul(text):
        return False
    nodes = tagger().parse(text)
    return len(nodes) == 1 and nodes[0].surface == text and _dictionary_word(nodes[0])


def starts_with_dictionary_word(text: str) -> bool:
    """The first morpheme mecab reads in ``text`` is a word of its dictionary (게임 of 게임일,
    질렀 of 질렀다가): the word is that word and an ending, not a typo cut into pieces."""
    if not is_hangul(text):
        return False
    nodes = tagger().parse(text)
    return bool(nodes) and _dictionary_word(nodes[0])


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
    if main == "MAG" and form in KO_ADVERB_STOP:
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
    nodes = list(tagger().parse(text))
    for i, m in enumerate(nodes):
        start, end = m.span.start, m.span.end
        if any(s < end and start < e for s, e in taken):
            prev = None
            continue
        f = m.feature
        surface = m.surface
        if (surface == "하나" and f.pos == "NR" and i + 1 < len(nodes) and nodes[i + 1].surface == "요"
                and nodes[i + 1].span.start == end):
            # "어떻게 하나요", "누가 하나요": mecab reads the verb 하 + 나요 as the numeral 하나
            # (one) + 요; a question ending is no number.
            prev = None
            continue
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
    out.extend(_how_many(text, nodes))
    out.sort(key=lambda x: (x[1], -x[2]))
    return out


def _how_many(text: str, nodes: list) -> list[tuple[str, int, int, str]]:
    """몇 and the counter after it as one word ("몇 장", "몇 명"): what a question asking how many
    cards, players or times asks, where 몇 and the counter alone are stop words."""
    out = []
    for m, nxt in zip(nodes, nodes[1:]):
        if (m.surface == "몇" and nxt.feature.pos.startswith("NNBC")
                and not text[m.span.end:nxt.span.start].strip()):
            out.append(("몇" + nxt.surface, m.span.start, nxt.span.end, "NNG"))
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
