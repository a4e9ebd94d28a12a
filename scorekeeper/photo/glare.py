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

from .labels import box_sum, label

CLIP = 248  # a channel this bright may have been clipped: its excess is only a lower bound


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
    grey = (lowest >= white - (12 + 0.2 * white)) | clipped.all(axis=-1)
    keep = (white > 10) & grey & (excess.min(axis=-1) > -20)
    if not keep.any():
        return candidate
    ys, xs, white = ys[keep], xs[keep], white[keep]
    candidate[ys, xs] = True
    # Smooth rise: no brighter than its surroundings (face and glare) by much more than a
    # share of its own glare; the window is a fraction of the face's size, about a pip across.
    radius = max(2, round(0.14 * np.sqrt(remaining.sum() / 2)))
    y0, y1 = max(0, ys.min() - radius), ys.max() + radius + 1
    x0, x1 = max(0, xs.min() - radius), xs.max() + radius + 1
    around = (face | candidate)[y0:y1, x0:x1]
    lum = rgb[y0:y1, x0:x1].mean(axis=-1)
    local = box_sum(lum * around, radius) / np.maximum(box_sum(around.astype(np.float32), radius), 1)
    smooth = lum[ys - y0, xs - x0] - local[ys - y0, xs - x0] <= 0.3 * white + 10
    out = np.zeros_like(face)
    out[ys[smooth], xs[smooth]] = True
    # On a grey-ish face (white, ivory, black) light pips are "face plus grey" too; glare there is a
    # broad patch, while a speck (the light centre of a hollow pip) is not. A coloured face's
    # grey test is sharp enough alone.
    face_colour = rgb[face].mean(axis=0)
    blobs, n = label(out)
    if n == 0 or face_colour.max() - face_colour.min() >= 50:
        return out
    big = np.bincount(blobs.ravel(), minlength=n + 1) >= 3 * radius**2
    big[0] = False
    return big[blobs]
