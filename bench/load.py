"""Load test of the production configuration, on loopback, beside a bare Flask page on the same stack.

    .venv/bin/python bench/load.py [--seconds 30] [--clients 16] [--runs deployed,cold,bare] [--workers N]

Each run starts the front as `make serve` does (deploy/front.py: nginx, then gunicorn on a Unix
socket with the default worker count) on free loopback ports, with the load client's address
exempt from the rate limit (a test proves the limit: tests/test_front.py), warms it for
--warmup seconds (not counted), then lets --clients client threads (split over --procs
processes, on the same two cores) send the mix of bench/traffic.py for --seconds.

    deployed  as deployed: the front's cache on, the site's page memory on; the clients accept
              gzip and, like a phone that kept a page past its minute, ask with If-None-Match
              for half the addresses they have seen before
    cold      no front cache, no page memory in the site, no If-None-Match, and every address
              distinct (a counter in the query): every request is rendered
    bare      the bare page (bench/bare_app.py) through the same front and workers, no cache
    direct    as cold but gunicorn alone, no front (for comparison with earlier figures)

Prints one Markdown row per run (throughput, latency percentiles, errors, the share of 304
answers and of front-cache hits, memory) and per-category percentiles. Bounded in time and count.
"""
from __future__ import annotations

import argparse
import http.client
import multiprocessing as mp
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

MAX_REQUESTS = 400_000  # a hard bound besides the time limit
REVALIDATE = 0.5  # share of revisits that carry If-None-Match (deployed)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (a master's workers), from /proc; the tests of a
    running server use it too (tests/processes.py)."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if f"\nPPid:\t{pid}\n" in Path(f"/proc/{entry}/status").read_text():
                    out.add(int(entry))
            except OSError:
                pass
    return out


def pss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of these processes so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1])
    return 0


class Server:
    """The front and gunicorn (or gunicorn alone) in a run folder of their own."""

    def __init__(self, mode: str, workers: int | None, env: dict | None = None) -> None:
        self.mode = mode
        self.port = free_port()
        self.run = Path(tempfile.mkdtemp(prefix="rules-bench-"))
        os.chmod(self.run, 0o755)
        env = {**os.environ, "REQUEST_LOG": "0", **(env or {})}
        if mode in ("cold", "direct", "bare"):
            env["RESPONSE_CACHE_MB"] = "0"
        if workers:
            env["WORKERS"] = str(workers)
        self.log = (self.run / "server.log").open("wb")
        if mode == "direct":
            cmd = [str(Path(sys.executable).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py",
                   "--bind", f"127.0.0.1:{self.port}", "--pid", str(self.run / "gunicorn.pid")]
        else:
            cmd = [sys.executable, "-m", "deploy.front", "--port", str(self.port), "--run-dir", str(self.run),
                   "--exempt", "127.0.0.1", "--access-log", str(self.run / "access.log")]
            if mode in ("cold", "bare"):
                cmd.append("--no-cache")
            if mode == "bare":
                cmd += ["--app", "bench.bare_app:create_app()"]
            if workers:
                cmd += ["--workers", str(workers)]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)}, stdout=self.log,
                                     stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit((self.run / "server.log").read_text(errors="replace"))
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")

    def memory(self) -> dict[str, float]:
        master = int((self.run / "gunicorn.pid").read_text())
        workers = children(master)
        out = {"workers": len(workers), "worker_rss_mib": statistics.mean(rss_kib(p) for p in workers) / 1024,
               "gunicorn_pss_mib": sum(pss_kib(p) for p in [master, *workers]) / 1024}
        nginx = self.run / "nginx.pid"
        if nginx.exists():
            master = int(nginx.read_text())
            out["nginx_pss_mib"] = sum(pss_kib(p) for p in [master, *children(master)]) / 1024
        return out

    def pids(self) -> dict[str, list[int]]:
        out = {}
        for name in ("gunicorn", "nginx"):
            path = self.run / f"{name}.pid"
            if path.exists():
                master = int(path.read_text())
                out[name] = [master, *children(master)]
        return out

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=60)
        self.log.close()
        shutil.rmtree(self.run, ignore_errors=True)


