"""Every face in a photo: proposals from each mask, read, and the best one kept where they overlap."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import NamedTuple

import cv2
import numpy as np

from .chains import in_chains
from .faces import Box, common_area, each_filled, filled, from_dividers, masks, outlined, proposals
from .halves import LOST, PIP_AREA, Face, read_face
from .model import UNSURE

COVERED = 0.85  # a frame round a divider must lie this much on the mask
OUTLINED_SURE = 0.5  # how sure a face only an outline proposed must be read, unless its divider is faint
SEAM = 0.08  # a face cut out of its blob goes with this much (of its width) all round: seam and shadow
MIN_SIDE = 1 / 45  # the narrowest face read, as a fraction of the photo's long side
RESIZE = 0.1  # a divider frame this much (of the set's width) off the faces read sure is drawn again
SIZE = (0.6, 1.6)  # a face this much narrower or wider than a tile at its place is a frame of something else
CHAIN_LINE = 0.8  # a chain's face read by its divider shows it across this much of its width at least
CHAIN_CLOSE = 0.3  # a line of play's blob is closed this much (of the narrowest face) before it is taken apart
#: Tiles do not overlap: a frame lying this much (of its area) over faces kept and read surer is a
#: frame over parts of them (the ends of two tiles in a chain, the seam taken for a divider; a tile's
#: end and its shadow), however far its centre is from theirs. Only surer ones: a frame kept first
#: for its tier (a true divider) may itself be the one lying over two tiles read by faint lines.
OVER_KEPT = 0.3
#: A divider this far (of the frame's length) off the frame's middle: the frame may be drawn short at
#: one end (a tile pressed against another's side: the blob's outline cuts across its end).
OFF_CENTRE = 0.05


class Scanned(NamedTuple):
    """What the face reader saw in a photo."""

    faces: list[Face]
    places: list[Box]  # tile-shaped places with pips in them that no reading made a face of
    masks: list[np.ndarray]  # the masks it proposed from (where else pips may lie: strays.py)


def scan(rgb: np.ndarray) -> list[Face]:
    """The faces read in a working-size RGB image (uint8), best proposal per place."""
    return scan_places(rgb).faces


def scan_places(rgb: np.ndarray) -> Scanned:
    """The faces read, and the tile-shaped places with pips in them that no reading made a face of
    (a divider lost under glare or light): where a tile may have been missed, for the user to check."""
    h, w, _ = rgb.shape
    min_side = max(8.0, MIN_SIDE * max(h, w))
    # The masks and the searches propose many frames twice (a face is a blob in more than one mask):
    # a frame is read once.
    reading = cache(lambda box: read_face(rgb, box))
    faces: list[Face] = []
    places: list[Box] = []
    unsized: list[tuple[Box, np.ndarray]] = []  # divider frames that read as nothing, with their mask's blobs
    for box in proposals(outlined(rgb), min_side):
        # Outlines are found on any texture too: a face there must read well, or be one of the
        # washed-out faces only outlines find (whose faint divider keeps it marked).
        face = reading(box)
        if face is not None and (face.faint or face.sure >= OUTLINED_SURE):
            faces.append(face)
    chained = _chain_reader(reading)
    every = masks(rgb)
    solids = [filled(mask) for mask in every]
    for mask, solid in zip(every, solids, strict=True):
        for box in proposals(solid, min_side):
            face = reading(box)
            if box.bitten:
                # A hull spans whatever the rim's notches join (two tiles, a tile and glare): a face
                # only if its marks make sense and hold the pips that bit it, never a place to check.
                if face is not None and face.sure >= LOST and face.a.count + face.b.count > 0:
                    faces.append(face)
            elif face is not None:
                faces.append(face)
            elif _pips_in(solid, mask, box) >= 2:
                places.append(box)
        joined = _closed(mask, min_side)
        faces += [face for box in in_chains(joined, min_side, chained) if (face := reading(box))]
        for box in from_dividers(mask, min_side):
            # A frame drawn round a line: only a face if the mask fills it and it holds pips (a seam or a
            # row of pips is a line too; a true double blank is found by its own outline).
            face = reading(box) if coverage(solid, box) >= COVERED else None
            if face is not None and face.a.count + face.b.count > 0:
                faces.append(face)
            elif not box.lean:
                unsized.append((box, solid))
    kept = _best(faces)
    resized = _resized(reading, unsized, kept)
    if resized:
        kept = _best(kept + resized)
    read = [k for k in kept if k.sure >= LOST]  # faces that make sense: cut out, a junk frame is not
    peeled = [
        face
        for box in _peeled(solids, read, min_side, chained)
        if all(not _overlap(box, k.box) for k in read)
        and (face := reading(box)) is not None
        and face.sure >= LOST
        and face.a.count + face.b.count > 0
    ]
    if peeled:
        kept = _best(kept + peeled)
    return Scanned(_same_size(_centred_again(reading, kept)), places, every)


def centred(face: Face) -> Box | None:
    """The face's frame moved along to be centred on its divider, as long as its longer half makes
    it; None where the divider lies near enough the middle (or no line was seen)."""
    if face.gap or abs(face.line - 0.5) < OFF_CENTRE:
        return None
    box = face.box
    c = box.corners()
    along = (c[2] - c[1]) / max(1e-6, box.h)
    shift = (face.line - 0.5) * box.h
    length = 2 * max(face.line, 1 - face.line) * box.h
    return Box(box.cx + shift * along[0], box.cy + shift * along[1], box.w, length, box.angle, box.lean)


def _centred_again(reading: Callable[[Box], Face | None], faces: list[Face]) -> list[Face]:
    """Each face kept whose divider lies off its frame's middle, read again in a frame centred on the
    divider, and taken so where that reads surer: a tile's divider is at its middle, and a frame
    drawn short at one end (the outline of a T of tiles cut across it) has left pips out."""
    out: list[Face] = []
    for face in faces:
        box = centred(face)
        again = reading(box) if box is not None else None
        out.append(again if again is not None and again.sure > face.sure else face)
    return out


def _resized(
    reading: Callable[[Box], Face | None], unsized: list[tuple[Box, np.ndarray]], kept: list[Face]
) -> list[Face]:
    """The divider frames that read as nothing, drawn again at the size of the faces read sure: a
    divider that runs out to the rim (or into a stone the tile touches) is measured long, and its frame
    round the tile and the table beside it puts the pips off the grid. One set's tiles are one size."""
    sure = [f.box for f in kept if f.sure >= UNSURE and not f.faint]
    if len(sure) < 2:
        return []
    width, length = float(np.median([b.w for b in sure])), float(np.median([b.h for b in sure]))
    out: list[Face] = []
    for box, solid in unsized:
        if abs(box.w / width - 1) < RESIZE or any(_overlap(box, f.box) for f in kept if f.sure >= LOST):
            continue
        again = Box(box.cx, box.cy, width, length, box.angle)
        if coverage(solid, again) < COVERED:
            continue
        face = reading(again)
        if face is not None and face.sure >= LOST and face.a.count + face.b.count > 0:
            out.append(face)
    return out


