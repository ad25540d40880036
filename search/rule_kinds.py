"""Kinds of rule a question can name: a variant, a bonus, a penalty, a rule. A question that
names one ("is there a catch-up bonus", "a variant with four clue cards") asks about that kind of
rule; an entry whose texts never speak of it may share the question's other words, but it says
nothing on whether such a rule exists, so it gets no answer card (``decision.decide``; it is
still listed where it ranks). An entry that speaks of it (the official bid variant, the penalty
for a wrong guess) gets its card as before.

The words are word starts, matched (``decision.named_kinds``) at a word's start (Korean: anywhere,
endings are written onto the word) in the lower-cased text with diacritics folded (players often
type without them), so that inflected forms count: taisyklių, reeglid, säännöt, 규칙이. Written in the
sixteenth round of the search issue by one native reader per language who saw neither an evaluation
set nor a miss, and cut where a word also names the games' own things (an "extra" card, a "version"
of the box, Siggil's solo "mode") or asks for no kind of rule. "An exception" and "optional" are
left out: the entry on a special case (a wizard led) or on what a player may skip (a capture) is
the answer without naming itself so. tests/search/test_rule_kinds.py runs the readers' words.
"""
from __future__ import annotations

# kind -> language -> word starts, folded (no diacritics)
RULE_KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "variant": {
        "en": ("variant", "varient", "variation", "alternative rule", "houserule", "homebrew"),
        "lt": ("variant", "atmain", "alternatyv", "modifikacij"),
        "et": ("varian", "variatsio", "manguviis", "mangimisviis", "alternatiiv", "kodureeg"),
        "fi": ("variant", "variaatio", "muunnelm", "muunnos", "muunnok", "kotisaan"),
        "ko": ("변형", "변종", "베리언트", "배리언트", "바리안트", "베리에이션", "바리에이션", "하우스룰", "하우스 룰"),
    },
    "bonus": {
        "en": ("bonus", "reward", "prize"),
        "lt": ("bonus", "premij", "apdovano", "atlyg", "prizas", "prizai", "prizo", "prizu"),
        "et": ("boonu", "bonus", "preemi", "premeeri", "autasu", "auhin", "lisapunkt", "ekstrapunkt"),
        "fi": ("bonus", "bonuk", "lisapist", "extrapist", "ekstrapist", "pluspist", "palkinto", "palkinno",
               "palkkio", "palkits"),
        "ko": ("보너스", "추가점", "추가 점수", "추가득점", "추가 득점", "가산점", "보상", "특전"),
    },
    "penalty": {
        "en": ("penal", "punish", "forfeit", "fined"),
        "lt": ("baud", "bausm", "baust", "nubaus", "nubaud", "nuobaud", "sankcij"),
        "et": ("karist", "trahv", "miinuspunkt", "penalt", "sanktsio", "punktikaotus"),
        "fi": ("rangais", "sakko", "sakon", "sakot", "sakoi", "miinuspist", "pistevahenn", "seuraamu", "penalt"),
        "ko": ("페널티", "패널티", "페날티", "패날티", "벌점", "벌칙", "벌금", "처벌", "감점", "불이익"),
    },
    "rule": {
        "en": ("rule", "regulation"),
        "lt": ("taisykle", "taisykliu", "taisyklyn", "reglament"),
        "et": ("reegel", "reegl", "eeskir", "mangureeg", "maarus"),
        "fi": ("saanto", "saannon", "saannot", "saannoi", "saannoss", "saannost", "saannolla", "saannolle",
               "saannolta", "saannoksi", "pelisaan", "perussaan", "lisasaan", "erikoissaan"),
        "ko": ("규칙", "규정", "룰"),
    },
}

