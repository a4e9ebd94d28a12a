"""Read the dominoes in a photo: which tiles, how many pips, and where.

Two readers read every photo and ``combine.py`` weighs their readings: the face reader
(``scan.py``: OpenCV masks and outlines, each face straightened and read by ``halves.py``) and
this module's divider reader, which works as follows (numpy on Pillow's decode):

1. Decode at a reduced size (JPEG draft mode) and shrink to a working size.
2. Background by back-projection: colours common in a ring along the photo's
   edge, relative to how common they are overall, are the table. Whatever is
   left, cleaned, falls into components: one or several touching tiles each.
3. In each component the face colour is the median (in a lighting-tolerant
   space: log brightness plus brightness-normalised chroma). Face pixels are
   those near it; what the face encloses is ink: pips and the divider line.
4. An ink blob much longer than wide is a divider: it gives the tile's centre,
   orientation and width (the divider spans most of the width). Round ink
   blobs of a pip's size are pips; each belongs to the tile whose outline holds
   it, on the half given by the side of the divider it lies on.

Reading by dividers is what lets touching tiles be read apart: no edge between
them is needed.
"""

from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor

import cv2
import numpy as np
from PIL import Image

from . import quarter
from .colour import distance
from .combine import combine, scaled, scaled_outline
from .decode import Decoded, decode
from .geometry import (
    Pip,
    bars,
    choose,
    consistent,
    coverage,
    fits,
    frame_from_divider,
    grid_error,
    one_size,
    pips_per_half,
)
from .glare import glared_face, plane_coefficients, unglared
from .ink import separate, typical_pip_area
from .labels import Blobs, blob_stats, dilate, erode, fill_holes, label
from .lines import split_lines
from .model import (
    REASON_FAILED,
    REASON_NO_TILES,
    REASON_TOO_LARGE,
    REASON_UNREADABLE,
    FoundTile,
    PhotoReading,
)
from .scan import scan_places
from .strays import Outline, strays

WORK_SIDE = 900  # long side of the working image, px
#: A smaller photo is enlarged to this long side before it is read. In a webcam frame or a thumbnail
#: a pip is two or three pixels, under what the readers' pip and divider shapes need; enlarged
#: (Lanczos), the same photo reads as a larger one. Measured on the real dev photos: 52 of 103
#: exact as they were, 61-69 enlarged to a long side of 200-450 px, best at 300.
SMALL_SIDE = 300
#: A photo between that and the working size is enlarged this much (up to the working size): in a
#: 384 px product shot of ten tiles each face is 35 px wide, its pips under the face reader's grid.
#: Measured on the real dev photos: 98 of 103 exact as they were, 99 enlarged 1.5, 2 or 3 times.
MID_ENLARGED = 2.0
MIN_SIDE = 16
TAKEN_NEAR = 1.6  # face distance within which a pixel an earlier pass took is this face's own
RING = 0.04  # width of the edge ring that samples the table, fraction of the side
OUTER = 0.008  # the outermost strip of that ring: a table colour shows there, a tile near the edge may not
_SIDE_WORK = ThreadPoolExecutor(max_workers=2, thread_name_prefix="photo-dividers")


