"""Two-fold cross-validation of the search's hand-set constants on the main evaluation set.

    python bench/search_cv.py [--only NAME ...] [--json FILE]

The main set (tests/search/eval/<lang>.yaml) is split into two halves, the odd and the even
questions of each file. For each constant, every value of a small grid (its "neutral" value
among them: the value at which the constant does nothing, e.g. a bonus of 0, a weight of
1.0 where an alternative counts as the word itself) is scored on each half by the mean MRR
over the five languages. Cross-validated: the value best on half A is scored on half B and
the value best on B on half A, each against the neutral value on that same half. A constant
is supported when, in both folds, the value chosen on the other half beats the neutral value
(ties keep the neutral value: fewer constants). Constants are tried one at a time, the others
at their current values; with --sequential, a constant found unsupported is set to its
neutral value before the next is tried (backward elimination: removals interact), unless
its removal breaks a target of the main set (R@1 >= 80 %, R@3 >= 95 % per language): then it
stays, and the table says so. The order: first the constants whose neutral value was best on
both halves when each was tried alone, then the inconclusive ones, then the others.
The ranking is scored in each question's own language (the language
reading is not part of it); the held-out sets are never used.

The answer card's thresholds are cross-validated the same way on another measure: the number
of cards on answerable questions, provided at least 95 % of them are right and no
unanswerable question gets one (the targets), else a score under zero.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import search.scoring as scoring_mod
from content.loader import load_site
from search import Searcher, build
from search.analyzers import LANGS
from search.decision import beyond_rules
from search.evaluation import load_eval_set

MODULES = ("search.terms", "search.reading", "search.forgiveness", "search.scoring", "search.decision",
           "search.limits")

# name: (neutral value, grid). The neutral value is in the grid.
RANKING: dict[str, tuple[float, tuple[float, ...]]] = {  # in the order of elimination (see main)
    "W_PHRASING": (1.0, (1.0, 2.5, 3.5, 5.0)),
    "TITLE_BONUS": (0.0, (0.0, 1.5, 3.0, 4.5)),
    "TITLE_PRECISION": (0.0, (0.0, 0.5, 1.0)),
    "CONCEPT_BONUS": (0.0, (0.0, 3.0, 6.0, 9.0)),
    "PHRASING_BONUS": (0.0, (0.0, 0.5, 1.0, 2.0, 3.0)),
    "CLOSENESS_BONUS": (0.0, (0.0, 0.75, 1.5, 3.0)),
}
# Not weights but the shape of the forms a word gets: no neutral value; cross-validated for
# the value only (the neutral given is the current one, so "supported" means "another value
# generalizes better").
SHAPE: dict[str, tuple[float, tuple[float, ...]]] = {
    "FORM_MIN": (5, (4, 5, 6)),
    "FORM_SHARE": (0.6, (0.5, 0.6, 0.7)),  # 0.6: the value before this work
    "RELATIVE_TAIL": (4, (3, 4, 5)),
}
CARDS: dict[str, tuple[float, tuple[float, ...]]] = {
    "CLEAR_COVERAGE": (0.0, (0.0, 0.45, 0.5, 0.6, 0.7)),
    "ANSWER_MARGIN": (1.0, (1.0, 1.2, 1.5, 2.0, 2.5)),
}


def setconst(name: str, value: float) -> None:
    if name.startswith("BM25"):
        b, k1, tb = getattr(scoring_mod, "_CV_BM25", None) or _weighting()
        b, k1, tb = {"BM25_B": (value, k1, tb), "BM25_K1": (b, value, tb), "BM25_TITLE_B": (b, k1, value)}[name]
        scoring_mod._CV_BM25 = (b, k1, tb)
        return
    for mod in MODULES:
        m = sys.modules[mod]
        if hasattr(m, name):
            setattr(m, name, value)


def _weighting() -> tuple[float, float, float]:
    w = scoring_mod.WEIGHTING
    return w.B, w.K1, w._field_B.get("title", -1.0)


def getconst(name: str) -> float:
    if name.startswith("BM25"):
        b, k1, tb = getattr(scoring_mod, "_CV_BM25", None) or _weighting()
        return {"BM25_B": b, "BM25_K1": k1, "BM25_TITLE_B": tb}[name]
    for mod in MODULES:
        m = sys.modules[mod]
        if hasattr(m, name):
            return getattr(m, name)
    raise KeyError(name)


class Runner:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.questions = {lang: load_eval_set(lang) for lang in LANGS}
        self.searcher = Searcher(root)

    def _reset(self) -> None:
        from whoosh.scoring import BM25F

        from search.postings import Postings

        bm = getattr(scoring_mod, "_CV_BM25", None)
        for ix in self.searcher._langs.values():
            ix.postings._cache.clear()
            ix.postings._held = 0
            ix._title_words.clear()
            if bm is not None:
                b, k1, tb = bm
                fields = {} if tb < 0 else {"title_B": tb, "ftitle_B": tb}
                reader = ix.ix.reader()
                ix.postings = Postings(reader, BM25F(B=b, K1=k1, **fields), list(ix.schema.scorable_names()))
                reader.close()

    def ranks(self) -> dict[str, list[tuple]]:
        """Per language and question: (rank of the first right id or None, card, card right, unanswerable)."""
        self._reset()
        out = {}
        for lang, questions in self.questions.items():
            rows = []
            for q in questions:
                result = self.searcher._search_in(q.q, lang, q.game, 10, beyond_rules(q.q, lang)).result
                ids = [h.id for h in result.hits]
                rank = next((i + 1 for i, x in enumerate(ids) if x in q.ids), None) if q.ids else None
                rows.append((rank, result.answer is not None, result.answer in q.ids, not q.ids))
            out[lang] = rows
        return out


def halves(ranks: dict[str, list[tuple]]) -> tuple[dict, dict]:
    a = {lang: rows[0::2] for lang, rows in ranks.items()}
    b = {lang: rows[1::2] for lang, rows in ranks.items()}
    return a, b


def mrr(part: dict) -> float:
    per = []
    for rows in part.values():
        answerable = [r for r in rows if not r[3]]
        per.append(sum(1 / r[0] for r in answerable if r[0]) / len(answerable))
    return sum(per) / len(per)


def below_target(ranks: dict[str, list[tuple]], at1: float = 0.80, at3: float = 0.95) -> str:
    """The main set's targets (tests/search/test_search_eval.py) a state breaks, as text ("" if none)."""
    broken = []
    for lang, rows in ranks.items():
        answerable = [r for r in rows if not r[3]]
        if sum(r[0] == 1 for r in answerable) < at1 * len(answerable):
            broken.append(f"{lang} R@1")
        if sum(bool(r[0]) and r[0] <= 3 for r in answerable) < at3 * len(answerable):
            broken.append(f"{lang} R@3")
    return ", ".join(broken)


