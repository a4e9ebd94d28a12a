"""Face proposals from a mask (faces.py): what shape of blob is proposed as a face."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo.faces import proposals


def _face_mask(notches: list[tuple[int, int]]) -> np.ndarray:
    """A 60 x 120 face on a 200 x 200 mask, with round bites (pips of radius 14) taken out of its rim."""
    mask = np.zeros((200, 200), np.uint8)
    cv2.rectangle(mask, (70, 40), (129, 159), 255, cv2.FILLED)
    for x, y in notches:
        cv2.circle(mask, (x, y), 14, 0, cv2.FILLED)
    return mask


def test_a_face_bitten_into_from_its_rim_is_proposed_whole():
    # Pips touching the rim of a small blurred face (and a divider running into it) are notches, not
    # holes: the blob fills too little of its rectangle to be a face, but its hull is one.
    mask = _face_mask([(70, 140), (129, 140), (70, 60), (129, 60), (70, 100), (129, 100)])
    boxes = proposals(mask, 8)
    whole = [b for b in boxes if abs(b.w - 60) <= 4 and abs(b.h - 120) <= 4]
    assert whole and all(b.bitten for b in whole)
    assert abs(whole[0].cx - 99.5) <= 2 and abs(whole[0].cy - 99.5) <= 2


def test_a_whole_face_is_proposed_as_it_is():
    boxes = proposals(_face_mask([]), 8)
    assert [(round(b.w, -1), round(b.h, -1), b.bitten) for b in boxes] == [(60, 120, False)]
