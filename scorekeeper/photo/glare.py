"""Flash glare on a tile face: the face's own colour with white light added.

A glossy tile under a flash or a lamp reflects a bright patch whose colour is
the face colour plus the same amount of white in every channel (specular light
is the light's colour, not the face's), clipped at 255. Judged by colour
distance such a patch is not face, so it used to punch a hole in the face
(hiding pips and cutting dividers) or bite its outline. Here a pixel is glared
face when it is the local face colour plus a nearly grey excess, and it rises
smoothly with its neighbours: a light pip on a dark face is also "face plus
grey" but steps up sharply at its edge, so local contrast keeps it ink.
"""

from __future__ import annotations

import numpy as np

from .labels import box_sum, dilate, erode, label

CLIP = 248  # a channel this bright may have been clipped: its excess is only a lower bound
RIDGE = 15  # brightness a pixel may stand above the mean of its two sides and still be glare


def plane_coefficients(values: np.ndarray, face: np.ndarray) -> np.ndarray:
    """Coefficients (constant, per x, per y) of ``values`` over ``face`` fitted as a plane.

    Lighting falls off across a table, so a face's colour is a plane, not one
    value; the reader (its face distance) and the glare check both fit it here.
    """
    ys, xs = np.nonzero(face)
    step = max(1, len(ys) // 4000)
    ys, xs = ys[::step], xs[::step]
    design = np.stack([np.ones(len(ys)), xs, ys], axis=1).astype(np.float64)
    coef, *_ = np.linalg.lstsq(design, values[ys, xs].astype(np.float64), rcond=None)
    return coef


def glared_face(rgb: np.ndarray, face: np.ndarray, remaining: np.ndarray) -> np.ndarray:
    """Pixels of ``remaining`` not in ``face`` that are the face colour brightened by white light."""
    candidate = np.zeros_like(face)
    if face.sum() < 16:
        return candidate
    ys, xs = np.nonzero(remaining & ~face)
    if len(ys) == 0:
        return candidate
    coef = plane_coefficients(rgb, face)
    pixels = rgb[ys, xs]
    excess = pixels - (coef[0] + xs[:, None] * coef[1] + ys[:, None] * coef[2])
    clipped = pixels >= CLIP
    white = excess.max(axis=-1)
    lowest = np.where(clipped, np.inf, excess).min(axis=-1)  # clipped channels say nothing
    saturated = clipped.all(axis=-1)
    grey = (lowest >= white - (12 + 0.2 * white)) | saturated
    keep = (white > 10) & grey & (excess.min(axis=-1) > -20)
    radius = max(2, round(0.14 * np.sqrt(remaining.sum() / 2)))
    face_colour = rgb[face].mean(axis=0)
    coloured = face_colour.max() - face_colour.min() >= 50
    if coloured:  # white light keeps a colour's spread (max - min) unless a channel clips; white ink halves it
        spread = pixels.max(axis=-1) - pixels.min(axis=-1)
        keep &= clipped.any(axis=-1) | (spread >= 0.7 * (face_colour.max() - face_colour.min()))
    if coloured and (keep & saturated).any():
        # On a coloured face white light saturates to white only where it is strong, over a broad
        # patch; a white pip or divider under weaker glare saturates too, but is small or thin.
        white_out = np.zeros_like(face)
        white_out[ys[keep & saturated], xs[keep & saturated]] = True
        opened = dilate(erode(white_out, max(2, radius // 2)), max(2, radius // 2))
        keep &= ~saturated | opened[ys, xs]
    if not keep.any():
        return candidate
    ys, xs, white = ys[keep], xs[keep], white[keep]
    candidate[ys, xs] = True
    # Smooth rise: no brighter than its surroundings (face and glare) by much more than a
    # share of its own glare; the window is a fraction of the face's size, about a pip across.
    y0, y1 = max(0, ys.min() - radius), ys.max() + radius + 1
    x0, x1 = max(0, xs.min() - radius), xs.max() + radius + 1
    around = (face | candidate)[y0:y1, x0:x1]
    lum = rgb[y0:y1, x0:x1].mean(axis=-1)
    local = box_sum(lum * around, radius) / np.maximum(box_sum(around.astype(np.float32), radius), 1)
    smooth = lum[ys - y0, xs - x0] - local[ys - y0, xs - x0] <= 0.3 * white + 10
    # Nor a ridge: a thin light line (a divider, a pip's edge) stands above both its sides, while
    # glare, broad and round, rises only a little over a few pixels. On a coloured face that is
    # where white ink clips to white under glare and so passes the grey test; only sides on the
    # face count (the table beside its edge is darker, no line).
    if coloured:
        step = max(2, radius // 3)
        py, px = ys - y0, xs - x0
        smooth &= (ridge(lum, py, px, step, around) <= RIDGE) & (ridge(lum, py, px, 2 * step, around) <= RIDGE)
    out = np.zeros_like(face)
    out[ys[smooth], xs[smooth]] = True
    # On a grey-ish face (white, ivory, black) light pips are "face plus grey" too; glare there is a
    # broad patch, while a speck (the light centre of a hollow pip) is not. A coloured face's
    # grey test is sharp enough alone.
    blobs, n = label(out)
    if n == 0 or coloured:
        return out
    big = np.bincount(blobs.ravel(), minlength=n + 1) >= 3 * radius**2
    big[0] = False
    return big[blobs]


def unglared(rgb: np.ndarray, face: np.ndarray, remaining: np.ndarray) -> np.ndarray | None:
    """Pixels of a coloured face that ``face`` is a glared version of, or None if there are few.

    The face colour is the region's most common one; when glare covers most of a
    tile that is the glared colour, and the unglared rest (darker by the same
    amount in every channel) is not face. Then the darker colour is the face and
    glared_face takes the glare back. Grey-ish faces are left alone: a white
    tile is "a grey table plus white" too.
    """
    if face.sum() < 16:
        return None
    colour = rgb[face].mean(axis=0)
    if colour.max() - colour.min() < 50:
        return None
    pixels = rgb[remaining & ~face]
    lack = colour - pixels
    dim = lack.min(axis=-1)
    grey = lack.max(axis=-1) - dim <= 12 + 0.2 * dim
    hits = grey & (dim > 15)
    if hits.sum() < 0.25 * face.sum():
        return None
    out = np.zeros_like(face)
    ys, xs = np.nonzero(remaining & ~face)
    out[ys[hits], xs[hits]] = True
    return out


def ridge(lum: np.ndarray, ys: np.ndarray, xs: np.ndarray, step: int, valid: np.ndarray) -> np.ndarray:
    """How far each point stands above the mean of the two pixels ``step`` away, in its best direction.

    Only directions whose two sides are both ``valid`` (face or glare) count: at the
    tile's edge the table beside it is darker, which is no line on the face.
    """
    h, w = lum.shape
    best = np.full(len(ys), -np.inf, dtype=np.float32)
    for dy, dx in ((0, step), (step, 0), (step, step), (step, -step)):
        y1, x1, y2, x2 = ys + dy, xs + dx, ys - dy, xs - dx
        inside = (y1 >= 0) & (y1 < h) & (x1 >= 0) & (x1 < w) & (y2 >= 0) & (y2 < h) & (x2 >= 0) & (x2 < w)
        y1, x1, y2, x2 = y1.clip(0, h - 1), x1.clip(0, w - 1), y2.clip(0, h - 1), x2.clip(0, w - 1)
        both = inside & valid[y1, x1] & valid[y2, x2]
        rise = lum[ys, xs] - (lum[y1, x1] + lum[y2, x2]) / 2
        best = np.maximum(best, np.where(both, rise, -np.inf))
    return best
