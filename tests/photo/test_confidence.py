"""Confidence: unsure tiles are marked, face-down tiles are no tiles, and a fix by hand settles a doubt."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw

from scorekeeper.photo import FoundTile, PhotoReading, read_tiles
from scorekeeper.photo.combine import DIFFERED, UNCONFIRMED, _agreed
from scorekeeper.photo.edit import Correction
from scorekeeper.photo.model import UNSURE


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


def _table_with(draw_tile) -> bytes:
    image = Image.new("RGB", (800, 600), (40, 60, 45))
    draw_tile(ImageDraw.Draw(image))
    return _jpeg(image)


def test_a_face_down_tile_is_no_tile():
    """A plain ivory back (no divider, no pips) is not read as a blank 0-0."""
    data = _table_with(lambda d: d.rounded_rectangle((300, 200, 420, 440), radius=12, fill=(232, 224, 200)))
    reading = read_tiles(data)
    assert reading.found == ()


def test_a_face_up_tile_beside_a_face_down_one_is_read_alone():
    def draw(d: ImageDraw.ImageDraw) -> None:
        d.rounded_rectangle((120, 150, 240, 390), radius=12, fill=(232, 224, 200))  # face down
        d.rounded_rectangle((460, 150, 580, 390), radius=12, fill=(232, 224, 200))
        d.rectangle((470, 266, 570, 273), fill=(20, 20, 20))  # the divider
        for x, y in ((490, 180), (550, 240), (520, 210), (520, 330)):  # 3 and 1
            d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=(20, 20, 20))

    reading = read_tiles(_table_with(draw))
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == [(1, 3)]
    assert reading.unsure == []


def test_reading_lists_the_unsure_tiles():
    sure = FoundTile(1, 2, ((0, 0), (1, 0), (1, 2), (0, 2)), (0.5, 1), confidence=0.9)
    doubt = FoundTile(3, 4, ((5, 0), (6, 0), (6, 2), (5, 2)), (5.5, 1), confidence=UNSURE - 0.01)
    reading = PhotoReading(10, 10, found=(sure, doubt))
    assert reading.unsure == [1]
    assert not sure.unsure and doubt.unsure


def test_a_fix_by_hand_settles_the_doubt():
    doubt = FoundTile(3, 4, ((0, 0), (10, 0), (10, 20), (0, 20)), (5, 10), confidence=0.1)
    fixing = Correction(PhotoReading(40, 40, found=(doubt,)))
    assert fixing.tiles[0].unsure
    fixing.set_halves(0, 3, 5)
    assert not fixing.tiles[0].unsure


def test_a_tap_on_a_doubted_tile_settles_it():
    doubt = FoundTile(0, 0, ((0, 0), (10, 0), (10, 20), (0, 20)), (5, 10), confidence=0.1)
    fixing = Correction(PhotoReading(40, 40, found=(doubt,)))
    assert fixing.tap(5, 4, reach=1) == "added"
    assert not fixing.tiles[0].unsure


def test_confidence_is_a_fraction_on_every_tile_of_a_real_photo():
    from pathlib import Path

    data = (Path(__file__).parent / "fixtures" / "one-four-blue-gold.jpg").read_bytes()
    reading = read_tiles(data)
    assert all(0.0 <= t.confidence <= 1.0 for t in reading.found)
    assert np.isclose(sum(1 for t in reading.found if not t.unsure), 1)


def test_a_tile_back_with_a_faint_groove_is_no_tile():
    """Some backs (and a box's lid) have a groove across the middle: faint, unlike a double blank's divider."""

    def draw(d: ImageDraw.ImageDraw) -> None:
        d.rounded_rectangle((300, 200, 420, 440), radius=12, fill=(232, 224, 200))
        d.rectangle((325, 317, 395, 321), fill=(200, 190, 170))

    assert read_tiles(_table_with(draw)).found == ()


def _double_blank(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=12, fill=(232, 224, 200))
    mid = (y0 + y1) // 2
    d.rectangle((x0 + 10, mid - 4, x1 - 10, mid + 3), fill=(20, 20, 20))


def test_a_clear_double_blank_both_readers_see_is_sure():
    reading = read_tiles(_table_with(lambda d: _double_blank(d, (300, 200, 420, 440))))
    assert reading.tiles == [(0, 0)]
    assert reading.unsure == []


def test_a_double_blank_filling_a_close_up_is_marked():
    """A close-up's whole frame read as a blank face is as often a tile's side or back: never sure."""
    image = Image.new("RGB", (300, 400), (40, 60, 45))
    _double_blank(ImageDraw.Draw(image), (20, 40, 280, 360))
    reading = read_tiles(_jpeg(image))
    assert reading.found, "the blank face is read"
    assert all(t.unsure for t in reading.found)


def test_two_readings_alike_are_never_less_sure_than_two_apart():
    # The face reader lost in its marks (sure 0) but counting what the divider reader counts.
    assert _agreed(0.0) >= max(UNCONFIRMED, DIFFERED)
    assert _agreed(0.5) == 0.8 and _agreed(0.9) == 1.0
