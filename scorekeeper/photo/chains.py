"""Faces where tiles pressed together make one blob with nothing to see between them: a line of play
of black tiles, whose moulded pips leave no divider and no gap. faces.py proposes a face where a blob,
or a piece an opening leaves, is tile-shaped; such a blob is neither, and no opening takes it apart."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from .faces import ASPECT, SOLID, Box

CHAIN_ROUNDS = 30  # free ends taken off a chain at most (a line of play of 28 tiles, and a crossing)
CHAIN_EMPTY = 0.2  # beside a free end the blob covers less than this share of a strip ...
CHAIN_OFF = 0.25  # ... this far off the face's edge and this wide (in widths)
CHAIN_SLACK = 0.1  # a face slid along a chain fits this much (of its width) short across: rims are round
CHAIN_FIT = 1.6  # ... and this long (in widths): the shortest set's face
CHAIN_LONG = (1.6, 1.8, 2.0)  # the lengths (in widths) a face in a chain is tried at: sets differ ...
CHAIN_SHIFT = (-0.15, 0.0, 0.15)  # ... and where it ends, off the blob's end (a shadow, a cut)


def in_chains(mask: np.ndarray, min_side: float, read: Callable[[Box], float | None]) -> list[Box]:
    """Faces where tiles pressed together make one blob, an L or a zigzag that no opening takes apart
    and no single rectangle fits: the line of play of black tiles, whose moulded pips leave no divider
    and no gap to see. A line of play is a path, so it is taken apart from its ends: a face-sized
    rectangle that fits the blob flush against a free end (nothing beyond it, nothing beside its end)
    is a face; cut out, it leaves new free ends, until no more are found. ``read`` says how well a
    frame reads as a face (None: not one), and picks among the frames tried at an end."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    boxes: list[Box] = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < 3 * min_side**2 or area > 0.3 * mask.size:
            continue
        (_, _), (a, b), _ = cv2.minAreaRect(contour)
        if area >= SOLID * a * b and max(a, b) <= ASPECT[1] * min(a, b):
            continue  # one face: proposals takes it as it is
        x, y, w, h = cv2.boundingRect(contour)
        blob = np.zeros((h, w), np.uint8)
        cv2.drawContours(blob, [contour - np.array([x, y])], -1, 255, cv2.FILLED)

        def shifted(box: Box, x: int = x, y: int = y) -> float | None:
            return read(Box(box.cx + x, box.cy + y, box.w, box.h, box.angle))

        boxes += [Box(f.cx + x, f.cy + y, f.w, f.h, f.angle) for f in _chain_faces(blob, min_side, shifted)]
    return boxes


def _chain_faces(blob: np.ndarray, min_side: float, read: Callable[[Box], float | None]) -> list[Box]:
    """The faces of one blob of tiles in a chain (``blob``: its crop), as :func:`in_chains` says."""
    inside = cv2.distanceTransform(np.pad(blob, 1), cv2.DIST_L2, 5)[1:-1, 1:-1]
    ridge = (inside >= cv2.dilate(inside, np.ones((3, 3), np.uint8))) & (inside > 2)
    if not ridge.any():
        return []
    width = 2 * float(np.median(inside[ridge]))
    if width < min_side:
        return []
    turn = _square_to(blob)
    h, w = blob.shape
    side = int(np.ceil(np.hypot(h, w))) + 2
    rotate = cv2.getRotationMatrix2D((w / 2, h / 2), turn, 1.0)
    rotate[:, 2] += (side - w) / 2, (side - h) / 2
    square = cv2.warpAffine(blob, rotate, (side, side), flags=cv2.INTER_NEAREST) > 0
    back = cv2.invertAffineTransform(rotate)
    boxes: list[Box] = []
    for _ in range(CHAIN_ROUNDS):
        ends = _both_ways(square, width)
        # Stuck when every end left has blob beside it, as a double laid crosswise in the line has
        # where the line meets it. The ends with nothing beyond them are tried then, and the reader
        # judges (a chain's face is always marked for the user to check); only a face read is cut.
        stuck = not ends
        if stuck:
            ends = _both_ways(square, width, beside=False)
        found = False
        for end, middle, out, along_x in ends:
            # Sets differ in length: a face of each length is read from the end, and the best kept.
            best: tuple[float, Box, float] | None = None
            tries = [(k * width, end + j * width) for k in CHAIN_LONG for j in CHAIN_SHIFT]
            for length, start in tries:
                at = start - out * length / 2
                cx, cy = back @ np.array([at, middle, 1.0] if along_x else [middle, at, 1.0])
                box = Box(float(cx), float(cy), width, length, turn + (0.0 if along_x else 90.0))
                score = read(box)
                if score is not None and (best is None or score > best[0]):
                    best = (score, box, start)
            length = CHAIN_LONG[0] * width
            if best:
                boxes.append(best[1])
                end, length = best[2], best[1].h
                found = True
            elif stuck:
                continue
            # Cut out to its ends: the next face starts there.
            along = sorted((end, end - out * length))
            across = (middle - width / 2, middle + width / 2)
            (x0, x1), (y0, y1) = (along, across) if along_x else (across, along)
            square[max(0, round(y0)) : round(y1), max(0, round(x0)) : round(x1)] = False
        if stuck and not found:
            break
    return boxes


