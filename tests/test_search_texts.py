"""The texts the search reads beside an entry's own: every rule's one-sentence answer in five
languages (a translation, tracked by the staleness records) and the players' phrasings per
language (each with its source, not tracked), each in files of their own, validated by the
loader like every text."""
from __future__ import annotations

import shutil

import pytest
import yaml

from content import loader, versions
from content.errors import ContentError
from content.model import LANGS
from content.search_texts import SOURCE


@pytest.fixture()
def content(tmp_path):
    shutil.copytree(loader.CONTENT_DIR / "games", tmp_path / "games")
    shutil.copytree(loader.CONTENT_DIR / "sources", tmp_path / "sources")
    return tmp_path


def _edit(path, change) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_every_rule_has_a_summary_and_every_entry_phrasings_in_every_language(site):
    for game in site.games.values():
        for entry in game.entries:
            for lang in LANGS:
                text = entry.text(lang)
                assert text.phrasings, (entry.id, lang)
                assert all(SOURCE.match(p.source) for p in text.phrasings)
                if entry.kind == "rule":
                    assert text.summary and "\n" not in text.summary, (entry.id, lang)
                    assert text.short_answer == text.summary
                else:
                    assert text.summary is None


def test_summaries_are_translations_the_versions_track_and_phrasings_are_not(site):
    game = site.games["wizard"]
    keys = versions.texts(game, "fi")
    assert "wizard.play.lead:summary" in keys
    assert not any("phrasing" in key for key in keys)


def test_a_changed_english_summary_makes_its_translations_stale(content):
    path = content / "games" / "wizard" / "text" / "en" / "answers.yaml"
    _edit(path, lambda d: d["summaries"].__setitem__("wizard.play.lead", "Changed in English."))
    stale = [s for s in loader.load_site(content).stale if s.key == "wizard.play.lead:summary"]
    assert {s.lang for s in stale} == set(LANGS) - {"en"}
    assert all(s.file.endswith("answers.yaml") for s in stale)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["phrasings"]["wizard.play.lead"].append({"say": "x", "from": "a friend"}), "from must be"),
    (lambda d: d["phrasings"]["wizard.play.lead"].append({"say": "x"}), "each phrasing"),
    (lambda d: d["phrasings"]["wizard.play.lead"].append({"say": "x", "from": "seed 009#L1"}), "no seed file"),
    (lambda d: d["phrasings"].__setitem__("wizard.play.nothing", [{"say": "x", "from": "common"}]),
     "does not have"),
    (lambda d: d["phrasings"]["wizard.play.lead"].append(dict(d["phrasings"]["wizard.play.lead"][0])),
     "given twice"),
])
def test_bad_phrasings_are_refused_with_the_file_and_the_id(content, change, message):
    _edit(content / "games" / "wizard" / "text" / "fi" / "phrasings.yaml", change)
    with pytest.raises(ContentError, match=message) as err:
        loader.load_site(content)
    assert "phrasings.yaml" in str(err.value)


def test_a_summary_missing_in_one_language_is_refused(content):
    _edit(content / "games" / "wizard" / "text" / "ko" / "answers.yaml",
          lambda d: d["summaries"].pop("wizard.play.lead"))
    with pytest.raises(ContentError, match="no summary in ko"):
        loader.load_site(content)


def test_a_summary_for_an_faq_entry_is_refused(content):
    _edit(content / "games" / "wizard" / "text" / "en" / "answers.yaml",
          lambda d: d["summaries"].__setitem__("wizard.faq.who-leads", "The player left of the dealer."))
    with pytest.raises(ContentError, match="short answer"):
        loader.load_site(content)
