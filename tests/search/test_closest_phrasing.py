"""The closest phrasing (scoring.PHRASING_BONUS): an entry one of whose phrasings holds the
question on its own is lifted above entries that only match its words scattered."""
from __future__ import annotations

import pytest

from search import scoring


def _share(ix, q: str, entry_id: str) -> float:
    groups = ix.groups(q)
    return ix.phrasing_share(ix.num_by_id[entry_id], ix.sure_keys(groups), sum(g.idf for g in groups))


def test_a_phrasing_asked_word_for_word_is_the_whole_question(real_searcher, real_site):
    ix = real_searcher._lang("en")
    entry = next(e for e in real_site.games["wizard"].entries if e.id == "wizard.faq.all-jesters")
    for phrasing in entry.text("en").phrasings:
        assert _share(ix, phrasing.text, entry.id) == pytest.approx(1.0), phrasing.text
        assert _share(ix, phrasing.text, "deductio.goal") < 0.5, phrasing.text


def test_the_title_counts_as_a_phrasing(real_searcher):
    ix = real_searcher._lang("fi")
    doc = ix.by_id["wizard.faq.all-jesters"]
    assert _share(ix, doc["title"], "wizard.faq.all-jesters") == pytest.approx(1.0)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_phrasings_find_their_own_entry_more_often_with_the_bonus(real_searcher, real_site, lang, monkeypatch):
    """Every phrasing of every entry asked as a question: its own entry comes first more often
    with the bonus than without it."""
    asked = [(p.text, e.id) for g in real_site.games.values() for e in g.entries for p in e.text(lang).phrasings]

    def firsts() -> int:
        for ix in real_searcher._langs.values():
            ix._word_cache.clear()
        return sum(bool(hits) and hits[0].id == entry_id
                   for q, entry_id in asked for hits in [real_searcher.search(q, lang).hits])

    with_bonus = firsts()
    monkeypatch.setattr(scoring, "PHRASING_BONUS", 0.0)
    without = firsts()
    assert with_bonus > without
