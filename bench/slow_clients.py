"""Slow clients: 20 connections sending their request headers a byte every half second, against
gunicorn alone (as `make run` serves) and against the front (as `make serve` does).

    .venv/bin/python bench/slow_clients.py [--clients 20] [--seconds 40]

Meanwhile a probe asks /healthz and a page every quarter second (5 s timeout). Reports the
probes answered, the longest time with no answer, and the workers gunicorn killed for timing out.
"""
from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from load import free_port

REQUEST = b"GET /en/wizard/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Padding: " + b"x" * 400 + b"\r\n\r\n"


def start(front: bool, run: Path) -> tuple[subprocess.Popen, int, Path]:
    port = free_port()
    log = run / "server.log"
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    if front:
        cmd = [sys.executable, "-m", "deploy.front", "--port", str(port), "--run-dir", str(run), "--access-log", "off"]
    else:
        cmd = [gunicorn, "-c", "deploy/gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                env={**os.environ, "REQUEST_LOG": "0"})
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return proc, port, log
        except OSError:
            time.sleep(0.1)
    raise SystemExit("did not start")


def run_case(front: bool, clients: int, seconds: float) -> str:
    run = Path(tempfile.mkdtemp(prefix="rules-slow-"))
    os.chmod(run, 0o755)
    proc, port, log = start(front, run)
    socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(clients)]
    stop = threading.Event()

    def dribble():
        i = 0
        while not stop.wait(0.5) and i < len(REQUEST):
            for s in socks:
                try:
                    s.send(REQUEST[i:i + 1])
                except OSError:
                    pass
            i += 1

    t = threading.Thread(target=dribble)
    t.start()
    probes, answered, gap, last_ok = 0, 0, 0.0, time.monotonic()
    ended = time.monotonic() + seconds
    while time.monotonic() < ended:
        for path in ("/healthz", "/en/wizard/wizard.play.lead"):
            probes += 1
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", path)
                ok = conn.getresponse().status == 200
                conn.close()
            except OSError:
                ok = False
            now = time.monotonic()
            if ok:
                answered += 1
                last_ok = now
            gap = max(gap, now - last_ok)
        time.sleep(0.25)
    stop.set()
    t.join()
    for s in socks:
        s.close()
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    timeouts = log.read_text(errors="replace").count("WORKER TIMEOUT")
    shutil.rmtree(run, ignore_errors=True)
    name = "front (nginx, then gunicorn)" if front else "gunicorn alone"
    return (f"| {name} | {clients} | {seconds:.0f} | {answered} of {probes} | {gap:.1f} | {timeouts} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=40)
    args = ap.parse_args()
    print("| served by | slow clients | seconds | probes answered | longest without an answer (s) | worker timeouts |")
    print("|---|---|---|---|---|---|")
    for front in (False, True):
        print(run_case(front, args.clients, args.seconds), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
