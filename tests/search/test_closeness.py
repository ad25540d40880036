"""The closest text by cosine (scoring.CLOSENESS_BONUS): an entry one of whose texts is worded
like the question, the same forms of the same words and few others, is lifted among the best."""
from __future__ import annotations

import pytest

from search import scoring


def _closeness(ix, q: str, entry_id: str) -> float:
    return ix.closeness(ix.num_by_id[entry_id], ix.text_vector(q))


@pytest.mark.parametrize("lang", ["lt", "ko"])
def test_a_phrasing_asked_word_for_word_is_as_close_as_can_be(real_searcher, real_site, lang):
    ix = real_searcher._lang(lang)
    entry = next(e for e in real_site.games["wizard"].entries if e.id == "wizard.faq.all-jesters")
    for phrasing in entry.text(lang).phrasings:
        assert _closeness(ix, phrasing.text, entry.id) == pytest.approx(1.0), phrasing.text
        assert _closeness(ix, phrasing.text, "deductio.goal") < 0.5, phrasing.text


def test_the_title_with_its_short_answer_is_one_text(real_searcher):
    ix = real_searcher._lang("fi")
    doc = ix.by_id["wizard.faq.all-jesters"]
    assert _closeness(ix, f"{doc['title']} {doc['answer']}", doc["id"]) == pytest.approx(1.0)
    assert _closeness(ix, doc["title"], doc["id"]) < 1.0  # the answer's words are missing


def test_another_form_of_a_word_and_a_word_no_text_has_are_less_close(real_searcher):
    ix = real_searcher._lang("en")
    doc = ix.by_id["wizard.faq.all-jesters"]
    exact = _closeness(ix, doc["title"], doc["id"])
    assert _closeness(ix, doc["title"].replace("played", "plays"), doc["id"]) < exact
    assert _closeness(ix, doc["title"] + " zqxvw", doc["id"]) < exact
    assert ix.closeness(ix.num_by_id[doc["id"]], ix.text_vector("zqxvw")) == 0.0


@pytest.mark.parametrize("lang", ["lt", "et", "fi"])
def test_a_question_typed_without_diacritics_is_as_close(real_searcher, lang):
    """On a phone the accents are often left out: "vaarin" is "väärin" to the closeness."""
    from search.analyzers import fold

    ix = real_searcher._lang(lang)
    titles = [(entry_id, ix.by_id[entry_id]["title"]) for entry_id in ("deductio.guess.wrong", "wizard.faq.all-jesters")]
    accented = [(entry_id, title) for entry_id, title in titles if fold(title) != title]
    assert accented  # Neteisingas spėjimas, Kõik käisid narri, Väärä arvaus
    for entry_id, title in accented:
        assert _closeness(ix, fold(title), entry_id) == pytest.approx(_closeness(ix, title, entry_id)), title
        assert _closeness(ix, title, entry_id) > 0.0, title


def test_phrasings_find_their_own_entry_more_often_with_the_bonus(real_searcher, real_site, monkeypatch):
    """Every Finnish phrasing of every entry asked as a question: its own entry comes first more
    often with the bonus than without it."""
    asked = [(p.text, e.id) for g in real_site.games.values() for e in g.entries for p in e.text("fi").phrasings]

    def firsts() -> int:
        return sum(bool(hits) and hits[0].id == entry_id
                   for q, entry_id in asked for hits in [real_searcher.search(q, "fi").hits])

    with_bonus = firsts()
    monkeypatch.setattr(scoring, "CLOSENESS_BONUS", 0.0)
    without = firsts()
    assert with_bonus > without
