"""Every interface string is translated in every catalog, with real plural forms."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from content.model import LANGS

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
# Words that really are the same in the other language.
SAME_ALLOWED = {"Deductio", "Siggil", "Wizard", "OK", "FAQ", "%(num)d", "+1/-1", "API"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}")
EXPECTED_PLURALS = {"lt": 3, "et": 2, "fi": 2, "ko": 1}


def catalogs():
    return [lang for lang in LANGS if lang != "en"]


def load(lang):
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def test_a_catalog_for_every_language_but_the_source():
    for lang in catalogs():
        assert (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").exists(), lang


@pytest.mark.parametrize("lang", catalogs())
def test_catalog_is_complete(lang):
    catalog = load(lang)
    assert catalog.num_plurals == EXPECTED_PLURALS[lang]
    template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po((TRANSLATIONS / "messages.pot").open("rb")) if m.id}
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    assert template <= have, f"{lang} lacks {sorted(template - have)[:5]}"
    problems = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string)
        if m.fuzzy:
            problems.append(f"fuzzy: {ids[0]}")
        if isinstance(m.id, tuple) and len(strs) != catalog.num_plurals:
            problems.append(f"plural forms: {ids[0]}")
        for s in strs:
            if not s or not s.strip():
                problems.append(f"empty: {ids[0]}")
            elif s == ids[0] and s not in SAME_ALLOWED:
                problems.append(f"untranslated: {ids[0]}")
            if s and set(PLACEHOLDER.findall(s)) != set(PLACEHOLDER.findall(ids[-1])):
                problems.append(f"placeholders differ: {ids[0]} -> {s}")
    assert not problems, problems


def test_lithuanian_has_three_plural_forms(app):
    from flask_babel import ngettext

    with app.test_request_context("/lt/"):
        from flask import g

        g.lang = "lt"
        words = [ngettext("%(num)d rule", "%(num)d rules", n) for n in (1, 2, 10, 21, 12)]
    assert words == ["1 taisyklė", "2 taisyklės", "10 taisyklių", "21 taisyklė", "12 taisyklių"]


def test_the_template_holds_every_string_the_code_uses(tmp_path):
    """messages.pot is what the code says now: a fresh extraction has the same msgids (an empty
    or stale template would let every catalog pass while strings go untranslated)."""
    import subprocess
    import sys

    root = TRANSLATIONS.parent
    fresh = tmp_path / "fresh.pot"
    subprocess.run([sys.executable, "-c", "from babel.messages.frontend import main; main()", "extract",
                    "-F", "babel.cfg", "-o", str(fresh), "."], cwd=root, check=True, capture_output=True)

    def ids(path):
        with path.open("rb") as f:
            return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}

    extracted, template = ids(fresh), ids(TRANSLATIONS / "messages.pot")
    assert len(extracted) > 100
    assert extracted == template, (sorted(extracted - template)[:5], sorted(template - extracted)[:5])
