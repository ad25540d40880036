"""A fast start: each set-up step is a no-op when its inputs' hashes are unchanged (the release
step decides so without loading the content), and gunicorn's configuration preloads the app,
sizes the workers from the machine and logs each request once (the app's own line)."""
from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

from content import loader
from deploy import setup
from publish.__main__ import publish
from publish.release import CONTENT_DIR, DEFAULT_ROOT

ROOT = Path(__file__).resolve().parent.parent


def test_every_step_is_a_no_op_when_its_inputs_are_unchanged(monkeypatch, capsys):
    # make test ran the set-up just before: nothing changed since
    assert setup.catalogs() == "unchanged"
    assert setup.assets() == "unchanged"
    monkeypatch.setattr(loader, "load_site", lambda *a: pytest.fail("the content was loaded"))
    assert publish(CONTENT_DIR, DEFAULT_ROOT) == 0
    assert "unchanged" in capsys.readouterr().out


def test_a_changed_catalog_is_compiled_again(tmp_path, monkeypatch):
    translations = tmp_path / "translations"
    for po in (ROOT / "translations").glob("*/LC_MESSAGES/messages.po"):
        target = translations / po.relative_to(ROOT / "translations")
        target.parent.mkdir(parents=True)
        target.write_bytes(po.read_bytes())
    monkeypatch.setattr(setup, "TRANSLATIONS", translations)
    monkeypatch.setattr(setup, "STAMPS", tmp_path / "stamps")
    assert setup.catalogs().startswith("compiled")
    assert setup.catalogs() == "unchanged"
    fi = translations / "fi" / "LC_MESSAGES" / "messages.po"
    fi.write_text(fi.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert setup.catalogs().startswith("compiled")


def test_gunicorn_preloads_sizes_workers_from_the_cores_and_logs_once(monkeypatch):
    monkeypatch.delenv("WORKERS", raising=False)
    monkeypatch.delenv("PRELOAD", raising=False)
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    assert config["workers"] == (os.cpu_count() or 1) + 1
    assert config["preload_app"] is True
    assert config["accesslog"] is None  # the app writes the one line per request
    assert config["wsgi_app"] == "app:create_app()"
    monkeypatch.setenv("WORKERS", "5")
    assert runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))["workers"] == 5
