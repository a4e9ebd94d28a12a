"""The real photo set's manifest is well formed: every photo can be found again, checked, and scored.

The benchmark and the pinned readings trust the manifest blindly, so a typo
here (a tile [7, 1], a path that is not there, a photo listed twice, a split
spelt wrong) would quietly skew the figures. The bytes of every photo on disk
are checked against the manifest's sha256, so a photo swapped for another is
caught; photos not committed are checked where they have been fetched to.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = json.loads((Path(__file__).parent / "real" / "manifest.json").read_text())["photos"]
OUTSIDE = Path(os.environ.get("SCOREKEEPER_REAL_PHOTOS", "/work/photo-data/real"))
#: The judges' photos come from these; a photo of theirs in the development set would make the final check meaningless.
HELD_BACK = {
    "Rakeduk/Domino_Detector",
    "AbdullahBahi/Domino-Dots-Counter",
    "Guix266/robot-dominoes-CSIE5047-NTU-TW",
    "ljparrish/Domino-Robot",
    "jmherzog-de/domino-detection",
    "TAK1EDD1NE/domino-tile-recognition",
}
KEYS = {"file", "source", "licence", "committed", "sha256", "split", "kind", "tiles"}


def test_each_photo_is_listed_once():
    assert len({p["file"] for p in PHOTOS}) == len(PHOTOS)
    assert len({p["sha256"] for p in PHOTOS}) == len(PHOTOS)


def test_both_splits_hold_photos():
    assert {p["split"] for p in PHOTOS} == {"dev", "holdout"}


def test_no_photo_comes_from_a_held_back_source():
    assert not [p["file"] for p in PHOTOS if p["source"]["repo"] in HELD_BACK]


@pytest.mark.parametrize("photo", PHOTOS, ids=[p["file"] for p in PHOTOS])
def test_photo_entry_is_complete(photo):
    assert set(photo) >= KEYS
    assert re.fullmatch(r"[0-9a-f]{64}", photo["sha256"])
    assert photo["source"]["repo"] and photo["source"]["path"]
    assert photo["kind"] and photo["licence"]
    for tile in photo["tiles"]:
        assert len(tile) == 2 and all(isinstance(h, int) and 0 <= h <= 6 for h in tile), tile
    if photo["committed"]:
        assert (ROOT / photo["path_in_repo"]).is_file()
    else:
        assert "path_in_repo" not in photo
        assert re.fullmatch(r"[0-9a-f]{40}", photo["source"]["commit"]), "an uncommitted photo is fetched by commit"


@pytest.mark.parametrize("photo", PHOTOS, ids=[p["file"] for p in PHOTOS])
def test_photo_bytes_are_the_labelled_ones(photo):
    path = ROOT / photo["path_in_repo"] if photo["committed"] else OUTSIDE / photo["file"]
    if not path.exists():
        pytest.skip(f"{photo['file']} is not fetched; tests/photo/real/fetch.py brings it")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == photo["sha256"]
