"""Pips outside every tile read: the tile read round them, or a place to check; specks unlike pips: nothing."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo.faces import masks
from scorekeeper.photo.model import FoundTile
from scorekeeper.photo.strays import strays

TABLE = (60, 60, 60)
IVORY = (235, 230, 215)
INK = (20, 20, 20)
WIDTH, LENGTH, PIP = 80, 160, 8
# Pip places of a half, from its centre, in units of a quarter of the width.
PLACES = {0: [], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)]}


def _draw(rgb: np.ndarray, cx: int, cy: int, a: int, b: int) -> FoundTile:
    """An upright ivory tile with black pips drawn at (cx, cy), and the tile as the reader reports it."""
    x0, y0, x1, y1 = cx - WIDTH // 2, cy - LENGTH // 2, cx + WIDTH // 2, cy + LENGTH // 2
    cv2.rectangle(rgb, (x0, y0), (x1, y1), IVORY, cv2.FILLED)
    cv2.line(rgb, (x0 + 8, cy), (x1 - 8, cy), INK, 3)
    step = WIDTH // 4
    halves = []
    for count, centre_y in ((a, cy - LENGTH // 4), (b, cy + LENGTH // 4)):
        pips = tuple((float(cx + dx * step), float(centre_y + dy * step)) for dx, dy in PLACES[count])
        for x, y in pips:
            cv2.circle(rgb, (round(x), round(y)), PIP, INK, cv2.FILLED)
        halves.append(pips)
    outline = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    corners = tuple((float(x), float(y)) for x, y in outline)
    return FoundTile(a, b, corners, (float(cx), float(cy)), halves[0], halves[1], 0.9)  # type: ignore[arg-type]


def _table() -> np.ndarray:
    return np.full((400, 600, 3), TABLE, dtype=np.uint8)


def test_a_tile_no_reader_framed_is_read_round_its_pips_and_marked() -> None:
    rgb = _table()
    read = _draw(rgb, 150, 200, 2, 3)
    _draw(rgb, 420, 200, 4, 3)  # missed by both readers
    found, places = strays(rgb, masks(rgb), [read], [])
    assert [sorted(t.pair) for t in found] == [[3, 4]]
    assert found[0].unsure  # found by its pips alone: the user checks it
    cx, cy = found[0].center
    assert 400 <= cx <= 440 and 180 <= cy <= 220
    assert places == []


def test_pips_no_face_frame_reads_are_a_place_to_check() -> None:
    rgb = _table()
    read = _draw(rgb, 150, 200, 2, 3)
    _draw(rgb, 420, 200, 4, 3)
    cv2.rectangle(rgb, (375, 195), (465, 205), IVORY, cv2.FILLED)  # its divider lost under glare
    found, places = strays(rgb, masks(rgb), [read], [])
    assert found == []
    assert len(places) == 1
    cx, cy = np.mean(np.array(places[0]), axis=0)
    assert 380 <= cx <= 460 and 120 <= cy <= 280


def test_beside_only_a_blank_read_the_pips_are_taken_dark_on_ivory() -> None:
    rgb = _table()
    blank = _draw(rgb, 150, 200, 0, 0)  # a double blank (or a face-down tile): no pip read to compare with
    _draw(rgb, 420, 200, 4, 3)
    found, _ = strays(rgb, masks(rgb), [blank], [])
    assert [sorted(t.pair) for t in found] == [[3, 4]]
    assert found[0].unsure


def test_beside_only_a_blank_read_pale_grit_is_no_tile() -> None:
    rgb = _table()
    blank = _draw(rgb, 150, 200, 0, 0)
    for x, y in ((400, 150), (430, 170), (410, 200), (440, 230), (420, 260)):
        cv2.circle(rgb, (x, y), PIP, (200, 200, 195), cv2.FILLED)
    assert strays(rgb, masks(rgb), [blank], []) == ([], [])


def test_nothing_when_every_tile_was_read() -> None:
    rgb = _table()
    tiles = [_draw(rgb, 150, 200, 2, 3), _draw(rgb, 420, 200, 4, 3)]
    assert strays(rgb, masks(rgb), tiles, []) == ([], [])


def test_a_place_already_shown_is_not_shown_twice() -> None:
    rgb = _table()
    read = _draw(rgb, 150, 200, 2, 3)
    _draw(rgb, 420, 200, 4, 3)
    cv2.rectangle(rgb, (375, 195), (465, 205), IVORY, cv2.FILLED)
    shown = strays(rgb, masks(rgb), [read], [])[1]
    assert shown
    assert strays(rgb, masks(rgb), [read], shown)[1] == []


def test_round_specks_unlike_the_pips_read_are_no_tile() -> None:
    rgb = _table()
    read = _draw(rgb, 150, 200, 2, 3)
    for x, y in ((400, 150), (430, 170), (410, 200), (440, 230), (420, 260)):
        cv2.circle(rgb, (x, y), PIP, (200, 200, 195), cv2.FILLED)  # pale grit on the dark table
    assert strays(rgb, masks(rgb), [read], []) == ([], [])


def test_nothing_to_measure_by_when_no_tile_was_read() -> None:
    rgb = _table()
    _draw(rgb, 420, 200, 4, 3)
    assert strays(rgb, masks(rgb), [], []) == ([], [])
