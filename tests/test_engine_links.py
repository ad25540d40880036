"""Rules and engine, linked both ways and proven: every guard is noticed by an example when
switched off, every refusal has words in five languages and an example that expects it."""
from __future__ import annotations

import pytest

from content.model import LANGS
from engine.core import guarded_rules, guards_disabled
from engine.examples import engine_for, run_example

GAMES = ["deductio", "siggil", "wizard"]


def test_every_example_passes(app):
    failed = [ex_id for ex_id, result in app.extensions["example_results"].items() if not result["passed"]]
    assert not failed


@pytest.mark.parametrize("game_id", GAMES)
def test_switching_off_any_guard_makes_an_example_fail(site, game_id):
    game = site.games[game_id]
    engine_for(game.engine)
    rules = [r for r in guarded_rules() if r.startswith(game_id + ".")]
    assert rules
    unnoticed = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run_example(game.engine, ex.data)["passed"] for ex in game.examples):
                unnoticed.append(rule)
    assert not unnoticed, f"no example notices these guards missing: {unnoticed}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_checkable_rule_is_guarded_or_shown_by_an_example(site, game_id):
    covered = {rule for ex in site.games[game_id].examples for rule in ex.rules}
    for entry in site.games[game_id].rules:
        if entry.check:
            assert entry.id in covered, entry.id


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_has_text_in_five_languages_and_names_its_rule(site, game_id):
    game = site.games[game_id]
    module = engine_for(game.engine)
    for code, rule in module.VIOLATIONS.items():
        assert code in game.violations, f"{game_id}: no text for violation {code}"
        assert game.violations[code]["rule"] == rule, code
        assert rule in site.entries, rule
        for lang in LANGS:
            assert game.violations[code][lang].strip()
    for code in module.BAD_INPUT_CODES:
        assert code in game.violations, f"{game_id}: no text for bad input {code}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_violation_code_has_an_example_expecting_it(site, game_id):
    module = engine_for(site.games[game_id].engine)
    expected = {ex.data.get("code") for ex in site.games[game_id].examples if ex.data.get("refused")}
    missing = set(module.VIOLATIONS) - expected
    assert not missing, f"{game_id}: no example expects {sorted(missing)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_refusal_sentences_fill_their_placeholders(site, game_id):
    """Each sentence's {placeholders} are params the engine really sends with that code."""
    import string

    game = site.games[game_id]
    for ex in game.examples:
        code = ex.data.get("code")
        if not code or code not in game.violations:
            continue
        outcome = run_example(game.engine, ex.data)["outcome"]
        params = outcome.get("refused", {}).get("params") or {}
        if not params:
            continue
        for lang in LANGS:
            names = {f for _, f, _, _ in string.Formatter().parse(game.violations[code][lang]) if f}
            assert names <= set(params), (code, lang, names - set(params))
