"""Drawing and measuring ink for the reader's tests: a disc of ink, and each blob's shape figures."""

from __future__ import annotations

import math

import numpy as np

from scorekeeper.photo.labels import blob_stats, label


def shapes(ink):
    """Blobs of ``ink`` with their stats, elongation and fill (1.0 for a perfect ellipse)."""
    blobs, n = label(ink)
    s = blob_stats(blobs, n)
    elong = np.sqrt(s.major / s.minor)
    fill = s.area / (4 * math.pi * np.sqrt(s.major * s.minor))
    return blobs, n, s, elong, fill


def disc(mask, cx, cy, r):
    """Ink a disc of radius ``r`` at (``cx``, ``cy``) into ``mask``, in place."""
    yy, xx = np.mgrid[0 : mask.shape[0], 0 : mask.shape[1]]
    mask |= (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
