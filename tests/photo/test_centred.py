"""A frame drawn short at one end (scan._centred_again): read again centred on its divider."""

from __future__ import annotations

import math

from scorekeeper.photo.faces import Box
from scorekeeper.photo.halves import read_face
from scorekeeper.photo.scan import _centred_again, centred
from tests.photo.test_halves import WIDTH, face_photo

SIX = [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]
CUT = 0.28 * WIDTH  # how much of the face's top end the short frame leaves out: its top row of pips
UPRIGHT = Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0)  # the drawn face's own frame (a half on top)
SHORT = Box(WIDTH, 1.5 * WIDTH + CUT / 2, WIDTH, 2 * WIDTH - CUT, 90.0)


def test_a_frame_short_at_one_end_loses_pips_and_is_read_again_whole():
    """A tile pressed against another's side: the blob's outline cuts across its end, and the frame
    drawn round what is left takes in four of the 6's pips. The divider then lies off the frame's
    middle, and the frame centred on it reads the 6-1."""
    img = face_photo(SIX, [(0, 0)], radius=0.08)
    short = read_face(img, SHORT)
    assert short is not None
    assert (short.a.count, short.b.count) != (6, 1)
    again = _centred_again(lambda box: read_face(img, box), [short])
    assert [(f.a.count, f.b.count) for f in again] == [(6, 1)]
    assert again[0].sure > short.sure


def test_the_centred_frame_is_the_tile_s_own():
    """Moved along to the divider and as long as its longer half makes it: the face's own frame."""
    img = face_photo(SIX, [(0, 0)], radius=0.08)
    short = read_face(img, SHORT)
    assert short is not None
    box = centred(short)
    assert box is not None
    assert math.dist((box.cx, box.cy), (UPRIGHT.cx, UPRIGHT.cy)) < 0.03 * WIDTH  # the short frame's is 0.14 off
    assert abs(box.h - UPRIGHT.h) < 0.06 * WIDTH
    assert (box.w, box.angle) == (UPRIGHT.w, UPRIGHT.angle)


def test_a_face_whose_divider_lies_at_its_middle_is_not_read_again():
    img = face_photo(SIX, [(0, 0)], radius=0.08)
    whole = read_face(img, UPRIGHT)
    assert whole is not None
    assert (whole.a.count, whole.b.count) == (6, 1)
    assert centred(whole) is None
    assert _centred_again(lambda box: None, [whole]) == [whole]
