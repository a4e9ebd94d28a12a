"""One set's tiles are one size (scan._same_size): which faces say the size, and which go."""

from __future__ import annotations

import numpy as np

from scorekeeper.photo.faces import Box
from scorekeeper.photo.halves import Face, Half
from scorekeeper.photo.scan import _same_size


def _face(x: float, width: float, sure: float, *, faint: bool = False) -> Face:
    box = Box(x, 100.0, width, 2 * width, 0.0)
    return Face(box, Half(1, (), sure), Half(2, (), sure), 1.0, np.eye(2, 3), faint=faint)


def test_a_frame_read_as_nothing_does_not_set_the_size_of_a_chain():
    """A line of play of black tiles is read by faint faces only; one frame round the table beside it,
    read as nothing, must not say the set's size alone and throw the tiles out: every face says it."""
    chain = [_face(50.0 * k, 46.0, 0.45, faint=True) for k in range(1, 5)]
    table = _face(600.0, 392.0, 0.0)
    kept = _same_size([*chain, table])
    assert all(face in kept for face in chain)
    assert table not in kept


def test_a_face_far_off_the_size_of_the_clear_faces_goes():
    """Faces read sure say the size: one far smaller than them, unsure, is no tile (a speck)."""
    clear = [_face(100.0 * k, 40.0, 0.9) for k in range(1, 4)]
    speck = _face(500.0, 12.0, 0.3)
    assert _same_size([*clear, speck]) == clear
