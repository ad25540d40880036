"""Load test: gunicorn on loopback, many concurrent clients, a mix of pages, search, API and tools.

    .venv/bin/python bench/load.py [--seconds 30] [--clients 16] [--workers 2]

Bounded in time and count; talks only to 127.0.0.1. Prints throughput, latency
percentiles, the error count and each worker's memory, as a Markdown table.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAX_REQUESTS = 200_000  # a hard bound besides the time limit


def urls() -> list[tuple[str, str, str | None]]:
    """(method, path, json body) requests, weighted like a table's use of the site."""
    from content.loader import load_site

    site = load_site()
    out: list[tuple[str, str, str | None]] = []
    langs = ["en", "ko", "fi", "lt", "et"]
    entries = list(site.entries.values())
    rng = random.Random(7)
    for _ in range(200):
        lang = rng.choice(langs)
        e = rng.choice(entries)
        out.append(("GET", f"/{lang}/{e.game}/{e.id}", None))
    for lang in langs:
        out.append(("GET", f"/{lang}/", None))
        for game in site.games:
            out.append(("GET", f"/{lang}/{game}/", None))
            out.append(("GET", f"/{lang}/{game}/faq", None))
    questions = {"en": "may I play a jester if I hold the led suit", "ko": "광대를 언제 낼 수 있나요",
                 "fi": "saako narrin pelata vaikka on maata", "lt": "ar galima spėti du skaičius",
                 "et": "mitu vaimu on vaja võitmiseks"}
    for lang, q in questions.items():
        out += [("GET", f"/{lang}/search?q={quote_plus(q)}", None)] * 10
        out += [("GET", f"/api/v1/search?lang={lang}&q={quote_plus(q)}", None)] * 10
    out += [("GET", "/api/v1/games?lang=ko", None)] * 5
    out += [("GET", f"/api/v1/entries/{e.id}?lang=fi", None) for e in entries[:40]]
    trick = json.dumps({"trump": "H", "cards": ["S13", "H2", "J", "S1"]})
    out += [("POST", "/api/v1/wizard/trick?lang=en", trick)] * 20
    legal = json.dumps({"trump": "D", "hand": ["S3", "H4", "W", "J"], "trick": ["S9"]})
    out += [("POST", "/api/v1/wizard/legal?lang=ko", legal)] * 20
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker_memory(master_pid: int) -> list[int]:
    """Resident memory (KiB) of each gunicorn worker, read from /proc."""
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        if f"\nPPid:\t{master_pid}\n" in status:
            rss = next(line for line in status.splitlines() if line.startswith("VmRSS"))
            out.append(int(rss.split()[1]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()

    port = free_port()
    env = dict(os.environ)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", str(args.workers), "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", "app:create_app({'QUIET_LOG': True})"],
        cwd=ROOT, env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("gunicorn did not start") from None
                time.sleep(0.2)
        plan = urls()
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        stop_at = time.monotonic() + args.seconds
        count = [0]

        def client(seed: int) -> None:
            rng = random.Random(seed)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            while time.monotonic() < stop_at:
                with lock:
                    if count[0] >= MAX_REQUESTS:
                        return
                    count[0] += 1
                method, path, body = rng.choice(plan)
                headers = {"Content-Type": "application/json"} if body else {}
                started = time.perf_counter()
                try:
                    conn.request(method, path, body=body, headers=headers)
                    response = conn.getresponse()
                    response.read()
                    ok = response.status < 400
                except (OSError, http.client.HTTPException) as e:
                    ok = False
                    response = None
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                    errors.append(f"{path}: {e}")
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    if response is not None and not ok:
                        errors.append(f"{path}: {response.status}")

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - started
        memory = worker_memory(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)

    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000  # noqa: E731
    print("| clients | workers | seconds | requests | req/s | median ms | p99 ms | errors | worker RSS MiB |")
    print("|---|---|---|---|---|---|---|---|---|")
    print(f"| {args.clients} | {args.workers} | {wall:.1f} | {len(latencies)} | {len(latencies) / wall:.0f} | "
          f"{statistics.median(latencies) * 1000:.1f} | {p(0.99):.1f} | {len(errors)} | "
          f"{', '.join(f'{m / 1024:.0f}' for m in memory)} |")
    for e in errors[:10]:
        print("error:", e, file=sys.stderr)
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
