"""The reader on the real labelled photos of tests/photo/real/manifest.json: exactly what it reads today.

Each photo's reading is pinned (tiles, and whether any tile is marked unsure),
so any change in what the reader makes of a real photo fails here and must be
looked at: a gain is written in, a loss is a regression. Photos read wrong
must be marked (never confidently wrong). The four public-domain photos are in
the repository; the others have no licence to be committed and are read from
$SCOREKEEPER_REAL_PHOTOS (default /work/photo-data/real), brought back by
tests/photo/real/fetch.py, and skipped where they are absent.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from scorekeeper.photo import read_tiles

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((Path(__file__).parent / "real" / "manifest.json").read_text())["photos"]
OUTSIDE = Path(os.environ.get("SCOREKEEPER_REAL_PHOTOS", "/work/photo-data/real"))

# file -> (tiles read, halves sorted; whether the reading is doubtful: a tile unsure, a place unread, no tile)
READ = {
    "vinixxyama-1.jpg": ([(0, 1)], False),
    "vinixxyama-1_2.jpeg": ([(3, 5)], False),
    "vinixxyama-2.jpg": ([(0, 1), (1, 1)], False),
    "vinixxyama-2_2.jpeg": ([(3, 5), (4, 5)], True),
    "vinixxyama-3.jpg": ([(0, 1), (1, 1), (1, 2)], False),
    "vinixxyama-3_2.jpeg": ([(3, 5), (4, 4), (4, 5)], False),
    "vinixxyama-4_2.jpeg": ([(3, 3), (3, 5), (4, 4), (4, 5)], False),
    "vinixxyama-mao.jpg": ([(3, 3), (3, 5), (4, 5)], False),
    "vinixxyama-mao_2.jpeg": ([(1, 2), (3, 3), (4, 4), (4, 5)], False),
    "vinixxyama-outros-1.jpg": ([(6, 6)], False),
    "vinixxyama-outros-2.jpg": ([(0, 6), (6, 6)], False),
    "vinixxyama-outros-3.jpg": ([(0, 4), (0, 5), (6, 6)], True),
    "vinixxyama-outros-mao.jpg": ([(0, 5), (0, 6), (1, 4), (6, 6)], True),
    "vinixxyama-segunda.jpg": ([(0, 5)], True),
    "110kc3-testimages-domino_15.jpg": ([], True),
    "110kc3-testimages-domino_19.jpg": ([(0, 3)], True),
    "110kc3-testimages-domino_21.jpg": ([(1, 5)], False),
    "110kc3-testimages-domino_4.jpg": ([(0, 0)], True),
    "110kc3-testimages-domino_5.jpg": ([], True),
    "hershal-board.jpg": ([(0, 0), (3, 4)], True),
    "one-one-blue.jpg": ([(1, 1)], False),
    "three-one-red-blue.jpg": ([(1, 3)], False),
    "one-four-blue-gold.jpg": ([(1, 4)], False),
    "five-blank.jpg": ([(0, 5)], False),
}


def _path(photo: dict) -> Path:
    return ROOT / photo["path_in_repo"] if photo["committed"] else OUTSIDE / photo["file"]


def test_every_pin_names_a_photo_of_the_manifest():
    """A pin outlives its photo only by mistake; photos newly labelled wait for their first pin."""
    assert set(READ) <= {p["file"] for p in MANIFEST}


@pytest.mark.parametrize("photo", MANIFEST, ids=[p["file"] for p in MANIFEST])
def test_real_photo_reads_as_pinned(photo):
    path = _path(photo)
    if not path.exists():
        pytest.skip(f"{photo['file']} is not committed (no licence); fetch it with tests/photo/real/fetch.py")
    if photo["file"] not in READ:
        pytest.skip(f"{photo['file']} is newly labelled: pin what the reader makes of it")
    reading = read_tiles(path.read_bytes())
    tiles, flagged = READ[photo["file"]]
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == tiles
    assert reading.doubtful is flagged
    truth = sum(a + b for a, b in photo["tiles"])
    if reading.total != truth:
        assert flagged, "a wrong total must have a tile marked for the user to check"
