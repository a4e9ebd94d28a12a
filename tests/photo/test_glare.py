"""Glare counted as face, light pips kept as ink, and dividers cut in two joined again."""

import numpy as np
import pytest

from scorekeeper.photo import read_tiles
from scorekeeper.photo.glare import glared_face
from tests.photo.synthetic import render

H, W = 120, 80


def _face(colour, pip_colour, glare: float):
    """A face of one colour with pips (discs) at fixed places, white light added round a point."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    rgb = np.broadcast_to(np.array(colour, np.float32), (H, W, 3)).copy()
    pips = np.zeros((H, W), dtype=bool)
    for cy, cx in ((30, 25), (30, 55), (90, 40)):
        pips |= (yy - cy) ** 2 + (xx - cx) ** 2 <= 36
    rgb[pips] = pip_colour
    rgb += (glare * np.exp(-((yy - 40) ** 2 + (xx - 40) ** 2) / (2 * 18**2)))[..., None]
    rgb = rgb.clip(0, 255)
    base = np.sqrt(((rgb - np.array(colour, np.float32)) ** 2).sum(axis=-1)) < 25
    return rgb, base, pips


@pytest.mark.parametrize(("colour", "pip"), [((168, 32, 38), (20, 20, 22)), ((236, 228, 204), (22, 22, 24))])
def test_white_light_on_a_face_is_face_and_the_pips_stay_ink(colour, pip):
    rgb, base, pips = _face(colour, pip, glare=120)
    glare = ~base & ~pips
    assert glare.sum() > 500  # the glare is not face by colour distance
    added = glared_face(rgb, base, np.ones((H, W), dtype=bool))
    assert added[glare].mean() > 0.9
    assert not added[pips].any()


def test_a_white_pip_on_a_black_face_is_not_glare():
    rgb, base, pips = _face((28, 28, 31), (240, 240, 236), glare=0)
    added = glared_face(rgb, base, np.ones((H, W), dtype=bool))
    assert not added[pips].any()


@pytest.mark.parametrize(
    "seed",
    [
        20196,  # a spinner pin cuts the divider in two (ivory, blue pips, blur)
        20022,  # the same under glare and shadow
        20046,  # glare bites a red tile's outline
        20063,  # pins in a touching row: each divider joined, not with the next tile's
    ],
)
def test_photos_that_needed_glare_and_cut_dividers_handled_read_exactly(seed):
    photo = render(seed)
    reading = read_tiles(photo.data)
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == sorted(tuple(sorted(t)) for t in photo.tiles)


def test_a_light_divider_under_glare_on_a_coloured_face_stays_ink():
    """White light over a blue face and its white divider: the face around is glare, the line is not."""
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    blue = np.array((34, 62, 140), np.float32)
    rgb = np.broadcast_to(blue, (H, W, 3)).copy()
    line = (np.abs(xx - 40) <= 1) & (yy > 20) & (yy < 100)
    rgb[line] = (235, 235, 230)
    rgb += (110 * np.exp(-((yy - 60) ** 2 + (xx - 40) ** 2) / (2 * 22**2)))[..., None]
    rgb = rgb.clip(0, 255)
    base = np.sqrt(((rgb - blue) ** 2).sum(axis=-1)) < 25
    added = glared_face(rgb, base, np.ones((H, W), dtype=bool))
    assert added[~base & ~line].mean() > 0.8
    assert added[line].mean() < 0.1
