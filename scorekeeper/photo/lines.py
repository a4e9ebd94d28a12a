"""Thin ink lines run together pulled apart: a divider whose end runs into the seam of a touching tile.

Two tiles laid long side to long side leave a thin dark seam between them (the
table, or the shadow of their rims), which the face encloses and so reads as
ink. A divider ends a little short of its tile's long sides; blur joins that
end to the seam, and the two lines make one T- or L-shaped blob, neither a bar
(a divider) nor round (a pip), so the tile was lost. Such a blob, one that
fills its moment ellipse poorly, is taken apart line by line: the straightest
longest line through it (the densest thin strip over all directions) is one
blob, the rest, a pixel clear of it, another, and the rest is searched again.
A straight divider fills its ellipse well and is left alone.
"""

from __future__ import annotations

import math

import numpy as np

from .labels import Blobs, dilate, label

JOINED_FILL = 0.55  # below this a blob is not one line (a straight bar fills about 0.95 of its ellipse)
ANGLES = np.radians(np.arange(0.0, 180.0, 2.0))
MAX_LINES = 3
BAR = 5.0  # elongation of a divider, as the reader's bars
ROUND = 2.0  # elongation below which a piece may be a pip
CRUMB = 12  # pixels: a smaller piece left over is part of the line taken


def split_lines(ink: np.ndarray, blobs: np.ndarray, s: Blobs, fill: np.ndarray, min_width: float) -> np.ndarray | None:
    """The ink with line-joined blobs taken apart into their lines, or None when none needed it."""
    joined = [
        i
        for i in range(1, len(s.area))
        if fill[i] < JOINED_FILL and math.sqrt(12 * s.major[i]) >= 0.5 * min_width and s.area[i] >= 12
    ]
    if not joined:
        return None
    out = ink.copy()
    h, w = ink.shape
    changed = False
    for i in joined:
        ys, xs = np.nonzero(blobs == i)
        y0, y1 = max(0, ys.min() - 1), min(h, ys.max() + 2)
        x0, x1 = max(0, xs.min() - 1), min(w, xs.max() + 2)
        blob = blobs[y0:y1, x0:x1] == i
        parts = _lines(blob, 0.4 * min_width)
        if parts is None:
            continue
        out[y0:y1, x0:x1] &= ~blob
        out[y0:y1, x0:x1] |= parts
        changed = True
    return out if changed else None


def _lines(blob: np.ndarray, shortest: float) -> np.ndarray | None:
    """The blob as its lines (each a pixel clear of the others) plus what is left, or None if no line."""
    rest = blob.copy()
    out = np.zeros_like(blob)
    found = 0
    for _ in range(MAX_LINES):
        line = strongest_line(rest, shortest)
        if line is None:
            break
        found += 1
        if elongation(line) >= BAR:
            out |= line  # a piece too short and thick for a bar is neither divider nor pip: left out
        rest &= ~dilate(line, 1)
        pieces, n = label(rest)
        if n == 0:
            break
        sizes = np.bincount(pieces.ravel(), minlength=n + 1)
        sizes[0] = 0
        rest = (sizes >= CRUMB)[pieces]  # crumbs left beside a line are its own rim, not ink of their own
        if not rest.any():
            break
    if found == 0 or (found == 1 and not rest.any()):
        return None  # one line and nothing else: the blob was that line already
    pieces, n = label(rest)
    for i in range(1, n + 1):  # what is left: a pip caught in the lines stays, a scrap of line goes
        if elongation(pieces == i) >= ROUND:
            rest &= pieces != i
    return out | rest


def elongation(mask: np.ndarray) -> float:
    """Square root of the ratio of the axes of a mask's moment ellipse (1 = round)."""
    ys, xs = np.nonzero(mask)
    if len(ys) < 3:
        return math.inf
    cov = np.cov(np.stack([xs, ys]).astype(np.float64)) + np.eye(2) / 12  # a pixel's own spread
    low, high = np.linalg.eigvalsh(cov)
    return float(math.sqrt(high / low))


def strongest_line(mask: np.ndarray, shortest: float) -> np.ndarray | None:
    """The pixels of the longest dense straight strip in ``mask``, or None if none is ``shortest`` long."""
    ys, xs = np.nonzero(mask)
    if len(ys) < 6:
        return None
    cos, sin = np.cos(ANGLES), np.sin(ANGLES)
    rho = xs[None, :] * cos[:, None] + ys[None, :] * sin[:, None]  # distance across a line at each angle
    low = np.floor(rho.min())
    bins = (rho - low).astype(np.int64)
    width = int(bins.max()) + 1
    counts = np.zeros((len(ANGLES), width + 2), dtype=np.int64)
    np.add.at(counts, (np.arange(len(ANGLES))[:, None], bins), 1)
    strip = counts[:, :-2] + counts[:, 1:-1] + counts[:, 2:]  # three pixels across
    k, at = np.unravel_index(int(np.argmax(strip)), strip.shape)
    peak = counts[k, at : at + 3].max()
    lo, hi = at, at + 2
    while lo > 0 and counts[k, lo - 1] >= 0.35 * peak:
        lo -= 1
    while hi < width - 1 and counts[k, hi + 1] >= 0.35 * peak:
        hi += 1
    on = (bins[k] >= lo) & (bins[k] <= hi)
    along = -xs * sin[k] + ys * cos[k]
    # Where other ink crosses the strip (standing 2-4 px out from both its sides), the line is cut:
    # dividers of two tiles side by side lie in one line, joined only through the seam between.
    # Ink on one side only (a pip beside a divider, a divider's end on a seam) cuts nothing.
    place = np.round(along).astype(np.int64)
    below = np.unique(place[(lo - bins[k] >= 2) & (lo - bins[k] <= 4)])
    above = np.unique(place[(bins[k] - hi >= 2) & (bins[k] - hi <= 4)])
    near_below = np.unique((below[:, None] + np.arange(-3, 4)[None, :]).ravel())
    near_above = np.unique((above[:, None] + np.arange(-3, 4)[None, :]).ravel())
    crossing = np.union1d(below[np.isin(below, near_above)], above[np.isin(above, near_below)])
    on &= ~np.isin(place, crossing)
    # Along the line, the longest stretch without a gap: the strip may cross other ink further on.
    order = np.argsort(along[on])
    positions = along[on][order]
    if len(positions) == 0:
        return None
    breaks = np.nonzero(np.diff(positions) > 2.5)[0]
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [len(positions) - 1]])
    best = int(np.argmax(positions[ends] - positions[starts]))
    first, last = positions[starts[best]], positions[ends[best]]
    if last - first < shortest:
        return None
    keep = on & (along >= first) & (along <= last)
    line = np.zeros_like(mask)
    line[ys[keep], xs[keep]] = True
    return line
