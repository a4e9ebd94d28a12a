"""Fixing a reading by taps: the total follows every change."""

from pathlib import Path

import pytest

from scorekeeper.photo import read_tiles
from scorekeeper.photo.edit import Correction

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixing():
    reading = read_tiles((FIXTURES / "one-four-blue-gold.jpg").read_bytes())
    assert sorted(reading.tiles[0]) == [1, 4]
    return Correction(reading)


def test_tapping_a_pip_removes_it_and_the_total_follows(fixing):
    x, y = fixing.tiles[0].a[0] if fixing.tiles[0].a else fixing.tiles[0].b[0]
    assert fixing.tap(x + 3, y - 2, reach=15) == "removed"
    assert fixing.total == 4


def test_tapping_an_empty_place_on_a_tile_adds_a_pip_to_that_half(fixing):
    tile = fixing.tiles[0]
    before = tile.pair
    corners = tile.outline
    # halfway between the a half's two corners and the tile's centre: on the a half, away from pips
    cx = sum(c[0] for c in corners) / 4
    cy = sum(c[1] for c in corners) / 4
    ax = (corners[0][0] + corners[1][0]) / 2
    ay = (corners[0][1] + corners[1][1]) / 2
    x, y = (0.85 * ax + 0.15 * cx), (0.85 * ay + 0.15 * cy)
    assert fixing.tap(x, y, reach=5) == "added"
    assert tile.pair == (before[0] + 1, before[1])
    assert fixing.total == 6
    assert fixing.tap(x, y, reach=5) == "removed"  # and a second tap takes it back
    assert fixing.total == 5


def test_a_tap_off_every_tile_changes_nothing(fixing):
    assert fixing.tap(5, 5, reach=10) == "outside"
    assert fixing.total == 5


def test_a_half_never_holds_more_than_six(fixing):
    tile = fixing.tiles[0]
    target = "a" if len(tile.a) >= len(tile.b) else "b"
    corners = tile.outline
    ends = (corners[0], corners[1]) if target == "a" else (corners[2], corners[3])
    cx = sum(c[0] for c in corners) / 4
    cy = sum(c[1] for c in corners) / 4
    results = []
    for k in range(8):
        t = 0.2 + 0.08 * k
        ex = ends[0][0] * t + ends[1][0] * (1 - t)
        ey = ends[0][1] * t + ends[1][1] * (1 - t)
        results.append(fixing.tap(0.8 * ex + 0.2 * cx, 0.8 * ey + 0.2 * cy, reach=1))
    assert "full" in results
    assert max(tile.pair) == 6


def test_setting_a_tile_outright(fixing):
    fixing.set_halves(0, 6, 1)
    assert fixing.pairs == [(6, 1)] and fixing.tiles[0].label == "6-1" and fixing.total == 7
    with pytest.raises(ValueError):
        fixing.set_halves(0, 7, 0)