def client_process(port: int, plan, mode: str, threads: int, seed: int, warmup: float, seconds: float,
                   out) -> None:
    from traffic import chooser

    results: list[tuple[str, float, int, str, float, str]] = []
    lock = threading.Lock()
    start_at = time.monotonic() + warmup
    stop_at = start_at + seconds
    count = [0]

    def one(i: int) -> None:
        choose, rng = chooser(plan, seed * 100 + i)
        etags: dict[str, str] = {}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        n = 0
        while True:
            now = time.monotonic()
            if now >= stop_at:
                return
            category, method, path, body = choose()
            headers = {"Accept-Encoding": "gzip"}
            if body:
                headers["Content-Type"] = "application/json"
            if mode in ("cold", "direct") and method == "GET" and category not in ("static", "tools"):
                # (the tools answer an address with inputs they do not read by a redirect to
                # their own form of it; uncached in this run anyway)
                n += 1
                path += ("&" if "?" in path else "?") + f"n={seed}-{i}-{n}"
            elif mode == "deployed" and path in etags and rng.random() < REVALIDATE:
                headers["If-None-Match"] = etags[path]
            if mode == "bare":
                category, method, path, body = "bare", "GET", "/", None
            started = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=headers)
                r = conn.getresponse()
                r.read()
                status, cache = r.status, r.getheader("X-Cache") or ""
                version = r.getheader("X-Content-Version") or ""
                tag = r.getheader("ETag")
                if tag and mode == "deployed":
                    etags[path] = tag
            except (OSError, http.client.HTTPException):
                status, cache, version = 0, "", ""
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            elapsed = time.perf_counter() - started
            if now >= start_at:
                with lock:
                    count[0] += 1
                    if count[0] > MAX_REQUESTS:
                        return
                    results.append((category, elapsed, status, cache, now - start_at, version))

    pool = [threading.Thread(target=one, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    time.sleep(max(0.0, start_at - time.monotonic()))
    cpu = time.process_time()
    time.sleep(max(0.0, stop_at - time.monotonic()))
    cpu = time.process_time() - cpu
    for t in pool:
        t.join()
    out.send((results, cpu))
    out.close()


def measure(mode: str, plan, args) -> dict:
    server = Server(mode, args.workers)
    try:
        procs, pipes = [], []
        per = [args.clients // args.procs + (1 if i < args.clients % args.procs else 0) for i in range(args.procs)]
        started = time.monotonic()
        for i, threads in enumerate(per):
            parent, child = mp.Pipe(duplex=False)
            p = mp.get_context("fork").Process(target=client_process, args=(
                server.port, plan, mode, threads, i + 1, args.warmup, args.seconds, child))
            p.start()
            procs.append(p)
            pipes.append(parent)
        time.sleep(args.warmup)
        pids = server.pids()
        before = {name: cpu_seconds(ps) for name, ps in pids.items()}
        time.sleep(args.seconds)
        cpu = {name: cpu_seconds(ps) - before[name] for name, ps in pids.items()}
        got = [pipe.recv() for pipe in pipes]
        results = [r for part, _ in got for r in part]
        cpu["client"] = sum(c for _, c in got)
        for p in procs:
            p.join()
        wall = time.monotonic() - started - args.warmup
        memory = server.memory()
    finally:
        server.stop()
    lat = sorted(r[1] for r in results)
    pct = lambda xs, q: xs[min(len(xs) - 1, int(q * len(xs)))] * 1000  # noqa: E731
    statuses = Counter(r[2] for r in results)
    caches = Counter(r[3] for r in results if r[3])
    errors = sum(n for s, n in statuses.items() if s == 0 or s >= 400)
    by_cat = {}
    for cat in sorted({r[0] for r in results}):
        xs = sorted(r[1] for r in results if r[0] == cat)
        by_cat[cat] = (len(xs), pct(xs, 0.5), pct(xs, 0.99))
    return {"mode": mode, "requests": len(results), "seconds": wall, "rps": len(results) / wall,
            "p50": pct(lat, 0.5), "p90": pct(lat, 0.9), "p99": pct(lat, 0.99), "max": lat[-1] * 1000,
            "errors": errors, "statuses": dict(statuses), "share_304": statuses.get(304, 0) / len(results),
            "caches": dict(caches), "share_hit": caches.get("HIT", 0) / len(results),
            "by_category": by_cat, "cpu_ms": {k: v * 1000 / len(results) for k, v in cpu.items()}, **memory}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=3)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--procs", type=int, default=2, help="client processes (threads are split over them)")
    ap.add_argument("--workers", type=int, default=None, help="gunicorn workers (default: the configuration's)")
    ap.add_argument("--runs", default="deployed,cold,bare")
    args = ap.parse_args()

    from traffic import plan as make_plan

    from app import create_app

    plan = make_plan(create_app({"QUIET_LOG": True}))
    sizes = ", ".join(f"{k} {len(v)}" for k, v in plan.items())
    print(f"mix: {sizes} addresses; {args.clients} clients in {args.procs} processes, "
          f"{args.warmup:.0f} s warm-up, {args.seconds:.0f} s measured\n")
    rows = [measure(mode, plan, args) for mode in args.runs.split(",")]
    print("| run | workers | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | errors | 304s | front-cache hits |"
          " worker RSS MiB | PSS gunicorn MiB | PSS nginx MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['mode']} | {r['workers']} | {r['requests']:,} | {r['rps']:.0f} | {r['p50']:.1f} | {r['p90']:.1f} | "
              f"{r['p99']:.1f} | {r['max']:.0f} | {r['errors']} | {r['share_304'] * 100:.0f} % | "
              f"{r['share_hit'] * 100:.0f} % | {r['worker_rss_mib']:.0f} | {r['gunicorn_pss_mib']:.0f} | "
              f"{r.get('nginx_pss_mib', 0):.0f} |")
    print()
    for r in rows:
        cats = "; ".join(f"{c} {n:,} (p50 {a:.1f}, p99 {b:.1f})" for c, (n, a, b) in r["by_category"].items())
        cpu = ", ".join(f"{k} {v:.2f}" for k, v in r["cpu_ms"].items())
        print(f"- {r['mode']}: statuses {r['statuses']}, front cache {r['caches']}; CPU ms per request: {cpu}; {cats}")
    return 0 if all(r["errors"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
