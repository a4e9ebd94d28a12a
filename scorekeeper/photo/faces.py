"""Where the tile faces are: candidate rectangles from several masks of the photo (OpenCV).

A tile face stands out from the table by brightness (ivory on dark cloth, black
on a white sheet) or by colour (ivory on green felt). No single mask holds for
every photo, so each of three masks proposes rectangles and the halves reader
(``halves.py``) judges them: a proposal that is no domino face (no divider, pips
off the grid) scores low and loses to a better one in the same place.

Tiles that touch run together in a mask; the seam between them is a thin dark
line, so the blob is opened with growing kernels until its pieces are tile
shaped, and each piece is proposed on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .colour import distance

ASPECT = (1.4, 2.6)  # long side / short side of a face, with some perspective and shadow
SOLID = 0.78  # area of a blob over its rectangle's: a single face is a full rectangle
OPENINGS = (0.06, 0.12, 0.2, 0.3)  # kernels that open touching tiles apart, fractions of the blob's width
DIVIDER_SPAN = 0.82  # a divider line's length over its face's width
RING = 0.03  # the edge ring that samples the table, fraction of the short side
DEEP = 0.3  # a divider's centre lies this far inside its face at least, of the divider's length
BITTEN = 0.7  # a blob bitten into from its rim still holds this share of its hull
CONVEX = 0.85  # a blob with this share of its hull's area or more is one face (a notch in its rim at most)
EDGE_SHARE = 90  # the strongest tenth of a photo's gradients may be outlines
TABLE = 0.3  # a blob larger than this share of the photo is the table itself


@dataclass(frozen=True)
class Box:
    """A rotated rectangle proposed as one face, in working pixels (OpenCV's minAreaRect form)."""

    cx: float
    cy: float
    w: float  # short side
    h: float  # long side
    angle: float  # degrees, of the long side from the x axis
    lean: float = 0.0  # degrees the ends turn from square: a tile seen at a slant is a parallelogram
    bitten: bool = False  # the hull of a blob bitten into from its rim (scan.py reads it more strictly)

    def corners(self) -> np.ndarray:
        """Four corners going round: the first two close one end (the ``a`` half), the last two the other."""
        t = np.deg2rad(self.angle)
        along = np.array([np.cos(t), np.sin(t)]) * self.h / 2
        u = t + np.deg2rad(90.0 + self.lean)
        across = np.array([np.cos(u), np.sin(u)]) * self.w / 2
        c = np.array([self.cx, self.cy])
        return np.array([c - along - across, c - along + across, c + along + across, c + along - across])


def masks(rgb: np.ndarray) -> list[np.ndarray]:
    """Binary masks (uint8 0/255) in which tile faces may be whole blobs."""
    lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB)
    light = cv2.GaussianBlur(lab[..., 0], (5, 5), 0)
    _, bright = cv2.threshold(light, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    out = [bright, cv2.bitwise_not(bright)]
    h, w = light.shape
    # Uneven light (a lamp, a flash's falloff): brighter or darker than the surroundings, not than the photo.
    small = cv2.resize(light, (max(1, w // 8), max(1, h // 8)), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), max(h, w) / 96)
    around = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.int16)
    local = np.clip(light.astype(np.int16) - around + 128, 0, 255).astype(np.uint8)
    _, above = cv2.threshold(local, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    out += [above, cv2.bitwise_not(above)]
    ring = max(2, round(RING * min(h, w)))
    edge = np.concatenate(
        [
            lab[:ring].reshape(-1, 3),
            lab[-ring:].reshape(-1, 3),
            lab[:, :ring].reshape(-1, 3),
            lab[:, -ring:].reshape(-1, 3),
        ]
    ).astype(np.float32)
    table = np.median(edge, axis=0)
    far = distance(cv2.GaussianBlur(lab, (5, 5), 0).astype(np.float32), table)
    far8 = np.clip(far * 2, 0, 255).astype(np.uint8)
    _, apart = cv2.threshold(far8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    out.append(apart)
    # Light faces on a coloured cloth as light as they are (ivory on green card): apart from the table,
    # their pips and divider are apart too and fill the blob; the lighter part of what is apart holds
    # them as holes again, so tiles pressed end to end are still told apart by their dividers.
    inside = light[apart > 0]
    if inside.size:
        level, _ = cv2.threshold(inside.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        out.append(np.where((apart > 0) & (light > level), 255, 0).astype(np.uint8))
    return out


def outlined(rgb: np.ndarray) -> np.ndarray:
    """Every outline filled to its convex hull: a white tile on a white sheet, a paper card on a wall, differ from
    what they lie on by too little for any threshold, but their edges (a shadow, a rim) are plain
    (``strong_edges``). Filled to hulls, its blobs have no holes: it proposes outlines only, no
    dividers."""
    edges = strong_edges(rgb)
    # Every outline, also those inside another: the table's own edge, filled, would cover every tile
    # lying on it, so a hull of the table's size is left out and the tiles' outlines are kept. A hole's
    # outline lies inside its blob's, so its hull is filled only where the blob's was left out (most
    # outlines are holes in the edges' speckle: 8,100 of 8,500 in a photo of four tiles on cloth).
    contours, tree = cv2.findContours(edges, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    most = TABLE * edges.size
    parent = tree[0][:, 3] if contours else np.empty(0, np.int32)
    blobs = {int(i): cv2.convexHull(contours[int(i)]) for i in np.flatnonzero(parent < 0)}
    table = np.zeros(len(contours), dtype=bool)
    for i, hull in blobs.items():
        table[i] = cv2.contourArea(hull) > most
    holes = [cv2.convexHull(contours[int(i)]) for i in np.flatnonzero((parent >= 0) & table[parent])]
    hulls = [h for i, h in blobs.items() if not table[i]] + [h for h in holes if cv2.contourArea(h) <= most]
    return each_filled(np.zeros_like(edges), hulls)


def strong_edges(rgb: np.ndarray) -> np.ndarray:
    """The photo's strongest edges, thickened to close their gaps: Canny at levels from the photo's
    own gradients (the strongest tenth), so a soft photo's faint rims count and a sharp one's texture
    does not."""
    light = cv2.GaussianBlur(cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB)[..., 0], (5, 5), 0)
    dx = cv2.Sobel(light, cv2.CV_16S, 1, 0)
    dy = cv2.Sobel(light, cv2.CV_16S, 0, 1)
    strength = np.abs(dx).astype(np.int32) + np.abs(dy)
    high = max(24.0, float(np.percentile(strength, EDGE_SHARE)))
    edges = cv2.Canny(light, high / 2, high)
    return cv2.dilate(edges, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))


def proposals(mask: np.ndarray, min_side: float) -> list[Box]:
    """Tile-shaped rectangles among the mask's blobs; a blob of touching tiles is opened apart."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    clean = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    most = TABLE * mask.size
    boxes: list[Box] = []
    pending: list[tuple[np.ndarray, int, int, int]] = [(clean, 0, 0, 0)]
    while pending:
        piece, level, ox, oy = pending.pop()
        contours, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < 1.2 * min_side**2:
                continue
            (cx, cy), (a, b), angle = cv2.minAreaRect(contour)
            short, long_ = min(a, b), max(a, b)
            if short <= 0:
                continue
            if b > a:
                angle += 90.0
            if ASPECT[0] <= long_ / short <= ASPECT[1] and area >= SOLID * short * long_ and short >= min_side:
                boxes.append(Box(cx + ox, cy + oy, short, long_, angle))
                continue
            bitten = _bitten(contour, min_side, ox, oy)
            if bitten is not None:
                boxes.append(bitten)
            if level >= len(OPENINGS) or area < 2 * min_side**2 or area > most:
                continue
            # Touching tiles (or a tile and its shadow): open this blob alone with the next kernel.
            k = max(1, round(OPENINGS[level] * max(min_side, min(short, 0.5 * long_))))
            x, y, bw, bh = cv2.boundingRect(contour)
            alone = np.zeros((bh + 2 * k + 2, bw + 2 * k + 2), np.uint8)
            shifted = contour - np.array([x - k - 1, y - k - 1])
            cv2.drawContours(alone, [shifted], -1, 255, cv2.FILLED)
            ellipse = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
            pending.append(
                (cv2.morphologyEx(alone, cv2.MORPH_OPEN, ellipse), level + 1, ox + x - k - 1, oy + y - k - 1)
            )
    return boxes


def _bitten(contour: np.ndarray, min_side: float, ox: int, oy: int) -> Box | None:
    """The face of a blob bitten into from its rim: pips and a divider that touch the edge of a small
    or blurred face are notches in its blob, not holes, so the blob fills too little of its rectangle.
    Its hull is the face, if that is tile shaped and the bites are not most of it. (Bites cannot be
    told from the notch of two tiles in an L by their size: on a small face a divider run into its
    pips bites as deep. The hull's reading decides: scan.py keeps it only if it reads with sense.)
    ``ox``, ``oy``: where the contour's piece lies in the mask."""
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or cv2.contourArea(contour) < BITTEN * hull_area:
        return None
    (cx, cy), (a, b), angle = cv2.minAreaRect(hull)
    short, long_ = min(a, b), max(a, b)
    if short < min_side or not ASPECT[0] <= long_ / short <= ASPECT[1] or hull_area < SOLID * short * long_:
        return None
    return Box(cx + ox, cy + oy, short, long_, angle + 90.0 if b > a else angle, bitten=True)


def from_dividers(mask: np.ndarray, min_side: float) -> list[Box]:
    """A face around every divider line: thin dark bars inside the mask's blobs (tiles pressed together
    show no seam, but each still has its divider). A pin at the divider's centre cuts it in two: pieces
    in line are joined first.

    Each bar gives a square-cornered face across it, and, where pips lie beside it, a second face
    framed by them: every pip pattern is symmetric, so the pips of a half are centred on that half,
    and the line from one half's centre to the other's is the tile's own long axis, however the tile
    is seen at a slant (a product shot, a camera held low) and however short perspective makes it.
    """
    hull = hulls(mask, min_side)
    holes = cv2.bitwise_and(hull, cv2.bitwise_not(mask))
    inside = cv2.distanceTransform(hull, cv2.DIST_L2, 3)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(holes, connectivity=8)
    bars: list[tuple[float, float, float, float]] = []  # cx, cy, length, angle (degrees)
    spots: list[tuple[float, float, float]] = []  # round holes that may be pips: cx, cy, area
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if area < 6:
            continue
        if max(w, h) < 0.3 * min_side:
            if max(w, h) <= 3 * min(w, h) and area >= 0.5 * w * h:
                spots.append((float(centres[i][0]), float(centres[i][1]), float(area)))
            continue
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
        points = np.stack([xs + x, ys + y], axis=1).astype(np.float32)
        (cx, cy), (a, b), angle = cv2.minAreaRect(points)
        long_, short = max(a, b), max(1.0, min(a, b))
        if long_ / short < 3.5:
            if long_ <= 3 * short and area >= 0.5 * a * b:
                spots.append((float(centres[i][0]), float(centres[i][1]), float(area)))
            continue
        if inside[min(int(cy), mask.shape[0] - 1), min(int(cx), mask.shape[1] - 1)] < DEEP * long_:
            continue  # a dent along a blob's edge (a shadow, a gap between tiles), no divider
        bars.append((cx, cy, long_, angle + (90.0 if b > a else 0.0)))
    joined = list(bars)
    for i, (x1, y1, l1, t1) in enumerate(bars):
        for x2, y2, l2, t2 in bars[i + 1 :]:
            turn = abs((t1 - t2 + 90) % 180 - 90)
            d = np.array([np.cos(np.deg2rad(t1)), np.sin(np.deg2rad(t1))])
            gap = np.array([x2 - x1, y2 - y1])
            along, off = abs(float(gap @ d)), abs(float(gap @ np.array([-d[1], d[0]])))
            if turn < 10 and off < 0.1 * (l1 + l2) and along < 0.75 * (l1 + l2):
                joined.append(((x1 + x2) / 2, (y1 + y2) / 2, along + (l1 + l2) / 2, t1))
    boxes = []
    for cx, cy, length, angle in joined:
        width = length / DIVIDER_SPAN
        if width >= min_side:
            boxes.append(Box(cx, cy, width, 2 * width, angle + 90.0))
            slanted = _framed_by_pips(cx, cy, width, angle, spots)
            if slanted is not None:
                boxes.append(slanted)
    return boxes


def _framed_by_pips(
    cx: float, cy: float, width: float, angle: float, spots: list[tuple[float, float, float]]
) -> Box | None:
    """The face across a divider (centre, face width, the line's angle) framed by the pips beside it:
    its long axis from one half's pip centre to the other's, or None where too few pips say it."""
    t = np.deg2rad(angle)
    d = np.array([np.cos(t), np.sin(t)])
    normal = np.array([-d[1], d[0]])
    centre = np.array([cx, cy])
    sides: dict[int, list[np.ndarray]] = {-1: [], 1: []}
    for x, y, area in spots:
        off = np.array([x, y]) - centre
        across, out = float(off @ d), float(off @ normal)
        if area > (0.3 * width) ** 2 or np.hypot(across, out) > 1.2 * width or not 0.08 * width < abs(out) < width:
            continue
        sides[1 if out > 0 else -1].append(np.array([x, y]))
    if not sides[-1] and not sides[1]:
        return None
    if sides[-1] and sides[1]:
        axis = 2 * (np.mean(sides[1], axis=0) - np.mean(sides[-1], axis=0))
        mid = (np.mean(sides[1], axis=0) + np.mean(sides[-1], axis=0)) / 2
    else:
        side = 1 if sides[1] else -1
        towards = np.mean(sides[side], axis=0) - centre
        axis = side * 4 * towards
        mid = centre
    length = float(np.hypot(*axis))
    if length < 0.8 * width:
        return None
    along = float(np.degrees(np.arctan2(axis[1], axis[0])))
    lean = (angle - along - 90.0 + 90.0) % 180.0 - 90.0
    if abs(lean) < 6.0 or abs(lean) > 50.0:
        return None  # square enough: the square frame above is this one
    return Box(float(mid[0]), float(mid[1]), width, length, along, lean)


def hulls(mask: np.ndarray, min_side: float) -> np.ndarray:
    """Each blob of tile size or more that is nearly convex filled to its convex hull: a face is convex,
    so a divider or pip that reaches its rim (a highlight along the edge, a tile seen at a slant) is
    still inside it. A blob far from convex (a chain of tiles, a pattern on the cloth) is left as it
    is: its hull holds table."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(mask)
    big = []
    for contour in contours:
        area = cv2.contourArea(contour)
        x, y, w, h = cv2.boundingRect(contour)
        sides = (x == 0) + (y == 0) + (x + w == mask.shape[1]) + (y + h == mask.shape[0])
        if area >= min_side**2 and sides < 3:  # out to three of the photo's sides: the table
            hull = cv2.convexHull(contour)
            if area >= CONVEX * cv2.contourArea(hull):
                big.append(hull)
    return cv2.bitwise_or(each_filled(out, big), filled(mask))


def filled(mask: np.ndarray) -> np.ndarray:
    """The mask with every blob's holes filled (pips and divider are holes in a face)."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(mask)
    cv2.drawContours(out, contours, -1, 255, cv2.FILLED)
    return out


def each_filled(canvas: np.ndarray, outlines: list[np.ndarray], value: int = 255) -> np.ndarray:
    """``canvas`` with every outline filled with ``value``, each on its own: OpenCV fills a list of
    them in one call even-odd, so an outline lying inside another (a tile's inside the hull of the
    table's edge) or two that overlap (the frames of touching tiles) would leave a hole there."""
    for outline in outlines:
        cv2.drawContours(canvas, [outline], -1, value, cv2.FILLED)
    return canvas


def common_area(one: np.ndarray, two: np.ndarray) -> float:
    """The area two convex frames (corners as float32 points) share: tiles do not overlap, so a frame
    lying much over another's is a frame of part of it."""
    area, _ = cv2.intersectConvexConvex(one, two)
    return float(area)
