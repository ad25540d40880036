"""Siggil engine against its content files: worked examples, guards, violation texts, labels."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from siggil_test_support import play_random

from content.loader import read_yaml
from engine import siggil as S
from engine.core import guarded_rules, guards_disabled

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "content" / "games" / "siggil"
LANGS = ("en", "lt", "et", "ko", "fi")
EXAMPLES: list[dict] = read_yaml(GAME_DIR / "examples.yaml")


def run(example: dict) -> dict:
    try:
        return S.run_example(example)
    except Exception as e:
        return {"passed": False, "outcome": {"error": repr(e)}, "view": []}


# --- worked examples ------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_passes(example):
    result = run(example)
    assert result["passed"], result["outcome"]
    json.dumps(result)  # JSON-able


def test_every_checkable_rule_and_code_has_an_example():
    game = read_yaml(GAME_DIR / "game.yaml")
    named = {r for e in EXAMPLES for r in e["rules"]}
    missing = [r["id"] for r in game["rules"] if r.get("check") and r["id"] not in named]
    assert not missing, f"checkable rules without an example: {missing}"
    codes = {e.get("code") for e in EXAMPLES if "refused" in e}
    assert not set(S.VIOLATIONS) - codes, f"codes no example expects: {sorted(set(S.VIOLATIONS) - codes)}"
    for e in EXAMPLES:
        if "refused" in e:
            assert S.VIOLATIONS[e["code"]] == e["refused"], e["id"]


def test_switching_off_any_guard_fails_an_example():
    rules = sorted(r for r, fns in guarded_rules().items() if any(f.startswith("engine.siggil.") for f in fns))
    assert len(rules) == len(set(S.VIOLATIONS.values()))
    unnoticed = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run(e)["passed"] for e in EXAMPLES):
                unnoticed.append(rule)
    assert not unnoticed, f"no example notices these guards missing: {unnoticed}"


def test_violation_texts_and_labels_cover_the_engine():
    texts = read_yaml(GAME_DIR / "violations.yaml")
    for code in set(S.VIOLATIONS) | S.BAD_INPUT_CODES:
        assert code in texts, code
        assert all(isinstance(texts[code].get(lang), str) and texts[code][lang].strip() for lang in LANGS), code
        assert texts[code].get("rule") == S.VIOLATIONS.get(code), code
    assert set(texts) == set(S.VIOLATIONS) | S.BAD_INPUT_CODES
    labels = read_yaml(GAME_DIR / "labels.yaml")
    used = {panel["label"] for e in EXAMPLES for panel in run(e)["view"]}
    for panel_states in (S.state_view(play_random({"players": p}, 3)) for p in (1, 2)):
        used |= {panel["label"] for panel in panel_states}
    assert not used - set(labels["labels"]), sorted(used - set(labels["labels"]))
    assert set(labels["families"]) == set(S.FAMILIES)
    for group in labels.values():
        for code, item in group.items():
            assert all(isinstance(item.get(lang), str) and item[lang].strip() for lang in LANGS), code
