"""The face reader's halves on drawn faces: each case a way real photos went wrong."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo import read_tiles
from scorekeeper.photo.faces import Box
from scorekeeper.photo.faint import FAINT_RISE, faint_line
from scorekeeper.photo.halves import GRID, _longest_runs, read_face
from scorekeeper.photo.model import UNSURE
from scorekeeper.photo.scan import scan

WIDTH = 96  # the drawn face, pixels across (twice that long)


Colour = tuple[int, ...]


def drawn_face(
    a: list[tuple[int, int]],
    b: list[tuple[int, int]],
    radius: float,
    *,
    colours: tuple[Colour, Colour, Colour, Colour] = ((20, 20, 20), (236, 230, 212), (25, 25, 25), (30, 30, 30)),
    inset: int = 10,
) -> np.ndarray:
    """An upright face with pips at grid places ``a`` (top half) and ``b``, unblurred. ``colours``:
    table, face, divider, pips; ``inset``: how far the divider stops short of the sides."""
    table, face, divider, pip = colours
    img = np.full((3 * WIDTH, 2 * WIDTH, 3), table, np.uint8)
    x0, y0 = WIDTH // 2, WIDTH // 2
    cv2.rectangle(img, (x0, y0), (x0 + WIDTH, y0 + 2 * WIDTH), face, cv2.FILLED)
    mid = y0 + WIDTH
    cv2.rectangle(img, (x0 + inset, mid - 3), (x0 + WIDTH - inset, mid + 3), divider, cv2.FILLED)
    step = GRID * WIDTH
    for places, cy in ((a, y0 + WIDTH / 2), (b, mid + WIDTH / 2)):
        for u, v in places:
            centre = (round(x0 + WIDTH / 2 + u * step), round(cy + v * step))
            cv2.circle(img, centre, round(radius * WIDTH), pip, cv2.FILLED, lineType=cv2.LINE_AA)
    return img


def face_photo(a: list[tuple[int, int]], b: list[tuple[int, int]], radius: float, blur: float = 1.5) -> np.ndarray:
    """An upright ivory face on black cloth with pips at grid places ``a`` (top half) and ``b``."""
    return cv2.GaussianBlur(drawn_face(a, b, radius), (0, 0), blur)


def test_big_pips_run_together_in_a_column_count_one_each():
    # Big pips close together on a small tile: the three of a six's column touch through the blur.
    six = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]
    img = face_photo(six, [], radius=0.125, blur=2.0)
    box = Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0)
    face = read_face(img, box)
    assert face is not None
    assert sorted((face.a.count, face.b.count)) == [0, 6]


FIVE = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]


def slanted_black_tile(shear: float) -> np.ndarray:
    """A black 5-1 with white pips on a white sheet, seen at a slant: the upright drawing sheared, so
    its ends are no longer square to its sides (a product shot, a camera held low)."""
    img = drawn_face(FIVE, [(0, 0)], 0.09, colours=((250,) * 3, (18,) * 3, (245,) * 3, (240,) * 3), inset=6)
    big = cv2.copyMakeBorder(img, WIDTH, WIDTH, 2 * WIDTH, 2 * WIDTH, cv2.BORDER_CONSTANT, value=(250, 250, 250))
    h, w = big.shape[:2]
    # x' = x + shear * (y - centre): the long sides lean, the ends stay level.
    warp = np.array([[1.0, shear, -shear * h / 2], [0.0, 1.0, 0.0]], np.float32)
    out = cv2.warpAffine(big, warp, (w, h), borderValue=(250, 250, 250))
    return cv2.GaussianBlur(out, (0, 0), 1.0)


def test_a_tile_seen_at_a_slant_is_framed_by_its_pips():
    faces = scan(slanted_black_tile(0.8))
    assert [sorted((f.a.count, f.b.count)) for f in faces] == [[1, 5]]


def test_a_pip_run_into_a_line_along_the_rim_still_counts():
    # The bevel along a tile's rim catches light and reads as a thin line; a corner pip touches it.
    img = face_photo(FIVE, [(0, 0)], radius=0.09, blur=1.0)
    x0, y0 = WIDTH // 2, WIDTH // 2
    cv2.line(img, (x0 + 14, y0 + 10), (x0 + 14, y0 + WIDTH - 12), (30, 30, 30), 3)
    cv2.line(img, (x0 + 14, y0 + 10), (x0 + WIDTH - 12, y0 + 10), (30, 30, 30), 3)
    face = read_face(img, Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is not None
    assert sorted((face.a.count, face.b.count)) == [1, 5]


def washed_out_card() -> np.ndarray:
    """A white paper 2-5 card on a pale wall: the card barely lighter than the wall, a soft shadow
    down one side, its divider a faint pencil line, its pips grey."""
    img = np.full((3 * WIDTH, 3 * WIDTH, 3), 206, np.uint8)
    x0, y0 = WIDTH, WIDTH // 2
    cv2.rectangle(img, (x0 + 3, y0 + 3), (x0 + WIDTH + 3, y0 + 2 * WIDTH + 3), (180, 180, 180), cv2.FILLED)
    cv2.rectangle(img, (x0, y0), (x0 + WIDTH, y0 + 2 * WIDTH), (226, 226, 224), cv2.FILLED)
    mid = y0 + WIDTH
    cv2.line(img, (x0 + 4, mid), (x0 + WIDTH - 4, mid), (212, 212, 212), 1)
    step = GRID * WIDTH
    for places, cy in (([(-1, -1), (1, 1)], y0 + WIDTH / 2), (FIVE, mid + WIDTH / 2)):
        for u, v in places:
            centre = (round(x0 + WIDTH / 2 + u * step), round(cy + v * step))
            cv2.circle(img, centre, round(0.08 * WIDTH), (110, 112, 115), cv2.FILLED, lineType=cv2.LINE_AA)
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def test_a_washed_out_card_with_a_faint_divider_is_read_and_marked():
    faces = scan(washed_out_card())
    assert [sorted((f.a.count, f.b.count)) for f in faces] == [[2, 5]]
    assert faces[0].faint and faces[0].sure < UNSURE


def test_a_tile_with_pips_but_no_divider_to_read_is_shown_as_a_place_to_check():
    # Two ivory tiles on black cloth; light has washed out the second one's divider entirely, so no
    # reader can read it. Its pips say a tile lies there: the reading must not pass for complete.
    img = np.full((4 * WIDTH, 5 * WIDTH, 3), 22, np.uint8)
    one, two = [(0, 0)], [(-1, -1), (1, 1)]
    for x0, divider, halves in ((WIDTH, True, (FIVE, two)), (3 * WIDTH, False, (one, one))):
        y0 = WIDTH
        cv2.rectangle(img, (x0, y0), (x0 + WIDTH, y0 + 2 * WIDTH), (236, 230, 212), cv2.FILLED)
        mid = y0 + WIDTH
        if divider:
            cv2.rectangle(img, (x0 + 10, mid - 3), (x0 + WIDTH - 10, mid + 3), (25, 25, 25), cv2.FILLED)
        step = GRID * WIDTH
        for places, cy in zip(halves, (y0 + WIDTH / 2, mid + WIDTH / 2), strict=True):
            for u, v in places:
                centre = (round(x0 + WIDTH / 2 + u * step), round(cy + v * step))
                cv2.circle(img, centre, round(0.09 * WIDTH), (30, 30, 30), cv2.FILLED, lineType=cv2.LINE_AA)
    _, jpeg = cv2.imencode(".jpg", cv2.GaussianBlur(img, (0, 0), 1.0))
    reading = read_tiles(jpeg.tobytes())
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == [(2, 5)]
    assert reading.doubtful
    assert len(reading.unread) == 1


def test_a_round_mark_too_big_for_a_pip_is_no_pip():
    # A spot of a patterned cloth framed as half a tile: round, but far bigger than any pip.
    img = face_photo([], [(0, 0)], radius=0.09)
    x0, y0 = WIDTH // 2, WIDTH // 2
    cv2.circle(img, (x0 + WIDTH // 2, y0 + WIDTH // 2), round(0.21 * WIDTH), (30, 30, 30), cv2.FILLED)
    face = read_face(img, Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is None or (face.a.count, face.b.count) != (1, 1)


def test_two_big_pips_close_beside_the_divider_are_pips_not_part_of_it():
    # Big pips sitting close to the line (a dim photo darkens their rims into it): across them the ink
    # covers as much of the width as a divider, in two short runs; the line is one long run.
    img = face_photo([(-1, -1), (0, 0), (1, 1)], [(-1, -1.2), (1, -1.2), (-1, 1), (1, 1)], 0.12)
    face = read_face(img, Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is not None
    assert (face.a.count, face.b.count) == (3, 4) and face.sure >= UNSURE


def test_the_longest_run_of_ink_is_counted_per_row():
    ink = np.array([[0, 1, 1, 0, 1, 1, 1, 0], [0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1]], dtype=bool)
    assert _longest_runs(ink).tolist() == [3, 0, 8]


def test_a_pale_pip_on_a_half_read_blank_marks_the_half():
    # A light blue pip washed out by the light falls under the ink level: the half reads blank, but
    # not sure of it (the other half, with dark pips, sets the level).
    img = drawn_face([], [(-1, -1), (1, 1)], 0.1)
    cv2.circle(img, (WIDTH, WIDTH), round(0.1 * WIDTH), (200, 214, 222), cv2.FILLED, lineType=cv2.LINE_AA)
    face = read_face(cv2.GaussianBlur(img, (0, 0), 1.5), Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is not None and (face.a.count, face.b.count) == (0, 2)
    assert face.a.sure < UNSURE <= face.b.sure


def test_a_clean_blank_half_stays_sure():
    face = read_face(face_photo([], [(-1, -1), (1, 1)], 0.1), Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is not None and face.a.count == 0 and face.a.sure >= UNSURE


def test_the_lamps_reflection_beside_a_pip_is_no_pip():
    # A glossy face under a lamp: a near-white patch runs from a pip towards the divider. It stands as
    # far from the face colour as ink, but on the light side, where a dark divider's pips never are.
    colours = ((20, 20, 20), (200, 192, 170), (25, 25, 25), (30, 30, 30))
    img = drawn_face([(0, 0)], [(-1, -1), (1, 1)], 0.1, colours=colours)
    x0, y0 = WIDTH // 2, WIDTH // 2
    glare = (x0 + WIDTH // 2, y0 + round(0.74 * WIDTH))
    cv2.ellipse(img, glare, (round(0.2 * WIDTH), round(0.09 * WIDTH)), 0, 0, 360, (250, 250, 248), cv2.FILLED)
    face = read_face(cv2.GaussianBlur(img, (0, 0), 1.5), Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is not None and (face.a.count, face.b.count) == (1, 2)
    assert face.sure >= UNSURE


def _lightness(line: int | None, rise: float, across: float = 1.0, base: float = 180.0) -> np.ndarray:
    """A straightened face's lightness (128 rows of 54 columns) with noise, and a two-row line at
    ``line`` ``rise`` lighter (darker when negative) across that share of the width."""
    light = base + np.random.default_rng(7).normal(0, 1.0, (128, 54)).astype(np.float32)
    if line is not None:
        light[line : line + 2, : round(across * 54)] += rise
    return light


def test_a_faint_line_is_found_at_its_row_darker_on_light_faces_and_lighter_on_dark_ones():
    assert faint_line(_lightness(None, 0.0), 51, 77) is None
    for rise in (-3 * FAINT_RISE, 3 * FAINT_RISE):
        found = faint_line(_lightness(60, rise), 51, 77)
        assert found is not None and found[0] in (59, 60, 61) and found[1] > 0.4
    # a mark across a third of the width is no divider, nor is a line too faint to stand out
    assert faint_line(_lightness(60, -3 * FAINT_RISE, across=0.33), 51, 77) is None
    assert faint_line(_lightness(60, -0.5 * FAINT_RISE), 51, 77) is None


def test_of_two_faint_lines_the_one_across_more_of_the_width_is_the_divider():
    light = _lightness(55, -3 * FAINT_RISE, across=0.7)
    light[70:72] -= 3 * FAINT_RISE
    found = faint_line(light, 51, 77)
    assert found is not None and found[0] in (69, 70, 71)


def test_a_spinner_at_the_divider_is_no_odd_ink():
    # Many sets have a brass pin at the divider's middle; its round head, wider than the line, stands
    # out into both halves, and its dark rim was read as odd ink that doubted both halves.
    img = drawn_face(FIVE, [(-1, -1), (1, 1)], radius=0.08)
    centre = (WIDTH, WIDTH // 2 + WIDTH)
    cv2.circle(img, centre, round(0.13 * WIDTH), (150, 140, 110), cv2.FILLED, lineType=cv2.LINE_AA)
    cv2.circle(img, centre, round(0.13 * WIDTH), (40, 35, 30), 3, lineType=cv2.LINE_AA)
    face = read_face(cv2.GaussianBlur(img, (0, 0), 1.2), Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is not None
    assert sorted((face.a.count, face.b.count)) == [2, 5]
    assert min(face.a.sure, face.b.sure) > UNSURE


def test_a_blot_on_one_side_of_the_divider_still_doubts_its_half():
    # Only a head standing out on both sides is taken for a spinner: a smudge against the line on one
    # side is odd ink, as before.
    img = drawn_face(FIVE, [(-1, -1), (1, 1)], radius=0.08)
    mid = WIDTH // 2 + WIDTH
    cv2.ellipse(img, (WIDTH, mid - 6), (14, 8), 0, 0, 360, (30, 30, 30), cv2.FILLED)
    face = read_face(cv2.GaussianBlur(img, (0, 0), 1.2), Box(WIDTH, 1.5 * WIDTH, WIDTH, 2 * WIDTH, 90.0))
    assert face is None or min(face.a.sure, face.b.sure) <= UNSURE
