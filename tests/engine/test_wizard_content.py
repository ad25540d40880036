"""Wizard rules engine against its content files: worked examples, guards, violation sentences, labels."""
from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import pytest
from engine_test_support import checkable_rules, examples_of
from engine_test_support import run_safely as run_example_safely

from content.loader import read_yaml
from engine.core import BadInput, guarded_rules, guards_disabled
from engine.wizard import (
    BAD_INPUT_CODES,
    FULL_DECK,
    REASONS,
    VIOLATIONS,
    State,
    decode_log,
    legal_cards,
    new_game,
    parse_card,
    run_example,
    score_details,
    score_round,
    trick_winner,
)

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "content" / "games" / "wizard"
LANGS = ("lt", "et", "ko", "fi", "en")


# The outline's `check: true` rules of Wizard (../shared/outline.yaml); game.yaml, when present,
# is read as well so that a rule added there is held to the same standard.
CHECK_RULES = {
    "wizard.components.deck", "wizard.rounds.count", "wizard.rounds.deal", "wizard.rounds.dealer",
    "wizard.trump.turn-up", "wizard.trump.jester", "wizard.trump.wizard", "wizard.trump.last-round",
    "wizard.bid.announce", "wizard.bid.variant-total", "wizard.play.lead", "wizard.play.follow-suit",
    "wizard.play.wizard-jester-anytime", "wizard.play.jester-led", "wizard.play.wizard-led",
    "wizard.trick.winner", "wizard.score.made", "wizard.score.missed", "wizard.end.winner",
}
FAQ_IDS = {
    "wizard.faq.jester-despite-suit", "wizard.faq.wizard-despite-suit", "wizard.faq.cannot-follow",
    "wizard.faq.jester-led", "wizard.faq.wizard-led", "wizard.faq.two-wizards", "wizard.faq.all-jesters",
    "wizard.faq.low-trump", "wizard.faq.wizard-turned-up", "wizard.faq.no-trump-choice",
    "wizard.faq.jester-turned-up", "wizard.faq.last-round-trump", "wizard.faq.bid-zero",
    "wizard.faq.missed-bid", "wizard.faq.bids-equal-tricks", "wizard.faq.rounds", "wizard.faq.who-leads",
}


check_rules = partial(checkable_rules, GAME_DIR, CHECK_RULES)
examples = partial(examples_of, GAME_DIR)
run_safely = partial(run_example_safely, run_example)


# --- the content files ------------------------------------------------------------------------


def test_every_example_passes():
    failed = {ex["id"]: r["outcome"] for ex in examples() if not (r := run_safely(ex))["passed"]}
    assert not failed


def test_examples_cover_rules_codes_and_faq():
    exs = examples()
    ids = [ex["id"] for ex in exs]
    assert len(ids) == len(set(ids))
    assert all(i.startswith("wizard.ex.") for i in ids)
    named = {rule for ex in exs for rule in ex["rules"]}
    assert not check_rules() - named, "checkable rules without an example"
    expected_codes = {ex.get("code") for ex in exs}
    assert not set(VIOLATIONS) - expected_codes, "violation codes no example expects"
    for ex in exs:
        if "refused" in ex:
            assert VIOLATIONS[ex["code"]] == ex["refused"], ex["id"]
    decidable_faq = FAQ_IDS  # every Wizard FAQ answer is one the engine can decide
    assert not decidable_faq - named, "FAQ entries without an example"


def test_switching_off_a_guard_fails_an_example_of_its_rule():
    exs = examples()
    rules = [r for r in guarded_rules() if r.startswith("wizard.")]
    assert set(VIOLATIONS.values()) == set(rules)
    unnoticed = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run_safely(ex)["passed"] for ex in exs if rule in ex["rules"]):
                unnoticed.append(rule)
    assert not unnoticed


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_violation_sentences():
    texts = read_yaml(GAME_DIR / "violations.yaml")
    assert set(texts) == set(VIOLATIONS) | BAD_INPUT_CODES
    for code, item in texts.items():
        assert item.get("rule") == VIOLATIONS.get(code), code
        for lang in LANGS:
            assert isinstance(item.get(lang), str) and item[lang].strip(), (code, lang)
        names = {lang: set(PLACEHOLDER.findall(item[lang])) for lang in LANGS}
        assert all(n == names["en"] for n in names.values()), (code, names)


