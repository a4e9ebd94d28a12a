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

from .labels import box_sum

CLIP = 248  # a channel this bright may have been clipped: its excess is only a lower bound


def fitted_plane(values: np.ndarray, face: np.ndarray) -> np.ndarray:
    """``values`` (per pixel, per channel) over ``face`` fitted as a plane over x and y, per pixel, in float64.

    Lighting falls off across a table, so a face's colour is a plane, not one
    value; the reader (its face distance) and the glare check both fit it here.
    """
    ys, xs = np.nonzero(face)
    step = max(1, len(ys) // 4000)
    ys, xs = ys[::step], xs[::step]
    design = np.stack([np.ones(len(ys)), xs, ys], axis=1).astype(np.float64)
    coef, *_ = np.linalg.lstsq(design, values[ys, xs].astype(np.float64), rcond=None)
    h, w = face.shape
    gy, gx = np.mgrid[0:h, 0:w]
    return coef[0] + gx[..., None] * coef[1] + gy[..., None] * coef[2]


def fitted_colour(rgb: np.ndarray, face: np.ndarray) -> np.ndarray:
    """The face colour fitted as a plane over x and y (lighting falls off across a table), per pixel."""
    return fitted_plane(rgb, face).astype(np.float32)


def glared_face(rgb: np.ndarray, face: np.ndarray, remaining: np.ndarray) -> np.ndarray:
    """Pixels of ``remaining`` not in ``face`` that are the face colour brightened by white light."""
    if face.sum() < 16:
        return np.zeros_like(face)
    excess = rgb - fitted_colour(rgb, face)
    clipped = rgb >= CLIP
    white = excess.max(axis=-1)
    lowest = np.where(clipped, np.inf, excess).min(axis=-1)  # clipped channels say nothing
    grey = (lowest >= white - (12 + 0.2 * white)) | clipped.all(axis=-1)
    candidate = remaining & ~face & (white > 10) & grey & (excess.min(axis=-1) > -20)
    if not candidate.any():
        return candidate
    # Smooth rise: no brighter than its surroundings (face and glare) by much more than a
    # share of its own glare; the window is a fraction of the face's size, about a pip across.
    around = face | candidate
    radius = max(2, round(0.14 * np.sqrt(remaining.sum() / 2)))
    lum = rgb.mean(axis=-1)
    local = box_sum(lum * around, radius) / np.maximum(box_sum(around.astype(np.float32), radius), 1)
    return candidate & (lum - local <= 0.3 * white + 10)
