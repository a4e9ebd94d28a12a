"""A learned third opinion: how many pips each half of a framed tile shows, from its look alone.

The two rule readers disagree most on small tiles, where a pip is a few
pixels and a speck or a shadow tips a rule one way or the other; a tile they
disagree on is marked even when one of them read it right. A small network,
trained on half crops of drawn and real tiles (``tools/train_counter.py``,
the recipe and the data there), looks at the half as a whole instead of at
blobs one by one, so it fails in other places than the rules do. It only
ever moves a tile's doubt (``combine.py``): it never changes a count.

Input: the tile straightened as the face reader straightens it, each pixel's
Lab distance from the face's own colour (so black pips on ivory and white
pips on black look alike), scaled by the face's own ink level, each half
shrunk to ``CELL`` x ``CELL`` with the divider at the bottom (the far half
turned half round; pip patterns are symmetric, so nothing is lost). The
network is two small layers run with numpy; its weights are a small file
beside this module.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from .colour import distance
from .faces import Box
from .halves import MARGIN, SIDE, rim_colour, straighten

CELL = 20  # each half is read at CELL x CELL
WEIGHTS = Path(__file__).with_name("counter.npz")


def half_inputs(rgb: np.ndarray, box: Box) -> np.ndarray:
    """The two halves of the face framed by ``box``, as the network's inputs (2 x CELL^2, 0..1)."""
    face, _ = straighten(rgb, box)
    lab = cv2.cvtColor(face, cv2.COLOR_RGB2LAB).astype(np.float32)
    m = round(MARGIN * SIDE)
    dist = distance(lab, rim_colour(lab))
    # Scaled by the face's own strongest ink, so a faint print and a sharp one look alike.
    top = float(np.percentile(dist[m:-m, m:-m], 97))
    dist = np.clip(dist / max(top, 20.0), 0.0, 1.0)
    upper = dist[:SIDE]
    lower = dist[SIDE:][::-1, ::-1]
    cells = [cv2.resize(h, (CELL, CELL), interpolation=cv2.INTER_AREA).reshape(-1) for h in (upper, lower)]
    return np.stack(cells).astype(np.float32)


@cache
def _weights() -> dict[str, np.ndarray] | None:
    """The trained layers, or None when the file is missing (then the network gives no opinion)."""
    if not WEIGHTS.exists():
        return None
    with np.load(WEIGHTS) as data:
        return {k: data[k].astype(np.float32) for k in data.files}


def probabilities(inputs: np.ndarray) -> np.ndarray | None:
    """Per row of ``inputs``, the probability of 0..6 pips (rows sum to 1), or None without weights."""
    w = _weights()
    if w is None:
        return None
    return forward(w, inputs)


def forward(w: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    """The network: input scaled as trained, one hidden ReLU layer, softmax over 0..6 pips."""
    hidden = np.maximum(0.0, (x - w["mean"]) @ w["w1"] + w["b1"])
    logits = hidden @ w["w2"] + w["b2"]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return np.asarray(e / e.sum(axis=1, keepdims=True))


def half_counts(rgb: np.ndarray, box: Box) -> np.ndarray | None:
    """The network's probabilities of 0..6 pips for the ``a`` and ``b`` halves framed by ``box``."""
    return probabilities(half_inputs(rgb, box))
