"""A doubtful photo read again, turned a quarter.

The readers' masks, pip grids and divider searches run along the image's rows and columns, so the
same photo turned 90 degrees is a second, lossless look whose borderline calls fall differently.
Measured on the 135 dev photos saved again (1,400 px, JPEG quality 94) as they are and changed six
ways (blurred, darker, lighter, JPEG quality 25, seen from low, turned 13 degrees): 826 of 945
readings exact against 808 with one look, and 4 read wrong with nothing marked, both ways. On the
204 real photos as they are, no reading and no mark changes (docs/photo.md, "Figures").
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from .combine import UNCONFIRMED, moved, tile_width
from .model import FoundTile, PhotoReading, Point
from .strays import Outline


def doubted(tiles: list[FoundTile], unread: list[Outline]) -> bool:
    """Whether a reading in working pixels will be ``PhotoReading.doubtful``."""
    return PhotoReading(0, 0, found=tuple(tiles), unread=tuple(unread)).doubtful


def turned(rgb: np.ndarray) -> np.ndarray:
    """The working image a quarter turn anticlockwise (its rows become columns)."""
    return np.ascontiguousarray(np.rot90(rgb))


def back(p: Point, width: int) -> Point:
    """A point of the turned image in the unturned one's pixels (``width`` is the unturned width).

    ``np.rot90`` puts pixel (row, col) of the photo at (width - 1 - col, row); with pixel centres
    at +0.5 a turned point (x, y) is the photo's (width - y, x).
    """
    return (float(width - p[1]), float(p[0]))


def tile_back(tile: FoundTile, width: int) -> FoundTile:
    """A tile read on the turned image, where it lies on the photo: the same halves and pips."""
    return moved(tile, lambda p: back(p, width))


def weighed(first: list[FoundTile], turned: list[FoundTile]) -> list[FoundTile]:
    """The turned look's tiles (in the photo's pixels), each no surer than the first look was of it.

    The turned reading is taken for what it reads: a phantom of the first look that it does not
    see is gone, a tile it reads otherwise is read its way. But one sure look is not two: a tile the
    first look read alike at the same place keeps the lower of the two confidences, and one it read
    otherwise, or not at all, is marked (``UNCONFIRMED``). On the dev photos blurred, taking the
    turned look's own confidences lifted the mark from two wrong readings (a board missing three
    tiles, read alike by both looks but unsure the first time; a lone tile read otherwise).
    """
    out = []
    for tile in turned:
        same = next(
            (
                f
                for f in first
                if sorted(f.pair) == sorted(tile.pair) and math.dist(f.center, tile.center) < tile_width(f) / 2
            ),
            None,
        )
        sure = same.confidence if same is not None else UNCONFIRMED
        out.append(replace(tile, confidence=min(tile.confidence, sure)))
    return out


def still_unread(unread: list[Outline], tiles: list[FoundTile]) -> list[Outline]:
    """The first look's unread places that no tile of the turned look lies on.

    That the turned look saw nothing there does not make the place empty: a drawn photo's second
    tile, left unread by the first look and not seen at all by the turned one, went uncounted with
    nothing marked when the turned look's silence was taken for an answer.
    """
    return [
        place for place in unread if not any(math.dist(_middle(place), t.center) < tile_width(t) / 2 for t in tiles)
    ]


def _middle(outline: Outline) -> Point:
    return (sum(p[0] for p in outline) / 4, sum(p[1] for p in outline) / 4)