def read_tiles(data: bytes | Decoded) -> PhotoReading:
    """Read a photo's dominoes; never raises: a bad photo gives no tiles and a reason.

    ``data`` is the file, or the photo already decoded at ``WORK_SIDE`` by a
    caller that shows it too (one decode for both). A reading with doubts is read again a
    quarter turned (``quarter.py``): twice the time, for the photos the user must check anyway.
    """
    try:
        decoded = _decode(data)
    except Exception:  # any decoder failure (PIL raises many types) means: not an image we can read
        return PhotoReading(0, 0, reason=REASON_UNREADABLE)
    if isinstance(decoded, PhotoReading):
        return decoded
    image, width, height = decoded
    try:
        rgb = np.asarray(image, dtype=np.uint8)
        tiles, unread = _both(rgb)
        if quarter.doubted(tiles, unread):
            again, unread_again = _both(quarter.turned(rgb))
            if not quarter.doubted(again, unread_again):
                tiles = quarter.weighed(tiles, [quarter.tile_back(t, rgb.shape[1]) for t in again])
                unread = quarter.still_unread(unread, tiles)
        scale = width / image.width
        found = [scaled(t, scale) for t in tiles]
        doubts = tuple(scaled_outline(o, scale) for o in unread)
    except MemoryError:
        return PhotoReading(width, height, reason=REASON_TOO_LARGE)
    except Exception:
        return PhotoReading(width, height, reason=REASON_FAILED)
    if not found:
        return PhotoReading(width, height, reason=REASON_NO_TILES, unread=doubts)
    return PhotoReading(width, height, found=tuple(found), unread=doubts)


def _both(rgb: np.ndarray) -> tuple[list[FoundTile], list[Outline]]:
    """Both readers' tiles, weighed, and the face-like places left unread, in working pixels."""
    pending = _beside(rgb)
    faces, places, masks = scan_places(rgb)
    by_divider = pending.result() if pending is not None else _read(rgb.astype(np.float32), 1.0)
    tiles, unread = combine(by_divider, faces, rgb, places)
    loose, places_left = strays(rgb, masks, tiles, unread)
    return tiles + loose, unread + places_left


def _beside(rgb: np.ndarray) -> Future[list[FoundTile]] | None:
    """The divider reader started on a second core while the face reader runs (their numpy and
    OpenCV work lets go of the GIL); None where no thread can start (a browser build)."""
    try:
        return _SIDE_WORK.submit(_read, rgb.astype(np.float32), 1.0)
    except RuntimeError:
        return None


def _decode(data: bytes | Decoded) -> tuple[Image.Image, int, int] | PhotoReading:
    """The upright photo at working size, with its full upright size (the guarded decoder: decode.py)."""
    decoded = data if isinstance(data, Decoded) else decode(data, WORK_SIDE, min_side=MIN_SIDE)
    if decoded.image is None:
        return PhotoReading(decoded.width, decoded.height, reason=decoded.reason)
    image = decoded.image
    side = max(image.size)
    k = SMALL_SIDE / side if side < SMALL_SIDE else min(MID_ENLARGED, WORK_SIDE / side)
    if k > 1:
        image = image.resize((round(image.width * k), round(image.height * k)), Image.Resampling.LANCZOS)
    return Image.fromarray(soften(np.asarray(image))), decoded.width, decoded.height


def soften(rgb: np.ndarray) -> np.ndarray:
    """Pillow's ``BoxBlur(1)``, pixel for pixel, by OpenCV: a mean of three across, rounded, then of
    three down, rounded, the edge pixel repeated (every threshold of both readers was measured on
    Pillow's pixels; the same filter as one 3x3 mean rounds once and moves a tenth of them by one).
    OpenCV's takes a twentieth of Pillow's time and lets go of the GIL the face reader's thread needs."""
    across = cv2.blur(rgb, (3, 1), borderType=cv2.BORDER_REPLICATE)
    return cv2.blur(across, (1, 3), borderType=cv2.BORDER_REPLICATE)


def _features(rgb: np.ndarray) -> np.ndarray:
    """Per pixel: log brightness and two brightness-normalised chroma axes, scaled to unit tolerance."""
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    lum = (r + g + b) / 3
    soft = lum + 60.0
    return np.stack([np.log(lum + 12.0) / 0.42, (r - b) / soft / 0.16, (2 * g - r - b) / soft / 0.16], axis=-1).astype(
        np.float32
    )


