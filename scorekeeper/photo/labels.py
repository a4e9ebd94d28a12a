"""Binary-image tools for the divider reader (``reader.py``): connected components, hole filling,
box sums, dilation and erosion on boolean masks, and each blob's shape figures.

The reader works on boolean numpy masks; these wrap OpenCV's labelling and morphology in that
form, with the border rules the reader was tuned with: erosion counts what lies outside the image
as set, dilation as unset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np


def label(mask: np.ndarray, diagonal: bool = True) -> tuple[np.ndarray, int]:
    """Label connected set pixels 1..n (0 = unset); 8-connected when diagonal, else 4.

    Numbered in raster order of each blob's first pixel, which the reader's ties follow: OpenCV's
    scan-line algorithm (SAUF) numbers them so; its default block-wise one does not.
    """
    if mask.size == 0:  # OpenCV refuses an empty image
        return np.zeros(mask.shape, np.int32), 0
    count, labels = cv2.connectedComponentsWithAlgorithm(
        mask.astype(np.uint8), 8 if diagonal else 4, cv2.CV_32S, cv2.CCL_SAUF
    )
    return labels, count - 1


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
    """Binary dilation by a (2r+1)-square (outside the image counts as unset)."""
    return _by_square(cv2.dilate, mask, radius)


def erode(mask: np.ndarray, radius: int) -> np.ndarray:
    """Binary erosion by a (2r+1)-square (outside the image counts as set)."""
    return _by_square(cv2.erode, mask, radius)


def _by_square(operation: Callable[..., np.ndarray], mask: np.ndarray, radius: int) -> np.ndarray:
    """OpenCV's dilation or erosion by a (2r+1)-square, on a boolean mask (OpenCV's own border
    rule for each is the one the reader was tuned with)."""
    if radius <= 0 or mask.size == 0:  # nothing to do, and OpenCV refuses an empty image
        return mask.astype(bool)
    square = np.ones((2 * radius + 1, 2 * radius + 1), np.uint8)
    return operation(mask.astype(np.uint8), square).astype(bool)


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
