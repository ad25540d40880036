"""Every input bounded in cost, every parameter in its place (work counted, never timed)."""
from __future__ import annotations

import json
import random

import pytest

import search.spelling as spelling
from engine.core import whole_number
from search.limits import KO_RUN_CHARS, WORD_WORK_CHARS, WORK_BUDGET
from search.spelling import Budget
from web.caching import PAGE

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options")


def hangul_run(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return "".join(chr(rng.randint(0xAC00, 0xD7A3)) for _ in range(n))


def latin_words(alphabet: str, length: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    words, used = [], 0
    while used + length <= 200:
        words.append("".join(rng.choice(alphabet) for _ in range(length)))
        used += length + 1
    return " ".join(words)[:200]


WORST = {
    "ko": [hangul_run(200), " ".join(hangul_run(9, s) for s in range(20))[:200], hangul_run(3) * 60],
    "en": [latin_words("abcdefghijklmnopqrstuvwxyz", n) for n in (7, 12, 40, 41, 199)],
    "fi": [latin_words("aeiouyäökltnsrmpvhj", n) for n in (7, 20, 40, 199)],
    "et": [latin_words("aeiouõäöüktnsrmpvhjl", n) for n in (7, 20, 40, 199)],
    "lt": [latin_words("aeiouąčęėįšųūžklmnprst", n) for n in (7, 25, 40, 199)],
}


class Counting:
    """Counts the strings the spelling index makes and compares while a query runs."""

    def __init__(self, monkeypatch) -> None:
        self.deletions = 0
        self.distances = 0
        deletes, osa = spelling._deletes, spelling.osa_distance

        def counted_deletes(key, depth):
            out = deletes(key, depth)
            self.deletions += len(out)
            return out

        def counted_osa(a, b, limit):
            self.distances += 1
            return osa(a, b, limit)

        monkeypatch.setattr(spelling, "_deletes", counted_deletes)
        monkeypatch.setattr(spelling, "osa_distance", counted_osa)


@pytest.mark.parametrize("lang", sorted(WORST))
def test_the_worst_questions_do_bounded_work_and_still_answer(app, client, monkeypatch, lang):
    searcher = app.extensions["searcher"]
    count = Counting(monkeypatch)
    for q in WORST[lang]:
        budget = Budget(WORK_BUDGET)
        searcher._lang(lang).groups(q, budget)
        assert budget.spent <= WORK_BUDGET
        r = client.get(f"/{lang}/search", query_string={"q": q})
        assert r.status_code == 200  # bounded means doing less, not refusing
    # 200 syllables once cost tens of millions of deletions; now every look-up is bounded by
    # the vocabulary's longest word, and the number of look-ups by the query's words
    assert count.deletions < 60_000 * len(WORST[lang])
    assert count.distances < 2 * WORK_BUDGET * len(WORST[lang])


def test_a_word_longer_than_any_known_word_is_never_expanded(app, monkeypatch):
    vocab = app.extensions["searcher"]._lang("ko").vocab
    count = Counting(monkeypatch)
    assert vocab.closest(hangul_run(200), 2) == []
    assert count.deletions == 0 and count.distances == 0


def test_real_questions_keep_their_corrections(app):
    searcher = app.extensions["searcher"]
    assert searcher.search("wizrad trump", "en").suggestion == "wizard trump"
    assert searcher.search("광데를 내면", "ko").suggestion  # a Korean typo is still corrected
    assert KO_RUN_CHARS >= 6 and WORD_WORK_CHARS >= 40


def test_a_budget_that_runs_out_leaves_the_rest_of_the_question_as_written(app):
    ix = app.extensions["searcher"]._lang("en")
    starved = ix.groups("wizrad jestr trumpp", Budget(0))
    assert [g.correction for g in starved] == [None, None, None]
    fed = ix.groups("wizrad jestr trumpp", Budget(WORK_BUDGET))
    assert all(g.correction for g in fed)


def test_suggestions_for_the_worst_prefixes(client):
    for lang, queries in WORST.items():
        for q in queries:
            r = client.get("/api/v1/suggest", query_string={"q": q, "lang": lang})
            assert r.status_code == 200


# --- parameters in their place ---------------------------------------------------------------


@pytest.mark.parametrize("key", ["endpoint", "_method", "_external", "_scheme", "_anchor", "lang", "values"])
def test_query_keys_never_reach_url_building(client, key):
    r = client.get("/en/wizard/", query_string={key: "POST" if key == "_method" else "1"},
                   headers={"Host": "localhost"})
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert 'hreflang="ko" href="/ko/wizard/' in body
    assert "http://" not in body.split("<body", 1)[0].replace('xmlns="http://www.w3.org', "")


def test_the_language_switch_keeps_the_query_as_data(client):
    r = client.get("/en/wizard/tools/trick", query_string={"trump": "H", "cards": "H7.S1"})
    assert r.status_code == 200
    assert "/fi/wizard/tools/trick?trump=H&amp;cards=H7.S1" in r.get_data(as_text=True)


def test_a_foreign_host_is_refused_not_echoed(client):
    r = client.get("/en", headers={"Host": "evil.example"})
    assert r.status_code == 400
    assert "evil.example" not in r.get_data(as_text=True)
    assert "evil.example" not in r.headers.get("Location", "")
    for name in SECURITY_HEADERS:
        assert name in r.headers
    assert r.headers["Cache-Control"] == "no-store"


def test_redirects_are_relative(client):
    r = client.get("/en", headers={"Host": "localhost"})
    assert r.status_code == 308
    assert r.headers["Location"] == "/en/"
    r = client.get("/", headers={"Accept-Language": "ko"})
    assert r.headers["Location"] == "/ko/"


@pytest.mark.parametrize("digit", ["²", "٣", "３", "¹²", "-1", " 3", "3 ", "+3", "1e3"])
def test_numbers_are_ascii_digits_only(client, digit):
    pages = [
        ("/en/siggil/tools/end", {"players": digit, "h1": digit}),
        ("/en/siggil/tools/capture", {"players": digit}),
        ("/en/deductio/tools/clue", {"players": digit, "secret": digit}),
        ("/en/deductio/tools/guess", {"players": digit, "number": digit}),
        ("/en/wizard/tools/score", {"players": "4", "dealer": digit}),
        ("/en/wizard/tools/trick", {"trump": "H", "cards": f"H{digit}.S1"}),
        ("/en/deductio/tutorial/", {"a": digit}),
        ("/api/v1/search", {"q": "trump", "limit": digit}),
    ]
    for path, query in pages:
        r = client.get(path, query_string=query)
        assert r.status_code < 500, (path, query, r.status_code)
    for path, body in [("/api/v1/siggil/end", {"players": digit, "spirits": [[]], "hand_sizes": [digit]}),
                       ("/api/v1/deductio/possible", {"players": digit}),
                       ("/api/v1/wizard/score", {"bids": [digit], "tricks": [digit]})]:
        r = client.post(path, data=json.dumps(body), content_type="application/json")
        assert 400 <= r.status_code < 500, (path, body, r.status_code)
        assert r.get_json()["error"]["message"]


def test_the_one_integer_parser():
    assert whole_number("12") == 12 and whole_number(7) == 7
    for bad in ("²", "٣", "３", "", " 1", "1.0", "-1", "12345", None, True, 1.0, ["1"]):
        assert whole_number(bad) is None, bad


@pytest.mark.parametrize("depth", [100, 1_000, 5_000, 8_000])
def test_json_of_any_depth_is_a_400(client, depth):
    for body in ("[" * depth, "[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        r = client.post("/api/v1/wizard/trick", data=body, content_type="application/json")
        assert r.status_code in (400, 413), r.status_code
        assert r.get_json()["error"]["code"]


def test_a_failing_error_page_is_still_the_sites_own(app, monkeypatch):
    import web.errors

    def broken(*args, **kwargs):
        raise RuntimeError("the template is broken")

    monkeypatch.setattr(web.errors, "render_template", broken)
    r = app.test_client().get("/en/no-such-game/")
    assert r.status_code == 404
    assert "Traceback" not in r.get_data(as_text=True)
    for name in SECURITY_HEADERS:
        assert name in r.headers


# --- caching said explicitly -----------------------------------------------------------------


def test_negotiated_answers_vary_on_accept_language(client):
    for path in ("/", "/xx/", "/api/v1/nothing-here"):
        r = client.get(path, headers={"Accept-Language": "fi"})
        assert "Accept-Language" in r.headers.get("Vary", ""), path
    r = client.get("/en/wizard/")
    assert "Accept-Language" not in r.headers.get("Vary", "")


def test_errors_and_redirects_are_not_kept(client):
    for path in ("/", "/en", "/en/no-such-game/", "/xx/"):
        r = client.get(path)
        assert r.status_code >= 300
        assert r.headers["Cache-Control"] == "no-store", path
    r = client.get("/en/wizard/")
    assert r.headers["Cache-Control"] == PAGE and r.headers["ETag"]  # pages: kept and revalidated