def card_score(part: dict) -> float:
    """The number of cards on answerable questions when at least 95 % of them are right and
    no unanswerable question gets one; else under zero (the share right, minus one)."""
    cards = sum(r[1] for rows in part.values() for r in rows if not r[3])
    right = sum(r[1] and r[2] for rows in part.values() for r in rows if not r[3])
    unanswerable_cards = sum(r[1] for rows in part.values() for r in rows if r[3])
    if unanswerable_cards or right < 0.95 * cards:
        return right / max(cards, 1) - 1 - unanswerable_cards
    return cards


def cross_validate(runner: Runner, name: str, neutral: float, grid: tuple[float, ...], measure) -> dict:
    current = getconst(name)
    values = sorted(set(grid) | {current, neutral})
    scores = {}
    for v in values:
        setconst(name, v)
        a, b = halves(runner.ranks())
        scores[v] = (measure(a), measure(b))
    setconst(name, current)
    best_a = max(values, key=lambda v: (round(scores[v][0], 6), v == neutral))
    best_b = max(values, key=lambda v: (round(scores[v][1], 6), v == neutral))
    fold1 = scores[best_a][1] - scores[neutral][1]  # chosen on A, scored on B
    fold2 = scores[best_b][0] - scores[neutral][0]  # chosen on B, scored on A
    supported = best_a != neutral and best_b != neutral and fold1 > 1e-9 and fold2 > 1e-9
    return {"name": name, "current": current, "neutral": neutral, "scores": scores, "best_on_A": best_a,
            "best_on_B": best_b, "gain_on_B": fold1, "gain_on_A": fold2, "supported": supported}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--sequential", action="store_true",
                        help="remove each constant the cross-validation does not support before trying the next "
                             "(backward elimination), rather than trying each against the current code")
    parser.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE",
                        help="start from these values (e.g. constants already removed)")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory(prefix="search-cv-")
    build(Path(tmp.name), site=load_site())
    runner = Runner(Path(tmp.name))
    for item in args.set:
        name, _, value = item.partition("=")
        setconst(name, float(value))
    a, b = halves(runner.ranks())
    print(f"as the code stands: MRR half A {mrr(a):.4f}, half B {mrr(b):.4f}; cards A {card_score(a)}, B {card_score(b)}")
    print("| constant | current | neutral | best on A -> gain on B | best on B -> gain on A | supported |")
    print("|---|---|---|---|---|---|")
    results = []
    for table, measure in ((RANKING, mrr), (SHAPE, mrr), (CARDS, card_score)):
        for name, (neutral, grid) in table.items():
            if args.only and name not in args.only:
                continue
            r = cross_validate(runner, name, neutral, grid, measure)
            results.append(r)
            if args.sequential and not r["supported"] and table is RANKING:
                current = getconst(name)
                setconst(name, neutral)
                broken = below_target(runner.ranks())
                if broken:  # the main set's targets hold or the constant stays
                    setconst(name, current)
                    r["kept_for_target"] = broken
                else:
                    r["removed"] = True
            verdict = "yes" if r["supported"] else ("no, kept: removing it breaks " + r["kept_for_target"]
                                                    if r.get("kept_for_target") else "no")
            print(f"| {name} | {r['current']} | {neutral} | {r['best_on_A']} -> {r['gain_on_B']:+.4f} "
                  f"| {r['best_on_B']} -> {r['gain_on_A']:+.4f} | {verdict} |", flush=True)
    if args.json:
        args.json.write_text(json.dumps([{**r, "scores": {str(k): v for k, v in r["scores"].items()}}
                                         for r in results], indent=1), encoding="utf-8")
    runner.searcher.close()
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
