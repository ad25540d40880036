"""One terminology per language: every glossary term is used, no wrong term survives."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from content.glossary import game_texts, unused_terms, wrong_terms
from content.model import LANGS

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


def interface_strings(lang: str) -> list[str]:
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    if lang == "en":
        path = TRANSLATIONS / "messages.pot"
    with path.open("rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        values = [m.id] if lang == "en" else [m.string]
        for v in values:
            out += [v] if isinstance(v, str) else list(v)
    return [s for s in out if s]


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_term_is_used(site, lang):
    for game in site.games.values():
        assert game.glossary[lang], f"{game.id} has no {lang} glossary"
        assert not unused_terms(game, lang), (game.id, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_wrong_term_in_our_texts(site, lang):
    for game in site.games.values():
        assert not wrong_terms(game, lang, game_texts(game, lang)), (game.id, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_wrong_term_in_interface_strings(site, lang):
    strings = interface_strings(lang)
    for game in site.games.values():
        assert not wrong_terms(game, lang, strings), (game.id, lang)


def test_finnish_mistranslations_are_caught_in_inflected_forms(site):
    wizard = site.games["wizard"]
    for sentence in ("Hän voitti tempun.", "Temppuja oli kolme.", "tempuista", "Puvun väri", "jälleenmyyjä jakaa"):
        assert wrong_terms(wizard, "fi", [sentence]), sentence
    assert not wrong_terms(wizard, "fi", ["Hän voitti tikin valttimaalla."])
