"""Tutorials: the loader refuses bad tutorial data (a copy of the real content, broken on purpose)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from content.loader import ContentError, load_site
from content.tutorial import Tutorial

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"


# --- the loader refuses bad tutorial data ------------------------------------------------------


@pytest.fixture()
def wizard_only(tmp_path):
    """A content folder with the real sources and the real Wizard, to break on purpose."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT / "sources", root / "sources")
    shutil.copytree(CONTENT / "games" / "wizard", root / "games" / "wizard")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} does not contain {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused(root: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_site(root)
    return info.value


def test_the_unbroken_copy_loads(wizard_only):
    tutorial = load_site(wizard_only).games["wizard"].tutorial
    assert isinstance(tutorial, Tutorial) and "follow" in tutorial.steps


def test_a_step_leading_to_an_unknown_step_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/tutorial.yaml", "    next: rounds\n", "    next: nowhere\n")
    e = refused(wizard_only)
    assert e.entry_id == "deck" and "unknown step 'nowhere'" in str(e) and e.path.endswith("tutorial.yaml")


def test_an_unreachable_step_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/tutorial.yaml", "  - id: done\n",
         "  - id: lost\n    kind: content\n    section: end\n    next: done\n\n  - id: done\n")
    e = refused(wizard_only)
    assert e.entry_id == "lost" and "unreachable" in str(e)


def test_a_practice_step_whose_expected_move_is_illegal_is_refused(wizard_only):
    # Hearts are led and the reader holds a heart: the spade is not a legal card.
    edit(wizard_only / "games/wizard/tutorial.yaml", "    expect: H4\n", "    expect: S12\n")
    e = refused(wizard_only)
    assert e.entry_id == "follow" and "illegal" in str(e) and "wizard.play.follow-suit" in str(e)


def test_an_expected_move_that_misses_the_goal_is_refused(wizard_only):
    # The clubs 13 may be played, but it cannot win the trick the step asks the reader to win.
    edit(wizard_only / "games/wizard/tutorial.yaml", "    expect: S2\n", "    expect: C13\n")
    e = refused(wizard_only)
    assert e.entry_id == "win-trick" and "does not meet the goal" in str(e)


def test_a_wrong_move_the_engine_accepts_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/tutorial.yaml", "{move: S12, rule: wizard.play.follow-suit}",
         "{move: W, rule: wizard.play.follow-suit}")
    e = refused(wizard_only)
    assert e.entry_id == "follow" and "not refused" in str(e)


def test_a_missing_translation_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/text/ko/tutorial.yaml", "    trick:\n", "    trick-gone:\n")
    e = refused(wizard_only)
    assert "ko" in e.path and e.entry_id in ("trick", "trick-gone")


def test_a_missing_question_text_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/text/fi/tutorial.yaml", "      question: Mikä kortti käännettiin?\n", "")
    e = refused(wizard_only)
    assert e.entry_id == "trump" and "fi" in str(e) and "question" in str(e)


def test_an_unknown_placeholder_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/text/et/tutorial.yaml", "{rounds} vooru**", "{voorud} vooru**")
    e = refused(wizard_only)
    assert e.entry_id == "rounds" and "{voorud}" in str(e)


def test_a_link_to_an_unknown_rule_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/text/lt/tutorial.yaml", "Kiti raundai\n", "Kiti raundai [[wizard.no.such]]\n")
    e = refused(wizard_only)
    assert e.entry_id == "next-rounds" and "wizard.no.such" in str(e)


def test_an_unknown_rule_id_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/tutorial.yaml", "rules: [wizard.components.deck]", "rules: [wizard.components.dek]")
    e = refused(wizard_only)
    assert e.entry_id == "deck" and "wizard.components.dek" in str(e)


def test_steps_going_round_in_a_circle_are_refused(wizard_only):
    edit(wizard_only / "games/wizard/tutorial.yaml", "    next: deal\n", "    next: deck\n")
    e = refused(wizard_only)
    assert "circle" in str(e) or "unreachable" in str(e)


def test_a_position_the_engine_cannot_set_up_is_refused(wizard_only):
    edit(wizard_only / "games/wizard/tutorial.yaml", "      hand: [W, H4, S12]\n", "      hand: [W, H4, H9]\n")
    e = refused(wizard_only)
    assert e.entry_id == "follow" and "cannot be set up" in str(e)
