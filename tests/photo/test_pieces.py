"""A divider piece centred on its tile, a pip joined to the divider pulled apart, glare over most of a face."""

import numpy as np
import pytest

from scorekeeper.photo import FoundTile, read_tiles
from scorekeeper.photo.geometry import centred, one_size
from scorekeeper.photo.glare import unglared
from scorekeeper.photo.ink import separate
from tests.photo.shapes import disc as _disc
from tests.photo.shapes import shapes as _shapes
from tests.photo.synthetic import render


def test_a_divider_piece_off_centre_is_moved_to_the_middle_of_its_tile():
    filled = np.zeros((200, 140), dtype=bool)
    filled[20:180, 20:100] = True  # a tile 80 wide, 160 long: its divider runs across at y = 100
    x, y, angle, length = centred(filled, 80.0, 100.0, 0.0, 64.0, 160.0)
    assert abs(x - 59.5) <= 1 and (y, angle, length) == (100.0, 0.0, 64.0)  # pixels 20..99: the middle is 59.5


def test_a_piece_on_a_face_wider_than_a_tile_stays_where_it_is():
    filled = np.zeros((200, 300), dtype=bool)
    filled[20:180, 20:280] = True  # two tiles touching: the face along the line is two widths
    assert centred(filled, 80.0, 100.0, 0.0, 64.0, 160.0)[:2] == (80.0, 100.0)


def test_a_pip_touching_the_divider_becomes_a_pip_and_a_line():
    ink = np.zeros((120, 160), dtype=bool)
    ink[58:62, 20:140] = True  # the divider, 4 px thick
    _disc(ink, 80, 69, 8)  # a pip run into it
    _disc(ink, 40, 30, 8)  # a clean pip elsewhere gives the pip size
    blobs, n, s, elong, fill = _shapes(ink)
    assert n == 2
    apart = separate(ink, blobs, s, elong, fill)
    assert apart is not None
    blobs, n, s, elong, fill = _shapes(apart)
    assert n == 3  # the clean pip, the freed pip, the line
    assert sorted(round(e) for e in elong[1:])[:2] == [1, 1] and elong.max() > 8
    pip = np.argmin(np.hypot(s.cx - 80, s.cy - 69))
    assert abs(s.cx[pip] - 80) < 1.5 and abs(s.cy[pip] - 69) < 2


def test_clean_ink_is_left_alone():
    ink = np.zeros((120, 160), dtype=bool)
    ink[58:62, 20:140] = True
    _disc(ink, 80, 85, 8)
    _disc(ink, 40, 30, 8)
    assert separate(ink, *_shapes(ink)[:1], *_shapes(ink)[2:]) is None


def test_glare_over_most_of_a_coloured_face_gives_back_the_unglared_rest():
    blue = np.array((34, 62, 140), np.float32)
    rgb = np.broadcast_to(blue, (60, 100, 3)).copy()
    rgb[:, :70] += 90  # white light over most of the face
    region = np.ones((60, 100), dtype=bool)
    glared = np.zeros_like(region)
    glared[:, :70] = True
    rest = unglared(rgb, glared, region)
    assert rest is not None and rest[:, 70:].all() and not rest[:, :70].any()


def test_a_white_face_is_not_taken_for_glare_over_a_grey_one():
    rgb = np.full((60, 100, 3), 240, np.float32)
    rgb[:, 70:] = 110
    region = np.ones((60, 100), dtype=bool)
    face = np.zeros_like(region)
    face[:, :70] = True
    assert unglared(rgb, face, region) is None


@pytest.mark.parametrize(
    "seed",
    [
        21069,  # glare fades half a divider: the piece, centred, frames the tile
        21025,  # glare speckle joins a pip to the divider (yellow tile, white pips)
        21087,  # a pip joined to the divider on a black tile in a touching pair
        20066,  # glare over most of a blue face, its white divider clipped to white under it
    ],
)
def test_photos_with_cut_or_joined_dividers_read_exactly(seed):
    photo = render(seed)
    reading = read_tiles(photo.data)
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == sorted(tuple(sorted(t)) for t in photo.tiles)


def _tile(x: float, width: float, length: float) -> FoundTile:
    corners = ((x, 0.0), (x + width, 0.0), (x + width, length), (x, length))
    return FoundTile(a=1, b=2, outline=corners, center=(x + width / 2, length / 2))


def test_frames_off_the_sets_size_are_dropped():
    tiles = [_tile(0, 100, 200), _tile(200, 96, 196), _tile(400, 104, 204)]
    table_patch = _tile(600, 150, 300)  # glared table read as one big face
    scrap = _tile(800, 60, 110)  # narrower and shorter: an edge or a shadow
    assert one_size([*tiles, table_patch, scrap]) == tiles


def test_a_narrow_frame_of_the_right_length_is_kept():
    """A tile whose divider was half lost gets a narrow frame, but its length still says tile."""
    tiles = [_tile(0, 100, 200), _tile(200, 96, 196), _tile(400, 64, 190)]
    assert one_size(tiles) == tiles


def test_with_two_tiles_only_a_far_narrower_one_goes():
    assert one_size([_tile(0, 100, 200), _tile(200, 150, 300)]) == [_tile(0, 100, 200), _tile(200, 150, 300)]
    assert one_size([_tile(0, 100, 200), _tile(200, 50, 100)]) == [_tile(0, 100, 200)]
