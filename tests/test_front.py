"""The front as `make serve` runs it (deploy/front.py: nginx in the foreground before gunicorn on
a Unix socket), on free loopback ports, under faults. Every assertion is about answers and
states (statuses, headers, which worker answered, what gunicorn logged), never about time."""
from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

import pytest
from processes import children, until

ROOT = Path(__file__).resolve().parent.parent
SLOW_CLIENTS = 20
WORKER_TIMEOUT = 4  # s: the slow clients stay longer than this; a worker they held would time out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()


_until = partial(until, seconds=120)  # a front and its workers start, restart and stop


class Front:
    def __init__(self, port: int, run: Path, proc: subprocess.Popen, log: Path) -> None:
        self.port, self.run, self.proc, self.log = port, run, proc, log

    def get(self, path: str, headers: dict | None = None, method: str = "GET", body: bytes | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            conn.close()

    @property
    def master(self) -> int | None:
        """gunicorn's master, from its pid file (None while a USR2 hands over)."""
        try:
            return int((self.run / "gunicorn.pid").read_text())
        except (OSError, ValueError):
            return None

    def workers(self) -> set[int]:
        return children(self.master)


@pytest.fixture(scope="module")
def front():
    # not under pytest's own temporary folder: that one is closed to others, and nginx's
    # workers run as nobody
    run = Path(tempfile.mkdtemp(prefix="rules-front-test-"))
    log = run / "front.log"
    port = _free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "deploy.front", "--port", str(port), "--run-dir", str(run), "--workers", "2",
             "--worker-timeout", str(WORKER_TIMEOUT), "--access-log", str(run / "access.log")],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    front = Front(port, run, proc, log)
    pids: list[int] = []
    try:
        def up():
            if proc.poll() is not None:
                pytest.fail(log.read_text(errors="replace"))
            try:
                return front.get("/healthz")[0] == 200
            except OSError:
                return False

        _until(up, "the front answers")
        pids = [front.master, int((run / "nginx.pid").read_text())]
        yield front
    finally:
        for path in (run / "gunicorn.pid", run / "gunicorn.pid.2"):  # a new master if a test made one (USR2)
            if pids and path.exists():
                pids.append(int(path.read_text()))
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        # stopping the command leaves nothing running
        for pid in pids:
            _until(lambda pid=pid: not _alive(pid), f"process {pid} gone", seconds=30)
        shutil.rmtree(run, ignore_errors=True)


