"""Search cost as the content grows: today's size, 10x and 100x (bench/scale_content.py).

    python bench/search_scale.py [--sizes 1 10 100] [--repeat 2] [--json FILE]

For each size the content is made in memory (new games recombined from today's), indexed on
disk as in production (``search.build``), and searched in a fresh process, one worker as
gunicorn runs it: the Searcher opened and warmed, then every question of the main
evaluation set asked from its own language's page, in-process: the first pass, each
question new to the worker (its words' postings read from the mapped files as they come),
reported apart; p50/p95/max over the passes after it; then the questions of four held-out sets,
each asked once: new questions to a warm worker, whose per-word caches (``search.reading``,
``search.scoring``) hold only other questions' words. Reported per size: documents per language, index
size on disk, the time to open the Searcher, search latency (p50, p95, max; and the CPU time
of a query, p50 and p95, which a busy machine does not inflate) and the
worker's memory (RSS, PSS and private from /proc: PSS counts pages shared with other processes,
the mapped index files among them, by share; private is the worker's own heap, what each more
worker costs).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_P95_MS = {1: 10.0, 10: 15.0, 100: 50.0}
# Held-out sets whose questions are asked once each, new to the worker, after the main set's passes.
NEW_QUESTIONS = ("heldout20", "heldout21", "heldout22", "heldout23")


def memory_mib() -> dict[str, float]:
    out = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS", "VmHWM")):
                out[line.split(":")[0]] = int(line.split()[1]) / 1024
    try:
        with open("/proc/self/smaps_rollup") as f:
            for line in f:
                if line.startswith(("Pss:", "Anonymous:")):
                    out[line.split(":")[0]] = int(line.split()[1]) / 1024
    except OSError:
        pass
    return out


def worker(root: str, repeat: int) -> dict:
    """Runs in a fresh process: open the index, search the main set, report."""
    from search import Searcher
    from search.analyzers import LANGS
    from search.evaluation import EVAL_DIR, load_eval_set, percentile

    before = memory_mib()
    started = time.perf_counter()
    searcher = Searcher(root)
    open_s = time.perf_counter() - started
    opened = memory_mib()
    questions = [(q, lang) for lang in LANGS for q in load_eval_set(lang)]
    latencies, first, cpu = [], [], []
    for i in range(repeat + 1):
        for q, lang in questions:
            t, c = time.perf_counter(), time.thread_time()
            searcher.search(q.q, lang, game=q.game, limit=10)
            (latencies if i else first).append((time.perf_counter() - t) * 1000)
            if i:
                cpu.append((time.thread_time() - c) * 1000)
    after = memory_mib()
    # Questions the worker has never seen, each asked once after the passes above: what a warm
    # worker answers in real use (its per-word caches hold the words of other questions only).
    new = []
    for name in NEW_QUESTIONS:
        for lang in LANGS:
            for q in load_eval_set(lang, EVAL_DIR / name):
                t = time.perf_counter()
                searcher.search(q.q, lang, limit=10)
                new.append((time.perf_counter() - t) * 1000)
    after_new = memory_mib()
    # The CPU time of a query beside its wall time: on a shared machine the wall time also
    # counts the waits for a core, which the search does not cause.
    return {"open_s": open_s, "queries": len(latencies), "p50_ms": statistics.median(latencies),
            "p95_ms": percentile(latencies, 0.95), "max_ms": max(latencies),
            "cpu_p50_ms": statistics.median(cpu), "cpu_p95_ms": percentile(cpu, 0.95),
            "first_p50_ms": statistics.median(first), "first_p95_ms": percentile(first, 0.95),
            "new_p50_ms": statistics.median(new), "new_p95_ms": percentile(new, 0.95), "new_queries": len(new),
            "mem_before_mib": before, "mem_opened_mib": opened, "mem_after_mib": after, "mem_after_new_mib": after_new}


def dir_mib(path: Path) -> float:
    """The live index of each language (its CURRENT version: a kept --dir also holds the one before)."""
    live = [lang / (lang / "CURRENT").read_text().strip() for lang in path.iterdir() if (lang / "CURRENT").is_file()]
    return sum(f.stat().st_size for d in live for f in d.rglob("*") if f.is_file()) / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[1, 10, 100])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--dir", type=Path, default=None,
                        help="build each size in DIR/x<size> and keep it (a language whose content did not "
                             "change is not built again: the build time is then the check's)")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.repeat)))
        return 0

    from bench.scale_content import scaled_site
    from content.loader import load_site
    from search import build

    site = load_site()
    rows = []
    print("| size | games | entries per language | index on disk | build | open | p50 ms | p95 ms | max ms "
          "| CPU p50 / p95 ms | first pass p50 / p95 ms | worker RSS (PSS) after | private after "
          "| new questions p50 / p95 ms | private after them | target p95 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size in args.sizes:
        scaled = scaled_site(site, size)
        kept = args.dir / f"x{size}" if args.dir else None
        with contextlib.nullcontext(str(kept)) if kept else tempfile.TemporaryDirectory(
                prefix=f"search-scale-{size}-") as tmp:
            started = time.perf_counter()
            reports = build(Path(tmp), site=scaled, force=not args.dir)
            build_s = time.perf_counter() - started
            out = subprocess.run([sys.executable, __file__, "--worker", tmp, "--repeat", str(args.repeat)],
                                 capture_output=True, text=True, cwd=ROOT, env={**os.environ}, check=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            r.update(size=size, games=len(scaled.games), docs=reports[0].docs, index_mib=dir_mib(Path(tmp)),
                     build_s=build_s)
        rows.append(r)
        mem = r["mem_after_mib"]
        target = TARGET_P95_MS.get(size)
        print(f"| {size}x | {r['games']} | {r['docs']} | {r['index_mib']:.0f} MiB | {r['build_s']:.0f} s "
              f"| {r['open_s']:.1f} s | {r['p50_ms']:.2f} | {r['p95_ms']:.2f} | {r['max_ms']:.1f} "
              f"| {r['cpu_p50_ms']:.2f} / {r['cpu_p95_ms']:.2f} | {r['first_p50_ms']:.1f} / {r['first_p95_ms']:.1f} "
              f"| {mem['VmRSS']:.0f} MiB ({mem.get('Pss', 0):.0f}) | {mem.get('Anonymous', 0):.0f} MiB "
              f"| {r['new_p50_ms']:.1f} / {r['new_p95_ms']:.1f} | {r['mem_after_new_mib'].get('Anonymous', 0):.0f} MiB "
              f"| {f'< {target:.0f} ms' if target else '-'} |",
              flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