def _background(rgb: np.ndarray) -> np.ndarray:
    """True where a pixel's colour is the table's (common along the edge ring)."""
    h, w, _ = rgb.shape
    q = (rgb // 8).astype(np.int32)
    bins = (q[..., 0] * 32 + q[..., 1]) * 32 + q[..., 2]
    ring = max(2, round(RING * min(h, w)))
    edge = np.zeros((h, w), dtype=bool)
    edge[:ring] = edge[-ring:] = True
    edge[:, :ring] = edge[:, -ring:] = True
    # A tile near the photo's edge reaches into the ring but not to the border itself: ring colours
    # never seen on the outermost strip are not sampled (the table runs on out of the picture).
    strip = max(2, round(OUTER * min(h, w)))
    border = np.zeros((h, w), dtype=bool)
    border[:strip] = border[-strip:] = True
    border[:, :strip] = border[:, -strip:] = True
    seen = _smooth(np.bincount(bins[border], minlength=32**3)) > 0
    sample = bins[edge]
    sample = sample[seen[sample]]
    every = _smooth(np.bincount(bins.ravel(), minlength=32**3)) / bins.size
    along = _smooth(np.bincount(sample, minlength=32**3)) / max(1, len(sample))
    ratio = along / (every + 1e-9)
    return (ratio > 0.3)[bins]


def _smooth(hist: np.ndarray) -> np.ndarray:
    """A colour histogram summed over each bin's 3x3x3 neighbours (noise moves colours a bin)."""
    cube = np.pad(hist.reshape(32, 32, 32).astype(np.float64), 1)
    out = np.zeros((32, 32, 32))
    for dz in range(3):
        for dy in range(3):
            for dx in range(3):
                out += cube[dz : dz + 32, dy : dy + 32, dx : dx + 32]
    return out.ravel()


def _read(rgb: np.ndarray, scale: float) -> list[FoundTile]:
    """Every tile in a working-size RGB image; coordinates scaled back by ``scale``."""
    h, w, _ = rgb.shape
    if min(h, w) < MIN_SIDE:
        return []
    soft = soften(rgb.astype(np.uint8)).astype(np.float32)
    feats = _features(soft)
    fg = ~_background(rgb)
    fg = erode(dilate(fg, 1), 1)
    fg = dilate(erode(fg, 2), 2)
    comps, n = label(fg)
    if n == 0:
        return []
    min_width = max(h, w) / 28  # the smallest tile width read, px
    ys, xs = np.nonzero(comps)
    ids = comps[ys, xs]
    area = np.bincount(ids, minlength=n + 1)
    top, left = np.full(n + 1, h), np.full(n + 1, w)
    bottom, right = np.zeros(n + 1, dtype=int), np.zeros(n + 1, dtype=int)
    np.minimum.at(top, ids, ys)
    np.minimum.at(left, ids, xs)
    np.maximum.at(bottom, ids, ys + 1)
    np.maximum.at(right, ids, xs + 1)
    tiles: list[FoundTile] = []
    for i in range(1, n + 1):
        if area[i] < 1.5 * min_width**2:
            continue
        y0, y1, x0, x1 = top[i], bottom[i], left[i], right[i]
        region = comps[y0:y1, x0:x1] == i
        tiles += _read_region(region, feats[y0:y1, x0:x1], soft[y0:y1, x0:x1], (x0, y0), min_width, scale)
    return one_size(tiles)


def _read_region(
    region: np.ndarray, feats: np.ndarray, rgb: np.ndarray, origin: tuple[int, int], min_width: float, scale: float
) -> list[FoundTile]:
    """The tiles of one foreground component (cropped to its bounding box)."""
    remaining = region.copy()
    taken = np.zeros_like(region)  # the faces of passes that found no tile
    tiles: list[FoundTile] = []
    for _ in range(4):  # a component may hold a face and a patch of table, or faces of two colours
        if remaining.sum() < 1.5 * min_width**2:
            break
        face_colour = _mode(feats[remaining])
        dist = distance(feats, face_colour)
        face = remaining & (dist < 1.0)
        if face.sum() < min_width**2:
            remaining &= ~face
            continue
        for _ in range(2):  # light falls unevenly: follow the face colour as a plane across the region
            face = remaining & (_plane_distance(feats, face) < 1.0)
        base = unglared(rgb, face, remaining)
        if base is not None:  # the common colour was glare over most of the tile: start from the rest
            face = remaining & (distance(feats, _mode(feats[base])) < 1.0)
            for _ in range(2):
                face = remaining & (_plane_distance(feats, face) < 1.0)
        face |= glared_face(rgb, face, remaining)
        # Closing first: blur can join a divider's end to the tile's darker rim, opening the hole.
        bridge = max(1, round(min_width / 10))
        closed = erode(dilate(np.pad(face, bridge + 1), bridge), bridge)
        filled = fill_holes(closed)[bridge + 1 : -bridge - 1, bridge + 1 : -bridge - 1]
        ink = filled & ~face
        if (ink & taken).any():
            # Face an earlier pass took (glared table of nearly the face's colour reached into the
            # tile) is enclosed now: where it is near the face colour it is face, not ink.
            back = taken & ink
            ink &= ~((back & (_plane_distance(feats, face) < TAKEN_NEAR)) | glared_face(rgb, face, face | back))
        ink = fill_holes(np.pad(ink, 1))[1:-1, 1:-1]
        tiles_here = _tiles_from_ink(ink, filled, origin, min_width, scale)
        tiles += tiles_here
        before = remaining.copy()
        remaining &= ~face if not tiles_here else ~filled  # a shadow round a tile encloses it: keep the tile
        remaining = dilate(erode(remaining, 2), 2)
        if not tiles_here:
            taken |= before & ~remaining
    return tiles


def _plane_distance(feats: np.ndarray, face: np.ndarray) -> np.ndarray:
    """Distance of every pixel to the face colour fitted as a plane over x and y (a light gradient)."""
    h, w = face.shape
    coef = plane_coefficients(feats, face).astype(np.float32)
    across = np.arange(w, dtype=np.float32)[None, :, None] * coef[1]
    down = np.arange(h, dtype=np.float32)[:, None, None] * coef[2] + coef[0]
    diff = feats - across
    diff -= down
    return np.sqrt(np.einsum("ijk,ijk->ij", diff, diff))


def _mode(values: np.ndarray) -> np.ndarray:
    """The most common colour of a set of pixels (features binned at half the face tolerance)."""
    cells = np.floor(values / 0.5).astype(np.int64)
    cells -= cells.min(axis=0)
    span = cells.max(axis=0) + 1
    keys = (cells[:, 0] * span[1] + cells[:, 1]) * span[2] + cells[:, 2]
    top = np.argmax(np.bincount(keys))
    return values[keys == top].mean(axis=0)


def _tiles_from_ink(
    ink: np.ndarray, filled: np.ndarray, origin: tuple[int, int], min_width: float, scale: float
) -> list[FoundTile]:
    """Dividers and pips among the ink blobs of one face, assembled into tiles."""
    blobs, n = label(ink)
    if n == 0:
        return []
    s, elong, length, fill = _shapes(blobs, n)
    apart = separate(ink, blobs, s, elong, fill)
    if apart is not None:
        blobs, n = label(apart)
        s, elong, length, fill = _shapes(blobs, n)
    apart = split_lines(ink if apart is None else apart, blobs, s, fill, min_width)
    if apart is not None:
        blobs, n = label(apart)
        s, elong, length, fill = _shapes(blobs, n)
    pips = _pip_marks(s, elong, fill)
    candidates = []
    for cx, cy, angle, span in bars(s, elong, length, min_width, filled):
        if span >= 0.7 * min_width:
            frame = frame_from_divider(cx, cy, angle, span, filled)
            cover = coverage(frame, filled)
            if cover >= 0.75 and max(pips_per_half(frame, pips)) <= 6:
                candidates.append((round(cover, 1), grid_error(frame, pips), frame))
    # Most tile-like first (face all round, pips where a domino has them); a later bar whose tile
    # overlaps one taken is a piece of its divider, or the seam between two touching tiles.
    frames = choose([frame for _, _, frame in sorted(candidates, key=lambda c: (-c[0], c[1]))])
    if not frames:
        return []
    tiles = []
    assigned: dict[int, list[tuple[float, float, float]]] = {k: [] for k in range(len(frames))}
    for pip in pips:
        best, where = None, 9.0
        for k, frame in enumerate(frames):
            reach = fits(frame, pip)
            if reach is not None and reach < where:
                best, where = k, reach
        if best is not None:
            assigned[best].append(pip)
    ox, oy = origin
    for k, f in enumerate(frames):
        side_a: list[tuple[float, float]] = []
        side_b: list[tuple[float, float]] = []
        for px, py, _ in consistent(assigned[k]):
            v = -(px - f.cx) * f.dy + (py - f.cy) * f.dx
            point = (float((px + ox + 0.5) * scale), float((py + oy + 0.5) * scale))
            (side_a if v < 0 else side_b).append(point)
        if len(side_a) > 6 or len(side_b) > 6:
            continue  # not a domino face: more pips than a half can hold
        corners = []
        for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            along = f.len_a if sv < 0 else f.len_b
            x = f.cx + su * f.half_w * f.dx - sv * along * f.dy
            y = f.cy + su * f.half_w * f.dy + sv * along * f.dx
            corners.append((float((x + ox + 0.5) * scale), float((y + oy + 0.5) * scale)))
        tiles.append(
            FoundTile(
                a=len(side_a),
                b=len(side_b),
                outline=(corners[0], corners[1], corners[2], corners[3]),
                center=(float((f.cx + ox + 0.5) * scale), float((f.cy + oy + 0.5) * scale)),
                pips_a=tuple(side_a),
                pips_b=tuple(side_b),
            )
        )
    return tiles


def _shapes(blobs: np.ndarray, n: int) -> tuple[Blobs, np.ndarray, np.ndarray, np.ndarray]:
    """Blob figures, with elongation, length along the long axis and fill of the moment ellipse."""
    s = blob_stats(blobs, n)
    elong = np.sqrt(s.major / s.minor)
    length = np.sqrt(12 * s.major)
    fill = s.area / (4 * math.pi * np.sqrt(s.major * s.minor))
    return s, elong, length, fill


def _pip_marks(s, elong: np.ndarray, fill: np.ndarray) -> list[Pip]:
    """Round ink blobs as pips; a short chain of pips run together by blur counts as that many."""
    typical = typical_pip_area(s, elong, fill)
    pips: list[Pip] = []
    for i in range(1, len(s.area)):
        if not 0.55 < fill[i] < 1.5 or s.area[i] < 6 or elong[i] >= 4.2:
            continue
        if elong[i] < 2.0:
            pips.append((s.cx[i], s.cy[i], s.area[i]))
            continue
        # k touching discs in a row: elongation^2 = 4 (k^2 - 1) / 3 + 1; blur and a bridge between
        # them stretch a chain, so where the face has clean pips their size may say it holds one
        # fewer (never more: tiles side by side may have pips of different sizes).
        k = round(math.sqrt((elong[i] ** 2 - 1) * 0.75 + 1))
        if typical and round(s.area[i] / typical) == k - 1:
            k -= 1
        step = 4 * math.sqrt(s.minor[i])  # a disc's diameter
        dx, dy = math.cos(s.angle[i]), math.sin(s.angle[i])
        for j in range(k):
            offset = (j - (k - 1) / 2) * step
            pips.append((s.cx[i] + offset * dx, s.cy[i] + offset * dy, s.area[i] / k))
    return pips
