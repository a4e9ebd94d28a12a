"""Every face in a photo: proposals from each mask, read, and the best one kept where they overlap."""

from __future__ import annotations

import cv2
import numpy as np

from .faces import Box, filled, from_dividers, masks, proposals
from .halves import Face, read_face

COVERED = 0.85  # a frame round a divider must lie this much on the mask
MIN_SIDE = 1 / 45  # the narrowest face read, as a fraction of the photo's long side


def scan(rgb: np.ndarray) -> list[Face]:
    """The faces read in a working-size RGB image (uint8), best proposal per place."""
    h, w, _ = rgb.shape
    min_side = max(8.0, MIN_SIDE * max(h, w))
    faces: list[Face] = []
    for mask in masks(rgb):
        solid = filled(mask)
        for box in proposals(solid, min_side):
            face = read_face(rgb, box)
            if face is not None:
                faces.append(face)
        for box in from_dividers(mask, min_side):
            # A frame drawn round a line: only a face if the mask fills it and it holds pips (a seam or a
            # row of pips is a line too; a true double blank is found by its own outline).
            if coverage(solid, box) < COVERED:
                continue
            face = read_face(rgb, box)
            if face is not None and face.a.count + face.b.count > 0:
                faces.append(face)
    faces.sort(key=lambda f: -f.score)
    kept: list[Face] = []
    for face in faces:
        if all(not _overlap(face.box, k.box) for k in kept):
            kept.append(face)
    return _same_size(kept)


def coverage(solid: np.ndarray, box: Box) -> float:
    """The share of a frame that the (filled) mask covers."""
    frame = np.zeros_like(solid)
    cv2.fillPoly(frame, [np.round(box.corners()).astype(np.int32)], 255)
    inside = int(np.count_nonzero(frame))
    return int(np.count_nonzero(frame & solid)) / inside if inside else 0.0


def _overlap(one: Box, two: Box) -> bool:
    """Two proposals for the same face (or one over another's): their centres are within a half-width."""
    limit = 0.5 * min(one.w, two.w)
    if (one.cx - two.cx) ** 2 + (one.cy - two.cy) ** 2 < limit**2:
        return True
    inside = cv2.pointPolygonTest(two.corners().astype(np.float32), (one.cx, one.cy), False) >= 0
    return inside or cv2.pointPolygonTest(one.corners().astype(np.float32), (two.cx, two.cy), False) >= 0


def _same_size(faces: list[Face]) -> list[Face]:
    """One set's tiles are one size: a face far off the median width is no tile (a phone, a sheet)."""
    if len(faces) < 3:
        return faces
    median = float(np.median([f.box.w for f in faces]))
    return [f for f in faces if 0.6 * median <= f.box.w <= 1.6 * median]


def to_photo(face: Face, point: tuple[float, float]) -> tuple[float, float]:
    """A straightened-face pixel back in working-image pixels."""
    inverse = cv2.invertAffineTransform(face.warp)
    x, y = point
    return (
        float(inverse[0, 0] * x + inverse[0, 1] * y + inverse[0, 2]),
        float(inverse[1, 0] * x + inverse[1, 1] * y + inverse[1, 2]),
    )
