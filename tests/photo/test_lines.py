"""A divider run into the seam of a touching tile is taken apart into its lines; clean ink is left alone."""

import math

import numpy as np
import pytest

from scorekeeper.photo import read_tiles
from scorekeeper.photo.labels import blob_stats, label
from scorekeeper.photo.lines import split_lines, strongest_line
from tests.photo.shapes import disc as _disc
from tests.photo.shapes import shapes as _shapes
from tests.photo.synthetic import render


def _divider_into_seam() -> np.ndarray:
    ink = np.zeros((140, 160), dtype=bool)
    ink[20:120, 118:121] = True  # the seam between two tiles, 3 px wide, 100 long
    ink[68:72, 40:119] = True  # a divider whose end runs into it
    return ink


def test_a_divider_run_into_a_seam_becomes_two_bars():
    ink = _divider_into_seam()
    blobs, n, s, elong, fill = _shapes(ink)
    assert n == 1 and fill[1] < 0.55 and elong[1] < 5  # one T-shaped blob: neither a bar nor a pip
    apart = split_lines(ink, blobs, s, fill, min_width=80.0)
    assert apart is not None
    blobs, n, s, elong, fill = _shapes(apart)
    bars = [i for i in range(1, n + 1) if elong[i] >= 5 and fill[i] > 0.8]
    divider = min(bars, key=lambda i: abs(s.cy[i] - 70) + abs(s.cx[i] - 78))
    assert abs(s.cy[divider] - 69.5) < 1 and abs(s.cx[divider] - 78) < 3  # the divider, whole and straight
    assert math.sqrt(12 * s.major[divider]) > 70
    assert any(abs(s.cx[i] - 119) < 1.5 and elong[i] >= 5 for i in bars)  # and the seam, a line of its own
    assert (apart <= ink).all()  # nothing is added, only taken apart


def test_a_straight_divider_and_round_pips_are_left_alone():
    ink = np.zeros((120, 160), dtype=bool)
    ink[58:62, 20:140] = True
    _disc(ink, 80, 85, 8)
    _disc(ink, 40, 30, 8)
    blobs, _, s, _, fill = _shapes(ink)
    assert split_lines(ink, blobs, s, fill, min_width=80.0) is None


def test_a_blob_with_no_line_long_enough_is_left_alone():
    ink = np.zeros((60, 60), dtype=bool)
    _disc(ink, 22, 30, 7)
    _disc(ink, 36, 30, 7)
    ink[29:31, 10:50] = True  # a short line through two pips: not a tile's line at this size
    blobs, _, s, _, fill = _shapes(ink)
    assert split_lines(ink, blobs, s, fill, min_width=200.0) is None


def test_the_strongest_line_is_the_longest_straight_strip():
    mask = _divider_into_seam()
    line = strongest_line(mask, 30.0)
    assert line is not None
    ys, xs = np.nonzero(line)
    # The seam is the densest strip; the divider meets it from one side only, so it is not cut there.
    assert xs.max() - xs.min() <= 4 and ys.max() - ys.min() >= 95
    assert strongest_line(mask, 120.0) is None  # none that long


def test_two_dividers_in_line_through_a_seam_are_two_lines():
    ink = np.zeros((140, 200), dtype=bool)
    ink[20:120, 99:102] = True  # the seam between two tiles side by side
    ink[68:72, 30:99] = True  # the divider of the left tile runs into it ...
    ink[68:72, 102:171] = True  # ... and the right tile's, in line with it, out of it
    blobs, n = label(ink)
    s = blob_stats(blobs, n)
    fill = s.area / (4 * math.pi * np.sqrt(s.major * s.minor))
    apart = split_lines(ink, blobs, s, fill, min_width=80.0)
    assert apart is not None
    _, _, s, elong, _ = _shapes(apart)
    bars = [i for i in range(1, len(s.area)) if elong[i] >= 5]
    dividers = sorted(round(s.cx[i]) for i in bars if abs(s.cy[i] - 69.5) < 1 and abs(s.cx[i] - 100) > 5)
    assert len(dividers) == 2 and dividers[0] < 99 < dividers[1]  # not one bar across both tiles
    assert any(abs(s.cx[i] - 100) < 1.5 for i in bars)  # and the seam


@pytest.mark.parametrize(
    "seed",
    [
        20159,  # a row of four touching teal tiles: the 1-1's divider ran into the seam below it
    ],
)
def test_photos_with_a_divider_run_into_a_seam_read_exactly(seed):
    photo = render(seed)
    reading = read_tiles(photo.data)
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == sorted(tuple(sorted(t)) for t in photo.tiles)
