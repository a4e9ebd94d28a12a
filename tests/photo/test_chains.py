"""A line of play of tiles pressed together with no divider to see (chains.in_chains, halves' gap):
black tiles whose pips sit in moulded sockets make one blob, taken apart from its free ends."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo import read_tiles
from scorekeeper.photo.chains import in_chains
from scorekeeper.photo.faces import Box
from scorekeeper.photo.halves import GRID, read_face

W = 60  # a drawn face's width, px
SIX_FIVE = [(0, 0, 6, 5)]
PLACES = {
    0: [],
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}

Tile = tuple[int, int, bool, int, int]  # left, top, lying along x, first half's pips, second's


def black_tiles(tiles: list[Tile], size: tuple[int, int] = (700, 520)) -> np.ndarray:
    """Black faces with white pips and no divider, pressed together as placed, on a grey table."""
    img = np.full((size[1], size[0], 3), 190, np.uint8)
    for x, y, along_x, a, b in tiles:
        w, h = (2 * W, W) if along_x else (W, 2 * W)
        cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (32, 32, 32), cv2.FILLED)
        _pips(img, (x, y, along_x, a, b), W, (236, 236, 236))
    return cv2.GaussianBlur(img, (0, 0), 1.2)


def _pips(img: np.ndarray, tile: Tile, width: int, colour: tuple[int, int, int]) -> None:
    """Draw a placed tile's pips (its face ``width`` px wide) on their grid places."""
    x, y, along_x, a, b = tile
    for k, count in enumerate((a, b)):
        cx, cy = (x + width / 2 + k * width, y + width / 2) if along_x else (x + width / 2, y + width / 2 + k * width)
        for u, v in PLACES[count]:
            du, dv = u * GRID * width, v * GRID * width
            px, py = (cx + dv, cy + du) if along_x else (cx + du, cy + dv)
            cv2.circle(img, (round(px), round(py)), round(0.09 * width), colour, cv2.FILLED, cv2.LINE_AA)


def _read(img: np.ndarray) -> list[tuple[int, int]]:
    ok, data = cv2.imencode(".png", cv2.cvtColor(img, cv2.COLOR_RGB2BGR))
    assert ok
    return sorted(tuple(sorted(t)) for t in read_tiles(data.tobytes()).tiles)


def test_a_dark_face_with_light_pips_and_no_divider_is_cut_where_no_pip_crosses():
    # The rows of a six next to the middle cross as much of the width as a line would: the cut goes
    # in the band no pip crosses, and the halves are judged round their own pips.
    img = black_tiles([(100, 100, False, 6, 5)])
    face = read_face(img, Box(100 + W / 2 - 0.5, 100 + W - 0.5, W, 2 * W, 90.0))
    assert face is not None and face.gap
    assert (face.a.count, face.b.count) == (6, 5)


def test_a_washed_out_dark_face_is_cut_where_no_pip_crosses_all_the_same():
    # A quarter of the contrast, lifted to grey (haze, light through a window): the pips stand less far above
    # the face than on a black tile seen plainly, but as far along the face's way to white.
    img = (black_tiles([(100, 100, False, 6, 5)]).astype(np.float32) * 0.25 + 100).astype(np.uint8)
    face = read_face(img, Box(100 + W / 2 - 0.5, 100 + W - 0.5, W, 2 * W, 90.0))
    assert face is not None and face.gap
    assert (face.a.count, face.b.count) == (6, 5)


