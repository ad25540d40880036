"""Deductio rules engine against its content files: worked examples, guards, violation sentences, labels."""
from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path

from engine_test_support import checkable_rules, examples_of
from engine_test_support import run_safely as run_example_safely

from content.loader import read_yaml
from engine.core import guarded_rules, guards_disabled
from engine.deductio import BAD_INPUT_CODES, TOKEN_LABELS, VIEW_LABELS, VIOLATIONS, run_example
from engine.deductio.clues import CLUE_IDS, clue_params

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "content" / "games" / "deductio"
LANGS = ("lt", "et", "ko", "fi", "en")


# The outline's `check: true` rules of Deductio (../shared/outline.yaml); game.yaml is read as
# well so that a rule added there is held to the same standard.
CHECK_RULES = {
    "deductio.components.secret-cards", "deductio.components.reveal-cards", "deductio.setup.deal",
    "deductio.setup.clue-row", "deductio.goal", "deductio.turn.actions", "deductio.clue.choose-true",
    "deductio.clue.none-true", "deductio.clue.refill", "deductio.clue.powers", "deductio.clue.plus-minus",
    "deductio.clue.digits", "deductio.power.eye", "deductio.power.magnifier", "deductio.reveal.effect",
    "deductio.reveal.plus-minus-discard", "deductio.guess.how", "deductio.guess.truth",
    "deductio.guess.wrong", "deductio.guess.right", "deductio.guess.guessed-player",
}


check_rules = partial(checkable_rules, GAME_DIR, CHECK_RULES)
examples = partial(examples_of, GAME_DIR)
run_safely = partial(run_example_safely, run_example)


# --- examples ----------------------------------------------------------------------------------


def test_every_example_passes():
    failed = [(ex["id"], r["outcome"]) for ex in examples() if not (r := run_safely(ex))["passed"]]
    assert not failed, failed


def test_every_checkable_rule_has_an_example():
    covered = {rule for ex in examples() for rule in ex["rules"]}
    assert not check_rules() - covered, sorted(check_rules() - covered)


def test_every_violation_code_is_expected_by_an_example():
    expected = {ex["code"] for ex in examples() if ex.get("refused") and ex.get("code")}
    assert not set(VIOLATIONS) - expected, sorted(set(VIOLATIONS) - expected)
    for ex in examples():
        if ex.get("code"):
            assert VIOLATIONS[ex["code"]] == ex["refused"], ex["id"]


def test_example_ids_and_views():
    ids = [ex["id"] for ex in examples()]
    assert len(ids) == len(set(ids)) and all(i.startswith("deductio.ex.") for i in ids)
    for ex in examples():
        for panel in run_safely(ex)["view"]:
            assert panel["label"] in VIEW_LABELS, (ex["id"], panel)
            assert ("cards" in panel) != ("value" in panel)
            json.dumps(panel)


def test_switching_off_a_guard_fails_an_example():
    rules = sorted(r for r in guarded_rules() if r.startswith("deductio."))
    assert rules, "no guards registered"
    exs = examples()
    silent = []
    for rule in rules:
        with guards_disabled(rule):
            if all(run_safely(ex)["passed"] for ex in exs):
                silent.append(rule)
    assert not silent, f"no example notices the guard of {silent} switched off"


# --- texts -------------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_violation_sentences():
    texts = read_yaml(GAME_DIR / "violations.yaml")
    assert set(texts) == set(VIOLATIONS) | BAD_INPUT_CODES
    for code, item in texts.items():
        assert item.get("rule") == VIOLATIONS.get(code), code
        for lang in LANGS:
            assert isinstance(item.get(lang), str) and item[lang].strip(), (code, lang)
        assert len({frozenset(PLACEHOLDER.findall(item[lang])) for lang in LANGS}) == 1, code


def test_labels():
    data = read_yaml(GAME_DIR / "labels.yaml")
    assert set(data["labels"]) == set(VIEW_LABELS) | set(TOKEN_LABELS)
    assert set(data["clues"]) == set(CLUE_IDS)
    for group in ("labels", "clues"):
        for code, item in data[group].items():
            for lang in LANGS:
                assert isinstance(item.get(lang), str) and item[lang].strip(), (group, code, lang)
    for cid in CLUE_IDS:
        for lang in LANGS:
            text = data["clues"][cid][lang].format(**clue_params(cid))
            assert "{" not in text and all(str(v) in text for v in clue_params(cid).values()), (cid, lang)
    for code, item in data["labels"].items():
        for lang in LANGS:
            assert set(PLACEHOLDER.findall(item[lang])) <= {"player"}, (code, lang)


def test_the_secret_number_deck_cannot_run_out():
    """deductio.faq.secret-deck-empty, proven by the engine's own numbers: for every number of
    players, the deck left after setup holds more cards than every reveal card and every right
    guess short of a win can take from it, and the English entry states those numbers."""
    from engine.deductio import MAX_PLAYERS, MIN_PLAYERS, new_game, reveal_cards_used, win_target

    body = read_yaml(GAME_DIR / "text" / "en" / "faq.yaml")["entries"]["deductio.faq.secret-deck-empty"]["body"]
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        deck = len(new_game({"players": players}, seed=players).secret_deck)
        reveals, draws = reveal_cards_used(players), players * (win_target(players) - 1)
        assert deck > reveals + draws
        stated = re.search(rf"- {players} players: (?:the deck starts with )?(\d+) cards; (\d+) reveals and "
                           rf"(\d+) right guesses take\s+at most (\d+)", body)
        assert stated and tuple(map(int, stated.groups())) == (deck, reveals, draws, reveals + draws), players
