"""Face proposals from a mask (faces.py): what shape of blob is proposed as a face."""

from __future__ import annotations

import cv2
import numpy as np

from scorekeeper.photo.faces import TABLE, each_filled, masks, outlined, proposals, strong_edges


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


def test_outlines_filled_together_are_their_union_nested_or_overlapping():
    # OpenCV fills a list of outlines even-odd: the square inside the other, or the part two frames
    # share, would be left unfilled (a tile inside the table's outline, the seam of touching tiles).
    outer = np.array([[[5, 5]], [[95, 5]], [[95, 95]], [[5, 95]]], np.int32)
    inner = np.array([[[40, 40]], [[60, 40]], [[60, 60]], [[40, 60]]], np.int32)
    canvas = each_filled(np.zeros((100, 100), np.uint8), [outer, inner])
    assert canvas[50, 50] == 255 and canvas[10, 10] == 255
    cut = each_filled(np.full((100, 100), 255, np.uint8), [outer - 20, outer + 20], 0)
    assert cut[50, 50] == 0 and cut[90, 90] == 0 and cut[2, 98] == 255


def test_a_white_tile_on_a_white_table_is_outlined_inside_the_tables_edge():
    # A white table on a dark floor: the table's edge is the strongest outline in the photo, and its
    # hull, filled, would hide the tile lying on it (only its faint rim tells the tile from the table).
    rgb = np.full((300, 400, 3), 40, np.uint8)
    table = np.array([[30, 20], [370, 40], [390, 290], [10, 280]], np.int32)
    cv2.fillPoly(rgb, [table], (235, 235, 235))
    cv2.rectangle(rgb, (180, 130), (209, 189), (120, 120, 120), 2)
    cv2.rectangle(rgb, (182, 132), (207, 187), (245, 245, 245), cv2.FILLED)
    boxes = proposals(outlined(rgb), 8)
    assert [b for b in boxes if 28 <= b.w <= 38 and 58 <= b.h <= 68 and abs(b.cx - 195) < 3 and abs(b.cy - 160) < 3]


def _every_hull_filled(rgb: np.ndarray) -> np.ndarray:
    """What ``outlined`` fills, the long way: the hull of every outline, holes' too, each filled."""
    edges = strong_edges(rgb)
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    hulls = [cv2.convexHull(c) for c in contours]
    return each_filled(np.zeros_like(edges), [h for h in hulls if cv2.contourArea(h) <= TABLE * edges.size])


def test_outlines_are_filled_as_if_every_hull_were_filled():
    # Most outlines are holes in the edges' speckle, inside their blob's hull and skipped; a hole in
    # the table's edge (whose own hull is left out) is filled all the same.
    rng = np.random.default_rng(7)
    table = np.full((240, 320, 3), 40, np.uint8)
    cv2.fillPoly(table, [np.array([[20, 15], [300, 30], [310, 225], [10, 220]], np.int32)], (235, 235, 235))
    cv2.rectangle(table, (140, 90), (169, 149), (120, 120, 120), 2)
    speckled = rng.integers(0, 256, (240, 320, 3), dtype=np.uint8)
    cloth = cv2.GaussianBlur(speckled, (0, 0), 2.0)
    cv2.rectangle(cloth, (100, 60), (159, 179), (250, 250, 250), cv2.FILLED)
    for rgb in (table, speckled, cloth):
        assert np.array_equal(outlined(rgb), _every_hull_filled(rgb))


def test_a_light_face_on_a_card_as_light_keeps_its_pips_as_holes_in_some_mask():
    # Ivory on light green card, black tiles face down beside: to lightness the card and the face are
    # one, and apart from the card by colour the pips are apart too. Some mask must hold the face
    # alone with its pips as holes, or tiles pressed together are never told apart by their dividers.
    rgb = np.full((300, 400, 3), (90, 200, 100), np.uint8)
    cv2.rectangle(rgb, (300, 40), (339, 119), (20, 24, 22), cv2.FILLED)
    cv2.rectangle(rgb, (120, 110), (239, 169), (232, 230, 222), cv2.FILLED)
    cv2.circle(rgb, (150, 140), 6, (25, 25, 25), cv2.FILLED)
    rgb = cv2.GaussianBlur(rgb, (0, 0), 0.8)
    assert any(m[125, 200] and not m[140, 150] and not m[250, 60] for m in masks(rgb))
