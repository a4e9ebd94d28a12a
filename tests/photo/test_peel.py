"""Tiles pressed side to side (scan.py's peeling): the face read is cut out, and the one beside it read."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo.faces import Box
from scorekeeper.photo.scan import _grown, _peeled, scan

IVORY = (236, 230, 214)
PIPS = {0: [], 1: [(0, 0)], 6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


def _tile(img: np.ndarray, x: int, y: int, a: int, b: int, upright: bool, w: int = 80) -> None:
    """A face ``w`` wide with its top-left corner at (x, y), halves ``a`` then ``b`` (top/left first)."""
    long_ = 2 * w
    x1, y1 = (x + w, y + long_) if upright else (x + long_, y + w)
    cv2.rectangle(img, (x, y), (x1 - 1, y1 - 1), IVORY, cv2.FILLED)
    cv2.rectangle(img, (x, y), (x1 - 1, y1 - 1), (150, 145, 130), 1)  # the rim's shade: a seam
    bar = round(0.41 * w)
    if upright:
        cv2.rectangle(img, (x + w // 2 - bar, y + w - 2), (x + w // 2 + bar, y + w + 2), (20, 20, 20), cv2.FILLED)
    else:
        cv2.rectangle(img, (x + w - 2, y + w // 2 - bar), (x + w + 2, y + w // 2 + bar), (20, 20, 20), cv2.FILLED)
    step = round(0.27 * w)
    for k, count in enumerate((a, b)):
        cx, cy = (x + w // 2, y + w // 2 + k * w) if upright else (x + w // 2 + k * w, y + w // 2)
        for dx, dy in PIPS[count]:
            px, py = (cx + dx * step, cy + dy * step) if upright else (cx + dy * step, cy + dx * step)
            cv2.circle(img, (px, py), round(0.09 * w), (25, 25, 25), cv2.FILLED)


def _l_of_tiles() -> np.ndarray:
    """On dark cloth: a 6-0 upright, and a 6-6 lying across pressed against the side of its 6 half."""
    img = np.full((600, 800, 3), 28, np.uint8)
    _tile(img, 250, 200, 6, 0, upright=True)
    _tile(img, 330, 200, 6, 6, upright=False)
    return img


def test_tiles_pressed_side_to_side_are_each_read():
    read = sorted(tuple(sorted((f.a.count, f.b.count))) for f in scan(_l_of_tiles()))
    assert read == [(0, 6), (6, 6)]


def test_what_is_left_of_a_blob_once_a_face_is_cut_out_is_proposed():
    mask = np.zeros((600, 800), np.uint8)
    cv2.rectangle(mask, (250, 200), (329, 359), 255, cv2.FILLED)  # the face read
    cv2.rectangle(mask, (330, 200), (489, 279), 255, cv2.FILLED)  # the one pressed against it
    read = [f for f in scan(_l_of_tiles()) if 0 in (f.a.count, f.b.count)]
    boxes = _peeled([mask], read, 12.0, lambda box: None)
    assert [(round(b.cx / 10), round(b.cy / 10), round(b.w, -1), round(b.h, -1)) for b in boxes] == [(41, 24, 80, 160)]


def test_a_blob_holding_no_face_read_is_not_peeled():
    mask = np.zeros((600, 800), np.uint8)
    cv2.rectangle(mask, (500, 400), (659, 479), 255, cv2.FILLED)
    face = scan(_l_of_tiles())[0]
    assert _peeled([mask], [face], 12.0, lambda box: None) == []


def test_a_face_is_cut_out_with_its_seam():
    grown = _grown(Box(100.0, 100.0, 50.0, 100.0, 30.0))
    assert (grown.cx, grown.cy, grown.angle) == (100.0, 100.0, 30.0)
    assert grown.w == 54.0 and grown.h == 104.0
