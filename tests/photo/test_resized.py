"""A tile touching something of its own colour (scan.py's divider frames drawn again at the set's size)."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo.scan import scan

from .test_peel import IVORY, _tile


def _photo(touched: bool) -> np.ndarray:
    """On dark cloth: a 6-1 and a 0-6 alone, and a 1-6 whose divider runs nearly rim to rim, with a round
    stone of its colour against its side (``touched``) or not."""
    img = np.full((600, 800, 3), 28, np.uint8)
    _tile(img, 60, 60, 6, 1, upright=True)
    _tile(img, 200, 60, 0, 6, upright=True)
    _tile(img, 400, 300, 1, 6, upright=True)
    cv2.rectangle(img, (403, 378), (476, 382), (20, 20, 20), cv2.FILLED)
    cv2.circle(img, (535 if touched else 600, 340), 60, IVORY, cv2.FILLED)
    return img


def _read(img: np.ndarray) -> list[tuple[int, int]]:
    return sorted((min(f.a.count, f.b.count), max(f.a.count, f.b.count)) for f in scan(img))


def test_a_tile_against_a_stone_of_its_colour_is_framed_at_the_sets_size():
    # Tile and stone are one blob, no tile's shape, and the frame round the long divider (a tenth too
    # wide) takes in the cloth beside the tile; at the two other faces' width it reads.
    assert _read(_photo(touched=True)) == [(0, 6), (1, 6), (1, 6)]


def test_the_same_tile_clear_of_the_stone_reads_as_before():
    assert _read(_photo(touched=False)) == [(0, 6), (1, 6), (1, 6)]
