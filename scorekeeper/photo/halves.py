"""Read one proposed face: straighten it, find its divider, count each half's pips, say how sure.

The face is warped to a fixed upright size (``SIDE`` wide, twice that long), so every size below
is a fraction of the tile, whatever the photo's resolution. Ink is whatever differs from the face's
own colour (black pips on ivory, white on black, coloured pips, the divider). A real face has a
divider across its middle; a face-down tile, the box or a phone has none, so it is no tile.

How sure a half is comes from the domino itself: n pips sit on the pip grid in n's pattern, all of
one size. A half whose marks are off the pattern, of mixed sizes, or too big or too small for pips,
is unsure: the reading flags the tile for the user to check rather than pass it off as certain.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .colour import distance
from .faces import Box
from .faint import faint_line, gap_line

SIDE = 64  # the straightened face is SIDE x 2 SIDE pixels
MARGIN = 0.07  # of the width: the rim, left out (shadow and bevel look like ink)
PIP_AREA = (0.006, 0.1)  # a pip's area, as a fraction of a half's (SIDE^2)
LOST = 0.2  # a face read less sure than this makes no sense of its marks (glare, a pip run into the rim)
BLANK = 0.75  # how sure a half without a single mark is (no pips is weak evidence)
DOUBLE_BLANK = 0.45  # a 0-0 is more often a face-down tile or the side of one than the double blank
BLANK_LINE = 60.0  # a double blank's divider stands this far (Lab) from its face at least
CORES = 0.35  # pips cut apart hold this share of their blob's area at least
OPEN = 0.1  # the opening that takes a thin line off a pip run into it, of the width
FAINT_FIT = 0.5  # a face with a faint divider is one only if both halves sit on their patterns this well
FAINT_SURE = 0.45  # and even then it is marked: a sheet with dots on it looks alike
CORNER = 0.14  # a face's corner radius, of the width
GRID = 0.27  # pip spacing in a half, fraction of SIDE (from the centre to a corner place)
SPACINGS = (0.8, 0.9, 1.0, 1.12, 1.25)  # pip spacings tried, of GRID
PALE_LEVEL = 10.0  # a pale mark stands this far (Lab) from the face at least ...
PALE_SHARE = 0.4  # ... and this share of the ink level
PALE_SURE = 0.4  # how sure a blank half holding one is
PALE_AREA = 0.012  # ... of half a pip's area at least (of SIDE^2): a speck of grain is no washed-out pip
LINE_RUN = 0.3  # a row of the divider holds a run of ink this long (of the width inside the rim) at least
CENTRED_DRIFT = 0.15  # a half judged round its own pips: their centre within this much (of SIDE) of the frame's
GLARE_RISE = 15.0  # a mark this much lighter than the face (L of Lab), beside a dark divider, ...
GLARE_LIGHT = 200.0  # ... and this light at least (of 255), is glare
RIM_BAND = 0.2  # a thin line this close (of the width) along the rim is the rim's shadow or bevel
SPINNER = 0.18  # the spinner's head, of the width, round the divider's middle: no pip comes this near

# Pip places in a half, in units of GRID, centre (0, 0); each pattern in its two orientations.
PATTERNS: dict[int, list[list[tuple[int, int]]]] = {
    0: [[]],
    1: [[(0, 0)]],
    2: [[(-1, -1), (1, 1)], [(1, -1), (-1, 1)]],
    3: [[(-1, -1), (0, 0), (1, 1)], [(1, -1), (0, 0), (-1, 1)]],
    4: [[(-1, -1), (1, -1), (-1, 1), (1, 1)]],
    5: [[(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]],
    6: [[(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)], [(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)]],
}


def _rounded_face() -> np.ndarray:
    """1 inside the face less its rim, with the rounded corners a tile has: beyond a corner's curve is
    the table, and a pip near the corner would otherwise run into it."""
    m = round(MARGIN * SIDE)
    r = round(CORNER * SIDE)
    out = np.zeros((2 * SIDE, SIDE), np.uint8)
    cv2.rectangle(out, (m + r, m), (SIDE - 1 - m - r, 2 * SIDE - 1 - m), 1, cv2.FILLED)
    cv2.rectangle(out, (m, m + r), (SIDE - 1 - m, 2 * SIDE - 1 - m - r), 1, cv2.FILLED)
    for x in (m + r, SIDE - 1 - m - r):
        for y in (m + r, 2 * SIDE - 1 - m - r):
            cv2.circle(out, (x, y), r, 1, cv2.FILLED)
    return out


@dataclass(frozen=True)
class Half:
    count: int
    pips: tuple[tuple[float, float], ...]  # centres in the straightened face's pixels
    sure: float  # 0..1


_ROUNDED = _rounded_face()


@dataclass(frozen=True)
class Face:
    box: Box
    a: Half
    b: Half
    divider: float  # 0..1: how much of the width the divider line crosses
    warp: np.ndarray  # 2x3: working image -> straightened face
    faint: bool = False  # the divider is a faint line, not ink: a washed-out face, or no face at all
    gap: bool = False  # no line at all: cut where no pip crosses the middle (a dark face with light pips)
    line: float = 0.5  # where the divider lies along the frame, as a share of its length from the a end

    @property
    def score(self) -> float:
        """How domino-like the proposal is (ranks proposals in the same place)."""
        return self.divider + self.a.sure + self.b.sure

    @property
    def plain_sure(self) -> float:
        """How sure, a double blank's own doubt left out (only a second reader may lift it)."""
        return min(self.a.sure, self.b.sure, min(1.0, self.divider / 0.6), FAINT_SURE if self.faint else 1.0)

    @property
    def sure(self) -> float:
        blank = DOUBLE_BLANK if self.a.count == self.b.count == 0 else 1.0
        return min(self.plain_sure, blank)


