"""Cost that grows slowly with the content: Whoosh's scores read a block at a time, a game
as a range of documents, the content generator of bench/ (more games, recombined texts)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from search import Searcher, build

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.scale_content import made_up_name, scaled_site


@pytest.mark.parametrize(("field", "text"), [("body", "trick"), ("title", "jester"), ("phrasing", "colour"),
                                             ("fbody", "trump"), ("gram", "wiza")])
def test_the_scores_are_whooshs_own(real_searcher, field, text):
    ix = real_searcher._lang("en")
    ids, scores = ix.term_scores(field, text)
    assert len(ids), (field, text)
    m = ix.searcher().postings(field, text)
    expected = {}
    while m.is_active():
        expected[m.id()] = m.score()
        m.next()
    assert dict(zip(ids.tolist(), scores.tolist())) == pytest.approx(expected)


def test_a_game_is_a_range_of_documents(real_searcher):
    ix = real_searcher._lang("en")
    for game, (lo, hi) in ix.game_range.items():
        assert {ix.docs[n]["game"] for n in range(lo, hi)} == {game}
    result = real_searcher.search("who wins the trick", "en", game="wizard")
    assert result.hits and {h.game for h in result.hits} == {"wizard"}


def test_a_game_the_question_names_is_a_filter(real_searcher):
    result = real_searcher.search("how many cards does siggil have", "en")
    assert result.detected_game == "siggil"
    assert {h.game for h in result.hits} == {"siggil"}


def test_the_generator_makes_new_games_from_todays(real_site):
    site = scaled_site(real_site, 3)
    assert len(site.games) == 3 * len(real_site.games)
    assert len(site.entries) == 3 * len(real_site.entries)
    names = {g.names["en"] for g in site.games.values()}
    assert len(names) == len(site.games)  # every game its own name
    assert made_up_name(7) != made_up_name(8)
    for game in site.games.values():
        for entry in game.entries:
            assert entry.id.startswith(game.id + ".")
            assert all(r.startswith(game.id + ".") for r in entry.related)
            assert f"[[{game.id}." in entry.texts["en"].body or "[[" not in entry.texts["en"].body


def test_more_content_is_indexed_and_searched_by_game(real_site, tmp_path):
    site = scaled_site(real_site, 2)
    build(tmp_path, site=site, langs=("en",))
    searcher = Searcher(tmp_path, langs=("en",))
    copy = next(g for g in site.games.values() if g.id.startswith("wizard-"))
    result = searcher.search(f"who wins the trick in {copy.names['en']}", "en")
    assert result.detected_game == copy.id
    assert result.hits[0].id == f"{copy.id}.trick.winner"
    searcher.close()


@pytest.mark.parametrize(("q", "lang"), [("may I play a jester when I can follow suit", "en"),
                                         ("kiek kortų gauna kiekvienas žaidėjas", "lt"),
                                         ("위자드 카드를 내면 누가 이겨요", "ko")])
def test_the_vectors_score_every_entry_as_a_word_by_word_sum_would(real_searcher, monkeypatch, q, lang):
    """match() against the definition, computed the slow way: a word counts at its best term,
    the words' scores add up; the CANDIDATES best of them are kept."""
    import search.scoring as scoring

    ix = real_searcher._lang(lang)
    groups = ix.groups(q)
    expected = {}
    for d in range(ix.n_docs):
        score = covered = 0.0
        for g in groups:
            best = 0.0
            for (field, text), weight in g.terms.items():
                ids, scores = ix.term_scores(field, text)
                hit = dict(zip(ids.tolist(), scores.tolist()))
                if d in hit:
                    best = max(best, hit[d] * weight)
            if best:
                score, covered = score + best, covered + g.idf
        if covered:
            expected[d] = score
    got = ix.match(groups, None)
    assert {d: acc[0] for d, acc in got.items()} == pytest.approx(expected)
    monkeypatch.setattr(scoring, "CANDIDATES", 5)
    few = ix.match(groups, None)
    assert sorted(few) == sorted(sorted(expected, key=expected.get, reverse=True)[:5])


def test_the_mapped_index_is_read_in_place(real_searcher):
    """Whoosh's compound file hands its parts out as BytesIO copies; opened here, they are read
    where they are mapped (search/mapped.py): no copy of the index in each worker."""
    from whoosh.filedb import compound

    from search.mapped import MappedBufferFile

    ix = real_searcher._lang("en")
    assert compound.BufferFile is MappedBufferFile
    storage = ix.searcher().reader().segment().open_compound_file(ix.ix.storage)
    part = storage.open_file(storage.list()[0])
    assert isinstance(part, MappedBufferFile)
    assert not hasattr(part.file, "getbuffer")  # not a BytesIO


def test_reading_in_place_reads_what_a_copy_would():
    from io import BytesIO

    from search.mapped import _View

    data = b"first line\nsecond\n\nlast without end"
    ours, theirs = _View(memoryview(data)), BytesIO(data)
    for op, args in [("read", (5,)), ("readline", ()), ("tell", ()), ("seek", (3,)), ("read", (0,)),
                     ("readline", (4,)), ("seek", (-4, 2)), ("read", ()), ("read", (3,)), ("seek", (2, 1)),
                     ("tell", ()), ("seek", (0,)), ("readline", ()), ("readline", ()), ("readline", ())]:
        assert getattr(ours, op)(*args) == getattr(theirs, op)(*args), (op, args)
    ours.seek(0)
    assert list(ours) == data.splitlines(keepends=True)
    buf = bytearray(4)
    ours.seek(6)
    assert ours.readinto(buf) == 4 and bytes(buf) == data[6:10]