def test_labels_cover_views_reasons_and_tokens():
    labels = read_yaml(GAME_DIR / "labels.yaml")
    for group, table in labels.items():
        for code, item in table.items():
            assert all(isinstance(item.get(lang), str) and item[lang].strip() for lang in LANGS), (group, code)
    assert set(labels["reasons"]) == set(REASONS)
    for code, item in labels["reasons"].items():
        names = {lang: set(PLACEHOLDER.findall(item[lang])) for lang in LANGS}
        assert all(n == names["en"] for n in names.values()), (code, names)
    seen_labels, trump_values = set(), set()
    for ex in examples():
        for panel in run_safely(ex)["view"]:
            seen_labels.add(panel["label"])
            assert ("cards" in panel) != ("value" in panel), panel
            if panel["label"] in ("trump", "attempt-trump"):
                trump_values.add(panel["value"])
    assert not seen_labels - set(labels["labels"])
    assert not trump_values - set(labels["values"])
    assert {"W", "J", "H", "D", "C", "S"} <= set(labels["cards"])


def test_reason_and_violation_params_fill_every_sentence():
    """Each sentence can be formatted with the params the engine gives its code."""
    violations = read_yaml(GAME_DIR / "violations.yaml")
    reasons = read_yaml(GAME_DIR / "labels.yaml")["reasons"]
    samples = []
    for hand, trick in [(["H2"], []), (["H2", "S1"], ["H4"]), (["S1"], ["H4"]), (["S1"], ["W"]),
                        (["S1"], ["J"]), (["S1"], ["J", "W"]), (["S1", "H1"], ["J", "H4"]), (["S1"], ["J", "H4"])]:
        r = legal_cards("H", hand, trick)
        samples.append((reasons, r["reason"], r["params"]))
    for cards in (["W", "H1"], ["S1", "H1"], ["S1", "S2"], ["J", "J"]):
        r = trick_winner("H", cards)
        samples.append((reasons, r["reason"], r["params"]))
    for d in score_details([1, 0, 2], [1, 1, 1]):
        samples.append((reasons, d["reason"], d["params"]))
    for code, params in refusals_seen().items():
        samples.append((violations, code, params))
    for code, params in bad_inputs_seen().items():
        samples.append((violations, code, params))
    assert {code for table, code, _ in samples if table is reasons} == set(REASONS)
    for table, code, params in samples:
        for lang in LANGS:
            table[code][lang].format(**params)


def bad_inputs_seen() -> dict[str, dict]:
    calls = [
        lambda: parse_card("Q1"), lambda: trick_winner("H", ["H1", "H1"]), lambda: trick_winner("H", ["W"] * 5),
        lambda: trick_winner("H", ["J"] * 5), lambda: trick_winner("Q", ["H1"]), lambda: trick_winner("H", ["H1"] * 7),
        lambda: trick_winner("H", "H1"), lambda: trick_winner("H", []), lambda: legal_cards("H", [], []),
        lambda: legal_cards("H", ["H1"], ["H1"]), lambda: score_round(1, [1]), lambda: score_round([1, 1, 1], [1, 1]),
        lambda: score_round([1, "x", 1], [1, 1, 1]), lambda: score_round([1, -1, 1], [1, 1, 1]),
        lambda: score_round([1, 1, 1], [1, 1, 1], 2), lambda: score_round([3, 1, 1], [1, 0, 1]),
        lambda: score_round([1, 1, 1], [1, 1, 1], 30), lambda: new_game({"players": 9}, 1),
        lambda: new_game({"colour": 1}, 1), lambda: new_game({"players": 3, "deal": {"hands": []}}, 1),
        lambda: new_game({"players": 3, "deal": {"hands": [[], [], []]}}, 1),
        lambda: new_game({"players": 3, "start_round": 20,
                          "deal": {"hands": [list(FULL_DECK[i::3]) for i in range(3)], "trump_card": "J"}}, 1),
        lambda: new_game({}, 1).apply([]), lambda: new_game({}, 1).apply({"type": "x"}),
        lambda: new_game({}, 1).apply({"type": "bid", "bid": "x"}),
        lambda: new_game({}, 1).apply({"type": "bid", "bid": 0, "player": 8}),
        lambda: State.from_json([]), lambda: decode_log("b1" * 5000), lambda: decode_log("zz"),
        lambda: run_example({"kind": "nothing"}),
    ]
    seen = {}
    for call in calls:
        with pytest.raises(BadInput) as info:
            call()
        seen[info.value.code] = info.value.params
    assert set(seen) == BAD_INPUT_CODES, BAD_INPUT_CODES - set(seen)
    return seen


_REFUSALS: dict[str, dict] = {}


def refusals_seen() -> dict[str, dict]:
    if not _REFUSALS:
        for ex in examples():
            outcome = run_safely(ex)["outcome"]
            if "refused" in outcome:
                _REFUSALS[outcome["refused"]["code"]] = outcome["refused"]["params"]
    assert set(_REFUSALS) == set(VIOLATIONS)
    return _REFUSALS
