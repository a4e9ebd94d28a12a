"""The set and the limits derived from it."""

import pytest

from scorekeeper.core.rules import InvalidRound
from scorekeeper.core.tiles import (
    HAND_SIZE,
    MAX_HAND,
    MAX_TWO_HANDS,
    SEATS,
    SET,
    TOTAL_PIPS,
    Tile,
    as_tile,
    check_hands,
    hand_pips,
    parse_tile,
)


def test_the_set_has_28_distinct_tiles_and_168_pips():
    assert len(SET) == 28
    assert len(set(SET)) == 28
    assert TOTAL_PIPS == 168
    assert sum(t.is_double for t in SET) == 7
    assert Tile(0, 0).pips == 0


def test_limits_match_rules_md():
    # docs/rules.md states these; tiles.py derives them from the set.
    assert MAX_HAND == 69
    assert MAX_TWO_HANDS == 118


def test_max_hand_is_the_seven_heaviest_tiles():
    heaviest = sorted(SET, key=lambda t: t.pips, reverse=True)[:HAND_SIZE]
    assert hand_pips(heaviest) == MAX_HAND


def test_tile_order_of_halves_does_not_matter():
    assert Tile.of(5, 6) == Tile.of(6, 5) == Tile(6, 5)
    assert parse_tile("3-4") == Tile(4, 3)
    assert str(Tile(6, 5)) == "6-5"


@pytest.mark.parametrize("text", ["7-1", "x", "1-2-3", "", "-1-2"])
def test_unknown_tiles_are_refused(text):
    with pytest.raises(InvalidRound) as err:
        parse_tile(text)
    assert err.value.code == "tile_unknown"


def test_a_tile_cannot_be_in_two_hands():
    with pytest.raises(InvalidRound) as err:
        check_hands([[Tile(6, 6)], None, [Tile(6, 6)], []])
    assert err.value.code == "tile_twice"
    assert err.value.values["seat"] == 2


def test_a_hand_holds_at_most_seven_tiles():
    with pytest.raises(InvalidRound) as err:
        check_hands([list(SET[:8]), [], [], []])
    assert err.value.code == "hand_too_many_tiles"
    check_hands([list(SET[:7]), list(SET[7:14]), list(SET[14:21]), list(SET[21:])])


def test_four_seats_and_halves_up_to_six():
    # the game's own facts (docs/rules.md), from which every limit is derived
    assert SEATS == 4
    assert {t.high for t in SET} == set(range(7))


@pytest.mark.parametrize(("a", "b"), [(0, 0), (6, 6), (0, 6), (6, 0)])
def test_tiles_at_the_edges_of_the_set_are_tiles(a, b):
    assert Tile.of(a, b) == Tile(max(a, b), min(a, b))
    assert as_tile((a, b)) == Tile(max(a, b), min(a, b))
    assert as_tile([a, b]) == Tile(max(a, b), min(a, b))


@pytest.mark.parametrize(("a", "b"), [(7, 0), (0, 7), (-1, 0), (0, -1), (7, 3), (3, 7)])
def test_halves_outside_zero_to_six_are_no_tile(a, b):
    with pytest.raises(InvalidRound) as err:
        Tile.of(a, b)
    assert err.value.code == "tile_unknown"
    assert err.value.values["tile"] == f"{a}-{b}"
    assert as_tile((a, b)) is None


@pytest.mark.parametrize(
    ("value", "tile"),
    [
        ("6-5", Tile(6, 5)),
        ("5-6", Tile(6, 5)),
        (Tile(2, 1), Tile(2, 1)),
        ((1, 2), Tile(2, 1)),
        ("7-3", None),
        ("six", None),
        ((1,), None),
        ((1, 2, 3), None),
        ((True, 1), None),
        ((1.0, 2), None),
        ({1, 2}, None),
        (12, None),
        (None, None),
    ],
)
def test_as_tile_accepts_each_spelling_of_a_tile_and_nothing_else(value, tile):
    assert as_tile(value) == tile


def test_a_parsed_tile_keeps_the_text_it_refused():
    with pytest.raises(InvalidRound) as err:
        parse_tile("x-1")
    assert err.value.values["tile"] == "x-1"


def test_hand_pips_adds_both_halves_of_every_tile():
    assert hand_pips([Tile(6, 5), Tile(3, 0), Tile(0, 0)]) == 14
    assert hand_pips([]) == 0


def test_check_hands_names_both_seats_of_a_repeated_tile():
    with pytest.raises(InvalidRound) as err:
        check_hands([None, [Tile(6, 5)], [], [Tile(1, 0), Tile(6, 5)]])
    assert err.value.values == {"tile": "6-5", "seat": 3, "other": 1}


def test_seven_tiles_fill_a_hand_and_eight_overfill_it():
    check_hands([list(SET[:HAND_SIZE]), None, None, None])
    with pytest.raises(InvalidRound) as err:
        check_hands([None, None, list(SET[: HAND_SIZE + 1]), None])
    assert err.value.values == {"seat": 2, "count": 8, "limit": 7}
