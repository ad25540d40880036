"""Search test fixtures: a small five-language content tree (tests/fixtures/search) built
into a temporary index once per session, and the real content's index for the
evaluation thresholds."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from content.loader import load_site
from search import Searcher, build

FIXTURE = ROOT / "tests" / "fixtures" / "search"


@pytest.fixture(scope="session")
def fixture_site():
    return load_site(FIXTURE)


@pytest.fixture(scope="session")
def fixture_index(tmp_path_factory, fixture_site):
    root = tmp_path_factory.mktemp("search-index")
    build(root, site=fixture_site)
    return root


@pytest.fixture(scope="session")
def searcher(fixture_index):
    s = Searcher(fixture_index)
    yield s
    s.close()


@pytest.fixture(scope="session")
def real_site():
    return load_site()


@pytest.fixture(scope="session")
def real_searcher(tmp_path_factory, real_site):
    root = tmp_path_factory.mktemp("search-index-real")
    build(root, site=real_site)
    s = Searcher(root)
    yield s
    s.close()