def test_a_light_spot_at_the_end_of_a_dark_frame_is_no_one():
    # A frame on a dark stripe of cloth with the corner of a tile poking in at its end: judged round
    # its own pips, one pip always sits at its half's middle, so the middle may move only so far.
    img = black_tiles([(100, 100, False, 0, 0)])
    cv2.circle(img, (100 + W // 2, 100 + round(0.12 * W)), round(0.09 * W), (236, 236, 236), cv2.FILLED)
    face = read_face(img, Box(100 + W / 2 - 0.5, 100 + W - 0.5, W, 2 * W, 90.0))
    assert face is None or face.a.count + face.b.count == 0


def test_an_ivory_face_without_a_line_is_not_cut_by_the_gap():
    # Dark pips on a light face with no divider at all: not the moulded sets the gap reads.
    img = 255 - black_tiles([(100, 100, False, 6, 5)])
    face = read_face(img, Box(100 + W / 2 - 0.5, 100 + W - 0.5, W, 2 * W, 90.0))
    assert face is None or not face.gap


def test_a_line_of_play_turning_a_corner_is_read_tile_by_tile():
    img = black_tiles(
        [(100, 100, True, 6, 5), (220, 100, True, 5, 3), (340, 100, False, 3, 2), (340, 220, False, 2, 4)]
    )
    assert _read(img) == [(2, 3), (2, 4), (3, 5), (5, 6)]


def test_a_straight_line_of_tiles_end_to_end_is_read_tile_by_tile():
    # One solid bar, three faces long: tile-shaped nowhere, and no opening takes it apart.
    img = black_tiles([(100, 100, True, 6, 5), (220, 100, True, 5, 1), (340, 100, True, 1, 3)])
    assert _read(img) == [(1, 3), (1, 5), (5, 6)]


def test_a_zigzag_of_tiles_is_read_tile_by_tile():
    img = black_tiles(
        [(100, 100, False, 1, 4), (160, 160, True, 4, 6), (280, 160, False, 6, 0), (340, 280, True, 0, 2)]
    )
    assert _read(img) == [(0, 2), (0, 6), (1, 4), (4, 6)]


def _judge(faces: list[tuple[float, float, float]]):
    """A reader for in_chains that knows where the faces are (centre x, y and length): a frame reads
    the better the nearer it is to one, and not at all far from every one."""

    def read(box: Box) -> float | None:
        off = min(abs(box.cx - x) + abs(box.cy - y) + abs(box.h - h) for x, y, h in faces)
        return -off if off < 12 else None

    return read


def _mask(rects: list[tuple[int, int, int, int]], size: tuple[int, int] = (400, 400)) -> np.ndarray:
    mask = np.zeros((size[1], size[0]), np.uint8)
    for x0, y0, x1, y1 in rects:
        cv2.rectangle(mask, (x0, y0), (x1, y1), 255, cv2.FILLED)
    return mask


def test_faces_pressed_together_in_an_l_are_taken_off_from_the_free_ends():
    # Two faces across, then two down from the right-hand end: the corner belongs to the third.
    mask = _mask([(40, 40, 199, 79), (200, 40, 239, 199)])
    truth = [(79.5, 59.5, 80), (159.5, 59.5, 80), (219.5, 79.5, 80), (219.5, 159.5, 80)]
    boxes = in_chains(mask, 8, _judge(truth))
    found = sorted((round(b.cx), round(b.cy)) for b in boxes)
    assert len(found) == 4
    assert all(any(abs(b.cx - x) + abs(b.cy - y) < 12 for b in boxes) for x, y, _ in truth)


def test_a_chain_turned_off_the_axes_is_searched_square_to_its_own_edges():
    mask = _mask([(100, 150, 259, 189), (220, 190, 259, 269)])
    turn = cv2.getRotationMatrix2D((200.0, 200.0), 30.0, 1.0)  # 30 degrees anticlockwise as seen
    turned = cv2.warpAffine(mask, turn, (400, 400), flags=cv2.INTER_NEAREST)
    truth = [(*(turn @ np.array([x, y, 1.0])), 80.0) for x, y in ((139.5, 169.5), (219.5, 169.5), (239.5, 229.5))]
    boxes = in_chains(turned, 8, _judge(truth))
    assert all(any(abs(b.cx - x) + abs(b.cy - y) < 12 for b in boxes) for x, y, _ in truth)
    # Each frame lies along its own face (a frame turned the wrong way reads a tilted tile as nonsense):
    # the two faces across at -30 degrees (the y axis points down), the one down at 60.
    along = sorted((b.angle + 90) % 180 - 90 for b in boxes)
    assert np.allclose(along, [-30, -30, 60], atol=2), along


def test_a_frame_nothing_reads_is_no_face():
    mask = _mask([(40, 40, 199, 79), (200, 40, 239, 199)])
    assert in_chains(mask, 8, lambda box: None) == []


def test_doubles_laid_crosswise_at_both_ends_of_a_line_are_read_though_no_end_is_free():
    # A double across each end of one tile: every end has blob beside it, so none is free; the ends
    # with nothing beyond them are tried then, and the reader judges.
    mask = _mask([(40, 20, 79, 99), (80, 40, 239, 79), (240, 20, 279, 99)])
    truth = [(59.5, 59.5, 80), (119.5, 59.5, 80), (199.5, 59.5, 80), (259.5, 59.5, 80)]
    boxes = in_chains(mask, 8, _judge(truth))
    assert all(any(abs(b.cx - x) + abs(b.cy - y) < 12 for b in boxes) for x, y, _ in truth), boxes


def ivory_tiles_on_card(tiles: list[Tile], size: tuple[int, int] = (900, 500), width: int = 36) -> np.ndarray:
    """Ivory faces with black pips and a thin divider, pressed together as placed, on a green card
    nearly as light as they are, with black tiles face down beside (a phone photo of a line of play,
    each tile ``width`` px wide): to lightness alone, card and faces are one."""
    img = np.full((size[1], size[0], 3), (90, 200, 100), np.uint8)
    for x in (560, 640, 720):
        cv2.rectangle(img, (x, 60), (x + width - 1, 60 + 2 * width - 1), (20, 24, 22), cv2.FILLED)
    for x, y, along_x, a, b in tiles:
        w, h = (2 * width, width) if along_x else (width, 2 * width)
        cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (232, 230, 222), cv2.FILLED)
        cv2.rectangle(img, (x, y), (x + w - 1, y + h - 1), (190, 190, 185), 1)
        if along_x:
            cv2.line(img, (x + width, y + 4), (x + width, y + h - 5), (40, 40, 40), 1)
        else:
            cv2.line(img, (x + 4, y + width), (x + w - 5, y + width), (40, 40, 40), 1)
        _pips(img, (x, y, along_x, a, b), width, (25, 25, 25))
    return cv2.GaussianBlur(img, (0, 0), 0.8)


def test_ivory_tiles_end_to_end_on_a_light_card_are_read_by_their_dividers():
    # The card is as light as the tiles, so only their colour tells them from it, and by colour their
    # pips and dividers are no holes; pressed end to end they make one blob with no seam to see.
    line = [(200, 230, True, 4, 2), (272, 230, True, 2, 3), (344, 230, True, 3, 6), (416, 230, True, 6, 0)]
    assert _read(ivory_tiles_on_card(line)) == [(0, 6), (2, 3), (2, 4), (3, 6)]
