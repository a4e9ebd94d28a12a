"""Pips outside every tile read: where a whole tile may have been missed, for the user to check.

A tile that no reader framed (pressed against a stone, its outline run into the
table's in shade) leaves no trace in the reading: the total is short and nothing
is marked, the one failure a scorekeeper must not have. Its pips are still there:
round holes of a pip's size in the same masks the face reader proposes from. Two
or more of them close together, clear of every tile read, that look like the pips
read on what looks like the faces read, are a face's pips: frames of the tiles'
size are tried round them, and the best face read in one is a tile, always
marked (it was found by its pips alone); where no frame reads, the place is
shown to check.

Everything is measured against the tiles read (a pip's size is a share of a
face's width, its colours are theirs), because a textured table holds round
holes of every size and colour: a speck of stone or a knot in the wood differs
from the pips read in colour or in what surrounds it. Where every tile read is
blank, the pips are taken as the faces' lightness turned over. With no tile read
there is nothing to measure by, and such a photo is marked anyway.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .combine import OVERLAP, apart, from_face, missed, shared, tile_width, with_confidence
from .faces import Box
from .halves import Face, read_face
from .model import UNSURE, FoundTile, Point
from .scan import pip_holes

Outline = tuple[Point, Point, Point, Point]

GROWN = 0.15  # a hole this close (of the width) outside a tile's outline is still that tile's own pip
NEAR = 0.75  # holes this close (of the width) are pips of one face
SPREAD = 2.1  # a face's pips lie within this many widths of each other
AT_LEAST = 2  # pips that make a place to check
BLOB = 0.5  # the blob holding them is this much of a face's area at least (a speck of grain is not)
SAME = 0.15  # two holes closer than this (of the width), found in two masks, are one
AROUND = 0.2  # the face round a pip is sampled this far (of the width) from its centre
SIDE_IN = 0.1  # a face is sampled this far (of the width) inside its long sides, clear of its pips
CONTRAST = 0.5  # a pip stands out from what surrounds it by this share of the pips' own contrast
MOST = 6  # clusters read at most (each is some 180 frames)
TURN = 15  # degrees between the frames tried round a cluster
SHIFTS = (-0.5, -0.25, 0.0, 0.25, 0.5)  # frames moved along themselves, of the width
SIZES = (0.9, 1.0, 1.1)  # frames of the tiles' width times these
#: A tile found only by its loose pips is always marked: its frame is the best of many tried, and a
#: frame chosen so can fit a pattern by chance.
FOUND_SURE = 0.45


def strays(
    rgb: np.ndarray, masks: list[np.ndarray], tiles: list[FoundTile], unread: list[Outline]
) -> tuple[list[FoundTile], list[Outline]]:
    """Round pips that no tile read holds (all in working pixels): the tiles read round them where
    a face's frame fits them, marked, and the places to check besides ``unread`` where none does."""
    if not tiles:
        return [], []
    width = float(np.median([tile_width(t) for t in tiles]))
    if width <= 0:
        return [], []
    outlines = [_grown(t.outline, GROWN * width) for t in tiles]
    outside = [p for p in _holes(masks, width) if all(cv2.pointPolygonTest(o, p, False) < 0 for o in outlines)]
    if not outside:  # most photos: the colours below need not be measured
        return [], []
    lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB).astype(np.float32)
    looks = _looks(lab, tiles, width)
    if looks is None:
        return [], []
    free = [p for p in outside if _pip_like(lab, p, width, *looks)]
    angle = float(np.median([_angle(t) % 180 for t in tiles]))
    found: list[FoundTile] = []
    places: list[Box] = []
    clusters = [c for c in _clusters(free, NEAR * width) if len(c) >= AT_LEAST and _spread(c) <= SPREAD * width]
    for cluster in clusters[:MOST]:
        face = _read_round(rgb, cluster, width, angle)
        if face is not None and all(shared(face, t) <= OVERLAP for t in [*tiles, *found]):
            tile = from_face(face)
            found.append(with_confidence(tile, min(tile.confidence, FOUND_SURE)))
        else:
            cx, cy = np.mean(np.array(cluster), axis=0)
            places.append(Box(float(cx), float(cy), width, 2 * width, angle))
    return found, [o for o in missed(places, [*tiles, *found]) if all(apart(o, u) for u in unread)]


def _read_round(rgb: np.ndarray, cluster: list[Point], width: float, angle: float) -> Face | None:
    """The best face read in a frame of the tiles' size holding every pip of the cluster: turned every
    15 degrees, moved along itself by up to half a width (the cluster may be one half's pips), a
    tenth smaller or larger. Read with sense and holding pips, or None."""
    cx, cy = np.mean(np.array(cluster), axis=0)
    best: Face | None = None
    for turn in range(0, 180, TURN):
        t = math.radians(angle + turn)
        for shift in SHIFTS:
            for size in SIZES:
                box = Box(
                    float(cx + shift * width * math.cos(t)),
                    float(cy + shift * width * math.sin(t)),
                    size * width,
                    2 * size * width,
                    angle + turn,
                )
                corners = box.corners().astype(np.float32)
                if any(cv2.pointPolygonTest(corners, p, False) < 0 for p in cluster):
                    continue
                face = read_face(rgb, box)
                if face is None or face.sure < UNSURE or face.a.count + face.b.count == 0:
                    continue
                if best is None or face.score > best.score:
                    best = face
    return best


