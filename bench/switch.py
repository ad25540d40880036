"""A content switch under load: publish a new content version while 16 clients use the site.

    .venv/bin/python bench/switch.py [--seconds 40] [--at 15] [--clients 16] [--front|--direct]

Builds two releases of the content in a folder of their own (the second with one English text
changed, so its search index differs too), serves the first (the front as deployed, or gunicorn
alone with --direct), runs the mix of bench/traffic.py, and at --at seconds switches the
pointer to the second (what `python -m publish` does once it has validated a release). Reports
the errors, the latency percentiles before, during (the 5 s after the switch) and after, how long
until every worker answered with the new version (per worker, from /healthz), and the last
answer that still carried the old version (the front keeps a page up to its s-maxage, 10 s).
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import Server, children, client_process


def releases_pair(folder: Path) -> tuple[str, str]:
    from publish import release as releases
    from publish.__main__ import publish

    content = folder / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    root = folder / "releases"
    assert publish(content, root, validate=False) == 0
    first = releases.current(root)
    rules = content / "games" / "wizard" / "text" / "en" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("the led suit", "the suit led", 1), encoding="utf-8")
    built = releases.build(content, root)
    return first, built.version


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=40)
    ap.add_argument("--at", type=float, default=15)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--direct", action="store_true", help="gunicorn alone, no front")
    args = ap.parse_args()

    from traffic import plan as make_plan

    from app import create_app
    from publish import release as releases

    folder = Path(tempfile.mkdtemp(prefix="rules-switch-"))
    try:
        first, second = releases_pair(folder)
        root = folder / "releases"
        plan = make_plan(create_app({"QUIET_LOG": True, "RELEASES_DIR": str(root)}))
        mode = "direct-deployed" if args.direct else "deployed"
        server = Server("direct" if args.direct else "deployed", args.workers,
                        env={"RELEASES_DIR": str(root), "RESPONSE_CACHE_MB": "8"})
        try:
            warmup = 2.0
            pipes, procs = [], []
            per = [args.clients // args.procs + (1 if i < args.clients % args.procs else 0) for i in range(args.procs)]
            for i, threads in enumerate(per):
                parent, child = mp.Pipe(duplex=False)
                p = mp.get_context("fork").Process(target=client_process, args=(
                    server.port, plan, "deployed", threads, i + 1, warmup, args.seconds, child))
                p.start()
                procs.append(p)
                pipes.append(parent)
            start = time.monotonic() + warmup
            time.sleep(max(0.0, start + args.at - time.monotonic()))
            master = int((server.run / "gunicorn.pid").read_text())
            workers = set(children(master))
            switched_at = time.monotonic()
            releases.switch(root, second)
            seen: dict[int, float] = {}
            while set(seen) != workers and time.monotonic() < switched_at + 60:
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
                conn.request("GET", "/healthz")
                health = json.loads(conn.getresponse().read())
                conn.close()
                if health["content"] == second:
                    seen.setdefault(health["worker"], time.monotonic() - switched_at)
            got = [pipe.recv() for pipe in pipes]
            for p in procs:
                p.join()
            restarted = set(children(master)) != workers
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    results = [r for part, _ in got for r in part]  # (category, elapsed, status, cache, t, version)
    at = args.at
    windows = {"before": [r for r in results if r[4] < at], "switch (5 s)": [r for r in results if at <= r[4] < at + 5],
               "after": [r for r in results if r[4] >= at + 5]}
    errors = sum(1 for r in results if r[2] == 0 or r[2] >= 500)
    old_after = [r[4] - at for r in results if r[4] >= at and r[5] == first]
    print(f"{mode}: {len(results):,} requests in {args.seconds:.0f} s, {args.clients} clients; switch at {at:.0f} s "
          f"from {first} to {second}; statuses {dict(Counter(r[2] for r in results))}")
    print("| window | requests | req/s | p50 ms | p99 ms | max ms | 5xx or failed |")
    print("|---|---|---|---|---|---|---|")
    for name, rows in windows.items():
        span = at if name == "before" else 5 if name.startswith("switch") else args.seconds - at - 5
        lat = [r[1] for r in rows]
        print(f"| {name} | {len(rows):,} | {len(rows) / span:.0f} | {pct(lat, 0.5):.1f} | {pct(lat, 0.99):.1f} | "
              f"{max(lat) * 1000:.0f} | {sum(1 for r in rows if r[2] == 0 or r[2] >= 500)} |")
    print(f"\nevery worker on the new version after {max(seen.values()) * 1000:.0f} ms "
          f"(per worker: {', '.join(f'{t * 1000:.0f} ms' for t in sorted(seen.values()))}); "
          f"workers restarted: {'yes' if restarted else 'none'}; errors: {errors}")
    if old_after:
        late = [r for r in results if r[4] >= at + 1 and r[5] == first]
        print(f"last answer with the old version {max(old_after):.1f} s after the switch "
              f"({len(old_after):,} such answers; a second after the switch: "
              f"{dict(Counter((int(r[4] - at), r[3] or 'site', r[2]) for r in late).most_common(12))})")
    return 0 if errors == 0 and set(seen) == workers else 1


if __name__ == "__main__":
    sys.exit(main())
