"""How far each pixel's colour is from one colour: the measure every reader thresholds."""

from __future__ import annotations

import cv2
import numpy as np


def warm_up() -> None:
    """Has OpenCV build its RGB-to-Lab tables now rather than in the first photo's read.

    OpenCV builds them on a process's first Lab conversion (about 60 ms on this machine, a tenth
    of a 12 MP read), and every reader converts to Lab. The photo screen calls this while the
    user picks the photo, so that time is spent while nobody waits for it.
    """
    cv2.cvtColor(np.zeros((1, 1, 3), dtype=np.uint8), cv2.COLOR_RGB2LAB)


def distance(pixels: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's Euclidean distance from ``colour`` (the last axis holds the three channels).

    The three squared planes are added as numpy's own sum over that axis adds them, so every
    threshold measured on it holds to the bit; numpy's reduction over an axis of three takes about
    three times as long, and the face reader takes this distance once for every frame it reads.
    """
    d = pixels - colour
    d *= d
    return np.sqrt(d[..., 0] + d[..., 1] + d[..., 2])
