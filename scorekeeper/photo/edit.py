"""Fixing a reading by taps: a missed pip added, a false one removed, a tile's halves set.

Pure state with no UI, so a screen only draws it and forwards taps; the total
always follows the marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .model import FoundTile, PhotoReading, Point

MAX_HALF = 6


@dataclass
class TileMarks:
    """One tile being fixed: its outline and the pips on each half (counts follow the marks)."""

    outline: tuple[Point, Point, Point, Point]
    a: list[Point] = field(default_factory=list)
    b: list[Point] = field(default_factory=list)
    set_a: int | None = None  # a half set by hand overrides its marks
    set_b: int | None = None
    doubted: bool = False  # the reader was unsure of this tile; a fix by hand settles it

    @classmethod
    def of(cls, tile: FoundTile) -> TileMarks:
        return cls(tile.outline, list(tile.pips_a), list(tile.pips_b), doubted=tile.unsure)

    @property
    def unsure(self) -> bool:
        """Still to be checked: the reader doubted it and the user has not touched it."""
        return self.doubted

    @property
    def pair(self) -> tuple[int, int]:
        a = self.set_a if self.set_a is not None else len(self.a)
        b = self.set_b if self.set_b is not None else len(self.b)
        return (a, b)

    @property
    def label(self) -> str:
        return "{}-{}".format(*self.pair)

    def half_at(self, x: float, y: float) -> str | None:
        """'a' or 'b' for a point on this tile, None off it."""
        c0, c1, c2, c3 = self.outline
        if not _inside((x, y), self.outline):
            return None
        mid_a = ((c0[0] + c1[0]) / 2, (c0[1] + c1[1]) / 2)
        mid_b = ((c2[0] + c3[0]) / 2, (c2[1] + c3[1]) / 2)
        return "a" if math.dist((x, y), mid_a) <= math.dist((x, y), mid_b) else "b"


class Correction:
    """A reading under correction; ``tap`` and ``set_halves`` change it, ``total`` follows."""

    def __init__(self, reading: PhotoReading) -> None:
        self.width, self.height = reading.width, reading.height
        self.tiles = [TileMarks.of(t) for t in reading.found]

    @property
    def total(self) -> int:
        return sum(a + b for a, b in self.pairs)

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [t.pair for t in self.tiles]

    def tap(self, x: float, y: float, reach: float) -> str:
        """Remove the pip within ``reach`` of (x, y), else add one on the half tapped.

        Returns what happened: "removed", "added", "full" (that half has six) or "outside".
        """
        nearest = None
        for tile in self.tiles:
            for marks in (tile.a, tile.b):
                for point in marks:
                    gap = math.dist(point, (x, y))
                    if gap <= reach and (nearest is None or gap < nearest[0]):
                        nearest = (gap, tile, marks, point)
        if nearest is not None:
            _, tile, marks, point = nearest
            marks.remove(point)
            tile.set_a = tile.set_b = None  # a tap on the marks takes over from a hand-set count
            tile.doubted = False
            return "removed"
        for tile in self.tiles:
            half = tile.half_at(x, y)
            if half is not None:
                marks = tile.a if half == "a" else tile.b
                if len(marks) >= MAX_HALF:
                    return "full"
                marks.append((float(x), float(y)))
                tile.set_a = tile.set_b = None
                tile.doubted = False
                return "added"
        return "outside"

    def set_halves(self, index: int, a: int, b: int) -> None:
        """Say what a tile is outright (e.g. a pip the camera lost under glare)."""
        if not (0 <= a <= MAX_HALF and 0 <= b <= MAX_HALF):
            raise ValueError(f"a half holds 0 to {MAX_HALF} pips, not {a}-{b}")
        tile = self.tiles[index]
        tile.set_a, tile.set_b = a, b
        tile.doubted = False


def _inside(point: Point, polygon: tuple[Point, ...]) -> bool:
    """Even-odd rule: whether a point lies within a polygon."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
