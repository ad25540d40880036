"""Any language in, the page's language out: which language a question is typed in, the
search in that language's index, the hits in the page's language, the page and the API
saying how the question was read.

The questions here were written for these tests (short table questions, names of the
games' things); none comes from an evaluation set's misses."""
from __future__ import annotations

import pytest

from search.evaluation import EVAL_DIR, load_eval_set

LANGS = ("lt", "et", "ko", "fi", "en")

# (question, its language): short ones, where a detector alone errs
SHORT = [
    ("kiek kortų kaladėje", "lt"), ("ar galima pasakyti ne", "lt"), ("kas laimi kirtį", "lt"),
    ("mitu kaarti jagatakse", "et"), ("kes võidab tihi", "et"), ("trumbi mast", "et"),
    ("montako korttia jaetaan", "fi"), ("kuka voittaa tikin", "fi"), ("valtti", "fi"),
    ("how many cards are dealt", "en"), ("who wins the trick", "en"), ("jester", "en"),
    ("카드 몇 장", "ko"), ("트릭은 누가 가져가요", "ko"), ("wizard 몇 장", "ko"),
]


@pytest.mark.parametrize(("q", "lang"), SHORT)
@pytest.mark.parametrize("page", LANGS)
def test_short_questions_are_read_in_their_language(real_searcher, q, lang, page):
    assert real_searcher.reading(q, page).lang == lang


@pytest.mark.parametrize("page", LANGS)
def test_a_game_name_alone_stays_in_the_page_language(real_searcher, page):
    for name in ("wizard", "deductio", "siggil"):
        assert real_searcher.reading(name, page).lang == page


def test_every_main_set_question_is_read_in_its_language_from_every_page(real_searcher):
    wrong = []
    for lang in LANGS:
        for question in load_eval_set(lang, EVAL_DIR):
            for page in LANGS:
                if real_searcher.reading(question.q, page).lang != lang:
                    wrong.append((page, lang, question.q))
    assert not wrong


def test_the_hits_are_in_the_page_language(real_searcher, real_site):
    result = real_searcher.search("kuka voittaa tikin jos kaikki pelaavat narrin", "en")
    assert result.query_lang == "fi" and result.lang == "en"
    assert result.hits
    for hit in result.hits:
        assert hit.title == real_site.entries[hit.id].text("en").title
        assert "<mark>" not in hit.fragment  # the page's passage: no word of the question is in it
    assert result.to_dict()["query_lang"] == "fi"


def test_a_korean_question_on_a_lithuanian_page(real_searcher, real_site):
    result = real_searcher.search("광대를 내면 트릭은 누가 가져가요", "lt")
    assert result.query_lang == "ko" and result.lang == "lt"
    assert result.hits and result.hits[0].game == "wizard"
    assert result.hits[0].title == real_site.entries[result.hits[0].id].text("lt").title


def test_a_page_language_question_is_read_as_such(real_searcher):
    result = real_searcher.search("who wins the trick", "en")
    assert result.query_lang == "en" and result.hits


@pytest.mark.parametrize(("q", "lang", "knowing_one"), [
    ("mis värvi on mängu karp", "et", "fi"), ("kuka pitää kirjaa pisteistä ja kynästä", "fi", "lt")])
def test_a_question_clearly_read_is_not_searched_again_where_fewer_of_its_words_are_known(
        real_searcher, monkeypatch, q, lang, knowing_one):
    """Nothing clear in the question's language, and another language knows a word of it, but
    fewer than its own: that language is not searched (it never changed an outcome)."""
    searched = []
    search_in = real_searcher._search_in

    def counted(q, in_lang, *args):
        searched.append(in_lang)
        return search_in(q, in_lang, *args)

    monkeypatch.setattr(real_searcher, "_search_in", counted)
    assert any(real_searcher._reader.knows(knowing_one, w) for w in q.split())
    result = real_searcher.search(q, lang)
    assert result.no_answer and result.hits and searched == [lang]
    assert real_searcher.reading(q, lang).knowing == ()


@pytest.mark.parametrize("page", LANGS)
def test_no_empty_page_for_a_question_another_language_answers(real_searcher, page):
    for q in ("valttikortti", "kozirio spalva", "트럼프 카드", "trumbi mast", "trump suit"):
        assert real_searcher.search(q, page).hits, (q, page)


def test_the_search_page_says_how_the_question_was_read(client):
    r = client.get("/en/search", query_string={"q": "kuka voittaa tikin"})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "Read as Finnish" in html
    assert 'href="/fi/' in html and "The same answer in Finnish" in html


def test_the_search_page_in_korean_says_it_in_korean(client):
    r = client.get("/ko/search", query_string={"q": "who wins the trick"})
    html = r.get_data(as_text=True)
    assert "영어 질문으로 인식했습니다" in html


def test_a_page_language_question_has_no_such_line(client):
    html = client.get("/en/search", query_string={"q": "who wins the trick"}).get_data(as_text=True)
    assert "Read as" not in html


def test_the_api_gives_the_answer_language_and_the_question_language(client):
    body = client.get("/api/v1/search", query_string={"q": "kes võidab tihi", "lang": "fi"}).get_json()
    assert body["lang"] == "fi" and body["query_lang"] == "et"
    assert body["results"] and all(r["url"].startswith("/fi/") for r in body["results"])
