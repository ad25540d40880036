"""Building the index: one folder per language, a fresh folder swapped in whole, a
rebuild only when the content changes, and an index any process can open."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from content.loader import load_site
from search import IndexNotBuilt, Searcher, build
from search.index import POINTER, current_version, read_meta

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "search"

LANGS = ("lt", "et", "ko", "fi", "en")


@pytest.fixture()
def content(tmp_path):
    """A copy of the fixture content that a test may change."""
    copy = tmp_path / "content"
    shutil.copytree(FIXTURE, copy)
    return copy


def test_one_index_folder_per_language_with_a_pointer_and_a_hash(tmp_path, fixture_site):
    reports = build(tmp_path / "ix", site=fixture_site)
    assert [r.lang for r in reports] == list(LANGS)
    for r in reports:
        lang_dir = tmp_path / "ix" / r.lang
        assert (lang_dir / POINTER).read_text().strip() == r.path.name
        assert current_version(lang_dir) == r.path
        meta = read_meta(r.path)
        assert meta["hash"] == r.hash and meta["docs"] == len(fixture_site.entries) == r.docs
        assert not [p for p in lang_dir.iterdir() if p.name.startswith(".build-")]


def test_unchanged_content_is_not_rebuilt(tmp_path, fixture_site):
    first = build(tmp_path, site=fixture_site)
    second = build(tmp_path, site=fixture_site)
    assert all(r.rebuilt for r in first)
    assert not any(r.rebuilt for r in second)
    assert [r.path for r in first] == [r.path for r in second]


def test_a_changed_text_rebuilds_that_language_only_and_swaps_the_folder(tmp_path, content):
    root = tmp_path / "ix"
    before = {r.lang: r for r in build(root, site=load_site(content))}
    path = content / "games" / "wizard" / "text" / "fi" / "entries.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("valttikortin", "valttikortin tai velhon"),
                    encoding="utf-8")
    after = {r.lang: r for r in build(root, site=load_site(content))}
    assert after["fi"].rebuilt and after["fi"].hash != before["fi"].hash
    assert after["fi"].path != before["fi"].path
    assert not any(after[lang].rebuilt for lang in LANGS if lang != "fi")
    assert current_version(root / "fi") == after["fi"].path
    assert before["fi"].path.exists()  # the version before stays for processes that opened it
    # a third version removes the first
    path.write_text(path.read_text(encoding="utf-8").replace("tai velhon", "tai narrin"), encoding="utf-8")
    third = {r.lang: r for r in build(root, site=load_site(content))}
    assert not before["fi"].path.exists() and after["fi"].path.exists() and third["fi"].path.exists()


def test_force_rebuilds_into_a_new_folder(tmp_path, fixture_site):
    first = build(tmp_path, site=fixture_site, langs=("en",))[0]
    forced = build(tmp_path, site=fixture_site, langs=("en",), force=True)[0]
    assert forced.rebuilt and forced.hash == first.hash and forced.path != first.path
    assert current_version(tmp_path / "en") == forced.path


def test_an_open_searcher_sees_a_rebuild_after_refresh(tmp_path, content):
    root = tmp_path / "ix"
    build(root, site=load_site(content))
    searcher = Searcher(root)
    assert not searcher.search("noppa", "fi").hits
    path = content / "games" / "deductio" / "text" / "fi" / "entries.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Salaisen numeron kortit", "Salaisen numeron kortit ja noppa"),
                    encoding="utf-8")
    build(root, site=load_site(content))
    assert not searcher.search("noppa", "fi").hits  # still the old version, read-only
    assert searcher.refresh()
    assert searcher.search("noppa", "fi").hits[0].id == "deductio.components.secret-cards"
    assert not searcher.refresh()


def test_a_missing_index_is_reported(tmp_path):
    with pytest.raises(IndexNotBuilt):
        Searcher(tmp_path / "nothing")


def test_the_command_line_builds_and_a_fresh_process_can_search(tmp_path):
    root = tmp_path / "ix"
    run = subprocess.run([sys.executable, "-m", "search", "build", "--dir", str(root), "--content", str(FIXTURE)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("built") == len(LANGS)
    again = subprocess.run([sys.executable, "-m", "search", "build", "--dir", str(root), "--content", str(FIXTURE)],
                           cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert again.stdout.count("unchanged") == len(LANGS)
    # the schema (analyzers included) unpickles in a process that never built it
    query = subprocess.run([sys.executable, "-m", "search", "query", "위저드 광대 낼 수 있나요", "--lang", "ko",
                            "--dir", str(root)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert query.returncode == 0, query.stderr
    assert "wizard.faq.jester-despite-suit" in query.stdout
