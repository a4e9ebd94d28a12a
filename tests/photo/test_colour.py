"""The colour distance every reader thresholds: the same to the bit as numpy's sum over the channels."""

from __future__ import annotations

import numpy as np
import pytest

from scorekeeper.photo.colour import distance


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_distance_is_numpys_sum_over_the_channels_to_the_bit(dtype):
    """Thresholds were measured on ``sqrt(((p - c) ** 2).sum(axis=-1))``: a distance added in another
    order would move pixels across them."""
    rng = np.random.default_rng(7)
    pixels = (rng.random((128, 64, 3)) * 255).astype(dtype)
    colour = np.median(pixels[:8].reshape(-1, 3), axis=0)
    got = distance(pixels, colour)
    assert got.dtype == dtype
    assert np.array_equal(got, np.sqrt(((pixels - colour) ** 2).sum(axis=-1)))


def test_a_pixel_of_the_colour_itself_is_no_distance_away():
    pixels = np.array([[[10.0, 20.0, 30.0], [13.0, 24.0, 30.0]]], dtype=np.float32)
    assert distance(pixels, np.array([10.0, 20.0, 30.0], dtype=np.float32)).tolist() == [[0.0, 5.0]]
