"""How far each pixel's colour is from one colour: the measure every reader thresholds."""

from __future__ import annotations

import numpy as np


def distance(pixels: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's Euclidean distance from ``colour`` (the last axis holds the three channels).

    The three squared planes are added as numpy's own sum over that axis adds them, so every
    threshold measured on it holds to the bit; numpy's reduction over an axis of three takes about
    three times as long, and the face reader takes this distance once for every frame it reads.
    """
    d = pixels - colour
    d *= d
    return np.sqrt(d[..., 0] + d[..., 1] + d[..., 2])
