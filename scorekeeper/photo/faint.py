"""Where a face with no dark divider to see is cut in two: a faint line (a white tile washed out by
light, a paper card's pencil line), or on a dark face with light pips the row no mark crosses.
``halves.py`` tries these when no row of ink crosses the middle; a face cut so is read, but ranks
below one with a true divider."""

from __future__ import annotations

import numpy as np

FAINT_RISE = 4.0  # a faint divider is this much darker (L of Lab) than the face on both its sides
FAINT_SHARE = 0.6  # ... across this much of the width at least
GAP_LIGHT = 60.0  # a dark face's pips stand this much lighter (L of Lab) than it: the light-pip sets
GAP_SHARE = 0.3  # ... or this share of the face's way to white, when the face is darker than mid grey
DARK_FACE = 128.0  # (L of Lab, of 255): a black tile washed out by light or haze keeps its pips' share


def gap_line(
    ink: np.ndarray, light: np.ndarray, colour: float, rows: tuple[int, int], margin: int
) -> tuple[int, float] | None:
    """Where a dark face with light pips and no divider to see (sockets moulded for the pips, a line
    lost in the blur) is cut in two: the row nearest the middle, between ``rows`` (first, past
    last), that no mark crosses (``margin``: the rim's columns, left out); with the line's share of
    the width it stands for, ranked below any line seen. None when the marks are not light ones, or
    cross the middle everywhere."""
    lo, hi = rows
    marks = light[ink > 0]
    rise = GAP_LIGHT if colour > DARK_FACE else min(GAP_LIGHT, GAP_SHARE * (255.0 - colour))
    if marks.size == 0 or float(np.median(marks)) < colour + rise:
        return None
    clear = lo + np.flatnonzero(~ink[lo:hi, margin:-margin].any(axis=1))
    if clear.size == 0:
        return None
    return int(clear[np.argmin(np.abs(clear - len(ink) // 2))]), 0.3


def faint_line(light: np.ndarray, lo: int, hi: int) -> tuple[int, float] | None:
    """The row between ``lo`` and ``hi`` where a thin line, a little darker than the face (or lighter,
    on a black face) runs right across (``light``: the face's lightness, rim columns left out), and
    how much of the width it crosses, halved (it ranks below a true dark divider); None if none."""
    k = 3
    rows = np.arange(max(lo, k + 1), min(hi, len(light) - k - 2))
    if rows.size == 0:
        return None
    sides = (light[rows - 1 - k], light[rows + 1 + k])
    band = np.stack([light[rows - 1], light[rows], light[rows + 1]])
    # Per row, darker then lighter: the first row and kind with the largest share wins.
    rises = np.stack([np.minimum(*sides) - band.min(axis=0), band.max(axis=0) - np.maximum(*sides)], axis=1)
    share = np.mean(rises > FAINT_RISE, axis=-1).ravel()
    share[np.median(rises, axis=-1).ravel() <= FAINT_RISE] = 0.0
    best = int(np.argmax(share))
    if share[best] < FAINT_SHARE:
        return None
    return int(rows[best // 2]), 0.5 * float(share[best])
