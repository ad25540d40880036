"""The content is whole: every outline id in five languages, and broken content is refused loudly."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from content.loader import ContentError, load_site
from content.model import LANGS

FIXTURE = Path(__file__).parent / "fixtures" / "good"


def outline_ids(outline, kind):
    for game_id, game in outline["games"].items():
        for item in game[kind]:
            yield game_id, item


def test_every_outline_rule_exists_in_five_languages(site, outline):
    for game_id, item in outline_ids(outline, "rules"):
        entry = site.entries.get(item["id"])
        assert entry is not None, f"missing rule {item['id']}"
        assert entry.kind == "rule" and entry.game == game_id
        assert entry.check == bool(item.get("check")), f"{item['id']}: check flag differs from the outline"
        for lang in LANGS:
            assert entry.text(lang).title and entry.text(lang).body


def test_every_outline_faq_exists_with_its_short_answer(site, outline):
    for _, item in outline_ids(outline, "faq"):
        entry = site.entries.get(item["id"])
        assert entry is not None, f"missing FAQ entry {item['id']}"
        for lang in LANGS:
            text = entry.text(lang)
            assert text.title and text.body
            if "answer" in item:
                assert text.answer, f"{item['id']} has no short answer in {lang}"
        for rel in item.get("related", []):
            assert rel in entry.related, f"{item['id']} must relate to {rel}"


def test_game_names_and_player_counts_follow_the_outline(site, outline):
    for game_id, game in outline["games"].items():
        assert site.games[game_id].names == game["names"]
        assert list(site.games[game_id].players) == game["players"]


def test_rulings_and_research_are_marked_as_the_outline_says(site, outline):
    for _, item in outline_ids(outline, "rules"):
        entry = site.entries[item["id"]]
        if "ruling" in item["source"]:
            assert entry.is_ruling and all(entry.text(lang).ruling for lang in LANGS), item["id"]
        if "research" in item["source"]:
            assert entry.is_research, item["id"]


def test_every_entry_cites_a_source(site):
    for entry in site.entries.values():
        assert entry.sources, entry.id


def test_the_good_fixture_loads():
    site = load_site(FIXTURE)
    assert [e.id for e in site.games["mini"].entries] == ["mini.setup.deal", "mini.setup.ruled", "mini.faq.deal"]


# --- broken content: each breakage stops the loader with the file and the id ---------


@pytest.fixture()
def broken(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture does not contain {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_site(root)
    return info.value


def test_missing_translation_is_refused(broken):
    edit(broken / "games/mini/text/ko/entries.yaml", "  mini.setup.ruled:", "  # mini.setup.ruled:")
    e = refused(broken)
    assert e.entry_id == "mini.setup.ruled" and "ko" in str(e)


def test_empty_translation_is_refused(broken):
    edit(broken / "games/mini/text/fi/entries.yaml", 'body: "Yes, deal (fi)."', 'body: ""')
    e = refused(broken)
    assert e.entry_id == "mini.faq.deal" and "fi" in e.path


def test_link_to_unknown_id_is_refused(broken):
    edit(broken / "games/mini/text/lt/entries.yaml", "[[mini.setup.ruled]]", "[[mini.setup.nowhere]]")
    e = refused(broken)
    assert e.entry_id == "mini.setup.deal" and "mini.setup.nowhere" in str(e)


def test_unknown_related_id_is_refused(broken):
    edit(broken / "games/mini/game.yaml", "related: [mini.setup.ruled]", "related: [mini.setup.gone]")
    e = refused(broken)
    assert e.entry_id == "mini.setup.deal" and "mini.setup.gone" in str(e)


def test_duplicate_id_is_refused(broken):
    twice = '  - id: mini.faq.deal\n    sources: ["000#L1"]\n  - id: mini.faq.deal'
    edit(broken / "games/mini/faq.yaml", "  - id: mini.faq.deal", twice)
    e = refused(broken)
    assert "duplicate" in str(e) or "twice" in str(e)


def test_duplicate_yaml_key_is_refused(broken):
    edit(broken / "games/mini/text/en/entries.yaml", "entries:\n", "entries:\n  mini.faq.deal: {question: a, body: b}\n")
    e = refused(broken)
    assert "duplicate key" in str(e) and "en/entries.yaml" in e.path


def test_malformed_yaml_is_refused_naming_the_file(broken):
    (broken / "games/mini/text/et/entries.yaml").write_text("entries: [unclosed\n", encoding="utf-8")
    e = refused(broken)
    assert "malformed YAML" in str(e) and e.path.endswith("et/entries.yaml")


def test_citation_outside_the_source_is_refused(broken):
    edit(broken / "games/mini/game.yaml", '"000#L1"', '"000#L1-99"')
    e = refused(broken)
    assert e.entry_id == "mini.setup.deal" and "outside" in str(e)


def test_citation_of_blank_lines_is_refused(broken):
    edit(broken / "games/mini/game.yaml", '"000#L1"', '"000#L2"')
    assert "blank" in str(refused(broken))


def test_malformed_citation_is_refused(broken):
    edit(broken / "games/mini/game.yaml", '"000#L1"', '"seed 000 line 1"')
    assert "malformed source" in str(refused(broken))


def test_ruling_without_its_text_is_refused(broken):
    edit(broken / "games/mini/text/et/entries.yaml", ', ruling: "We rule so (et)."', "")
    e = refused(broken)
    assert e.entry_id == "mini.setup.ruled" and "ruling" in str(e)


def test_short_answer_in_some_languages_only_is_refused(broken):
    edit(broken / "games/mini/text/lt/entries.yaml", "answer: Yes lt, ", "")
    e = refused(broken)
    assert e.entry_id == "mini.faq.deal" and "short answer" in str(e)


def test_text_for_an_unknown_id_is_refused(broken):
    edit(broken / "games/mini/text/en/entries.yaml", "entries:\n", "entries:\n  mini.setup.ghost: {title: a, body: b}\n")
    assert refused(broken).entry_id == "mini.setup.ghost"


def test_example_naming_an_unknown_rule_is_refused(broken):
    (broken / "games/mini/examples.yaml").write_text(
        "- id: mini.ex.one\n  rules: [mini.setup.nothing]\n", encoding="utf-8")
    e = refused(broken)
    assert e.entry_id == "mini.ex.one" and "mini.setup.nothing" in str(e)


def test_checkable_rule_without_example_is_refused(broken):
    edit(broken / "games/mini/game.yaml", "  - id: mini.setup.ruled\n", "  - id: mini.setup.ruled\n    check: true\n")
    (broken / "games/mini/examples.yaml").write_text(
        "- id: mini.ex.one\n  rules: [mini.setup.deal]\n", encoding="utf-8")
    e = refused(broken)
    assert e.entry_id == "mini.setup.ruled" and "no example" in str(e)


def test_missing_language_folder_is_refused(broken):
    shutil.rmtree(broken / "games/mini/text/ko")
    assert "missing translation folder" in str(refused(broken))


# --- search.yaml: a game's search vocabulary -------------------------------------------


def test_every_game_has_its_search_vocabulary(site):
    for game in site.games.values():
        assert game.search.names or game.search.synonyms, game.id
        assert set(game.search.synonyms) <= set(LANGS)


def test_search_words_are_read(broken):
    (broken / "games/mini/search.yaml").write_text(
        "names: [Minigame]\nsynonyms:\n  en:\n    - [deal, hand out]\n", encoding="utf-8")
    words = load_site(broken).games["mini"].search
    assert words.names == ("Minigame",) and words.synonyms == {"en": (("deal", "hand out"),)}


def test_a_game_without_search_words_has_none():
    words = load_site(FIXTURE).games["mini"].search
    assert words.names == () and words.synonyms == {} and words.said == {}


def test_table_words_are_read(broken):
    (broken / "games/mini/search.yaml").write_text(
        "said:\n  en:\n    deal: [hand out, dish]\n", encoding="utf-8")
    assert load_site(broken).games["mini"].search.said == {"en": {"deal": ("hand out", "dish")}}


@pytest.mark.parametrize("text, message", [
    ("spellings: [Minigame]\n", "unknown keys"),
    ("names: [mini EN]\n", "already the game's name"),
    ("names: [Minigame, minigame]\n", "given twice"),
    ("names: Minigame\n", "list of strings"),
    ("synonyms:\n  xx:\n    - [deal, hand out]\n", "per language"),
    ("synonyms:\n  en:\n    - [deal]\n", "at least two words"),
    ("synonyms:\n  en:\n    - [deal, '']\n", "empty synonym"),
    ("synonyms:\n  en: [deal, hand out]\n", "list of strings"),
    ("said:\n  xx:\n    deal: [dish]\n", "a table per language"),
    ("said:\n  en:\n    trick: [dish]\n", "not a glossary term"),
    ("said:\n  en:\n    deal: [hd]\n", "too short"),
    ("said:\n  en:\n    deal: [Deal]\n", "the glossary's own term"),
    ("said:\n  en:\n    deal: dish\n", "list of strings"),
    ("said:\n  en: [dish]\n", "must be a mapping"),
])
def test_malformed_search_words_are_refused(broken, text, message):
    (broken / "games/mini/search.yaml").write_text(text, encoding="utf-8")
    e = refused(broken)
    assert message in str(e) and e.path.endswith("search.yaml")
