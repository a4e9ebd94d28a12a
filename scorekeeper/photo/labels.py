"""Binary-image tools in plain numpy: connected components, hole filling, box filters.

The divider reader (``reader.py``) was written before OpenCV came in, with these
few primitives of its own; the face reader uses OpenCV's. Labelling works
on runs (horizontal stretches of set pixels), so its cost follows the number of
runs, not of pixels: a few thousand runs at the reader's working size.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def _runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows, starts and (exclusive) ends of every run of set pixels, row-major order."""
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    step = np.diff(padded, axis=1)
    rows, starts = np.nonzero(step == 1)
    _, ends = np.nonzero(step == -1)
    return rows, starts, ends


def _components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Smallest member index per node of the graph with edges a-b (min-label propagation)."""
    parent = np.arange(n)
    if len(a) == 0:
        return parent
    while True:
        la, lb = parent[a], parent[b]
        low = np.minimum(la, lb)
        before = parent.copy()
        np.minimum.at(parent, la, low)
        np.minimum.at(parent, lb, low)
        # Pointer jumping: point every node at its root until the forest is flat.
        while True:
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
        if np.array_equal(parent, before) and np.array_equal(parent[a], parent[b]):
            return parent


def label(mask: np.ndarray, diagonal: bool = True) -> tuple[np.ndarray, int]:
    """Label connected set pixels 1..n (0 = unset); 8-connected when diagonal, else 4."""
    h, w = mask.shape
    rows, starts, ends = _runs(mask)
    n = len(rows)
    if n == 0:
        return np.zeros((h, w), dtype=np.int32), 0
    stride = w + 2
    start_key = rows * stride + starts
    end_key = rows * stride + ends
    # Runs of row r-1 touching a run [s, e) of row r form one contiguous block.
    reach = 1 if diagonal else 0
    lo = np.searchsorted(end_key, (rows - 1) * stride + starts - reach, side="right")
    hi = np.searchsorted(start_key, (rows - 1) * stride + ends + reach, side="left") - 1
    count = np.clip(hi - lo + 1, 0, None)
    count[rows == 0] = 0
    b = np.repeat(np.arange(n), count)
    offsets = np.arange(len(b)) - np.repeat(np.cumsum(count) - count, count)
    a = np.repeat(lo, count) + offsets
    root = _components(n, a, b)
    roots, compact = np.unique(root, return_inverse=True)
    ids = compact.astype(np.int64) + 1
    flat = np.zeros(h * w + 1, dtype=np.int64)
    np.add.at(flat, rows * w + starts, ids)
    np.add.at(flat, rows * w + ends, -ids)
    labels = np.cumsum(flat[:-1]).reshape(h, w).astype(np.int32)
    return labels, len(roots)


def fill_holes(mask: np.ndarray) -> np.ndarray:
    """The mask with every unset region that does not reach the image border set."""
    outside, _ = label(~mask, diagonal=False)
    border = np.unique(np.concatenate([outside[0], outside[-1], outside[:, 0], outside[:, -1]]))
    reached = np.zeros(outside.max() + 1, dtype=bool)
    reached[border] = True
    reached[0] = True
    return mask | ~reached[outside]


def box_sum(image: np.ndarray, radius: int) -> np.ndarray:
    """Sum over the (2r+1)-square around each pixel (clipped at the border), via an integral image."""
    h, w = image.shape
    integral = np.zeros((h + 1, w + 1), dtype=np.float64)
    integral[1:, 1:] = np.cumsum(np.cumsum(image, axis=0, dtype=np.float64), axis=1)
    y0 = np.clip(np.arange(h) - radius, 0, h)
    y1 = np.clip(np.arange(h) + radius + 1, 0, h)
    x0 = np.clip(np.arange(w) - radius, 0, w)
    x1 = np.clip(np.arange(w) + radius + 1, 0, w)
    return integral[y1][:, x1] - integral[y0][:, x1] - integral[y1][:, x0] + integral[y0][:, x0]


def dilate(mask: np.ndarray, radius: int) -> np.ndarray:
    """Binary dilation by a square: a row pass then a column pass of shifted ORs (cheap for small radii)."""
    out = mask.astype(bool)
    for axis in (0, 1):
        spread = out.copy()
        n = out.shape[axis]
        for k in range(1, min(radius, n - 1) + 1):
            if axis == 0:
                spread[k:] |= out[:-k]
                spread[:-k] |= out[k:]
            else:
                spread[:, k:] |= out[:, :-k]
                spread[:, :-k] |= out[:, k:]
        out = spread
    return out


def erode(mask: np.ndarray, radius: int) -> np.ndarray:
    """Binary erosion by a square (outside the image counts as set)."""
    return ~dilate(~mask, radius)


@dataclass(frozen=True)
class Blobs:
    """Shape figures per label 1..n (index 0 unused): area, centroid, second moments."""

    area: np.ndarray
    cx: np.ndarray
    cy: np.ndarray
    major: np.ndarray  # eigenvalues of the covariance: variance along the long axis
    minor: np.ndarray
    angle: np.ndarray  # direction of the long axis, radians


def blob_stats(labels: np.ndarray, n: int) -> Blobs:
    """Area, centroid and orientation of every labelled blob, in one pass of bincounts."""
    ys, xs = np.nonzero(labels)
    ids = labels[ys, xs]
    size = n + 1
    area = np.bincount(ids, minlength=size).astype(np.float64)
    safe = np.maximum(area, 1)
    cx = np.bincount(ids, xs, size) / safe
    cy = np.bincount(ids, ys, size) / safe
    dx = xs - cx[ids]
    dy = ys - cy[ids]
    sxx = np.bincount(ids, dx * dx, size) / safe + 1 / 12
    syy = np.bincount(ids, dy * dy, size) / safe + 1 / 12
    sxy = np.bincount(ids, dx * dy, size) / safe
    mean = (sxx + syy) / 2
    spread = np.sqrt(((sxx - syy) / 2) ** 2 + sxy**2)
    angle = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    return Blobs(area, cx, cy, mean + spread, np.maximum(mean - spread, 1e-6), angle)