def _closed(mask: np.ndarray, min_side: float) -> np.ndarray:
    """The mask's blobs with narrow notches closed, then filled: in a line of black tiles the seams
    and the pips at the rims notch the blob, so a face-sized rectangle slid along it stops short of
    an end. Only the chain search reads it: elsewhere a notch is what tells a tile from its neighbour,
    or a tile from the stone it touches."""
    size = max(3, round(CHAIN_CLOSE * min_side)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return filled(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel))


def _chain_reader(reading: Callable[[Box], Face | None]) -> Callable[[Box], float | None]:
    """How well a frame in a chain of tiles reads: where no divider shows, or where one shows right
    across and the pips sit on their pattern. Across two touching tiles the seam between them reads
    as a line too, but a broken one, with the pips off their places; a line of ivory tiles on a card
    as light as they are has dividers no mask holds, and is found only here."""

    def read(box: Box) -> float | None:
        face = reading(box)
        return face.score if face is not None and (face.gap or _lined(face)) and face.sure >= LOST else None

    return read


def _lined(face: Face) -> bool:
    """A chain's face read by its divider: a line right across, pips on their pattern."""
    return face.divider >= CHAIN_LINE and face.sure >= UNSURE


def _best(faces: list[Face]) -> list[Face]:
    """The best proposal per place."""
    faces = sorted(faces, key=lambda f: (_tier(f), -f.score))
    kept: list[Face] = []
    for face in faces:
        surer = [k for k in kept if k.sure > face.sure]
        if all(not _overlap(face.box, k.box) for k in kept) and _over(face.box, surer) < OVER_KEPT:
            kept.append(face)
    return kept


def _over(box: Box, kept: list[Face]) -> float:
    """The share of the frame's area that lies over the frames of ``kept``."""
    corners = box.corners().astype(np.float32)
    area = max(1e-6, box.w * box.h)
    return sum(common_area(corners, k.box.corners().astype(np.float32)) for k in kept) / area


def _peeled(
    solids: list[np.ndarray], kept: list[Face], min_side: float, chained: Callable[[Box], float | None]
) -> list[Box]:
    """Proposals in what is left of each blob holding a face once the faces read are cut out of it:
    a tile pressed against another's side makes one blob with it, L- or T-shaped, that no opening
    takes apart, but the face read cut away leaves the other whole."""
    if not kept:
        return []
    boxes: list[Box] = []
    cuts = [np.round(_grown(f.box).corners()).astype(np.int32) for f in kept]
    for solid in solids:
        n, labels = cv2.connectedComponents(solid, connectivity=8)
        holding = np.zeros(n, dtype=bool)
        for f in kept:
            x, y = round(f.box.cx), round(f.box.cy)
            if 0 <= y < labels.shape[0] and 0 <= x < labels.shape[1]:
                holding[labels[y, x]] = True
        holding[0] = False
        if not holding.any():
            continue
        rest = np.where(holding, 255, 0).astype(np.uint8)[labels]  # per label, then looked up: one pass
        each_filled(rest, cuts, 0)
        boxes += proposals(rest, min_side) + in_chains(rest, min_side, chained)
    return boxes