def straighten(rgb: np.ndarray, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """The face upright, SIDE wide and 2 SIDE long, and the warp that made it."""
    corners = box.corners().astype(np.float32)
    target = np.array([[0, 0], [SIDE, 0], [SIDE, 2 * SIDE]], dtype=np.float32)
    # corners[0] -> (0,0); corners[1] (across) -> (SIDE,0); corners[2] (along) -> (SIDE, 2 SIDE)
    warp = cv2.getAffineTransform(corners[:3], target)
    face = cv2.warpAffine(rgb, warp, (SIDE, 2 * SIDE), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    return face, warp


def rim_colour(lab: np.ndarray) -> np.ndarray:
    """The face's colour (Lab) from a ring just inside the rim of the straightened face: pips may
    cover half a 6-6, never its rim."""
    m = round(MARGIN * SIDE)
    ring = [lab[m : 2 * m], lab[-2 * m : -m], lab[:, m : 2 * m], lab[:, -2 * m : -m]]
    return np.median(np.concatenate([part.reshape(-1, 3) for part in ring]), axis=0)


def read_face(rgb: np.ndarray, box: Box) -> Face | None:
    """The two halves of the proposed face, or None when it is no domino face."""
    face, warp = straighten(rgb, box)
    lab = cv2.cvtColor(face, cv2.COLOR_RGB2LAB).astype(np.float32)
    m = round(MARGIN * SIDE)
    colour = rim_colour(lab)
    dist = distance(lab, colour)
    inner = np.clip(dist[m:-m, m:-m], 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # Otsu splits face from the darkest ink (the divider); light blue or yellow pips, some 30 off ivory,
    # may fall on the face's side of it, so the level never rises far above the face's own spread.
    level = max(22.0, min(float(otsu), float(np.median(inner)) + 25.0))
    ink = (dist > level).astype(np.uint8)
    ink &= _ROUNDED
    # The divider: the row band near the middle that ink crosses most.
    # Two big pips side by side cross as much of the width as a line; a row of the line is one long
    # run of ink.
    long_run = _longest_runs(ink[:, m:-m]) >= LINE_RUN * (SIDE - 2 * m)
    rows = ink[:, m:-m].mean(axis=1) * long_run
    lo, hi = round(0.4 * 2 * SIDE), round(0.6 * 2 * SIDE)
    mid = lo + int(np.argmax(rows[lo:hi]))
    divider = float(max(rows[mid - 1 : mid + 2])) if 0 < mid < len(rows) - 1 else float(rows[mid])
    faint = divider < 0.45
    gap = False
    if faint:
        # No line as dark as ink: a white tile washed out by light, a paper card's pencil line. A line
        # standing a little above the face right across the middle is a divider all the same.
        gapped = gap_line(ink, lab[..., 0], float(colour[0]), (lo, hi), m)
        gap = gapped is not None
        found = gapped or faint_line(lab[:, m:-m, 0], lo, hi)
        if found is None:
            return None
        mid, divider = found
        first, last = mid - 1, mid + 1
    else:
        # The divider's own rows (it may be thick, or tilted a little): where ink still crosses much of
        # the width.
        strong = rows > 0.4 * divider
        first = last = mid
        while first > lo - 6 and strong[first - 1]:
            first -= 1
        while last < hi + 6 and strong[last + 1]:
            last += 1
        ink = _glare_off(ink, lab[..., 0], float(colour[0]), first, last)
        ink = _spinner_off(ink, first, last)
    pad = max(1, round(0.02 * SIDE))
    top = ink.copy()
    top[first - pad :] = 0
    bottom = ink.copy()
    bottom[: last + pad + 1] = 0
    a = _half(top, 0, mid, dist, centred=gap)
    b = _half(bottom, mid, 2 * SIDE, dist, centred=gap)
    if a is None or b is None:
        return None
    if faint and (a.count + b.count == 0 or min(a.sure, b.sure) < FAINT_FIT):
        return None  # a faint line and nothing else, or marks off the pattern: a crease, a texture
    if not faint:  # a faint face is marked anyway
        a = _pale(a, dist, level, (m, first - pad), upper=True)
        b = _pale(b, dist, level, (last + pad + 1, 2 * SIDE - m), upper=False)
    if a.count == b.count == 0:
        # Nothing but a line: a double blank's divider is as dark as a pip; a faint line is the groove
        # or seam of a tile's back, or the box's.
        line = dist[first : last + 1, m:-m]
        if float(np.median(line[line > level])) < BLANK_LINE:
            return None
    return Face(box, a, b, divider, warp, faint, gap, (first + last + 1) / 2 / (2 * SIDE))


def _spinner_off(ink: np.ndarray, first: int, last: int) -> np.ndarray:
    """The ink without the spinner, the pin many sets have at the divider's middle: its round head,
    wider than the line, stands out of the divider's rows into both halves, a mark beside no pip
    place (the nearest lies a third of the width away), and its dark rim was odd ink that doubted
    both halves. Only ink joined to the divider's rows, standing out on both sides, goes: a pip a
    frame drawn askew puts there stays. ``first``..``last``: the divider's rows."""
    n, labels = cv2.connectedComponents(ink, connectivity=8)
    if n < 2:
        return ink
    on_line = np.zeros(n, dtype=bool)
    on_line[np.unique(labels[first : last + 1])] = True
    on_line[0] = False
    head = np.zeros_like(ink)
    cv2.circle(head, (SIDE // 2, (first + last) // 2), round(SPINNER * SIDE), 1, cv2.FILLED)
    pin = head.astype(bool) & on_line[labels]
    if not (pin[:first].any() and pin[last + 1 :].any()):
        return ink  # a head stands out on both sides of the line; a blot on one side is no spinner
    return ink & ~pin.astype(ink.dtype)


def _glare_off(ink: np.ndarray, light: np.ndarray, colour: float, first: int, last: int) -> np.ndarray:
    """The ink without the lamp's reflection: beside a divider darker than the face, a near-white
    patch much lighter than the face is glare on its gloss, not a mark (a pip is as dark as its
    divider). ``light``: the straightened face's lightness (L of Lab), ``colour`` the face's;
    ``first``..``last``: the divider's rows."""
    line = light[first : last + 1][ink[first : last + 1] > 0]
    if line.size == 0 or float(np.median(line)) >= colour:
        return ink
    return ink & ~((light > colour + GLARE_RISE) & (light >= GLARE_LIGHT)).astype(np.uint8)


def _pale(half: Half, dist: np.ndarray, level: float, rows: tuple[int, int], upper: bool) -> Half:
    """A half read blank that holds a pale round mark of a pip's size is doubted: a light blue or
    yellow pip washed out by the light, under the ink level, is a pip the count missed. (A mark
    running up to the divider's rows is the divider's spinner, the brass pin at its middle.)
    ``rows``: the half's rows, rim and divider left out; ``upper``: the half above the divider."""
    top, bottom = rows
    if half.count or bottom - top < 4:
        return half
    m = round(MARGIN * SIDE)
    region = dist[top:bottom, m:-m]
    pale = (region > max(PALE_LEVEL, PALE_SHARE * level)).astype(np.uint8) & _ROUNDED[top:bottom, m:-m]
    n, _, stats, _ = cv2.connectedComponentsWithStats(pale, connectivity=8)
    for _x, y, w, h, area in stats[1:n]:
        at_divider = y + h == bottom - top if upper else y == 0
        if not at_divider and _pip_shaped(w, h, area) and PALE_AREA <= area / SIDE**2 <= PIP_AREA[1]:
            return Half(0, (), min(half.sure, PALE_SURE))
    return half


def _pip_shaped(w: int, h: int, area: int) -> bool:
    """A blob round and full enough for a pip (its bounding box ``w`` x ``h``)."""
    return max(w, h) / max(1, min(w, h)) < 1.6 and area / max(1, w * h) > 0.45


def _longest_runs(ink: np.ndarray) -> np.ndarray:
    """Per row, the longest run of ink, in pixels (each pixel's run is its distance to the last gap)."""
    ink = ink.astype(bool)
    at = np.arange(ink.shape[1])
    gap = np.maximum.accumulate(np.where(ink, -1, at), axis=1)
    return np.where(ink, at - gap, 0).max(axis=1, initial=0)


def _half(ink: np.ndarray, start: int, stop: int, dist: np.ndarray, *, centred: bool = False) -> Half | None:
    """Count the pips of one half (ink outside it already cleared); ``dist`` is each pixel's distance
    from the face colour, which tells pips run together apart (see ``_apart``). ``centred``: the half's
    ends are not known (no divider to see), so its pips are judged round their own centre along the
    face: every pattern is symmetric about the middle of its half."""
    n, labels, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    unit = SIDE * SIDE
    pips: list[tuple[float, float, float]] = []
    odd = 0.0  # ink that is neither a pip nor negligible: doubt
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        frac = area / unit
        if frac < PIP_AREA[0] * 0.5:
            continue  # a speck
        elongation = max(w, h) / max(1, min(w, h))
        fill = area / max(1, w * h)
        if frac <= PIP_AREA[1] and _pip_shaped(w, h, area):
            pips.append((float(centres[i][0]), float(centres[i][1]), float(area)))
            continue
        parts = _apart(labels[y : y + h, x : x + w] == i, dist[y : y + h, x : x + w])
        if parts:
            pips += [(px + x, py + y, pa) for px, py, pa in parts]
        elif frac <= 2 * PIP_AREA[1] and 1.6 <= elongation < 3.2 and fill > 0.35:
            # two pips run together by blur: count them as two, with doubt
            k = 2
            dx, dy = (w / 4, 0) if w >= h else (0, h / 4)
            cx, cy = centres[i]
            pips += [(cx - dx, cy - dy, area / k), (cx + dx, cy + dy, area / k)]
            odd += 0.5
        elif not _along_rim(x, y, w, h):
            odd += 1.0
    if len(pips) > 6:
        return None
    centre = ((SIDE - 1) / 2, (start + stop - 1) / 2)
    if centred and pips:  # ... but not further off the frame's than a frame's end can be off
        drift = CENTRED_DRIFT * SIDE
        centre = (centre[0], float(np.clip(np.mean([p[1] for p in pips]), centre[1] - drift, centre[1] + drift)))
    sure = _fit(pips, centre) if pips else BLANK
    if pips:
        areas = np.array([p[2] for p in pips])
        if len(areas) > 1 and areas.std() / areas.mean() > 0.45:
            sure = min(sure, 0.4)
    if odd:
        sure = min(sure, 0.5 / odd)
    return Half(len(pips), tuple((p[0], p[1]) for p in pips), round(float(sure), 3))


def _along_rim(x: int, y: int, w: int, h: int) -> bool:
    """A thin line close along a side or an end: the shadow or bevel of the rim left in a frame
    drawn a little wide, no mark on the face."""
    band = RIM_BAND * SIDE
    if h >= 3 * w:
        return x + w <= band or x >= SIDE - band
    if w >= 3 * h:
        return y + h <= band or y >= 2 * SIDE - band
    return False


def _apart(blob: np.ndarray, dist: np.ndarray) -> list[tuple[float, float, float]]:
    """Pips run together, or run into the rim, as the separate pips they are, or [].

    Each pip is darkest at its centre and the bridge between two is paler, so a stricter ink level
    cuts the bridges first: the blob is taken at rising levels until it falls into two or more round,
    pip-sized pieces of about one size, which are its pips. A pip run into a thin line (the bevel
    along the rim, a highlight) is opened instead: a line thinner than a pip goes, the pip stays. A
    blob that does neither (a stain, glare) is left to the rules for odd ink.
    """
    inside = dist[blob]
    low, high = float(inside.min()), float(inside.max())
    whole = int(np.count_nonzero(blob))
    for level in np.linspace(low, high, 12)[1:-1]:
        parts = _round_pieces((blob & (dist > level)).astype(np.uint8))
        if parts is not None and len(parts) >= 2:
            # The pieces are the blob's pips only if they are most of it: a few dark cores in a
            # broad smudge are noise, not pips.
            return parts if sum(p[2] for p in parts) >= CORES * whole else []
    size = round(OPEN * SIDE) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    pad = size // 2 + 1  # OpenCV's erosion takes what lies beyond the array for ink: pad it with face
    opened = cv2.morphologyEx(cv2.copyMakeBorder(blob.astype(np.uint8), pad, pad, pad, pad, 0), cv2.MORPH_OPEN, kernel)
    parts = [(x - pad, y - pad, a) for x, y, a in _round_pieces(opened, scraps=True) or []]
    return parts if parts and all(p[2] >= PIP_AREA[0] * SIDE * SIDE for p in parts) else []


def _round_pieces(cut: np.ndarray, scraps: bool = False) -> list[tuple[float, float, float]] | None:
    """The pieces of ``cut`` as pips (centre, area) if every piece is round and they are of about one
    size; None if any is not. With ``scraps``, a piece that is not round but under half the size of
    the round ones is a scrap of the line an opening took off, and is left out."""
    n, _, stats, centres = cv2.connectedComponentsWithStats(cut, connectivity=4)
    parts = []
    rest = 0
    for i in range(1, n):
        _, _, w, h, area = stats[i]
        if area / (SIDE * SIDE) < PIP_AREA[0] * 0.25:
            continue
        if max(w, h) / max(1, min(w, h)) >= 1.6 or area / max(1, w * h) <= 0.45:
            if not scraps:
                return None
            rest = max(rest, int(area))
            continue
        if area / (SIDE * SIDE) > PIP_AREA[1]:
            return None  # round, but too big for a pip: a spot of the cloth, a glare patch
        parts.append((float(centres[i][0]), float(centres[i][1]), float(area)))
    if parts and min(p[2] for p in parts) < 0.4 * max(p[2] for p in parts):
        return None
    if parts and rest > 0.5 * min(p[2] for p in parts):
        return None
    return parts


def _fit(pips: list[tuple[float, float, float]], centre: tuple[float, float]) -> float:
    """1 when the pips sit exactly on their count's pattern, falling to 0 a grid step off. Sets space
    their pips differently (a card's wide, a deep-drilled set's close), so the pattern is tried at a
    few spacings about the usual one and the best kept."""
    step = GRID * SIDE
    best = math.inf
    pts = [((x - centre[0]) / step, (y - centre[1]) / step) for x, y, _ in pips]
    for pattern in PATTERNS[len(pts)]:
        for turn in (False, True):
            for scale in SPACINGS if len(pts) > 1 else (1.0,):
                places = [(scale * v, scale * u) if turn else (scale * u, scale * v) for u, v in pattern]
                err = 0.0
                free = list(places)
                for p in pts:
                    j = min(range(len(free)), key=lambda j: (free[j][0] - p[0]) ** 2 + (free[j][1] - p[1]) ** 2)
                    err = max(err, math.dist(free[j], p))
                    if err >= best:
                        break  # the error only grows: this placing is no better than the best
                    free.pop(j)
                best = min(best, err)
    return max(0.0, 1.0 - best / 0.9)
