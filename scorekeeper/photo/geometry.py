"""A tile's frame in the working image: where it is, which way it lies, how big it is."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .model import FoundTile

BAR_SPAN = 0.80  # divider length / tile width, the usual proportion
Pip = tuple[float, float, float]  # x, y, area in working pixels


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


def overlap(frame: Frame, others: list[Frame]) -> float:
    """Share of a frame's face lying in other frames: tiles do not overlap, a seam read as a divider does."""
    if not others:
        return 0.0
    points = [(u, v) for u in np.linspace(-0.8, 0.8, 5) for v in np.linspace(-0.9, 0.9, 10)]
    inside = 0
    for u, v in points:
        along = v * (frame.len_a if v < 0 else frame.len_b)
        x = frame.cx + u * frame.half_w * frame.dx - along * frame.dy
        y = frame.cy + u * frame.half_w * frame.dy + along * frame.dx
        inside += any(f.contains(x, y) for f in others)
    return inside / len(points)


def choose(ranked: list[Frame]) -> list[Frame]:
    """The tiles among candidate frames ranked most tile-like first: none overlapping another.

    Greedy by rank: a later frame overlapping one taken is a piece of its divider or
    the seam between two touching tiles. But two half-tiles either side of a seam look
    like a domino too (the seam its divider, each half's pips on a half), and may rank
    first; so a frame taken is given up for two frames it alone stood in the way of
    when those two do not overlap each other: two tiles read where one stood.
    """
    frames: list[Frame] = []
    for frame in ranked:
        if not any(_blocks(frame, f) for f in frames):
            frames.append(frame)
    for taken in list(frames):
        others = [f for f in frames if f is not taken]
        free = [g for g in ranked if g not in frames and _clash(g, taken) and not any(_clash(g, f) for f in others)]
        pair = next(((a, b) for k, a in enumerate(free) for b in free[k + 1 :] if not _clash(a, b)), None)
        if pair is not None:
            frames = [*others, *pair]
    return frames


def _blocks(new: Frame, taken: Frame) -> bool:
    """Whether a frame taken rules out a new one: either centre inside the other, or a quarter overlapping."""
    return taken.contains(new.cx, new.cy) or new.contains(taken.cx, taken.cy) or overlap(new, [taken]) > 0.25


def _clash(a: Frame, b: Frame) -> bool:
    """Whether two frames cannot both be tiles, whichever came first."""
    return _blocks(a, b) or _blocks(b, a)


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


Bar = tuple[float, float, float, float]  # centre x, y, angle, length in working pixels


def bars(s, elong: np.ndarray, length: np.ndarray, min_width: float, filled: np.ndarray) -> list[Bar]:
    """Divider bars, pieces in line joined: a spinner pin or glare can cut a divider in two.

    Dividers of tiles laid side by side are in line too; a divider is well under half its
    tile's length, so a joined bar as long as the face it lies on is two and stays apart.
    """
    pieces = [i for i in range(1, len(s.area)) if elong[i] >= 5 and length[i] >= 0.25 * min_width]
    group = {i: i for i in pieces}
    # Only pieces short for the face they lie on are joined: whole dividers of tiles in a row stay apart.
    across = {i: _across(filled, s.cx[i], s.cy[i], s.angle[i], 4 * length[i]) for i in pieces}
    short = [i for i in pieces if length[i] < 0.28 * across[i]]
    for k, i in enumerate(short):
        for j in short[k + 1 :]:
            if in_line(s, i, j, length):
                old, new = group[j], group[i]
                group.update({m: new for m, g in group.items() if g == old})
    bars = []
    for root in sorted(set(group.values())):
        members = [i for i in pieces if group[i] == root]
        if len(members) == 1:
            bars.append((s.cx[root], s.cy[root], s.angle[root], length[root]))
            if root in short:  # maybe half a divider whose other half is lost (under glare, or joined to
                # a pip): also try it at a divider's usual share of its tile's length; the frame recentres
                # and the better-fitting tile of the two is kept.
                bars.append(centred(filled, s.cx[root], s.cy[root], s.angle[root], 0.4 * across[root], across[root]))
            continue
        weight = np.array([s.area[i] for i in members])
        angle = s.angle[max(members, key=lambda i: s.area[i])]
        dx, dy = math.cos(angle), math.sin(angle)
        cx = float(np.average([s.cx[i] for i in members], weights=weight))
        cy = float(np.average([s.cy[i] for i in members], weights=weight))
        ends = [((s.cx[i] - cx) * dx + (s.cy[i] - cy) * dy) + side * length[i] / 2 for i in members for side in (-1, 1)]
        lo, hi = min(ends), max(ends)
        mid = (lo + hi) / 2
        bar = (cx + mid * dx, cy + mid * dy, angle, hi - lo)
        if bar[3] <= 0.6 * _across(filled, bar[0], bar[1], angle, 4 * bar[3]):
            bars.append(bar)
        else:
            bars += [(s.cx[i], s.cy[i], s.angle[i], length[i]) for i in members]
    return bars


