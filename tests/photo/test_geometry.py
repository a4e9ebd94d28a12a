"""Choosing tiles among candidate frames: a seam between two half-tiles does not stand for both tiles."""

import pytest

from scorekeeper.photo import read_tiles
from scorekeeper.photo.geometry import Frame, choose
from tests.photo.synthetic import render


def _tile(cx: float, cy: float, across: bool = True) -> Frame:
    """A tile 40 wide, 80 long: its divider across (along x) or along y."""
    return Frame(cx, cy, 1.0, 0.0, 20.0, 40.0, 40.0) if across else Frame(cx, cy, 0.0, 1.0, 20.0, 40.0, 40.0)


def test_two_tiles_win_over_the_seam_between_their_halves_ranked_first():
    left, right = _tile(100, 100), _tile(140, 100)  # touching along their long sides
    seam = Frame(120, 120, 0.0, 1.0, 20.0, 40.0, 40.0)  # the seam as a divider, the two lower halves as a tile
    assert set(choose([seam, left, right])) == {left, right}


def test_a_tile_taken_first_stays_when_only_one_frame_clashes_with_it():
    tile = _tile(100, 100)
    piece = Frame(100, 110, 1.0, 0.0, 12.0, 24.0, 24.0)  # a frame from a piece of its divider
    assert choose([tile, piece]) == [tile]


def test_a_tile_taken_first_stays_when_its_rivals_clash_with_each_other():
    tile = _tile(100, 100)
    first = Frame(104, 100, 1.0, 0.0, 20.0, 40.0, 40.0)
    second = Frame(96, 104, 1.0, 0.0, 20.0, 40.0, 40.0)
    assert choose([tile, first, second]) == [tile]


def test_a_rival_clashing_with_another_frame_taken_does_not_count():
    left, right = _tile(100, 100), _tile(140, 100)
    seam = Frame(120, 120, 0.0, 1.0, 20.0, 40.0, 40.0)
    above = _tile(140, 40)  # taken first, overlapping the right tile's upper part
    assert set(choose([above, seam, left, right])) == {above, seam}


@pytest.mark.parametrize(
    "seed",
    [
        20044,  # a row of five teal tiles: the seam between two lower halves read as a 6-2
    ],
)
def test_photos_with_a_row_of_touching_tiles_read_exactly(seed):
    photo = render(seed)
    reading = read_tiles(photo.data)
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == sorted(tuple(sorted(t)) for t in photo.tiles)
