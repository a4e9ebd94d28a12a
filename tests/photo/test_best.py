"""The best proposal per place (scan._best): tiles do not overlap, so a frame over parts of faces kept goes."""

from __future__ import annotations

import numpy as np

from scorekeeper.photo.faces import Box
from scorekeeper.photo.halves import Face, Half
from scorekeeper.photo.scan import _best

WIDTH = 30.0


def _face(cx: float, cy: float, a: int, b: int, sure: float, angle: float = 0.0, *, faint: bool = False) -> Face:
    """A face WIDTH wide and twice as long, along ``angle`` (degrees; 0 lies along x)."""
    box = Box(cx, cy, WIDTH, 2 * WIDTH, angle)
    return Face(box, Half(a, (), sure), Half(b, (), sure), 1.0, np.eye(2, 3), faint=faint)


def test_a_frame_across_the_seam_of_two_tiles_in_a_chain_goes():
    """Two tiles end to end: a frame centred on their seam reads the end of each as a half (the seam
    taken for a divider). Its centre lies in neither tile, yet it lies wholly over the two."""
    left, right = _face(100.0, 100.0, 2, 3, 0.77), _face(161.0, 100.0, 3, 6, 0.82)
    seam = _face(130.5, 100.0, 3, 3, 0.45)
    assert _best([seam, left, right]) == [right, left]


def test_a_frame_over_a_tiles_end_and_the_table_beside_it_goes():
    """A frame over a tile's end and the table (its shadow) beyond it, in line with the tile: over a
    third of it lies over the tile read sure, though neither centre lies in the other frame."""
    tile = _face(680.0, 280.0, 4, 3, 0.83, angle=30.0)
    along = np.array([np.cos(np.radians(30.0)), np.sin(np.radians(30.0))])
    cx, cy = np.array([680.0, 280.0]) - 1.3 * WIDTH * along  # 35% of it over the tile
    phantom = _face(float(cx), float(cy), 0, 4, 0.31, angle=30.0)
    assert _best([tile, phantom]) == [tile]


def test_tiles_side_by_side_with_loose_frames_are_all_kept():
    """Touching tiles whose frames each take in a little of the neighbour (a tenth of a width) are
    tiles all the same: a frame goes only when a good part of it lies over faces kept."""
    row = [_face(100.0, 100.0 + k * 0.9 * WIDTH, k, 6 - k, 0.8 - 0.05 * k) for k in range(4)]
    assert _best(row) == row


def test_tiles_read_by_faint_lines_stay_under_a_less_sure_frame_across_them():
    """A frame with a true divider wins its place before faces read by faint lines (black tiles whose
    dividers barely show), however unsure it is. Lying over two of them, it must not put them out:
    only faces read surer than a frame say it lies over them."""
    left = _face(100.0, 100.0, 2, 3, 0.45, faint=True)
    right = _face(161.0, 100.0, 3, 6, 0.45, faint=True)
    seam = _face(130.5, 100.0, 3, 3, 0.3)
    kept = _best([left, right, seam])
    assert left in kept and right in kept
