"""A question naming a kind of rule (a variant, a bonus, a penalty, a rule) gets no answer card
from an entry that never speaks of it, and keeps its card from one that does.

The words caught and not caught are the native readers' own examples (sixteenth round of the
search issue); the questions were written for these tests, none comes from an evaluation set."""
from __future__ import annotations

import pytest

from search.decision import decide, doc_texts, named_kinds, unspoken_kind
from search.rule_kinds import RULE_KINDS


@pytest.mark.parametrize(("lang", "kind", "words"), [
    ("lt", "variant", ["variantas", "variante"]), ("lt", "bonus", ["bonusas", "premijos", "apdovanojimas"]),
    ("lt", "penalty", ["baudos", "bausmė", "nubaudžiamas"]), ("lt", "rule", ["taisyklės", "taisyklių", "taisyklyne"]),
    ("et", "variant", ["variandid", "variandis"]), ("et", "bonus", ["boonuse", "preemiat", "lisapunkte"]),
    ("et", "penalty", ["karistus", "trahvi", "miinuspunktid"]), ("et", "rule", ["reegel", "reeglid", "eeskirja"]),
    ("fi", "variant", ["variantti", "muunnelmassa"]), ("fi", "bonus", ["bonuksen", "lisäpisteitä", "palkinnon"]),
    ("fi", "penalty", ["rangaistuksen", "sakkoa", "miinuspisteitä"]), ("fi", "rule", ["sääntö", "säännöissä", "pelisäännöt"]),
    ("ko", "variant", ["변형 규칙", "베리에이션"]), ("ko", "bonus", ["보너스 점수", "가산점을", "추가 점수는"]),
    ("ko", "penalty", ["페널티를", "벌점은", "감점되나요"]), ("ko", "rule", ["규칙이", "룰북", "규정상"]),
    ("en", "variant", ["variants", "variation", "houserules"]), ("en", "bonus", ["bonuses", "rewarded"]),
    ("en", "penalty", ["penalties", "punished", "forfeited"]), ("en", "rule", ["rules", "rulebook", "regulations"]),
])
def test_a_kind_of_rule_is_named_in_any_form_with_or_without_diacritics(lang, kind, words):
    for word in words:
        assert kind in named_kinds(word, lang), word
        assert kind in named_kinds(word.upper() if lang != "ko" else word, lang), word


@pytest.mark.parametrize(("lang", "words"), [
    ("lt", ["varžovas", "versti", "rezultatas", "bokštas", "prekės", "prižiūrėti", "baltas", "baigti",
            "taisyklingas", "taisyti", "solo režimas", "kozirio spalva pasirenkama"]),
    ("et", ["vari", "viis", "mängima", "punktid", "lisama", "tasuta", "miinus", "kaotama", "reede", "kord",
            "versioonis"]),
    ("fi", ["pelitilanne", "muuttaa", "vaihtoehto", "pisteet", "palkki", "lisätä", "seuraava", "sakara",
            "säännöllisesti", "saanti", "saada", "yksinpelimuodossa"]),
    ("ko", ["카드", "라운드", "점수", "추가하다", "트릭", "벌써", "딜러", "트럼프", "규모", "2인용 버전"]),
    ("en", ["various", "variable", "verse", "bone", "rewind", "price", "pencil", "penny", "run", "ruin",
            "regular", "an extra card", "which version of the box"]),
])
def test_ordinary_words_and_the_games_own_name_no_kind_of_rule(lang, words):
    for word in words:
        assert not named_kinds(word, lang), word


def test_every_kind_has_words_in_every_language():
    for kind, words in RULE_KINDS.items():
        assert set(words) == {"lt", "et", "ko", "fi", "en"}, kind
        assert all(words.values()), kind


def test_the_kind_must_be_in_the_entrys_texts():
    assert unspoken_kind("is there a bonus for two spirits", "en", "You may capture one spirit a turn.") == "bonus"
    assert unspoken_kind("a rule with a penalty bonus", "en", "A bonus.") == "penalty"  # RULE_KINDS' order
    assert unspoken_kind("what is the penalty", "en", "A wrong guess has a penalty.") is None
    assert unspoken_kind("how do I capture", "en", "anything") is None
    doc = {"id": "g.faq.x", "kind": "faq", "title": "Can I capture twice?", "answer": "No",
           "body": "At most one spirit a turn.", "phrasings": ""}
    rival = {"id": "g.rule.y", "kind": "rule", "title": "", "answer": "", "body": "", "phrasings": ""}
    scored = [(10.0, 1.0, 0, doc), (1.0, 0.5, 1, rival)]
    assert decide(scored, {}, "can I capture twice", "en") == ("g.faq.x", False)
    q = "is there a bonus for capturing twice"
    assert decide(scored, {}, q, "en", unspoken=unspoken_kind(q, "en", doc_texts(doc))) == (None, False)


@pytest.mark.parametrize(("q", "lang", "top"), [
    ("is there a variant where the clue row has five cards", "en", "deductio.setup.clue-row"),
    ("ar yra premija už dvi sugautas dvasias per vieną ėjimą", "lt", "siggil.faq.captures-per-turn"),
    ("kas on boonus, kui püüan ühe käiguga kaks vaimu", "et", "siggil.faq.captures-per-turn"),
])
def test_an_entry_that_never_speaks_of_the_kind_asked_is_listed_without_a_card(real_searcher, q, lang, top):
    result = real_searcher.search(q, lang)
    assert result.hits[0].id == top
    assert result.answer is None


@pytest.mark.parametrize(("q", "lang", "card"), [
    ("variant where the bids may not add up to the tricks", "en", "wizard.bid.variant-total"),
    ("what is the penalty for a wrong guess", "en", "deductio.faq.wrong-guess-penalty"),
])
def test_an_entry_that_speaks_of_the_kind_asked_keeps_its_card(real_searcher, q, lang, card):
    assert real_searcher.search(q, lang).answer == card


def test_the_api_says_which_kind_of_rule_the_first_entry_never_speaks_of(client):
    body = client.get("/api/v1/search", query_string={
        "q": "is there a variant where the clue row has five cards", "lang": "en"}).get_json()
    assert body["unspoken"] == "variant" and body["answer"] is None
    assert body["results"][0]["id"] == "deductio.setup.clue-row"
    body = client.get("/api/v1/search", query_string={"q": "what is the penalty for a wrong guess", "lang": "lt"}).get_json()
    assert body["unspoken"] is None and body["answer"]["id"] == "deductio.faq.wrong-guess-penalty"

