"""The photo reader on real photos made harder: does a photo it reads still read when taken worse?

    python benchmarks/photo_harder.py [--real DIR] [--kinds dark,shade,...]

A real photo read exactly says little about the next photo of the same table
taken a little darker, smaller or at a slant; the hold-out photos are too few
to show that, and are never looked at one by one. So each dev photo of
tests/photo/real/manifest.json that is not a thumbnail (long side of 200 px
or more) is changed as a camera or a room would change it, and read again:

- half, third: shrunk to a half or a third of its size (a photo sent on, a
  far camera);
- dark, bright: darker (gamma 1.6, 85% light) or lighter (gamma 0.7);
- shade: light falling off across the photo to 35% on one side;
- blown, flat: over-exposed (1.8x, clipped) or washed out (half contrast);
- grey, warm: no colour, or a warm lamp;
- jpeg30, noise, blur: JPEG quality 30, sensor noise (sd 12), a soft focus;
- rot12, rot30, persp: turned 12 or 30 degrees (edges filled by the nearest
  pixel; a tile turned out of the frame counts as missed), or seen from low
  (the top a quarter narrower).

Per change, for the reader and for the baseline (the divider reader alone,
as in benchmarks/photo.py, in the same run): of the photos it reads exactly
as they are, how many it still reads exactly, and how many it now reads
wrong with nothing marked (the failure a scorekeeper must not have). The
last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.photo import baseline, real_photos  # noqa: E402
from scorekeeper.photo import PhotoReading, read_tiles  # noqa: E402

THUMBNAIL = 200  # a photo whose long side is shorter is left out: halved, it is a few pixels a pip
Change = Callable[[np.ndarray], np.ndarray]


def _turned(degrees: float) -> Change:
    def turn(a: np.ndarray) -> np.ndarray:
        h, w = a.shape[:2]
        m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
        return cv2.warpAffine(a, m, (w, h), borderMode=cv2.BORDER_REPLICATE)

    return turn


def _shrunk(k: int) -> Change:
    return lambda a: cv2.resize(a, (max(1, a.shape[1] // k), max(1, a.shape[0] // k)), interpolation=cv2.INTER_AREA)


def _lit(gamma: float, gain: float) -> Change:
    return lambda a: np.clip((a / 255.0) ** gamma * 255 * gain, 0, 255).astype(np.uint8)


def _shade(a: np.ndarray) -> np.ndarray:
    ramp = np.linspace(1.0, 0.35, a.shape[1])[None, :, None]
    return np.clip(a * ramp, 0, 255).astype(np.uint8)


def _from_low(a: np.ndarray) -> np.ndarray:
    h, w = a.shape[:2]
    square = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    seen = np.float32([[0.12 * w, 0], [0.88 * w, 0], [w, h], [0, h]])
    warp = cv2.getPerspectiveTransform(square, seen)
    return cv2.warpPerspective(a, warp, (w, h), borderMode=cv2.BORDER_REPLICATE)


def _noisy(a: np.ndarray) -> np.ndarray:
    return np.clip(a + np.random.default_rng(0).normal(0, 12, a.shape), 0, 255).astype(np.uint8)


def _grey(a: np.ndarray) -> np.ndarray:
    return np.repeat(cv2.cvtColor(a, cv2.COLOR_RGB2GRAY)[..., None], 3, axis=2)


def _soft(a: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(a, (0, 0), max(1.0, max(a.shape[:2]) / 900))


def _scaled(gain: float, offset: float) -> Change:
    return lambda a: np.clip(a.astype(np.float32) * gain + offset, 0, 255).astype(np.uint8)


CHANGES: dict[str, Change] = {
    "half": _shrunk(2),
    "third": _shrunk(3),
    "dark": _lit(1.6, 0.85),
    "bright": _lit(0.7, 1.0),
    "shade": _shade,
    "blown": _scaled(1.8, 0.0),
    "flat": _scaled(0.5, 100.0),
    "grey": _grey,
    "warm": lambda a: np.clip(a.astype(np.float32) * np.array([1.1, 1.0, 0.8]), 0, 255).astype(np.uint8),
    "jpeg30": lambda a: a,  # the change is in the encoding (below)
    "noise": _noisy,
    "blur": _soft,
    "rot12": _turned(12),
    "rot30": _turned(30),
    "persp": _from_low,
}


def jpeg(a: np.ndarray, quality: int = 92) -> bytes:
    out = io.BytesIO()
    Image.fromarray(a).save(out, "JPEG", quality=quality)
    return out.getvalue()


def _right(reading: PhotoReading, total: int) -> tuple[bool, bool]:
    """Read exactly; read wrong with nothing marked."""
    ok = reading.total == total
    return ok, not ok and not reading.doubtful


def one(job: tuple[str, bytes, int, list[str]]) -> tuple[str, dict[str, dict[str, tuple[bool, bool]]]]:
    """One photo as it is and changed each way, read by the reader and by the baseline."""
    name, data, total, kinds = job
    upright = np.asarray(ImageOps.exif_transpose(Image.open(io.BytesIO(data))).convert("RGB"))
    out: dict[str, dict[str, tuple[bool, bool]]] = {}
    for who, read in (("reader", read_tiles), ("baseline", baseline)):
        out[who] = {"as is": _right(read(jpeg(upright, 95)), total)}
        for kind in kinds:
            changed = jpeg(CHANGES[kind](upright), 30 if kind == "jpeg30" else 92)
            out[who][kind] = _right(read(changed), total)
    return name, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", default=os.environ.get("SCOREKEEPER_REAL_PHOTOS", "/work/photo-data/real"))
    parser.add_argument("--kinds", default=",".join(CHANGES))
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    jobs = [
        (name, data, sum(a + b for a, b in tiles), kinds)
        for name, data, tiles in real_photos(Path(args.real))["dev"]
        if max(Image.open(io.BytesIO(data)).size) >= THUMBNAIL
    ]
    with ProcessPoolExecutor(2) as pool:
        results = dict(pool.map(one, jobs))
    figures: dict[str, dict[str, dict[str, int]]] = {}
    for who in ("reader", "baseline"):
        kept = [r[who] for r in results.values() if r[who]["as is"][0]]
        figures[who] = {
            kind: {
                "right_as_is": len(kept),
                "still_right": sum(r[kind][0] for r in kept),
                "wrong_unmarked": sum(r[kind][1] for r in kept),
            }
            for kind in kinds
        }
    print(f"{len(jobs)} dev photos, long side {THUMBNAIL} px or more")
    head = ("change", "reader: still right", "wrong unmarked", "baseline: still right", "wrong unmarked")
    print(f"{head[0]:<8}{head[1]:>22}{head[2]:>16}{head[3]:>24}{head[4]:>16}")
    for kind in kinds:
        r, b = figures["reader"][kind], figures["baseline"][kind]
        print(
            f"{kind:<8}{r['still_right']:>15} of {r['right_as_is']:<3}{r['wrong_unmarked']:>16}"
            f"{b['still_right']:>17} of {b['right_as_is']:<3}{b['wrong_unmarked']:>16}"
        )
    total = {who: sum(f["still_right"] for f in figures[who].values()) for who in figures}
    print(f"all changes: reader {total['reader']}, baseline {total['baseline']}")
    print(json.dumps({"photos": len(jobs), "figures": figures}))


if __name__ == "__main__":
    main()
