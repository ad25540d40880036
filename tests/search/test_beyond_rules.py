"""The words that tell a question no rule answers (search/beyond.py): each catches the question
written with it, as its own kind, and none catches a question an entry answers: every entry's
title and every players' phrasing, in the five languages, is read as a ruling."""
from __future__ import annotations

import pytest

from search.beyond import BEYOND
from search.decision import beyond_rules
from search.lexicon import LANGS

WORDS = [(kind, lang, pattern, example) for kind, by_lang in BEYOND.items()
         for lang, words in by_lang.items() for pattern, example in words]


def test_every_kind_has_words_in_every_language():
    assert {kind for kind, *_ in WORDS} == {"advice", "slip", "product", "time"}
    assert all(set(by_lang) == set(LANGS) and all(by_lang.values()) for by_lang in BEYOND.values())


IDS = [f"{kind}-{lang}-{i}" for i, (kind, lang, *_) in enumerate(WORDS)]


@pytest.mark.parametrize(("kind", "lang", "pattern", "example"), WORDS, ids=IDS)
def test_each_word_catches_its_question_as_its_kind(kind, lang, pattern, example):
    assert beyond_rules(example, lang) == kind


def test_no_question_an_entry_answers_is_read_as_beyond_the_rules(real_site):
    caught = []
    for entry in real_site.entries.values():
        for lang, text in entry.texts.items():
            for q in (text.title, *(p.text for p in text.phrasings or ())):
                if beyond_rules(q, lang):
                    caught.append((entry.id, lang, q, beyond_rules(q, lang)))
    assert caught == []


@pytest.mark.parametrize(("q", "lang"), [
    # a wrong guess, a power's moment, Siggil's solo levels, a redeal on a turned-up Jester: rulings
    ("what happens if I guess the wrong number", "en"), ("do we redeal if a jester is turned up for trump", "en"),
    ("which solo level of siggil is the easiest", "en"), ("추측이 틀리면 리스크가 뭐예요?", "ko"),
    ("kada geriau panaudoti galią", "lt"), ("Kuinka kauan rangaistus kestää?", "fi"),
    ("kas võlur võib alati võita?", "et"), ("ar nepataikymas ką nors kainuoja", "lt"),
    # may I bid zero with a weak hand: the FAQ on bidding zero answers it
    ("can I bid zero with a weak hand", "en"), ("kas nõrga käega tohib nulli ennustada", "et"),
    ("saako heikolla kädellä tarjota nollan", "fi"),
])
def test_a_ruling_worded_near_a_word_of_them_is_a_ruling(q, lang):
    assert beyond_rules(q, lang) is None