def centred(filled: np.ndarray, x: float, y: float, angle: float, length: float, across: float) -> Bar:
    """A bar through (x, y) moved along its line to the middle of the face it lies on.

    A piece of a divider (the rest lost under glare) lies off the tile's centre,
    often by more than the divider walk in frame_from_divider may correct: when the
    face along the line is about a tile's width (half its length ``across``), the
    middle of that stretch is the tile's centre.
    """
    dx, dy = math.cos(angle), math.sin(angle)
    plus = reach(filled, x, y, dx, dy, across)
    minus = reach(filled, x, y, -dx, -dy, across)
    if 0.4 * across <= plus + minus <= 0.62 * across:
        shift = (plus - minus) / 2
        x, y = x + shift * dx, y + shift * dy
    return (x, y, angle, length)


def in_line(s, i: int, j: int, length: np.ndarray) -> bool:
    """Whether two bars are pieces of one: nearly parallel, on one line, a short gap apart."""
    turn = abs((s.angle[i] - s.angle[j] + math.pi / 2) % math.pi - math.pi / 2)
    if turn > math.radians(12):
        return False
    dx, dy = math.cos(s.angle[i]), math.sin(s.angle[i])
    ox, oy = s.cx[j] - s.cx[i], s.cy[j] - s.cy[i]
    along = abs(ox * dx + oy * dy)
    off = abs(-ox * dy + oy * dx)
    gap = along - (length[i] + length[j]) / 2
    return off <= 0.08 * (length[i] + length[j]) + 1.5 and gap <= 0.8 * max(length[i], length[j])


def _across(filled: np.ndarray, x: float, y: float, angle: float, limit: float) -> float:
    """Length of the face across a bar at (x, y): a tile's length when the bar is its divider."""
    dx, dy = math.cos(angle), math.sin(angle)
    return sum(reach(filled, x, y, sign * -dy, sign * dx, limit) for sign in (-1, 1))


def one_size(tiles: list[FoundTile]) -> list[FoundTile]:
    """The tiles whose frames are a tile's size: one set's tiles are one size.

    A frame far narrower than the widest is a scrap of edge or shadow. With three
    or more, the median is a tile's size: a frame far wider than it is a patch of
    glared table read as a face, one both narrower and shorter a scrap too.
    """
    widths = [math.dist(t.outline[0], t.outline[1]) for t in tiles]
    lengths = [math.dist(t.outline[1], t.outline[2]) for t in tiles]
    if len(tiles) < 3:
        return [t for t, w in zip(tiles, widths, strict=True) if w >= 0.55 * max(widths, default=0)]
    wide, long = float(np.median(widths)), float(np.median(lengths))
    return [
        t
        for t, w, n in zip(tiles, widths, lengths, strict=True)
        if 0.55 * max(widths) <= w <= 1.35 * wide and (w >= 0.7 * wide or n >= 0.7 * long)
    ]


def fits(frame: Frame, pip: Pip) -> float | None:
    """How far out in its tile a pip lies (0 = centre, 1 = edge), or None if it cannot be its pip."""
    u, v = frame.local(pip[0], pip[1])
    diameter = math.sqrt(4 * pip[2] / math.pi) / (2 * frame.half_w)
    if abs(u) <= 1.0 and 0.06 <= abs(v) <= 1.02 and 0.08 <= diameter <= 0.32:
        return max(abs(u), abs(v))
    return None


def grid_error(frame: Frame, pips: list[Pip]) -> float:
    """Mean distance of a candidate tile's pips from the places a domino puts them (0 = exactly there)."""
    errors = []
    for pip in consistent([p for p in pips if fits(frame, p) is not None]):  # specks do not count
        u, v = frame.local(pip[0], pip[1])
        errors.append(min(abs(u - g) for g in (-0.53, 0.0, 0.53)) + min(abs(abs(v) - g) for g in (0.23, 0.5, 0.77)))
    return float(np.mean(errors)) if errors else 0.5  # no pips proves nothing: rank a blank behind a fit


def pips_per_half(frame: Frame, pips: list[Pip]) -> tuple[int, int]:
    """Pips on each half of a candidate tile (a real one has at most six a side), specks not counted."""
    a = b = 0
    for pip in consistent([p for p in pips if fits(frame, p) is not None]):
        if frame.local(pip[0], pip[1])[1] < 0:
            a += 1
        else:
            b += 1
    return a, b


def consistent(pips: list[Pip]) -> list[Pip]:
    """Drop blobs far smaller than the tile's typical pip (specks, dust, scratches)."""
    if len(pips) < 2:
        return pips
    typical = float(np.median([p[2] for p in pips]))
    return [p for p in pips if p[2] >= 0.3 * typical]
