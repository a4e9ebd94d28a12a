"""The line of play: parity and connection of a table, the blocked bound per number, compulsory play's facts."""

import pytest

from scorekeeper.core.line import (
    FEWEST_LAID,
    LIGHTEST_DOMINO_TABLE,
    MOST_KEPT_PIPS,
    is_connected,
    line_problem,
    max_blocked_hands,
    min_blocked_table,
    most_kept,
    most_kept_after_domino,
    odd_numbers,
    suit,
)
from scorekeeper.core.tiles import DOUBLE_SIX, HIGHEST, SET, Tile


def tiles(*names):
    return [Tile.of(int(n[0]), int(n[2])) for n in names]


def test_a_suit_is_the_seven_tiles_showing_its_number():
    for n in range(HIGHEST + 1):
        assert len(suit(n)) == 7 and all(n in t for t in suit(n))
    assert suit(0)[0] == Tile(0, 0) and suit(6)[-1] == DOUBLE_SIX == Tile(6, 6)


def test_odd_numbers_count_halves_and_a_double_shows_its_number_twice():
    assert odd_numbers([]) == []
    assert odd_numbers(tiles("3-3")) == []
    assert odd_numbers(tiles("0-1")) == [0, 1]
    assert odd_numbers(tiles("0-1", "1-2")) == [0, 2]
    assert odd_numbers(tiles("0-1", "1-2", "2-0")) == []
    assert odd_numbers(tiles("6-5", "6-4", "6-3")) == [3, 4, 5, 6]
    assert odd_numbers(SET) == []  # every number shows eight halves


def test_is_connected_joins_numbers_through_the_tiles_that_carry_both():
    assert is_connected([])
    assert is_connected(tiles("4-4"))
    assert is_connected(tiles("0-1", "1-2", "2-3"))
    assert not is_connected(tiles("0-1", "2-3"))
    assert not is_connected(tiles("0-0", "1-1"))
    assert is_connected(tiles("0-1", "2-3", "1-2"))
    assert not is_connected(tiles("0-1", "1-2", "3-4", "4-5", "5-3"))
    assert is_connected(tiles("5-6", "3-4", "0-1", "1-3", "4-6"))  # a chain given out of order
    # a piece apart made of the highest numbers only is a piece too
    assert not is_connected(tiles("0-1", "6-6"))
    assert not is_connected(tiles("0-1", "1-2", "2-0", "5-6"))


def test_line_problem_names_what_breaks_the_line():
    assert line_problem(tiles("0-1", "1-2"), blocked=False) is None  # two ends: 0 and 2
    assert line_problem(tiles("0-1", "1-2", "2-0"), blocked=True) is None  # both ends on one number
    assert line_problem(tiles("0-1", "1-2"), blocked=True) == ("blocked_line_odd", [0, 2])
    assert line_problem(tiles("6-5", "6-4", "6-3"), blocked=False) == ("line_odd_numbers", [3, 4, 5, 6])
    assert line_problem(tiles("0-1", "1-2", "2-3"), blocked=False) is None
    assert line_problem(tiles("0-1", "2-3"), blocked=False) == ("line_odd_numbers", [0, 1, 2, 3])
    assert line_problem(tiles("0-1", "1-2", "2-0", "3-4", "4-5", "5-3"), blocked=False) == ("line_in_pieces", [])
    assert line_problem(tiles("0-1", "1-2", "2-0", "3-3"), blocked=True) == ("line_in_pieces", [])
    assert line_problem(tiles("0-1", "3-3"), blocked=False) == ("line_in_pieces", [])  # two odd only, but apart


@pytest.mark.parametrize("number", range(HIGHEST + 1))
def test_the_lightest_blocked_table_is_42_plus_6n_and_12_more_with_the_double_six_outside_the_suit(number):
    assert min_blocked_table(number) == 42 + 6 * number
    assert min_blocked_table(number, True) == 42 + 6 * number + (12 if number != HIGHEST else 0)
    assert max_blocked_hands(number) == 126 - 6 * number
    assert max_blocked_hands(number, True) == 126 - 6 * number - (12 if number != HIGHEST else 0)


def test_the_facts_of_compulsory_play_and_what_they_leave():
    assert FEWEST_LAID == {"opponents": 1, "after_domino": 4}
    assert most_kept(2, "opponents") == 13
    assert most_kept(3, "after_domino") == 17
    assert LIGHTEST_DOMINO_TABLE == {False: 39, True: 50}
    assert most_kept_after_domino(False) == 129 and most_kept_after_domino(True) == 118
    assert MOST_KEPT_PIPS == {("opponents", True): 103, ("after_domino", False): 129, ("after_domino", True): 118}