def _both_ways(square: np.ndarray, width: float, beside: bool = True) -> list[tuple[float, float, int, bool]]:
    """The free ends of the runs along x and along y, each with whether its run is along x."""
    along_x = [(*end, True) for end in _free_ends(square, width, beside)]
    return along_x + [(*end, False) for end in _free_ends(square.T, width, beside)]


def _free_ends(square: np.ndarray, width: float, beside: bool = True) -> list[tuple[float, float, int]]:
    """The free ends of the runs along x where a face fits the blob flush against one: the end's x,
    the run's middle row, and which way it ends (-1 left, +1 right). The rectangle slid is a little
    smaller than a face (rims are round, sets are not all two widths long)."""
    fit, across = round(CHAIN_FIT * width), round((1 - 2 * CHAIN_SLACK) * width)
    fits = cv2.erode(square.astype(np.uint8), np.ones((across, fit), np.uint8))
    count, places = cv2.connectedComponents(fits, connectivity=8)
    ends = []
    for k in range(1, count):
        ys, xs = np.nonzero(places == k)
        middle = float(ys.mean())
        for end, out in ((float(xs.min()) - fit / 2, -1), (float(xs.max()) + fit / 2, 1)):
            if _free(square, end, middle, width, out, beside):
                ends.append((end, middle, out))
                break
    return ends


def _free(square: np.ndarray, end: float, cy: float, width: float, out: int, beside: bool = True) -> bool:
    """Whether a face along x ending at x = ``end`` (its centre row ``cy``) ends freely towards
    ``out`` (-1 left, +1 right): the blob stops there, and the end's square has no blob beside it,
    as a corner of the chain would. Strips a little way off are looked at: a rim's shadow or a
    ragged mask reaches past the face's edge, the next tile of a corner runs on a whole width."""
    off, strip = round(CHAIN_OFF * width), max(2, round(CHAIN_OFF * width))
    at = round(end)
    near, far = sorted((at, round(end - out * width)))
    top, bottom = round(cy - width / 2), round(cy + width / 2)
    past = (at + off, at + off + strip) if out > 0 else (max(0, at - off - strip), max(0, at - off))
    beyond = square[top + strip : bottom - strip, past[0] : past[1]]
    above = square[max(0, top - off - strip) : max(0, top - off), near + strip : far - strip]
    below = square[bottom + off : bottom + off + strip, near + strip : far - strip]
    parts = (beyond, above, below) if beside else (beyond,)
    return all(part.size == 0 or part.mean() < CHAIN_EMPTY for part in parts)


def _square_to(blob: np.ndarray) -> float:
    """The turn, in degrees, that sets a blob's edges square to the axes: its outline's gradient
    directions, taken four times round so that the four sides of a rectangle agree, averaged."""
    dx = cv2.Sobel(blob, cv2.CV_32F, 1, 0)
    dy = cv2.Sobel(blob, cv2.CV_32F, 0, 1)
    strength = np.hypot(dx, dy)
    four = 4 * np.arctan2(dy, dx)
    mean = np.arctan2(float((strength * np.sin(four)).sum()), float((strength * np.cos(four)).sum()))
    return float(np.degrees(mean) / 4)