def _grown(box: Box) -> Box:
    """The frame a little wider all round: the seam and the rim's shadow go with the face cut out."""
    grow = SEAM * box.w
    return Box(box.cx, box.cy, box.w + grow, box.h + grow, box.angle, box.lean)


def _pips_in(solid: np.ndarray, mask: np.ndarray, box: Box) -> int:
    """How many round, pip-sized holes the mask's blob has inside the frame."""
    frame, at = _frame(solid.shape, box)
    if not frame.size:
        return 0
    holes = frame & solid[at] & ~mask[at]
    _, _, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=8)
    return int(pip_holes(stats[1:], box.w * box.w).sum())


def pip_holes(stats: np.ndarray, unit: float) -> np.ndarray:
    """Which holes (rows of OpenCV's component stats) are round and of a pip's size, ``unit`` being
    the square of the faces' width."""
    w, h, area = (stats[:, k].astype(np.float64) for k in (cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT, cv2.CC_STAT_AREA))
    pip_sized = (area / unit >= PIP_AREA[0]) & (area / unit <= PIP_AREA[1])
    return pip_sized & (np.maximum(w, h) <= 2 * np.minimum(w, h)) & (area >= 0.5 * w * h)


def _tier(face: Face) -> int:
    """Which proposals win a place first: a face with a true divider read with some sense, then one
    read by a faint line (the fallback for washed-out faces), then a true divider around marks that
    fit no pattern (the seam of two tiles, half a tile and the table)."""
    if face.faint:
        return 1
    return 0 if face.sure >= LOST else 2


def coverage(solid: np.ndarray, box: Box) -> float:
    """The share of a frame that the (filled) mask covers."""
    frame, at = _frame(solid.shape, box)
    inside = int(np.count_nonzero(frame))
    return int(np.count_nonzero(frame & solid[at])) / inside if inside else 0.0


def _frame(shape: tuple[int, ...], box: Box) -> tuple[np.ndarray, tuple[slice, slice]]:
    """The frame filled in, over just the part of the image it spans (the rectangle the second item
    cuts out): the same pixels as filled on the whole image, without a whole image's work per frame."""
    corners = np.round(box.corners()).astype(np.int32)
    x, y, w, h = cv2.boundingRect(corners)
    x0, y0, x1, y1 = max(0, x), max(0, y), min(shape[1], x + w), min(shape[0], y + h)
    frame = np.zeros((max(0, y1 - y0), max(0, x1 - x0)), np.uint8)
    if frame.size:
        cv2.fillPoly(frame, [corners - np.array([x0, y0], np.int32)], 255)
    return frame, (slice(y0, y1), slice(x0, x1))


def _overlap(one: Box, two: Box) -> bool:
    """Two proposals for the same face (or one over another's): their centres are within a half-width."""
    limit = 0.5 * min(one.w, two.w)
    if (one.cx - two.cx) ** 2 + (one.cy - two.cy) ** 2 < limit**2:
        return True
    inside = cv2.pointPolygonTest(two.corners().astype(np.float32), (one.cx, one.cy), False) >= 0
    return inside or cv2.pointPolygonTest(one.corners().astype(np.float32), (two.cx, two.cy), False) >= 0


def _same_size(faces: list[Face]) -> list[Face]:
    """One set's tiles are one size: a face far off the median width is no tile (a phone, a sheet).
    Every face says the size, a faint one too: a line of black tiles is read by faint faces only,
    and one frame round the table beside it, read as nothing, is no measure of a tile."""
    if len(faces) < 3:
        return faces
    median = float(np.median([f.box.w for f in faces]))
    # A face read sure stays whatever the others' size: the frames round a seam or a speck, read as
    # nothing, can be many, and smaller than the one tile of a close-up.
    return [f for f in faces if f.sure >= UNSURE or SIZE[0] * median <= f.box.w <= SIZE[1] * median]


def to_photo(face: Face, point: tuple[float, float]) -> tuple[float, float]:
    """A straightened-face pixel back in working-image pixels."""
    inverse = cv2.invertAffineTransform(face.warp)
    x, y = point
    return (
        float(inverse[0, 0] * x + inverse[0, 1] * y + inverse[0, 2]),
        float(inverse[1, 0] * x + inverse[1, 1] * y + inverse[1, 2]),
    )