def test_pages_pass_through_the_front_with_the_sites_headers(front):
    status, headers, body = front.get("/ko/wizard/", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert headers["etag"].startswith('W/"') and headers["x-content-version"]
    assert "nosniff" in headers["x-content-type-options"]
    _, again, _ = front.get("/ko/wizard/")
    assert again["x-cache"] == "HIT"  # kept by the front as the site's s-maxage allows
    # one plain copy for every reader: compressed for those who accept it, not for the others
    assert "content-encoding" not in again and "Accept-Encoding" in again["vary"]
    status, _, _ = front.get("/ko/wizard/", {"If-None-Match": headers["etag"]})
    assert status == 304


def test_static_files_are_served_by_the_front_hashed_and_immutable(front):
    html = front.get("/en/")[2].decode()
    href = html.split('data-site="/static/site.', 1)[1].split('"', 1)[0]
    status, headers, body = front.get(f"/static/site.{href}", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable"
    assert headers["content-encoding"] == "gzip" and "x-content-version" not in headers  # nginx, not the site
    status, headers, _ = front.get("/static/site.css")
    assert status == 200 and headers["cache-control"] == "no-cache"


def test_slow_clients_hold_no_worker(front):
    """20 connections sending their headers a byte every half second, for longer than a
    worker's timeout: health and pages still answer, and no worker timed out."""
    workers = front.workers()
    stop = threading.Event()
    socks = []
    for _ in range(SLOW_CLIENTS):
        s = socket.create_connection(("127.0.0.1", front.port))
        socks.append(s)
    request = b"GET /en/wizard/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Padding: " + b"x" * 200

    def dribble():
        for i in range(len(request)):
            if stop.wait(0.5):
                return
            for s in socks:
                try:
                    s.send(request[i:i + 1])
                except OSError:
                    pass

    t = threading.Thread(target=dribble)
    t.start()
    answered = []
    try:
        # for longer than a worker's timeout: if the slow clients held the workers, they
        # would be killed and replaced now, and these would fail or wait
        deadline = time.monotonic() + WORKER_TIMEOUT * 1.5
        while time.monotonic() < deadline:
            for path in ("/healthz", "/en/wizard/wizard.play.follow-suit", "/fi/siggil/faq"):
                status, _, _ = front.get(path)
                answered.append(status)
            time.sleep(0.2)
    finally:
        stop.set()
        t.join()
        for s in socks:
            s.close()
    assert answered and set(answered) == {200}
    assert front.workers() == workers
    assert b"WORKER TIMEOUT" not in front.log.read_bytes()


def test_bad_input_keeps_its_answers_through_the_front(front):
    status, headers, body = front.get("/api/v1/wizard/trick?lang=en", {"Content-Type": "application/json"},
                                      "POST", b"[" * 20_000)
    assert status == 413
    assert front.get("/en/search?q=" + "a" * 9000)[0] == 414  # nginx: request line over 8 KiB
    assert front.get("/en/search?q=" + "a" * 3000)[0] == 414  # the site: query over 2 KiB
    status, headers, body = front.get("/api/v1/search?lang=en&q=" + "a" * 300)
    assert status == 400 and json.loads(body)["error"]["code"] == "query-too-long"
    status, _, _ = front.get("/en/", {"Host": "evil.example"})
    assert status == 400  # the site trusts only its own host names (and the front's cache knows the host)


def test_a_burst_over_the_rate_limit_gets_429_pages_not_5xx(front):
    statuses = []
    while 429 not in statuses and len(statuses) < 500:
        status, headers, body = front.get("/ko/search?q=%EA%B4%91%EB%8C%80")
        statuses.append(status)
    assert set(statuses) == {200, 429} and statuses[0] == 200
    page = body.decode()
    assert headers["content-type"].startswith("text/html")
    assert '<html lang="ko">' in page and "짧은 시간에 요청이 너무 많았습니다" in page
    assert headers["retry-after"] and headers["cache-control"] == "no-store"
    assert "default-src 'self'" in headers["content-security-policy"]

    statuses = []
    while 429 not in statuses and len(statuses) < 500:
        status, headers, body = front.get("/api/v1/entries/wizard.play.lead?lang=fi")
        statuses.append(status)
    assert set(statuses) == {200, 429}
    assert headers["content-type"].startswith("application/json")
    error = json.loads(body)["error"]
    assert error["code"] == "too-many-requests" and "Liian monta pyyntöä" in error["message"]
    assert front.get("/fi/wizard/")[0] == 200  # pages are not limited


def test_a_killed_worker_costs_at_most_the_requests_it_held(front):
    before = front.workers()
    results: list[int] = []
    stop = threading.Event()

    def reader(name: str):
        n = 0
        while not stop.is_set():
            n += 1  # a new address each time: never in the front's cache, always a worker's work
            try:
                results.append(front.get(f"/en/wizard/wizard.play.lead?reader={name}&n={n}")[0])
            except (OSError, http.client.HTTPException):
                results.append(0)  # cut off mid-answer: the worker died while sending it

    threads = [threading.Thread(target=reader, args=(str(i),)) for i in range(2)]
    for t in threads:
        t.start()
    _until(lambda: len(results) > 20, "requests flowing")
    victim = min(before)
    os.kill(victim, signal.SIGKILL)
    _until(lambda: len(front.workers()) == 2 and victim not in front.workers(), "a new worker")
    count = len(results)
    _until(lambda: len(results) > count + 20, "requests flowing again")
    stop.set()
    for t in threads:
        t.join()
    failed = [s for s in results if s != 200]
    assert len(failed) <= len(threads), failed  # at most the one request in flight per client
    assert set(failed) <= {502, 0}  # the front's page for a lost worker, or an answer cut short


def test_new_code_arrives_by_usr2_without_a_failed_request(front):
    """Under preloading a HUP reloads no code: USR2 starts a new master beside the old (new
    code, the live content), then TERM lets the old one finish; the launcher keeps serving."""
    old = front.master
    statuses: list[int] = []
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            statuses.append(front.get("/healthz")[0])

    t = threading.Thread(target=reader)
    t.start()
    try:
        os.kill(old, signal.SIGUSR2)
        second = front.run / "gunicorn.pid.2"
        new = _until(lambda: second.exists() and second.read_text().strip() and int(second.read_text()), "a new master")
        _until(lambda: len(children(new)) == 2, "its workers")
        _until(lambda: json.loads(front.get("/healthz")[2])["worker"] in children(new), "a new worker answers")
        os.kill(old, signal.SIGTERM)
        _until(lambda: not _alive(old), "the old master gone")
        _until(lambda: front.master == new, "the new master promoted")
    finally:
        stop.set()
        t.join()
    assert statuses and set(statuses) == {200}
    assert front.proc.poll() is None and front.get("/en/wizard/")[0] == 200
