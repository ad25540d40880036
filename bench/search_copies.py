"""Where Whoosh stops: the index, its opening and the queries as the rulebook grows.

    .venv/bin/python bench/search_copies.py [--factors 1,4,16,64] [--langs en,ko]

The content is replicated k times (each game copied under new ids, its entries' texts as they
are): k times the documents and postings with the same vocabulary, so the figures show what
grows with the number of entries (index size, build, opening and warming, memory, scoring)
and not what grows with new words (typo look-ups would grow too with a real corpus). For each
factor and language: documents, size on disk, build seconds, open-and-warm seconds, memory
the open index adds to a process, and the latency of the evaluation set's questions.
"""
from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def replicated(site, k: int):
    """The site with every game copied k times under new ids (entry ids and links follow)."""
    from content.model import Site

    if k == 1:
        return site
    games, entries = {}, {}
    for copy in range(k):
        suffix = "" if copy == 0 else f"-x{copy}"
        for game in site.games.values():
            new_entries = []
            for e in game.entries:
                texts = {lang: dataclasses.replace(t, body=_relink(t.body, suffix),
                                                   ruling=_relink(t.ruling, suffix) if t.ruling else None)
                         for lang, t in e.texts.items()}
                new = dataclasses.replace(e, id=e.id + suffix, game=game.id + suffix, texts=texts,
                                          related=tuple(r + suffix for r in e.related))
                new_entries.append(new)
                entries[new.id] = new
            games[game.id + suffix] = dataclasses.replace(game, id=game.id + suffix, entries=new_entries)
    return Site(games=games, entries=entries, sources=site.sources, source_names=site.source_names,
                source_langs=site.source_langs)


def _relink(text: str, suffix: str) -> str:
    import re

    return re.sub(r"\[\[([^\]]+)\]\]", lambda m: f"[[{m.group(1)}{suffix}]]", text)


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(root: str, lang: str, repeat: int) -> None:
    """In a process of its own: open the index (memory measured from a clean start), ask."""
    from search import Searcher
    from search.analyzers import analyzers_for
    from search.evaluation import load_eval_set

    questions = [q.q for q in load_eval_set(lang)]
    analyzers_for(lang, ())  # the analyzers (the Korean dictionary) load before the measure
    gc.collect()
    before = rss_mib()
    started = time.perf_counter()
    searcher = Searcher(root, langs=(lang,))
    opened = time.perf_counter() - started
    memory = rss_mib() - before
    latencies = []
    for _ in range(repeat):
        for q in questions:
            t = time.perf_counter()
            searcher.search(q, lang, limit=10)
            latencies.append((time.perf_counter() - t) * 1000)
    latencies.sort()
    print(json.dumps({"opened": opened, "memory": memory, "p50": statistics.median(latencies),
                      "p95": latencies[int(0.95 * len(latencies))], "max": latencies[-1]}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--factors", default="1,4,16,64")
    ap.add_argument("--langs", default="en,ko")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--measure", nargs=2, metavar=("ROOT", "LANG"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        measure(args.measure[0], args.measure[1], args.repeat)
        return 0

    from content.loader import load_site
    from search import build

    base = load_site()
    langs = tuple(args.langs.split(","))
    print("| entries per language | lang | index on disk | build s | open and warm s | memory MiB | "
          "query p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k in (int(x) for x in args.factors.split(",")):
        site = replicated(base, k)
        for lang in langs:
            root = Path(tempfile.mkdtemp(prefix="rules-scale-"))
            try:
                started = time.perf_counter()
                build(root, site=site, langs=(lang,))
                built = time.perf_counter() - started
                size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) / 1024 / 1024
                out = subprocess.run([sys.executable, __file__, "--measure", str(root), lang, "--repeat",
                                      str(args.repeat)], capture_output=True, text=True, check=True, cwd=ROOT)
                r = json.loads(out.stdout.strip().splitlines()[-1])
                print(f"| {len(site.entries):,} | {lang} | {size:.1f} MiB | {built:.1f} | {r['opened']:.1f} | "
                      f"{r['memory']:.0f} | {r['p50']:.1f} | {r['p95']:.1f} | {r['max']:.0f} |", flush=True)
            finally:
                shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
