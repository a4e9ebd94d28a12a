"""Two readers, one reading: where they agree the tile is sure, where they differ it is marked.

The divider reader (``reader.py``) was built on drawn photos and reads them
well, but on real photos it often finds nothing or frames a tile badly. The
face reader (``scan.py``: OpenCV masks, each face straightened and checked
against the pip patterns) reads real photos better and misses more drawn
ones. Neither is right often enough alone, and a wrong total that looks sure
is the one failure a scorekeeper must not have. So both read, and each tile
the divider reader found is read again by the face reader in its own frame:

- both read the same halves: sure;
- they differ: the face reader's reading when it is sure of it, else the
  divider reader's, and either way the tile is marked for the user to check;
- a tile only one of them found keeps the face reader's own confidence.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .faces import Box
from .halves import Face, read_face
from .model import UNSURE, FoundTile, Point
from .scan import to_photo

AGREED = 0.8  # the least confidence of a tile both readers read alike
DIFFERED = 0.3  # the confidence of a tile the readers read differently


def combine(by_divider: list[FoundTile], faces: list[Face], rgb: np.ndarray) -> list[FoundTile]:
    """One list of tiles in working pixels, each with its confidence."""
    out: list[FoundTile] = []
    used: set[int] = set()
    for tile in by_divider:
        k = _match(tile, faces, used)
        if k is not None:
            used.add(k)
            face = faces[k]
            if sorted(tile.pair) == sorted((face.a.count, face.b.count)):
                out.append(_with(tile, max(AGREED, face.sure)))
            elif face.sure >= UNSURE:
                out.append(_with(from_face(face), min(face.sure, DIFFERED)))
            else:
                out.append(_with(tile, DIFFERED))
            continue
        check = read_face(rgb, box_of(tile))
        if check is not None and sorted(tile.pair) == sorted((check.a.count, check.b.count)):
            out.append(_with(tile, max(AGREED, check.sure)))
        else:
            out.append(_with(tile, DIFFERED))
    out += [from_face(face) for k, face in enumerate(faces) if k not in used]
    return out


def _match(tile: FoundTile, faces: list[Face], used: set[int]) -> int | None:
    """The face read at the same place as ``tile`` (either's centre inside the other)."""
    outline = np.array(tile.outline, dtype=np.float32)
    for k, face in enumerate(faces):
        if k in used:
            continue
        corners = face.box.corners().astype(np.float32)
        if (
            cv2.pointPolygonTest(outline, (face.box.cx, face.box.cy), False) >= 0
            or cv2.pointPolygonTest(corners, tile.center, False) >= 0
        ):
            return k
    return None


def box_of(tile: FoundTile) -> Box:
    """The divider reader's frame as a face proposal (its first two corners close the ``a`` half)."""
    c0, c1, c2, _ = tile.outline
    width = math.dist(c0, c1)
    length = math.dist(c1, c2)
    angle = math.degrees(math.atan2(c2[1] - c1[1], c2[0] - c1[0]))
    return Box(tile.center[0], tile.center[1], width, length, angle)


def from_face(face: Face) -> FoundTile:
    """A face reader's face as a tile, in working pixels."""
    corners = face.box.corners()
    outline: list[Point] = [_centre((float(x), float(y))) for x, y in corners]
    return FoundTile(
        a=face.a.count,
        b=face.b.count,
        outline=(outline[0], outline[1], outline[2], outline[3]),
        center=_centre((float(face.box.cx), float(face.box.cy))),
        pips_a=tuple(_centre(to_photo(face, p)) for p in face.a.pips),
        pips_b=tuple(_centre(to_photo(face, p)) for p in face.b.pips),
        confidence=round(face.sure, 3),
    )


def _centre(p: Point) -> Point:
    """Working-pixel index to pixel centre, as the divider reader gives its points."""
    return (p[0] + 0.5, p[1] + 0.5)


def _with(tile: FoundTile, confidence: float) -> FoundTile:
    return FoundTile(tile.a, tile.b, tile.outline, tile.center, tile.pips_a, tile.pips_b, round(confidence, 3))


def scaled(tile: FoundTile, scale: float) -> FoundTile:
    """A tile in working pixels (pixel centres at +0.5) moved to the photo's own pixels."""

    def move(p: Point) -> Point:
        return (float(p[0] * scale), float(p[1] * scale))

    o = tile.outline
    return FoundTile(
        tile.a,
        tile.b,
        (move(o[0]), move(o[1]), move(o[2]), move(o[3])),
        move(tile.center),
        tuple(move(p) for p in tile.pips_a),
        tuple(move(p) for p in tile.pips_b),
        tile.confidence,
    )
