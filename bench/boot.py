"""Starting and restarting: time to a first answer, a worker's boot, memory, HUP and USR2.

    .venv/bin/python bench/boot.py [--repeat 3]

All on loopback with the default configuration (deploy/gunicorn.conf.py: preloaded, one worker
more than the cores), each figure also without preloading (PRELOAD=0) where it differs:

- `make run` on a checkout already set up: seconds from the command to the first 200 (the
  set-up steps are no-ops: their inputs' hashes are unchanged);
- the set-up alone when nothing changed;
- a worker's boot: from killing one (SIGKILL) to the first answer of its replacement;
- total PSS of gunicorn (master and workers) after every address of the mix was asked once;
- HUP and USR2 under a steady client: failed requests and the slowest answer while they run
  (under preloading HUP re-forks workers from the master, which keeps the code it loaded:
  new code needs USR2, a new master beside the old, then TERM to the old one).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import children, free_port, pss_kib, rss_kib

WORKERS = (os.cpu_count() or 1) + 1  # the configuration's default


def get(port: int, path: str, timeout: float = 30) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        body = r.read()
        return r.status, (json.loads(body) if path == "/healthz" and r.status == 200 else {})
    finally:
        conn.close()


def until(condition, seconds: float = 120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            value = condition()
        except OSError:
            value = None
        if value:
            return value
        time.sleep(0.005)
    raise SystemExit("timed out")


def first_answer_make_run() -> float:
    port = free_port()
    started = time.monotonic()
    proc = subprocess.Popen(["make", "--no-print-directory", "run", f"PORT={port}"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    until(lambda: get(port, "/en/", 5)[0] == 200)
    elapsed = time.monotonic() - started
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=60)
    return elapsed


class Gunicorn:
    def __init__(self, preload: bool = True) -> None:
        self.port = free_port()
        self.run = Path(tempfile.mkdtemp(prefix="rules-boot-"))
        self.pidfile = self.run / "gunicorn.pid"
        env = {**os.environ, "REQUEST_LOG": "0", "PRELOAD": "1" if preload else "0"}
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py",
             "--bind", f"127.0.0.1:{self.port}", "--pid", str(self.pidfile)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        until(lambda: get(self.port, "/healthz", 5)[0] == 200)
        self.first = time.monotonic() - self.started
        self.master = int(self.pidfile.read_text())
        until(lambda: len(children(self.master)) == WORKERS)

    def workers(self) -> set[int]:
        return set(children(self.master))

    def stop(self) -> None:
        for pidfile in (self.pidfile, Path(f"{self.pidfile}.2")):
            try:
                os.kill(int(pidfile.read_text()), signal.SIGTERM)
            except (OSError, ValueError):
                pass
        self.proc.wait(timeout=60)
        shutil.rmtree(self.run, ignore_errors=True)


def worker_boot(g: Gunicorn) -> float:
    before = g.workers()
    victim = min(before)
    os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()

    def answered():
        new = g.workers() - before
        return new and get(g.port, "/healthz", 5)[1].get("worker") in new

    until(answered)
    elapsed = time.monotonic() - killed
    until(lambda: len(g.workers()) == WORKERS)
    return elapsed


def warm_all(port: int) -> None:
    from traffic import plan

    from app import create_app

    for requests in plan(create_app({"QUIET_LOG": True})).values():
        for method, path, body in requests:
            if method == "GET":
                for _ in range(2):
                    get(port, path)


def total_pss(g: Gunicorn) -> float:
    return sum(pss_kib(p) for p in [g.master, *g.workers()]) / 1024


def steady(port: int, action, settle) -> tuple[int, float, int]:
    """A client asking one page after another while `action` runs, until `settle()`."""
    results: list[tuple[int, float]] = []
    stop = threading.Event()

    def client():
        while not stop.is_set():
            started = time.perf_counter()
            try:
                status = get(port, "/en/wizard/wizard.play.lead", 30)[0]
            except OSError:
                status = 0
            results.append((status, time.perf_counter() - started))

    threads = [threading.Thread(target=client, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    try:
        time.sleep(1)
        action()
        until(settle, 120)
        time.sleep(1)
    finally:
        stop.set()
        for t in threads:
            t.join()
    failed = sum(1 for s, _ in results if s != 200)
    return failed, max(e for _, e in results) * 1000, len(results)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    subprocess.run(["make", "--no-print-directory", "setup"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    started = time.monotonic()
    subprocess.run(["make", "--no-print-directory", "setup"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    setup = time.monotonic() - started
    firsts = [first_answer_make_run() for _ in range(args.repeat)]
    print(f"make setup with nothing changed: {setup:.2f} s")
    print(f"make run to the first answer: {', '.join(f'{x:.2f}' for x in firsts)} s "
          f"(median {statistics.median(firsts):.2f} s)")

    for preload in (True, False):
        g = Gunicorn(preload)
        try:
            boots = [worker_boot(g) for _ in range(args.repeat)]
            warm_all(g.port)
            print(f"\npreload {'on' if preload else 'off'}: {len(g.workers())} workers; gunicorn to first answer "
                  f"{g.first:.2f} s; a killed worker answers again after "
                  f"{', '.join(f'{b * 1000:.0f}' for b in boots)} ms; total PSS {total_pss(g):.0f} MiB "
                  f"(master {pss_kib(g.master) / 1024:.0f} MiB; RSS per worker "
                  f"{', '.join(f'{rss_kib(p) / 1024:.0f}' for p in sorted(g.workers()))} MiB)")
            if preload:
                old = g.workers()
                failed, slowest, n = steady(g.port, lambda: os.kill(g.master, signal.SIGHUP),
                                            lambda: not (g.workers() & old) and len(g.workers()) == WORKERS)
                print(f"HUP: {failed} failed of {n}, slowest answer {slowest:.0f} ms")
                old_master = g.master
                second = Path(f"{g.pidfile}.2")  # gunicorn 27: the new master, a child of the old, until promoted

                def new_master_ready():
                    if not second.exists():
                        return False
                    new = int(second.read_text())
                    return len(children(new)) == WORKERS and new

                def usr2():
                    os.kill(old_master, signal.SIGUSR2)
                    new = until(new_master_ready)
                    until(lambda: get(g.port, "/healthz", 5)[1].get("worker") in children(new))
                    # the old master stops gracefully: its workers finish what they hold (WINCH
                    # would do it only for a daemonized gunicorn)
                    os.kill(old_master, signal.SIGTERM)

                failed, slowest, n = steady(g.port, usr2, lambda: g.proc.poll() is not None)
                print(f"USR2 (a new master beside the old, then TERM to the old): {failed} failed of {n}, "
                      f"slowest answer {slowest:.0f} ms")
        finally:
            g.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
