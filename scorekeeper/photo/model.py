"""What a photo reading is: the contract between the reader and whoever shows or uses it."""

from __future__ import annotations

from dataclasses import dataclass, field

Point = tuple[float, float]

# Why a photo gave no tiles; the UI turns these codes into words in the user's language.
REASON_UNREADABLE = "unreadable"  # not an image we can decode (garbage, empty, truncated)
REASON_TOO_SMALL = "too_small"  # an image, but too few pixels to hold a readable tile
REASON_TOO_LARGE = "too_large"  # more pixels than any phone camera makes: refused unread
REASON_NO_TILES = "no_tiles"  # decoded, but no domino face with a divider line was found
REASON_FAILED = "failed"  # the reader itself failed on this image (a bug, but never a crash)

UNSURE = 0.5  # a tile read with less confidence than this is marked for the user to check


@dataclass(frozen=True)
class FoundTile:
    """One tile: its two halves, where it is, and which pips were counted on which half.

    ``outline`` is the four corners of the face in photo pixels, going round; the
    first two corners close the ``a`` half, the last two the ``b`` half.
    """

    a: int
    b: int
    outline: tuple[Point, Point, Point, Point]
    center: Point
    pips_a: tuple[Point, ...] = ()
    pips_b: tuple[Point, ...] = ()
    confidence: float = 1.0  # 0..1: how sure the reader is of both halves (below UNSURE: check it)

    @property
    def unsure(self) -> bool:
        """The reader doubts this tile: the screen marks it for the user to check."""
        return self.confidence < UNSURE

    @property
    def pair(self) -> tuple[int, int]:
        """The halves as a pair, as they were read (any order)."""
        return (self.a, self.b)

    @property
    def label(self) -> str:
        """How the tile is written on screen, e.g. "6-1"."""
        return f"{self.a}-{self.b}"


@dataclass(frozen=True)
class PhotoReading:
    """The result of reading one photo.

    Coordinates are pixels of the photo as it is shown upright (the EXIF
    orientation applied), at its full size, not the reader's working size.
    """

    width: int
    height: int
    found: tuple[FoundTile, ...] = ()
    reason: str | None = None
    extra_pips: tuple[Point, ...] = field(default=())  # round marks seen outside every tile (not counted)
    unread: tuple[tuple[Point, Point, Point, Point], ...] = field(default=())  # face-like, but not read: check

    @property
    def doubtful(self) -> bool:
        """Something here needs the user's eye: a tile read unsure, a face-like place not read, or no tile."""
        return bool(self.unsure) or bool(self.unread) or not self.found

    @property
    def tiles(self) -> list[tuple[int, int]]:
        """One (a, b) pair per tile found."""
        return [t.pair for t in self.found]

    @property
    def total(self) -> int:
        """The pip count: the sum of every half of every tile found."""
        return sum(t.a + t.b for t in self.found)

    @property
    def unsure(self) -> list[int]:
        """Indices (into ``found``) of the tiles the reader is unsure of."""
        return [i for i, t in enumerate(self.found) if t.unsure]

    @property
    def pips(self) -> list[Point]:
        """Centres of every counted pip, in photo pixels."""
        return [p for t in self.found for p in (*t.pips_a, *t.pips_b)]

    @property
    def outlines(self) -> list[tuple[Point, Point, Point, Point]]:
        """The four corners of every tile found, for drawing."""
        return [t.outline for t in self.found]
