"""The search evaluation on the real content: tests/search/eval/<lang>.yaml.

Targets: the right entry first for >= 80 % of the answerable questions and in the
top 3 for >= 95 %, in every language, and no answer card for a question nothing
answers. Where a target is not reached yet, its test is marked xfail (the figures
are in docs/search.md) and a floor just under the measured figure guards against
regressions.
"""
from __future__ import annotations

import pytest
import yaml

from search.evaluation import check_coverage, evaluate, load_eval_set
from search.forgiveness import _one_per_fold
from search.query import WORK_BUDGET
from search.spelling import Budget

LANGS = ("lt", "et", "ko", "fi", "en")
TARGET_AT1, TARGET_AT3 = 0.80, 0.95

# Targets not reached when the figures in docs/search.md were measured: none since the search
# issue's work (Lithuanian top-3, 94.4 % on main after Wizard's deck text, is 96.7 %; Estonian
# top-3, 94.4 % before the December text fixes, is 100 %).
BELOW_TARGET: set[tuple[str, str]] = set()
# Floors: just under the measured figures (one question of 90 is 1.1 points), so a
# regression fails.
FLOOR_AT1 = {"lt": 0.95, "et": 0.93, "ko": 0.96, "fi": 0.93, "en": 0.93}
FLOOR_AT3 = {"lt": 0.98, "et": 0.98, "ko": 0.98, "fi": 0.97, "en": 0.98}


@pytest.fixture(scope="module")
def scores(real_searcher):
    return {lang: evaluate(real_searcher, lang) for lang in LANGS}


def _target(lang: str, which: str):
    if (lang, which) in BELOW_TARGET:
        return pytest.param(lang, marks=pytest.mark.xfail(reason="below target, see docs/search.md", strict=True))
    return lang


@pytest.mark.parametrize("lang", LANGS)
def test_the_evaluation_set_covers_the_content(real_site, lang):
    assert check_coverage(real_site, lang, load_eval_set(lang)) == []


@pytest.mark.parametrize("lang", [_target(lang, "at1") for lang in LANGS])
def test_right_entry_first_for_80_percent(scores, lang):
    assert scores[lang].recall1 >= TARGET_AT1, scores[lang].misses


@pytest.mark.parametrize("lang", [_target(lang, "at3") for lang in LANGS])
def test_right_entry_in_top_3_for_95_percent(scores, lang):
    assert scores[lang].recall3 >= TARGET_AT3


