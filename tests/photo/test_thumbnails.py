"""The real dev photos shrunk to thumbnails: a wrong total is marked, a right one mostly not.

In a thumbnail (long side 150 or 250 px, read at 300) a tile is 24 to 48
working pixels wide and a pip a few pixels. The rules alone never trust such
a tile (``combine.SMALL``); when the readers were sure of it and the learned
counter confirms each half, it is trusted (``combine.TINY``). These photos
hold the world's answer to whether that is safe: every thumbnail read wrong
must still be marked, and far fewer of those read right may be marked than
when every small tile was (then 53 of the 76 right readings of the fetched
dev photos, 4 of the 12 of the photos in the repository; now 22 and 0).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageOps

from scorekeeper.photo import read_tiles
from tests.photo.test_real import DEV, _path

SIDES = (150, 250)
#: At most this share of the thumbnails read right may be marked.
RIGHT_MARKED = 0.3


def _thumbnail(image: Image.Image, side: int) -> bytes | None:
    k = side / max(image.size)
    if k >= 1:
        return None  # already a thumbnail: the manifest's own reading covers it
    out = io.BytesIO()
    image.resize((round(image.width * k), round(image.height * k)), Image.Resampling.LANCZOS).save(
        out, "JPEG", quality=90
    )
    return out.getvalue()


def _readings() -> list[tuple[bool, bool]]:
    """(total read right, marked) per thumbnail of every dev photo at hand."""
    out = []
    for photo in DEV:
        path = _path(photo)
        if not path.exists():
            continue
        truth = sum(a + b for a, b in photo["tiles"])
        image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")  # decoded once for every side
        for side in SIDES:
            data = _thumbnail(image, side)
            if data is None:
                continue
            reading = read_tiles(data)
            out.append((reading.total == truth, reading.doubtful))
    return out


@pytest.fixture(scope="module")
def readings() -> list[tuple[bool, bool]]:
    found = _readings()
    if not found:
        pytest.skip("no dev photo large enough to shrink is at hand")
    return found


def test_every_thumbnail_read_wrong_is_marked(readings):
    unmarked = sum(1 for right, marked in readings if not right and not marked)
    assert unmarked == 0, f"{unmarked} of {len(readings)} thumbnails read wrong and not marked"


def test_most_thumbnails_read_right_are_not_marked(readings):
    right = [marked for ok, marked in readings if ok]
    assert right, "no thumbnail read right"
    assert sum(right) <= RIGHT_MARKED * len(right), f"{sum(right)} of {len(right)} thumbnails read right are marked"