def _holes(masks: list[np.ndarray], width: float) -> list[Point]:
    """Centres of round, pip-sized holes in face-sized blobs, over every mask, each place once."""
    unit = width * width
    out: list[Point] = []
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        big = [c for c in contours if cv2.contourArea(c) >= BLOB * 2 * unit]
        if not big:
            continue
        solid = cv2.drawContours(np.zeros_like(mask), big, -1, 255, cv2.FILLED)
        holes = cv2.bitwise_and(solid, cv2.bitwise_not(mask))
        _, _, stats, centres = cv2.connectedComponentsWithStats(holes, connectivity=8)
        for x, y in centres[1:][pip_holes(stats[1:], unit)]:
            p = (float(x), float(y))
            if all(math.dist(p, q) > SAME * width for q in out):
                out.append(p)
    return out


def _sample(lab: np.ndarray, p: Point) -> np.ndarray | None:
    """The mean colour of the 3 x 3 pixels round ``p``, or None at the photo's edge."""
    h, w, _ = lab.shape
    x, y = round(p[0]), round(p[1])
    if not (1 <= x < w - 1 and 1 <= y < h - 1):
        return None
    return lab[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).mean(axis=0)


def _looks(lab: np.ndarray, tiles: list[FoundTile], width: float) -> tuple[np.ndarray, np.ndarray] | None:
    """The colour of the pips read, and of the faces they lie on (beside the middle of each half,
    just inside the long sides: no pip lies there); with no pip read, the pips' likely colour."""
    pips = [s for t in tiles for p in (*t.pips_a, *t.pips_b) if (s := _sample(lab, p)) is not None]
    faces = []
    for t in tiles:
        corners = np.array(t.outline, dtype=np.float32)
        centre = np.array(t.center, dtype=np.float32)
        for along in (0.25, 0.75):
            for start, end in ((0, 3), (1, 2)):  # each long side, from the a end to the b end
                edge = corners[start] + along * (corners[end] - corners[start])
                inward = centre - edge
                point = edge + inward * (SIDE_IN * width / max(1e-6, float(np.linalg.norm(inward))))
                if (s := _sample(lab, (float(point[0]), float(point[1])))) is not None:
                    faces.append(s)
    if not faces:
        return None
    face = np.median(np.array(faces), axis=0)
    return (np.median(np.array(pips), axis=0) if pips else _unseen_pips(face)), face


def _unseen_pips(face: np.ndarray) -> np.ndarray:
    """The pips' colour where every tile read is blank (a face-down tile, a double blank): grey, at
    the faces' lightness turned over, as the pips of ivory and of black sets are."""
    return np.array([255.0 - face[0], 128.0, 128.0], dtype=np.float32)


def _pip_like(lab: np.ndarray, p: Point, width: float, pip: np.ndarray, face: np.ndarray) -> bool:
    """A hole nearer the pips' colour than the faces', on what is nearer the faces' colour, standing out
    from it about as much as a pip does."""
    inner = _sample(lab, p)
    r = AROUND * width
    beside = ((p[0] + r, p[1]), (p[0] - r, p[1]), (p[0], p[1] + r), (p[0], p[1] - r))
    ring = [s for q in beside if (s := _sample(lab, q)) is not None]
    if inner is None or len(ring) < 3:
        return False
    around = np.median(np.array(ring), axis=0)
    d = np.linalg.norm
    return bool(
        d(inner - pip) < d(inner - face)
        and d(around - face) < d(around - pip)
        and d(inner - around) >= CONTRAST * d(pip - face)
    )


def _clusters(points: list[Point], near: float) -> list[list[Point]]:
    """Points joined when closer than ``near``, one after another (single linkage)."""
    left = list(points)
    out: list[list[Point]] = []
    while left:
        cluster = [left.pop()]
        grew = True
        while grew:
            grew = False
            for p in list(left):
                if any(math.dist(p, q) < near for q in cluster):
                    cluster.append(p)
                    left.remove(p)
                    grew = True
        out.append(cluster)
    return out


def _spread(cluster: list[Point]) -> float:
    """The longest distance between two points of the cluster."""
    return max((math.dist(p, q) for p in cluster for q in cluster), default=0.0)


def _angle(tile: FoundTile) -> float:
    """The tile's long side from the x axis, in degrees."""
    (x0, y0), (x1, y1) = tile.outline[1], tile.outline[2]
    return math.degrees(math.atan2(y1 - y0, x1 - x0))


def _grown(outline: Outline, by: float) -> np.ndarray:
    """The outline with each corner moved ``by`` pixels further from its centre."""
    corners = np.array(outline, dtype=np.float32)
    centre = corners.mean(axis=0)
    away = corners - centre
    length = np.linalg.norm(away, axis=1, keepdims=True)
    return (centre + away * (1 + by / np.maximum(length, 1e-6))).astype(np.float32)
