"""The learned half counter (counter.py) and how its opinion moves a tile's doubt (combine.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorekeeper.photo.combine import _second_look, _without_blank_doubts, box_of
from scorekeeper.photo.counter import WEIGHTS, half_counts
from scorekeeper.photo.faces import Box
from scorekeeper.photo.model import UNSURE, FoundTile
from tests.photo.synthetic import PIP_PLACES

from .test_halves import WIDTH, drawn_face

# The drawn face of test_halves: WIDTH across, twice that long, its top-left corner at WIDTH / 2.
BOX = Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0)
BLACK_TILE = ((200, 200, 196), (24, 24, 26), (235, 235, 230), (240, 240, 236))


def face(a: int, b: int, colours=None) -> np.ndarray:
    kwargs = {} if colours is None else {"colours": colours}
    drawn = drawn_face(list(PIP_PLACES[a]), list(PIP_PLACES[b]), 0.085, **kwargs)
    return cv2.GaussianBlur(drawn, (0, 0), 1.5)


def tile(a: int, b: int, confidence: float) -> FoundTile:
    corners = [(float(x), float(y)) for x, y in BOX.corners()]
    return FoundTile(a, b, (corners[0], corners[1], corners[2], corners[3]), (BOX.cx, BOX.cy), confidence=confidence)


def test_the_weights_ship_with_the_package_and_are_small():
    assert WEIGHTS.exists()
    assert WEIGHTS.stat().st_size < 200_000


@pytest.mark.parametrize("colours", [None, BLACK_TILE], ids=["ivory", "black"])
def test_it_counts_every_half_of_every_drawn_tile(colours):
    wrong = []
    for a in range(7):
        for b in range(a, 7):
            p = half_counts(face(a, b, colours), BOX)
            assert p is not None
            if (int(p[0].argmax()), int(p[1].argmax())) != (a, b):
                wrong.append((a, b, int(p[0].argmax()), int(p[1].argmax())))
    assert wrong == []


def test_a_reading_it_clearly_does_not_see_is_marked():
    # Both rule readers agreed (0.9), but the face shows 5-4, not 3-4.
    looked = _second_look(tile(3, 4, 0.9), None, face(5, 4))
    assert looked.confidence < UNSURE


def test_of_two_readings_the_one_it_sees_is_taken_and_trusted():
    # The readers differed (0.3): the one the counter finds on the face wins and is no longer marked.
    looked = _second_look(tile(3, 4, 0.3), tile(5, 4, 0.3), face(5, 4))
    assert looked.pair == (5, 4)
    assert looked.confidence >= UNSURE


def test_a_double_blank_gains_no_trust_from_it():
    # A face-down tile with a line across looks as blank to the counter as a 0-0 does.
    assert _second_look(tile(0, 0, 0.3), None, face(0, 0)).confidence == 0.3


def test_it_lifts_no_doubt_the_readers_did_not_disagree_on():
    # A small tile's doubt, or a tile the face reader did not see: the counter may not lift it.
    assert _second_look(tile(5, 4, 0.45), None, face(5, 4), lift=False).confidence == 0.45


def sliver(confidence: float) -> FoundTile:
    """A 0-0 frame a third as wide as BOX, over the drawn tile's left edge."""
    box = Box(WIDTH * 0.6, 1.5 * WIDTH, WIDTH / 3, 2 * WIDTH / 3, 90.0)
    corners = [(float(x), float(y)) for x, y in box.corners()]
    return FoundTile(0, 0, (corners[0], corners[1], corners[2], corners[3]), (box.cx, box.cy), confidence=confidence)


def test_an_unsure_sliver_read_0_0_beside_a_sure_tile_is_left_out():
    kept = _without_blank_doubts([tile(5, 4, 0.9), sliver(0.45)])
    assert [t.pair for t in kept] == [(5, 4)]


def test_an_unsure_0_0_stays_when_no_tile_is_sure_or_it_is_sure_itself():
    assert len(_without_blank_doubts([tile(5, 4, 0.3), sliver(0.45)])) == 2
    assert len(_without_blank_doubts([tile(5, 4, 0.9), sliver(0.8)])) == 2


def test_an_unsure_0_0_of_a_tiles_width_stays():
    # A double blank, a misread tile or a face-down one: the user is asked to check it.
    kept = _without_blank_doubts([tile(5, 4, 0.9), tile(0, 0, 0.45)])
    assert [t.pair for t in kept] == [(5, 4), (0, 0)]


@pytest.mark.parametrize("lean", [-35.0, 20.0, 40.0])
def test_a_tile_framed_at_a_slant_is_looked_at_in_its_own_frame(lean):
    # A tile seen from low is a parallelogram; the face reader frames it so (Box.lean). The counter
    # must look inside that frame, not in the rectangle on its long side, which cuts a corner off
    # each half and takes in table.
    upright = np.pad(face(5, 6), ((0, 0), (WIDTH // 2, WIDTH // 2), (0, 0)), mode="edge")
    square = Box(1.5 * WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0)  # the drawn face, in the wider picture
    slanted = Box(1.5 * WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0, lean)
    shear = cv2.getAffineTransform(square.corners()[:3].astype(np.float32), slanted.corners()[:3].astype(np.float32))
    seen = cv2.warpAffine(upright, shear, upright.shape[1::-1], borderMode=cv2.BORDER_REPLICATE)
    corners = [(float(x), float(y)) for x, y in slanted.corners()]
    framed = FoundTile(5, 6, (corners[0], corners[1], corners[2], corners[3]), (slanted.cx, slanted.cy), confidence=0.9)
    assert box_of(framed).lean == pytest.approx(lean)
    assert _second_look(framed, None, seen).confidence == 0.9
