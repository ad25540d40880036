"""The analyzers: stems, Korean morphemes and their offsets, kept symbols, folding,
word-start n-grams, and surviving a pickle (the schema is pickled into the index)."""
from __future__ import annotations

import pickle
import threading

import pytest

from search.analyzers import analyze, analyzers_for, fold, jamo, korean_morphemes


def terms(lang: str, kind: str, text: str) -> list[str]:
    return analyze(analyzers_for(lang)[kind], text)


@pytest.mark.parametrize("lang, a, b", [
    ("en", "players", "player"),
    ("en", "tricks", "trick"),
    ("en", "made", "make"),  # an irregular form meets its base form
    ("fi", "pelaajat", "pelaaja"),
    ("et", "mängijad", "mängija"),
    ("lt", "žaidėjai", "žaidėjas"),
])
def test_inflected_forms_share_a_stem(lang, a, b):
    assert terms(lang, "stem", a) == terms(lang, "stem", b)


@pytest.mark.parametrize("lang, text", [
    ("en", "the # and ## marks, +1 and -1"),
    ("fi", "merkit # ja ##, +1 ja -1"),
    ("et", "märgid # ja ##, +1 ja -1"),
    ("lt", "ženklai # ir ##, +1 ir -1"),
    ("ko", "# 과 ## 표시, +1 과 -1"),
])
def test_symbols_are_kept_as_tokens(lang, text):
    got = terms(lang, "stem", text)
    for symbol in ("#", "##", "+1", "-1"):
        assert symbol in got


def test_a_range_is_two_numbers_not_a_minus_one():
    assert terms("en", "stem", "1-20") == ["1", "20"]


def test_stop_words_go_negations_stay():
    assert terms("en", "stem", "may I choose no trump?") == ["choos", "no", "trump"]


def test_a_stop_word_with_its_contraction_is_a_stop_word_a_negation_stays():
    # "I've", "what's", "it's" are as empty as "I", "what", "it"; "don't" and "player's" are not
    assert terms("en", "stem", "I've a Jester, what's it do? We’re stuck") == ["jester", "stuck"]
    assert terms("en", "stem", "I don't follow, can't I? the player's card") == [
        "don't", "follow", "can't", "player", "card"]


@pytest.mark.parametrize(("lang", "q", "content"), [
    ("fi", "sarja jossa on kortti, jolla voittaa, sillä tällä kierroksella", "sarja kortti voittaa kierroksella"),
    ("et", "kaart, millega võidan, sellest ringist", "kaart võidan ringist"),
    ("lt", "kortos, kuriuos paimu iš tų krūvų, šioje rankoje", "kortos paimu krūvų rankoje"),
])
def test_every_form_of_a_pronoun_is_a_stop_word(lang, q, content):
    # "jossa" (in which), "millega" (with which), "kuriuos" (which, plural): as empty as
    # "joka", "mis", "kuris", which always were
    assert terms(lang, "stem", q) == terms(lang, "stem", content)


def test_number_words_become_digits():
    assert terms("en", "stem", "three tricks") == terms("en", "stem", "3 tricks")
    assert "2" in terms("fi", "stem", "kaksi tikkiä")
    assert terms("fi", "stem", "kaks tikkiä") == terms("fi", "stem", "2 tikkiä")  # spoken Finnish
    assert "3" in terms("ko", "stem", "카드 세 장")


def test_folding():
    assert fold("žaidėjai") == "zaidejai"
    assert fold("mängija") == "mangija"
    assert fold("위자드") == "위자드"  # Hangul is not decomposed
    assert terms("lt", "fold", "zaidejai") == terms("lt", "fold", "žaidėjai")
    assert terms("et", "fold", "mangija") == terms("et", "fold", "mängija")


def test_word_start_ngrams_reach_into_compounds():
    assert "salaarv" in terms("et", "gram", "salaarvukaart")
    assert "valtti" in terms("fi", "gram", "valttikortti")


