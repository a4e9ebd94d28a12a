"""A tile's frame in the working image: where it is, which way it lies, how big it is."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

BAR_SPAN = 0.80  # divider length / tile width, the usual proportion


class Frame(NamedTuple):
    """A tile in working pixels: centre on the divider, unit divider direction, half width, half lengths."""

    cx: float
    cy: float
    dx: float
    dy: float
    half_w: float
    len_a: float  # from the divider to the end of the a half (the -normal side)
    len_b: float

    def local(self, x: float, y: float) -> tuple[float, float]:
        """(u, v): across in half widths, along in half lengths (negative on the a side)."""
        px, py = x - self.cx, y - self.cy
        u = (px * self.dx + py * self.dy) / self.half_w
        v = -px * self.dy + py * self.dx
        return u, v / (self.len_a if v < 0 else self.len_b)

    def contains(self, x: float, y: float) -> bool:
        u, v = self.local(x, y)
        return abs(u) <= 1 and abs(v) <= 1


def frame_from_divider(cx: float, cy: float, angle: float, length: float, filled: np.ndarray) -> Frame:
    """A tile's frame from its divider, its edges found by walking the filled face from the divider."""
    dx, dy = math.cos(angle), math.sin(angle)
    nx, ny = -dy, dx
    nominal = length / BAR_SPAN / 2
    offsets = (-0.25 * nominal, 0.0, 0.25 * nominal)
    plus = np.median([reach(filled, cx + o * nx, cy + o * ny, dx, dy, 2.5 * nominal) for o in offsets])
    minus = np.median([reach(filled, cx + o * nx, cy + o * ny, -dx, -dy, 2.5 * nominal) for o in offsets])
    # Trust the walk only when both sides end near where a tile's edge should be: a touching
    # neighbour lets one walk run on into the next tile.
    if 0.8 * length <= plus + minus <= 1.45 * length and min(plus, minus) >= 0.4 * length:
        shift = (plus - minus) / 2
        cx, cy = cx + shift * dx, cy + shift * dy
        half_w = (plus + minus) / 2
    else:
        half_w = nominal
    halves = []
    for sign in (-1, 1):
        walks = [
            reach(filled, cx + o * dx, cy + o * dy, sign * nx, sign * ny, 3.0 * half_w)
            for o in (-0.5 * half_w, 0.0, 0.5 * half_w)
        ]
        walk = float(np.median(walks))
        halves.append(walk if 1.2 * half_w <= walk <= 2.6 * half_w else 2 * half_w)
    return Frame(cx, cy, dx, dy, half_w, halves[0], halves[1])


def coverage(frame: Frame, filled: np.ndarray) -> float:
    """Share of a grid of points over the frame's face that lie on the filled face (a real tile: nearly all)."""
    u = np.linspace(-0.85, 0.85, 7)
    v = np.concatenate([np.linspace(-0.9, -0.1, 6) * frame.len_a, np.linspace(0.1, 0.9, 6) * frame.len_b])
    uu, vv = np.meshgrid(u * frame.half_w, v)
    xs = np.round(frame.cx + uu * frame.dx - vv * frame.dy).astype(int)
    ys = np.round(frame.cy + uu * frame.dy + vv * frame.dx).astype(int)
    h, w = filled.shape
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    hits = np.zeros(xs.shape, dtype=bool)
    hits[inside] = filled[ys[inside], xs[inside]]
    return float(hits.mean())


def reach(mask: np.ndarray, x: float, y: float, dx: float, dy: float, limit: float) -> float:
    """How far from (x, y) along (dx, dy) the mask stays set, up to limit."""
    h, w = mask.shape
    steps = np.arange(0, limit, 0.5)
    xs = np.round(x + steps * dx).astype(int)
    ys = np.round(y + steps * dy).astype(int)
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    ok = np.zeros(len(steps), dtype=bool)
    ok[inside] = mask[ys[inside], xs[inside]]
    stop = np.argmin(ok) if not ok.all() else len(steps)
    return float(steps[stop - 1]) if stop > 0 else 0.0
