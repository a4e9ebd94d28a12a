"""How the two readers' tiles are put together (combine.py): which frames are the same tile, which are none."""

from __future__ import annotations

import numpy as np

from scorekeeper.photo import FoundTile
from scorekeeper.photo.combine import _across, _match, _without_small_doubts, box_of, combine, from_face
from scorekeeper.photo.faces import Box
from scorekeeper.photo.halves import Face, Half, straighten


def _face(cy: float, a: int, b: int, sure: float = 0.75, cx: float = 200.0, width: float = 100.0) -> Face:
    """An upright face read by the face reader, ``width`` x twice that, centred at (``cx``, ``cy``)."""
    box = Box(cx, cy, width, 2 * width, 90.0)
    _, warp = straighten(np.zeros((600, 400, 3), np.uint8), box)
    return Face(box, Half(a, (), sure), Half(b, (), sure), 1.0, warp)


# Two tiles end to end down the photo, a seam between: a 2-1 above a 1-6 (their 1 halves meet at y = 200).
ABOVE, BELOW = _face(95.0, 2, 1), _face(305.0, 1, 6)
STRADDLE = from_face(_face(200.0, 1, 1))  # the divider reader's frame round the seam: 1 and 1


def test_a_frame_across_two_faces_read_sure_is_across_them():
    assert _across(STRADDLE, [ABOVE, BELOW])


def test_a_frame_over_one_face_is_not_across():
    assert not _across(from_face(ABOVE), [ABOVE, BELOW])
    assert not _across(STRADDLE, [ABOVE, _face(305.0, 1, 6, sure=0.3)])  # the face below read unsure


def test_a_frame_sharing_half_of_a_face_is_not_its_match():
    # A frame a little off the seam has its centre inside the face below: the same place by the centre
    # test alone, but it shares only a third of the two frames.
    assert _match(from_face(_face(210.0, 1, 1)), [BELOW], set()) is None
    assert _match(from_face(_face(315.0, 1, 6)), [BELOW], set()) == 0


def test_the_faces_stand_for_a_frame_across_them():
    tiles, _ = combine([STRADDLE], [ABOVE, BELOW], np.zeros((600, 400, 3), np.uint8), learned=False)
    assert sorted(t.pair for t in tiles) == [(1, 6), (2, 1)]


def _tile_of(cy: float, a: int, b: int, width: float, confidence: float) -> FoundTile:
    box = Box(200.0, cy, width, 2 * width, 90.0)
    corners = [(float(x), float(y)) for x, y in box.corners()]
    return FoundTile(a, b, (corners[0], corners[1], corners[2], corners[3]), (200.0, cy), confidence=confidence)


def test_a_doubted_tile_far_smaller_than_a_sure_one_is_specks_not_a_tile():
    sure, specks = _tile_of(100.0, 5, 0, 100.0, 0.9), _tile_of(400.0, 3, 2, 40.0, 0.3)
    assert _without_small_doubts([sure, specks]) == [sure]


def test_a_doubted_tile_of_a_tiles_length_or_with_no_sure_tile_beside_it_stays():
    sure = _tile_of(100.0, 5, 0, 100.0, 0.9)
    outline = ((150.0, 300.0), (200.0, 300.0), (200.0, 500.0), (150.0, 500.0))
    narrow = FoundTile(1, 2, outline, (175.0, 400.0), confidence=0.3)
    assert _without_small_doubts([sure, narrow]) == [sure, narrow]  # half its width, a tile's length
    small = _tile_of(400.0, 3, 2, 40.0, 0.3)
    assert _without_small_doubts([small]) == [small]
    doubted = _tile_of(100.0, 5, 0, 100.0, 0.4)
    assert _without_small_doubts([doubted, small]) == [doubted, small]


def _hopeless(cx: float, cy: float, width: float) -> Face:
    """A face only the face reader framed and could make nothing of (a speck, a weave)."""
    return _face(cy, 0, 0, 0.1, cx, width)


def test_a_face_made_nothing_of_is_shown_only_if_of_a_tiles_size():
    rgb = np.zeros((600, 400, 3), np.uint8)
    _, unread = combine([], [ABOVE, _hopeless(330.0, 450.0, 30.0)], rgb, learned=False)
    assert unread == []  # a speck's frame, far narrower than the tile read: nothing to check
    _, unread = combine([], [ABOVE, _hopeless(200.0, 450.0, 100.0)], rgb, learned=False)
    assert len(unread) == 1  # a tile's size, clear of the tile read: a tile may be there
    tiles, unread = combine([], [_hopeless(330.0, 450.0, 30.0)], rgb, learned=False)
    assert tiles == [] and len(unread) == 1  # no tile read to measure by: shown


def test_a_place_lying_over_two_tiles_read_is_not_clear_of_them():
    rgb = np.zeros((600, 400, 3), np.uint8)
    place = Box(265.0, 200.0, 100.0, 200.0, 90.0)  # a sixth of it over each of the tiles at the seam
    _, unread = combine([], [ABOVE, BELOW], rgb, places=[place], learned=False)
    assert unread == []
    _, unread = combine([], [ABOVE], rgb, places=[place], learned=False)
    assert len(unread) == 1  # a sixth over one tile only: the place is clear enough to show


def test_two_readings_alike_take_the_face_readers_frame_when_it_is_clearly_tighter():
    # The divider reader's frame takes in the stone the tile touches: the learned counter, looking in
    # it, would doubt a reading both readers agree on.
    rgb = np.zeros((600, 400, 3), np.uint8)
    face = _face(300.0, 2, 4)
    tiles, _ = combine([_tile_of(300.0, 2, 4, 130.0, 1.0)], [face], rgb, learned=False)
    assert [(t.pair, t.outline) for t in tiles] == [((2, 4), from_face(face).outline)]
    close = _tile_of(300.0, 2, 4, 105.0, 1.0)  # a few pixels wider: the divider reader's frame stays
    tiles, _ = combine([close], [face], rgb, learned=False)
    assert [(t.pair, t.outline) for t in tiles] == [((2, 4), close.outline)]


def test_a_frame_goes_round_either_way_and_stays_square():
    # The divider reader's outlines go round the other way from the face reader's: the same
    # rectangle, its ends square (no lean), and the same four corners.
    box = Box(200.0, 300.0, 100.0, 200.0, 30.0)
    c = [(float(x), float(y)) for x, y in box.corners()]
    for outline in ((c[0], c[1], c[2], c[3]), (c[1], c[0], c[3], c[2])):
        framed = box_of(FoundTile(1, 2, outline, (200.0, 300.0)))
        assert abs(framed.lean) < 1e-6
        assert sorted(map(tuple, np.round(framed.corners(), 6))) == sorted(map(tuple, np.round(box.corners(), 6)))
