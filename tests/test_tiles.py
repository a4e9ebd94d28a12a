"""The set and the limits derived from it."""

import pytest

from scorekeeper.core.rules import InvalidRound
from scorekeeper.core.tiles import (
    HAND_SIZE,
    MAX_HAND,
    MAX_TWO_HANDS,
    SET,
    TOTAL_PIPS,
    Tile,
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
