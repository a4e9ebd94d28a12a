"""Ink blobs run together pulled apart: a pip touching the divider, or two pips and a line.

Blur, glare speckle or a pip drawn close to the divider joins a pip to the
divider line into one blob that is neither round (a pip) nor a thin bar (a
divider), so both were lost and the tile with them. Such a blob is opened by
the size of the face's clean pips: eroding it by about half a pip's radius
removes the line (thinner than a pip) and leaves a core per pip; each core grown
back within the blob is a pip, and what lies clear of the grown cores is the
line, left a pixel apart so it labels as its own blob.
"""

from __future__ import annotations

import math

import numpy as np

from .labels import Blobs, dilate, erode, label

JOINED_FILL = 0.55  # below this a blob fills its moment ellipse too poorly to be one pip or one bar


def typical_pip_area(s: Blobs, elong: np.ndarray, fill: np.ndarray) -> float | None:
    """Median area of the clean round blobs (single pips), or None when there are none."""
    round_ = (elong[1:] < 1.5) & (np.abs(fill[1:] - 1) < 0.15) & (s.area[1:] >= 6)
    if not round_.any():
        return None
    return float(np.median(s.area[1:][round_]))


def separate(ink: np.ndarray, blobs: np.ndarray, s: Blobs, elong: np.ndarray, fill: np.ndarray) -> np.ndarray | None:
    """The ink with joined blobs pulled apart, or None when none needed it."""
    pip_area = typical_pip_area(s, elong, fill)
    if pip_area is None:
        return None
    joined = [i for i in range(1, len(s.area)) if fill[i] < JOINED_FILL and s.area[i] >= 1.5 * pip_area]
    if not joined:
        return None
    radius = math.sqrt(pip_area / math.pi)
    depth = max(1, round(0.55 * radius))
    out = ink.copy()
    h, w = ink.shape
    for i in joined:
        ys, xs = np.nonzero(blobs == i)
        y0, y1 = max(0, ys.min() - 1), min(h, ys.max() + 2)
        x0, x1 = max(0, xs.min() - 1), min(w, xs.max() + 2)
        blob = blobs[y0:y1, x0:x1] == i
        cores = erode(np.pad(blob, depth), depth)[depth:-depth, depth:-depth]
        core_ids, n = label(cores)
        if n == 0:
            continue
        # Cores far smaller than a pip's core are corners of the line or of a blur smear, not pips.
        sizes = np.bincount(core_ids.ravel(), minlength=n + 1)
        keep = sizes >= 0.25 * math.pi * max(1.0, radius - depth) ** 2
        keep[0] = False
        cores = keep[core_ids]
        if not cores.any():
            continue
        pips = dilate(cores, depth + 1) & blob  # one more than the erosion: a square misses a disc's rim
        line = blob & ~dilate(cores, depth + 2)
        out[y0:y1, x0:x1] &= ~blob
        out[y0:y1, x0:x1] |= pips | line
    return out
