"""How much of a frame a mask covers, and the pip holes in it, counted over just the frame's part of
the image: the same figures as over the whole image, for frames inside it, across its edge, off it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorekeeper.photo.faces import Box
from scorekeeper.photo.scan import _pips_in, coverage


def _whole(shape: tuple[int, int], box: Box) -> np.ndarray:
    frame = np.zeros(shape, np.uint8)
    cv2.fillPoly(frame, [np.round(box.corners()).astype(np.int32)], 255)
    return frame


def _solid_with_holes() -> tuple[np.ndarray, np.ndarray]:
    solid = np.zeros((120, 160), np.uint8)
    solid[20:100, 40:120] = 255
    mask = solid.copy()
    for x, y in ((60, 40), (80, 60), (100, 80)):
        cv2.circle(mask, (x, y), 5, 0, cv2.FILLED)
    return solid, mask


@pytest.mark.parametrize(
    "box",
    [
        Box(80, 60, 40, 80, 30.0),  # inside, turned
        Box(150, 60, 40, 80, 0.0),  # across the right edge
        Box(5, 5, 30, 60, 45.0),  # across a corner
        Box(400, 400, 30, 60, 0.0),  # off the image
    ],
)
def test_the_share_covered_is_the_whole_images(box):
    solid, _ = _solid_with_holes()
    frame = _whole(solid.shape, box)
    inside = int(np.count_nonzero(frame))
    want = int(np.count_nonzero(frame & solid)) / inside if inside else 0.0
    assert coverage(solid, box) == want


def test_the_round_holes_in_a_frame_are_counted_and_those_outside_it_are_not():
    solid, mask = _solid_with_holes()
    assert _pips_in(solid, mask, Box(80, 60, 60, 70, 45.0)) == 3  # the diagonal of three, all inside
    assert _pips_in(solid, mask, Box(56, 36, 32, 32, 0.0)) == 1  # round the first only
    assert _pips_in(solid, mask, Box(400, 400, 30, 60, 0.0)) == 0
    assert coverage(solid, Box(80, 60, 40, 40, 0.0)) == 1.0
    assert coverage(solid, Box(40, 60, 40, 40, 0.0)) == pytest.approx(0.5, abs=0.05)
