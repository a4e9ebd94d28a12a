"""A small photo (a webcam frame, a thumbnail) reads as the larger photo it was shrunk from.

At 100 px a pip is two or three pixels; the reader enlarges such a photo before reading it
(``reader.SMALL_SIDE``), so the tiles are found and read as surely as at full size.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper.photo import read_tiles

FIXTURES = Path(__file__).parent / "fixtures"
READ_SURELY = ["five-blank.jpg", "one-four-blue-gold.jpg", "three-one-red-blue.jpg"]


def shrunk(name: str, side: int) -> bytes:
    image = Image.open(FIXTURES / name)
    k = side / max(image.size)
    out = io.BytesIO()
    image.resize((round(image.width * k), round(image.height * k)), Image.Resampling.LANCZOS).save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize("side", [100, 140])
@pytest.mark.parametrize("name", READ_SURELY)
def test_a_thumbnail_reads_as_surely_as_the_photo(name, side):
    full = read_tiles((FIXTURES / name).read_bytes())
    assert full.tiles and not full.doubtful  # the photo itself: read, nothing to check
    small = read_tiles(shrunk(name, side))
    assert sorted(map(sorted, small.tiles)) == sorted(map(sorted, full.tiles))
    assert not small.doubtful
