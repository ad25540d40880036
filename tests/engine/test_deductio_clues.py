"""Deductio rules engine: the clue deck and the pure helpers (which clue to take, which numbers remain)."""
from __future__ import annotations

from collections import Counter

import pytest
from engine_test_support import bad_input
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.deductio import REVEAL, clue_choice, possible_numbers
from engine.deductio.clues import CLUE_IDS, CLUES, NUMBERS, clue_params, digit_mark, is_true

# --- the clue deck ---------------------------------------------------------------------------


def test_default_deck_has_35_distinct_clue_cards():
    assert len(CLUE_IDS) == 35 == len(set(CLUE_IDS))
    assert REVEAL not in CLUES
    kinds = Counter(c.kind for c in CLUES.values())
    assert kinds == {"even": 1, "odd": 1, "digit1": 1, "digit2": 1, "ge": 7, "le": 6, "not": 10, "nb": 5,
                     "pm1": 1, "p1": 1, "m1": 1}
    powers = Counter(c.power for c in CLUES.values() if c.power)
    assert powers == {"eye1": 3, "eye2": 3, "magnifier": 4}


def test_known_printed_clues_are_in_the_deck():
    # "is 7 or more", "is even", "is a single digit", "is not 9 or 19", "is not between 17 and
    # 20", "is 14 or less", "has two digits", the +1/-1 card (seeds/README.md)
    for cid in ("ge7", "even", "digit1", "not-9-19", "nb-17-20", "le14", "digit2", "pm1"):
        assert cid in CLUES


@pytest.mark.parametrize("clue, true_for", [
    ("even", [2, 4, 20]), ("odd", [1, 3, 19]), ("digit1", list(range(1, 10))), ("digit2", list(range(10, 21))),
    ("ge7", list(range(7, 21))), ("le14", list(range(1, 15))), ("not-9-19", [n for n in NUMBERS if n not in (9, 19)]),
    ("nb-17-20", list(range(1, 17))), ("nb-1-4", list(range(5, 21))),
])
def test_fixed_clue_truth(clue, true_for):
    expected = set(true_for) if clue not in ("even", "odd") else {n for n in NUMBERS if n % 2 == (clue == "odd")}
    assert {n for n in NUMBERS if is_true(clue, n, [])} == expected


def test_plus_minus_clues_read_the_centre():
    centre = [4, 11, 17]
    assert [n for n in NUMBERS if is_true("pm1", n, centre)] == [3, 5, 10, 12, 16, 18]
    assert [n for n in NUMBERS if is_true("p1", n, centre)] == [5, 12, 18]
    assert [n for n in NUMBERS if is_true("m1", n, centre)] == [3, 10, 16]
    assert not any(is_true("pm1", n, []) for n in NUMBERS)


def test_digit_marks():
    assert [digit_mark(n) for n in (1, 9, 10, 20)] == ["#", "#", "##", "##"]


def test_clue_params_fill_the_statements():
    assert clue_params("ge7") == {"n": 7}
    assert clue_params("not-9-19") == {"a": 9, "b": 19}
    assert clue_params("nb-17-20") == {"a": 17, "b": 20}
    assert clue_params("pm1") == {}


# --- the pure helpers ----------------------------------------------------------------------------


def test_clue_choice():
    assert clue_choice(8, [2, 11, 17], ["odd", "ge9", "not-9-19"]) == {
        "take": ["not-9-19"], "must_take_all": False, "must_guess": False, "rule": "deductio.clue.choose-true",
        "true": ["not-9-19"], "untrue": ["odd", "ge9"], "powers": {}, "digits": "#"}
    r = clue_choice(8, [2, 11, 17], ["odd", "ge9", "digit2"])
    assert r["take"] == [] and r["must_take_all"] and r["rule"] == "deductio.clue.none-true"
    r = clue_choice(8, [2, 11, 17], [])
    assert r["must_guess"] and not r["must_take_all"] and r["rule"] == "deductio.turn.actions"
    assert clue_choice(8, [], ["not-10-20", "nb-1-4"])["powers"] == {"not-10-20": "magnifier", "nb-1-4": "eye2"}


@pytest.mark.parametrize("args, code", [
    ((0, [], []), "number-out-of-range"), (("8", [], []), "number-out-of-range"),
    ((8, [8], []), "duplicate-number"), ((8, [2, 2], []), "duplicate-number"), ((8, [21], []), "number-out-of-range"),
    ((8, [], ["odd", "odd"]), "duplicate-clue"), ((8, [], ["odd", "x"]), "unknown-clue"),
    ((8, [], ["odd", "even", "ge3", "le6"]), "row-too-long"), ((8, 2, []), "not-a-list"), ((8, [], "odd"), "not-a-list"),
])
def test_clue_choice_bad_input(args, code):
    assert bad_input(lambda: clue_choice(*args)) == code


def test_possible_numbers():
    assert possible_numbers(["even", "ge9"], ["pm1"], [2, 11, 17]) == [14, 20]
    assert possible_numbers(["even", "ge9"], ["pm1"], [2, 11, 17], [20]) == [14]
    assert possible_numbers([], [], []) == list(NUMBERS)
    assert possible_numbers(["digit1"], ["odd"], [2, 4], [6]) == [8]


@pytest.mark.parametrize("args, code", [
    ((["odd"], ["odd"], []), "duplicate-clue"), ((["nope"], [], []), "unknown-clue"),
    (([], [], [2, 2]), "duplicate-number"), (([], [], [2], [2]), "duplicate-number"),
    (([], [], [0]), "number-out-of-range"), (([], [], [], [25]), "number-out-of-range"),
    (("odd", [], []), "not-a-list"), (([], None, []), "not-a-list"),
])
def test_possible_numbers_bad_input(args, code):
    assert bad_input(lambda: possible_numbers(*args)) == code


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_helpers_agree_with_the_truth(data):
    """Taking true cards upright and false ones sideways never loses the real secret number."""
    numbers = data.draw(st.permutations(list(NUMBERS)))
    secret, centre, seen = numbers[0], numbers[1:data.draw(st.integers(1, 8))], numbers[8:10]
    cards = data.draw(st.lists(st.sampled_from(CLUE_IDS), unique=True, max_size=12))
    upright = [c for c in cards if is_true(c, secret, centre)]
    sideways = [c for c in cards if not is_true(c, secret, centre)]
    possible = possible_numbers(upright, sideways, centre, seen)
    assert secret in possible and not set(possible) & (set(centre) | set(seen))
    choice = clue_choice(secret, centre, cards[:3])
    assert choice["take"] == [c for c in cards[:3] if c in upright]
    assert choice["must_take_all"] == (bool(cards[:3]) and not choice["take"])
