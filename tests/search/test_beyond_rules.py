"""The words that tell a question no rule answers (search/beyond.py): each catches the question
written with it (tests/search/beyond_questions.py), as its own kind, and none catches a question
an entry answers: every entry's title and every players' phrasing, in the five languages, is read
as a ruling."""
from __future__ import annotations

import pytest

from search.beyond import BEYOND_RULES
from search.decision import beyond_rules
from search.lexicon import LANGS
from tests.search.beyond_questions import NEAR_RULINGS, QUESTIONS

WORDS = [(kind, lang, word, question) for kind, by_lang in QUESTIONS.items()
         for lang, questions in by_lang.items() for word, question in questions.items()]
IDS = [f"{kind}-{lang}-{i}" for i, (kind, lang, *_) in enumerate(WORDS)]


def test_every_word_has_its_question_in_every_kind_and_language():
    assert set(BEYOND_RULES) == {"advice", "slip", "breach", "product", "time", "house"}
    for kind, by_lang in BEYOND_RULES.items():
        assert set(by_lang) == set(LANGS) and all(by_lang.values()), kind
        for lang, words in by_lang.items():
            assert sorted(words) == sorted(QUESTIONS[kind][lang]), (kind, lang)


@pytest.mark.parametrize(("kind", "lang", "word", "question"), WORDS, ids=IDS)
def test_each_word_catches_its_question_as_its_kind(kind, lang, word, question):
    assert beyond_rules(question, lang) == kind


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
    ("kiek kainuoja neteisingas spėjimas?", "lt"), ("valesti arvamise hind", "et"),
    # may I bid zero with a weak hand: the FAQ on bidding zero answers it
    ("can I bid zero with a weak hand", "en"), ("kas nõrga käega tohib nulli ennustada", "et"),
    ("saako heikolla kädellä tarjota nollan", "fi"),
    # whether a thing is cheating or may be looked at is a ruling; a rule broken, and what then, is not
    ("is it cheating to play a jester when I could follow suit", "en"), ("may the others look at my hand", "en"),
    ("숫자 물어보면 거짓말해도 돼요? 반칙이에요?", "ko"), ("onko huijaamista valehdella omasta numerosta", "fi"),
    ("ar sukčiavimas meluoti apie savo skaičių", "lt"), ("kas naljamehe käimine on sohk, kui mul on mast käes", "et"),
    # not following suit for want of the suit, acting before one's turn: rulings
    ("en tunnustanut maata, koska minulla ei ollut sitä – saako pelata valttia?", "fi"),
    ("kas ma tohin enne oma korda vihjekaardi võtta?", "et"),
    # a second reader's: someone says a ruling was broken, or "turned out" / "took back" about play itself
    ("My friend says I cheated by playing a Jester when I had a heart. Did I?", "en"),
    ("I guessed 13 and it turned out she had 13, what happens now?", "en"),
    ("I stole his spirit and he took it back the next turn, is that allowed?", "en"),
    ("리드 무늬가 있는데 마법사를 냈더니 친구가 제가 반칙했다고 해요. 맞나요?", "ko"),
    ("Kas ma tegin sohki, kui käisin narri, kuigi mul oli ärtu käes?", "et"),
    ("Ar jis sukčiavo, kai sužaidė juokdarį, nors turėjo širdžių?", "lt"),
    ("Tikki aloitettiin narrilla, ja Pekka ei tunnustanut herttaa, vaikka hänellä oli sitä – saako niin?", "fi"),
    # a bid taken back, and a swap between players: rulings the FAQ makes (twelfth round)
    ("콜 무르기 돼요?", "ko"), ("예측을 말했는데 취소하고 다시 말해도 되나요?", "ko"),
    ("saako käydä vaihtokauppaa", "fi"), ("voiko Siggilissä tehdä vaihtokaupan toisen pelaajan kanssa", "fi"),
])
def test_a_ruling_worded_near_a_word_of_them_is_a_ruling(q, lang):
    assert beyond_rules(q, lang) is None


@pytest.mark.parametrize(("q", "lang"), [
    ("he reneged two tricks ago and we only noticed now, what do we do", "en"),
    ("Hän jätti maan tunnustamatta, vaikka kädessä oli sitä maata. Mitä nyt tehdään?", "fi"),
    ("규칙을 어긴 사람은 어떻게 해요?", "ko"),
])
def test_a_rule_a_player_broke_is_a_breach(q, lang):
    assert beyond_rules(q, lang) == "breach"


@pytest.mark.parametrize(("lang", "q"), [(lang, q) for lang, qs in NEAR_RULINGS.items() for q in qs])
def test_a_ruling_near_the_sixteenth_rounds_words_is_a_ruling(lang, q):
    assert beyond_rules(q, lang) is None
