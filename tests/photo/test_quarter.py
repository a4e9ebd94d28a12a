"""A doubtful photo is read again a quarter turned, and that reading is taken when it is sure."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image, ImageOps

from scorekeeper.photo import quarter, read_tiles
from scorekeeper.photo.model import FoundTile
from tests.photo.synthetic import render
from tests.photo.test_real import DEV, _path

#: ZaneDaPayne's 3-3 (in the repository) saved again as JPEG at quality 94: read as it lies, a
#: speck beside the tile becomes a phantom 2-0 and the photo is marked; turned, it reads 3-3, sure.
RESAVED = next(p for p in DEV if p["file"] == "zane-3x3-20180505_181945.jpg")


def _resaved() -> bytes:
    out = io.BytesIO()
    ImageOps.exif_transpose(Image.open(_path(RESAVED))).convert("RGB").save(out, "JPEG", quality=94)
    return out.getvalue()


def test_a_point_of_the_turned_image_goes_back_to_the_same_pixel():
    rgb = np.zeros((30, 50, 3), np.uint8)
    rgb[7, 41] = 255  # row 7, column 41: its centre is (41.5, 7.5)
    turned = quarter.turned(rgb)
    row, col = (int(v) for v in np.argwhere(turned[..., 0] == 255)[0])
    assert quarter.back((col + 0.5, row + 0.5), rgb.shape[1]) == (41.5, 7.5)


def test_a_doubtful_reading_gives_way_to_a_sure_one_turned_a_quarter():
    data = _resaved()
    reading = read_tiles(data)
    assert reading.tiles == [(3, 3)]
    assert not reading.doubtful


def test_the_turned_reading_is_drawn_where_the_tile_lies(monkeypatch):
    data = _resaved()
    turned = read_tiles(data).found[0]
    monkeypatch.setattr(quarter, "doubted", lambda tiles, unread: False)  # no second look
    as_it_lies = read_tiles(data)
    assert as_it_lies.doubtful and sorted(as_it_lies.tiles) == [(2, 0), (3, 3)]
    same = next(t for t in as_it_lies.found if t.pair == (3, 3))
    assert turned.center == pytest.approx(same.center, abs=1.0)
    assert _flat(turned.outline) == pytest.approx(_flat(same.outline), abs=2.0)
    assert _flat(turned.pips_a + turned.pips_b) == pytest.approx(_flat(same.pips_a + same.pips_b), abs=1.0)


def _flat(points) -> list[float]:
    """Points in a fixed order (a corner's place in the outline depends on which way the tile was read)."""
    return [v for p in sorted(points) for v in p]


def _tile(a: int, b: int, x: float, confidence: float) -> FoundTile:
    outline = ((x, 0.0), (x + 20.0, 0.0), (x + 20.0, 40.0), (x, 40.0))
    return FoundTile(a, b, outline, (x + 10.0, 20.0), confidence=confidence)


def test_one_sure_look_is_not_two():
    first = [_tile(3, 3, 0, 0.45), _tile(2, 0, 100, 0.45), _tile(6, 1, 200, 0.9)]
    turned = [_tile(3, 3, 2, 0.9), _tile(5, 1, 200, 0.9), _tile(4, 4, 300, 0.9)]
    weighed = quarter.weighed(first, turned)
    assert [t.pair for t in weighed] == [(3, 3), (5, 1), (4, 4)]  # the turned look's reading, the phantom 2-0 gone
    assert weighed[0].confidence == 0.45  # read alike: the less sure of the two looks
    assert weighed[1].unsure and weighed[2].unsure  # read otherwise, or by the turned look alone: marked
    assert quarter.weighed([_tile(1, 2, 0, 0.8)], [_tile(2, 1, 3, 0.95)])[0].confidence == 0.8


def test_a_place_the_turned_look_does_not_see_is_still_shown():
    drawn = render(10140)  # a 0-5 read sure and a 5-4 left unread; turned, the 0-5 alone is seen, sure
    reading = read_tiles(drawn.data)
    assert reading.tiles in ([(0, 5)], [(5, 0)])
    assert len(reading.unread) == 1 and reading.doubtful