@pytest.mark.parametrize(("lang", "q", "kept"), [
    ("en", "can I still play it if the spirit is already taken, only one card", {"still", "alreadi", "onli"}),
    ("fi", "onko henki jo vangittu, vielä yksi, vain kortti", {"jo", "vielä", "vain"}),
    ("et", "kas vaim on juba püütud, veel üks, ainult kaart", {"juba", "veel", "ainu"}),
    ("lt", "ar dvasia jau pagauta, dar viena, tik korta", {"jau", "dar", "tik"}),
])
def test_already_still_and_only_are_words_of_the_question(lang, q, kept):
    # they change the ruling asked for ("I still have the suit"), as a negation does
    assert kept <= set(terms(lang, "stem", q))


def test_korean_keeps_content_morphemes_and_drops_particles_and_endings():
    got = terms("ko", "stem", "캐치 더 넘버에서 추측이 틀리면 어떻게 되나요?")
    assert got == ["캐치", "넘버", "추측", "틀리"]


def test_korean_keeps_the_adverbs_that_say_something_of_the_rule():
    # 잘못 (wrongly), 혼자 (alone), 이미 (already) change the ruling asked for; 어떻게, 그냥, 왜 do not
    assert terms("ko", "stem", "숫자를 잘못 맞히면") == ["숫자", "잘못", "맞히"]
    assert terms("ko", "stem", "혼자 할 때 준비는 어떻게") == ["혼자", "준비"]
    assert terms("ko", "stem", "이미 잡힌 정령을 왜 그냥 가져가") == ["이미", "잡히", "정령", "가져가"]


def test_korean_splits_inflected_tokens_by_their_expression():
    # mecab-ko-dic tags 가져갑니다 as 가지/VV+어/EC and 가/VX+ㅂ니다/EF; 따라야 as 따르/VV+아야/EC
    assert "가져가" in terms("ko", "stem", "가져갑니다")
    assert terms("ko", "stem", "가져가요") == ["가져가"]
    assert terms("ko", "stem", "따라야") == ["따르"]


def test_a_korean_question_ending_is_no_number():
    # mecab reads 어떻게 하나요 ("how do I do it") as the numeral 하나 (one) + 요
    assert terms("ko", "stem", "단서 더미가 다 떨어지면 어떻게 하나요") == ["단서", "더미", "떨어지"]
    assert terms("ko", "stem", "누가 하나요?") == []
    assert "1" in terms("ko", "stem", "카드 하나만 가져가나요")  # the number itself stays


def test_korean_how_many_keeps_its_counter():
    # 몇 and 장 are stop words alone; together they ask how many cards
    assert terms("ko", "stem", "세트 몇 장 필요해요") == ["세트", "몇장", "필요"]
    assert terms("ko", "stem", "몇 명이서 해요") == ["몇명"]


def test_korean_offsets_point_at_the_words():
    text = "누가 마법사를 냈어요? 트릭을 가져갑니다"
    for form, start, end, _tag in korean_morphemes(text):
        piece = text[start:end]
        assert piece and not piece.isspace()
        if form in ("마법사", "트릭"):
            assert piece == form
    spans = [(t.text, text[t.startchar:t.endchar]) for t in analyzers_for("ko")["stem"](text, chars=True)]
    assert ("트릭", "트릭") in spans and ("마법사", "마법사") in spans


def test_korean_protected_words_stay_whole():
    plain = terms("ko", "stem", "위자드와 시길")
    kept = analyze(analyzers_for("ko", ("위자드", "시길"))["stem"], "위자드와 시길")
    assert "위자드" not in plain  # mecab splits it (위 + 자드)
    assert kept == ["위자드", "시길"]


def test_jamo():
    assert jamo("위자") == "ㅇㅟㅈㅏ"


@pytest.mark.parametrize("lang", ["lt", "et", "ko", "fi", "en"])
def test_analyzers_survive_pickling_and_work_in_another_thread(lang):
    analyzers = analyzers_for(lang, ("위자드",) if lang == "ko" else ())
    text = {"ko": "위자드 트릭을 가져갑니다 #"}.get(lang, "players taking tricks # +1 žaidėjai")
    before = {k: analyze(a, text) for k, a in analyzers.items()}
    restored = pickle.loads(pickle.dumps(analyzers))
    results = {}

    def run():
        results.update({k: analyze(a, text) for k, a in restored.items()})

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert results == before
