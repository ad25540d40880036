"""Shared fixtures: the real app over the real content, and a gunicorn server for the browser."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app
from content.model import LANGS


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": False, "QUIET_LOG": True})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def site(app):
    return app.extensions["site"]


@pytest.fixture(scope="session")
def outline():
    with (ROOT / "content" / "outline.yaml").open(encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.fixture(scope="session")
def langs():
    return LANGS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(log_path: Path, port: int | None = None, app_spec: str = "app:create_app()"):
    """gunicorn serving the site on loopback with its production configuration (preloaded,
    deploy/gunicorn.conf.py; the front is tested in test_front.py): (process, base URL)."""
    port = port or _free_port()
    with log_path.open("ab") as log:  # a file: a full pipe would block the server
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py", "--workers", "2",
             "--bind", f"127.0.0.1:{port}", app_spec],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "REQUEST_LOG": "0"},
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(log_path.read_text(errors="replace")) from None
            time.sleep(0.2)  # waiting for the server to listen, not timing a test
    else:
        proc.kill()
        raise RuntimeError("gunicorn did not start")
    return proc, f"http://127.0.0.1:{port}"


def stop_server(proc) -> None:
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The site served by gunicorn on loopback, as in production."""
    proc, url = start_server(tmp_path_factory.mktemp("gunicorn") / "server.log")
    yield url
    stop_server(proc)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    chromium = "/usr/bin/chromium"
    if not os.path.exists(chromium):  # never skip silently: make test installs it
        pytest.fail("Debian's chromium is missing: run  sudo apt-get install -y chromium fonts-noto-cjk")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )
        yield browser
        browser.close()


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    yield page
    context.close()
