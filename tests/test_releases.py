"""Content versions: compiled at build time (the round trip proved field by field), validated
before they go live, switched atomically, rolled back; a worker follows the switch without a
restart and a request finishes on the version it started with; under gunicorn every worker
serves the new version once its check has run, with no 5xx during the switch."""
from __future__ import annotations

import dataclasses
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path

import pytest
from processes import children, until

from app import create_app
from content import loader as content_loader
from content.loader import load_site
from engine.examples import run_all
from engine.play import Play
from publish import compiled
from publish import release as releases
from publish.__main__ import publish

ROOT = Path(__file__).resolve().parent.parent
NIM = ROOT / "tests" / "fixtures" / "nim"


# --- the compiled content is the loaded content ----------------------------------------------


def same(a, b, where="site") -> None:
    """Equal field by field; a tutorial's adapter (made afresh on loading) by its class."""
    if isinstance(a, Play):
        assert type(a) is type(b), where
        return
    assert type(a) is type(b), where
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for key in a:
            same(a[key], b[key], f"{where}[{key!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


def test_the_compiled_content_round_trips_every_field(site):
    loaded = load_site()
    examples = run_all(loaded)
    back, back_examples = compiled.loads(compiled.dumps(loaded, examples))
    same(loaded, back)
    assert back_examples == examples
    assert back.stale == loaded.stale
    for game in back.games.values():
        assert game.versions and game.text_files, game.id
        assert game.tutorial is None or isinstance(game.tutorial.play, Play)


# --- building, validating, switching, rolling back ----------------------------------------------


@pytest.fixture()
def nim(tmp_path, monkeypatch):
    """A copy of the test game's content (its engine on the path) and an empty releases folder."""
    monkeypatch.syspath_prepend(str(NIM))
    content = tmp_path / "content"
    shutil.copytree(NIM / "content", content)
    return content, tmp_path / "releases"


def edit(content: Path, old: str, new: str) -> None:
    path = content / "games" / "nim" / "text" / "en" / "entries.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_publish_validates_switches_and_rolls_back(nim, capsys, monkeypatch):
    content, root = nim
    assert publish(content, root) == 0
    first = releases.current(root)
    assert first and releases.is_complete(root / first)

    # unchanged: decided from the files' hashes, without loading the content
    with monkeypatch.context() as m:
        m.setattr(content_loader, "load_site", lambda *a: pytest.fail("the content was loaded"))
        assert publish(content, root) == 0
    assert "unchanged" in capsys.readouterr().out

    edit(content, "Whoever takes the last stone wins the game.", "Whoever takes the last stone wins.")
    assert publish(content, root) == 0
    second = releases.current(root)
    assert second != first and releases.history(root) == [first, second]

    # broken content is refused and nothing moves
    edit(content, "title: The last stone", "title: [unclosed")
    assert publish(content, root) == 1
    assert "not published" in capsys.readouterr().err
    assert releases.current(root) == second
    assert not [p for p in root.iterdir() if p.name.startswith(".build-")]

    assert releases.rollback(root) == first
    assert releases.current(root) == first
    with pytest.raises(releases.PublishError):
        releases.rollback(root)


def test_a_release_that_does_not_serve_its_pages_is_not_published(nim):
    content, root = nim

    def failing(path):
        raise releases.PublishError("a page answered 500")

    with pytest.raises(releases.PublishError):
        releases.build(content, root, validate=failing)
    assert releases.current(root) is None and not any(root.iterdir())


def test_texts_and_index_switch_together(nim):
    content, root = nim
    assert publish(content, root, validate=False) == 0
    app = create_app({"RELEASES_DIR": str(root), "QUIET_LOG": True, "CONTENT_CHECK_SECONDS": 3600})
    client = app.test_client()
    before = client.get("/api/v1/search?lang=en&q=pebble").get_json()["results"]
    assert "nim.end.last-stone" not in [h["id"] for h in before][:1]
    edit(content, "Whoever takes the last stone wins the game.", "Whoever takes the last pebble wins the game.")
    assert publish(content, root, validate=False) == 0
    assert app.extensions["live"].check()
    hits = client.get("/api/v1/search?lang=en&q=pebble").get_json()["results"]
    assert [h["id"] for h in hits][:1] == ["nim.end.last-stone"]
    assert "last pebble" in client.get("/en/nim/nim.end.last-stone").get_data(as_text=True)


def test_a_request_finishes_on_the_version_it_started_with(nim):
    content, root = nim
    assert publish(content, root, validate=False) == 0
    first = releases.current(root)
    app = create_app({"RELEASES_DIR": str(root), "QUIET_LOG": True, "CONTENT_CHECK_SECONDS": 3600})
    client = app.test_client()
    live = app.extensions["live"]
    r = client.get("/en/nim/")
    assert r.headers["X-Content-Version"] == first
    old_tag = r.headers["ETag"]

    edit(content, "Whoever takes the last stone wins the game.", "Whoever takes the very last stone wins.")
    assert publish(content, root, validate=False) == 0
    second = releases.current(root)
    with app.test_request_context("/en/nim/"):
        started = live.enter()  # a request in flight on the first version
        assert live.check()  # the switch happens meanwhile
        from web.live import current

        assert current() is started and started.version == first and not started.closed
        assert live.release.version == second
        live.leave()  # the last request on it ends: the first version is closed
        assert started.retired and started.closed and started.users == 0
    r = client.get("/en/nim/")
    assert r.headers["X-Content-Version"] == second and r.headers["ETag"] != old_tag
    assert client.get("/en/nim/", headers={"If-None-Match": old_tag}).status_code == 200
    assert client.get("/healthz").get_json()["content"] == second


def test_a_release_built_by_other_code_is_not_taken(nim):
    content, root = nim
    assert publish(content, root, validate=False) == 0
    app = create_app({"RELEASES_DIR": str(root), "QUIET_LOG": True, "CONTENT_CHECK_SECONDS": 3600})
    edit(content, "Whoever takes the last stone wins the game.", "Whoever takes the last stone has won.")
    assert publish(content, root, validate=False) == 0
    meta_path = root / releases.current(root) / releases.META
    meta = json.loads(meta_path.read_text())
    meta_path.write_text(json.dumps({**meta, "code": "other"}))
    live = app.extensions["live"]
    assert not live.check()
    health = app.test_client().get("/healthz").get_json()
    assert health["content"] != releases.current(root) and "other code" in health["pending"]


# --- under gunicorn: every worker, no restart, no 5xx ------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, path: str) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


_until = partial(until, seconds=90)  # a worker notices, or is replaced


def test_every_gunicorn_worker_serves_the_new_version_without_a_restart(nim, tmp_path):
    content, root = nim
    assert publish(content, root, validate=False) == 0
    first = releases.current(root)
    port = _free_port()
    log = tmp_path / "gunicorn.log"
    env = {**os.environ, "RELEASES_DIR": str(root), "WORKERS": "2",
           "PYTHONPATH": os.pathsep.join([str(NIM), str(ROOT)])}
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py",
                                   "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        _until(lambda: _safe_status(port, "/healthz") == 200, "gunicorn answers")
        workers = _until(lambda: len(w := children(server.pid)) == 2 and w, "two workers")
        assert _count_log_lines(log, port, "/en/nim/faq") == 1  # one log line per request

        statuses: list[int] = []
        versions: list[str] = []
        stop = threading.Event()

        def hammer():
            while not stop.is_set():
                for path in ("/en/nim/", "/api/v1/search?lang=ko&q=%EB%8F%8C", "/fi/nim/nim.turn.take"):
                    status, headers, _ = _get(port, path)
                    statuses.append(status)
                    versions.append(headers.get("x-content-version", ""))

        threads = [threading.Thread(target=hammer) for _ in range(3)]
        for t in threads:
            t.start()
        edit(content, "Whoever takes the last stone wins the game.", "The one who takes the last stone wins.")
        assert publish(content, root, validate=False) == 0
        second = releases.current(root)
        assert second != first

        def all_switched():
            seen = {}
            for _ in range(20):
                health = json.loads(_get(port, "/healthz")[2])
                seen[health["worker"]] = health
            return set(seen) == workers and all(h["content"] == second for h in seen.values())

        _until(all_switched, "every worker on the new version")
        stop.set()
        for t in threads:
            t.join()
        assert statuses and all(s < 500 for s in statuses), sorted(set(statuses))
        assert set(versions) <= {first, second}
        # every worker checked and switched: none was restarted
        assert children(server.pid) == workers
        for _ in range(20):
            status, headers, body = _get(port, "/en/nim/nim.end.last-stone")
            assert status == 200 and headers["x-content-version"] == second
            assert b"The one who takes the last stone wins." in body

        # a worker that dies is replaced by one already on the new version (the master opens
        # it before forking), answering at once
        victim = sorted(workers)[0]
        os.kill(victim, signal.SIGKILL)
        fresh = _until(lambda: len(w := children(server.pid)) == 2 and victim not in w and w - workers, "a new worker")
        new_pid = next(iter(fresh))
        health = _until(lambda: next((h for h in (json.loads(_get(port, "/healthz")[2]) for _ in range(10))
                                      if h["worker"] == new_pid), None), "the new worker answers")
        assert health["content"] == second
        assert b"WORKER TIMEOUT" not in log.read_bytes()
    finally:
        server.terminate()
        server.wait(timeout=30)


def _safe_status(port: int, path: str) -> int | None:
    try:
        return _get(port, path)[0]
    except OSError:
        return None


def _count_log_lines(log: Path, port: int, path: str) -> int:
    assert _get(port, path)[0] == 200  # the worker writes its line before it answers
    return sum(1 for line in log.read_text(errors="replace").splitlines() if f'"path": "{path}"' in line)