@pytest.mark.parametrize("lang", LANGS)
def test_no_regression_below_the_recorded_figures(scores, lang):
    assert scores[lang].recall1 >= FLOOR_AT1[lang]
    assert scores[lang].recall3 >= FLOOR_AT3[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_no_answer_card_for_unanswerable_questions(scores, lang):
    assert scores[lang].unanswerable >= 5
    assert scores[lang].no_card == scores[lang].unanswerable


@pytest.mark.parametrize("lang", LANGS)
def test_answer_cards_are_mostly_right(scores, lang):
    s = scores[lang]
    assert s.cards >= 0.6 * s.questions  # rules have cards too since the search issue
    assert s.right_cards >= 0.9 * s.cards


@pytest.mark.parametrize(("lang", "q", "concepts"), [
    ("en", "how many secret number cards are in the box", {"secret_number_card"}),
    ("en", "what does a reveal a secret number card do", {"reveal_card"}),  # not secret_number
    ("lt", "kiek slaptu skaiciu kortu yra dezuteje", {"secret_number_card"}),  # inflected, no accents
    ("ko", "비밀 숫자 공개 카드는 몇 장", {"reveal_card"}),
    ("fi", "salainen numero", {"secret_number"}),
])
def test_glossary_concepts_longest_term_wins(real_searcher, lang, q, concepts):
    assert real_searcher._lang(lang).concepts(q, for_query=True) == concepts


@pytest.mark.parametrize(("lang", "word", "form"), [
    ("fi", "kaantyi", "käännetty"),  # nt ~ nn
    ("fi", "vietiin", "viedyn"),  # t ~ d
    ("et", "pakis", "pakk"),  # k ~ kk
])
def test_consonant_gradation_finds_the_other_grade(real_searcher, lang, word, form):
    assert form in real_searcher._lang(lang)._graded(word, Budget(WORK_BUDGET))


def test_a_form_typed_without_accents_is_the_same_form():
    # phrasings typed on a phone (kaannetty) must not crowd the texts' forms (käännetty) out
    assert _one_per_fold(["kaannetty", "kortti", "käännetty", "kaantaa"]) == ["käännetty", "kortti", "kaantaa"]


def test_questions_answered_since_are_scored_as_answerable(real_site):
    """A question a set marks unanswerable that a later entry answers (answered_since.yaml) is
    in its set as its reader wrote it, names entries that exist, and is scored as answerable
    by them: a card for it is right."""
    from search.evaluation import EVAL_DIR, answered_since

    since = answered_since()
    assert since
    for (folder, lang, q), ids in since.items():
        path = (EVAL_DIR if folder == "main" else EVAL_DIR / folder) / f"{lang}.yaml"
        written = [item for item in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"] if item["q"] == q]
        assert written and all(item.get("kind") == "unanswerable" or item.get("expect") == "none" for item in written)
        assert all(entry_id in real_site.entries for entry_id in ids)
        scored = [x for x in load_eval_set(lang, path.parent) if x.q == q]
        assert scored and all(x.ids == ids and x.kind == "answerable" and not x.unanswerable for x in scored)


def test_an_answered_since_file_without_ids_is_refused(tmp_path):
    from search.evaluation import answered_since

    bad = tmp_path / "answered_since.yaml"
    bad.write_text('questions:\n  - {set: dev3, lang: en, q: "x", ids: [], added: twelfth round}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="needs ids"):
        answered_since(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_every_held_out_set_loads_with_its_kinds(real_site, lang):
    from search.evaluation import EVAL_DIR, KINDS, answered_since

    since = answered_since()

    assert load_eval_set(lang, EVAL_DIR / "heldout")
    for folder in (*(f"heldout{n}" for n in range(2, 60)), "dev", "dev2", "dev3"):
        if not (EVAL_DIR / folder / f"{lang}.yaml").exists():
            assert folder in ("dev", "dev2")  # the first development sets have three languages each
            continue
        questions = load_eval_set(lang, EVAL_DIR / folder)
        # dev3 and the odd sets from heldout31 hold only questions nothing answered when written
        kinds = {q.kind for q in questions if (folder, lang, q.q) not in since}
        only_unanswerable = folder in ("dev3", "heldout31", "heldout33", "heldout35", "heldout37",
                                       "heldout39", "heldout41", "heldout43",
                                       "heldout45", "heldout47", "heldout49", "heldout51", "heldout53", "heldout55",
                                       "heldout57", "heldout59")
        assert kinds == ({"unanswerable"} if only_unanswerable else set(KINDS)), folder
        for q in questions:
            assert (q.kind == "other-language") == bool(q.q_lang) and q.q_lang != lang
            assert all(entry_id in real_site.entries for entry_id in q.ids)


def test_held_out_sets_pooled_as_one_against_the_targets(capsys):
    """bench/search_eval.py --pool: the sets' questions summed per language and kind, each target
    with its 95 % interval; one card on an unanswerable question misses "none"."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.search_eval import pooled_table, wilson
    from search.evaluation import Scores

    def scores(kind, **counts):
        s = Scores("x", kind)
        for name, value in counts.items():
            setattr(s, name, value)
        return s

    def one_set(at1, no_card):
        return {lang: {"answerable": scores("answerable", questions=24, at1=at1, at3=24, cards=20, right_cards=20),
                       "paraphrase": scores("paraphrase", questions=12, at1=9, at3=11),
                       "other-language": scores("other-language", questions=12, at1=11, at3=12, cards=10,
                                                right_cards=9),
                       "unanswerable": scores("unanswerable", unanswerable=6, no_card=no_card)}
                for lang in LANGS}

    out = pooled_table({"a": one_set(20, 6), "b": one_set(22, 5)}, ["a", "b"])
    assert out["fi top-1"]["k"] == 42 and out["fi top-1"]["n"] == 48 and out["fi top-1"]["met"]
    assert out["paraphrases top-1"] == pytest.approx({**out["paraphrases top-1"], "k": 90, "n": 120, "share": 0.75})
    assert out["cards right"]["k"] == 2 * 5 * 29 and out["cards right"]["n"] == 2 * 5 * 30
    assert out["unanswerable without a card"]["k"] == 55 and not out["unanswerable without a card"]["met"]
    assert "| unanswerable without a card | 55 of 60 |" in capsys.readouterr().out
    low, high = wilson(267, 270)
    assert low == pytest.approx(0.968, abs=0.001) and high == pytest.approx(0.996, abs=0.001)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == pytest.approx(0.0)
