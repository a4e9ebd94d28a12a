"""The face reader's halves on drawn faces: each case a way real photos went wrong."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo.faces import Box
from scorekeeper.photo.halves import GRID, read_face

WIDTH = 96  # the drawn face, pixels across (twice that long)


def face_photo(a: list[tuple[int, int]], b: list[tuple[int, int]], radius: float, blur: float = 1.5) -> np.ndarray:
    """An upright ivory face on black cloth with pips at grid places ``a`` (top half) and ``b``."""
    img = np.full((3 * WIDTH, 2 * WIDTH, 3), 20, np.uint8)
    x0, y0 = WIDTH // 2, WIDTH // 2
    cv2.rectangle(img, (x0, y0), (x0 + WIDTH, y0 + 2 * WIDTH), (236, 230, 212), cv2.FILLED)
    mid = y0 + WIDTH
    cv2.rectangle(img, (x0 + 10, mid - 3), (x0 + WIDTH - 10, mid + 3), (25, 25, 25), cv2.FILLED)
    step = GRID * WIDTH
    for places, cy in ((a, y0 + WIDTH / 2), (b, mid + WIDTH / 2)):
        for u, v in places:
            centre = (round(x0 + WIDTH / 2 + u * step), round(cy + v * step))
            cv2.circle(img, centre, round(radius * WIDTH), (30, 30, 30), cv2.FILLED, lineType=cv2.LINE_AA)
    return cv2.GaussianBlur(img, (0, 0), blur)


def test_big_pips_run_together_in_a_column_count_one_each():
    # Big pips close together on a small tile: the three of a six's column touch through the blur.
    six = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]
    img = face_photo(six, [], radius=0.125, blur=2.0)
    box = Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0)
    face = read_face(img, box)
    assert face is not None
    assert sorted((face.a.count, face.b.count)) == [0, 6]
