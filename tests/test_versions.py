"""Translations that cannot go stale silently: when an English text changes, each of its
translations is named as out of date (file, id, language) until a translator confirms it,
and the site marks it "may be out of date" in that language meanwhile."""
from __future__ import annotations

import shutil

import pytest

from app import create_app
from content import loader, versions
from content.model import LANGS
from search import build

ENTRY = "wizard.play.lead"


@pytest.fixture(scope="module")
def changed(tmp_path_factory):
    """A copy of the content, every translation confirmed, then one English text edited."""
    root = tmp_path_factory.mktemp("content")
    shutil.copytree(loader.CONTENT_DIR / "games", root / "games")
    shutil.copytree(loader.CONTENT_DIR / "sources", root / "sources")
    site = loader.load_site(root)
    for game in site.games.values():
        for lang in LANGS:
            if lang != versions.REFERENCE:
                versions.confirm(root / "games" / game.id, game, lang, None)
    assert loader.load_site(root).stale == []
    rules = root / "games" / "wizard" / "text" / "en" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    body = site.entries[ENTRY].texts["en"].body
    first_line = body.splitlines()[0]
    assert first_line in text
    rules.write_text(text.replace(first_line, first_line + " (Changed in English.)", 1), encoding="utf-8")
    return root


def test_every_translation_of_a_changed_english_text_is_named(changed):
    stale = loader.load_site(changed).stale
    assert {(s.lang, s.key) for s in stale} == {(lang, f"{ENTRY}:body") for lang in LANGS if lang != "en"}
    lt = next(s for s in stale if s.lang == "lt")
    assert lt.id == ENTRY and lt.file == "games/wizard/text/lt/rules.yaml"


def test_the_check_fails_and_names_file_id_and_language(changed, capsys):
    assert loader.main([str(changed)]) == 1
    err = capsys.readouterr().err
    assert f"games/wizard/text/fi/rules.yaml: {ENTRY}:body [fi]" in err


def test_the_site_serves_it_marked_in_that_language_only(changed, tmp_path):
    build(tmp_path, site=loader.load_site(changed))
    client = create_app({"CONTENT_DIR": str(changed), "INDEX_DIR": str(tmp_path), "QUIET_LOG": True}).test_client()
    notices = {"lt": "Šis vertimas gali būti pasenęs", "ko": "이 번역은 최신이 아닐 수 있습니다",
               "fi": "Tämä käännös voi olla vanhentunut"}
    for lang, words in notices.items():
        assert words in client.get(f"/{lang}/wizard/{ENTRY}").get_data(as_text=True)
        assert words not in client.get(f"/{lang}/wizard/wizard.play.follow-suit").get_data(as_text=True)
    assert 'class="notice out-of-date"' not in client.get(f"/en/wizard/{ENTRY}").get_data(as_text=True)


def test_confirming_a_translation_clears_it(changed):
    site = loader.load_site(changed)
    game = site.games["wizard"]
    assert versions.confirm(changed / "games" / "wizard", game, "lt", [ENTRY]) == 1
    left = {s.lang for s in loader.load_site(changed).stale}
    assert left == {"et", "ko", "fi"}


def test_the_real_content_is_up_to_date(site):
    assert site.stale == [], [str(s) for s in site.stale[:10]]
