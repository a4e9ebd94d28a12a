"""Photo pip-counting benchmark: accuracy and speed on real and synthetic photos, apart.

    python benchmarks/photo.py [--synthetic 500] [--first-seed 10000]

Real set: the labelled photos in tests/photo/fixtures/. Synthetic set: photos
drawn by scorekeeper.photo.synthetic from seeds first-seed.. (the tests and the
tuning used seeds below 1000 and 20000-24399, so these are photos the reader was
not tuned on).
Per set it prints photos, exact totals (%), exact tiles (% of photos whose
tiles were all read, halves in any order, nothing extra), mean absolute pip
error, and read time per photo p50/p90. Then a 12-megapixel photo (a synthetic
one enlarged to 4000x3000): its read time beside the baseline of merely
decoding the same JPEG at full size with Pillow, measured in the same run.

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.photo import read_tiles
from scorekeeper.photo.synthetic import render

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "photo" / "fixtures"
REAL = {  # the labels of tests/photo/fixtures/README.md
    "one-one-blue.jpg": [(1, 1)],
    "three-one-red-blue.jpg": [(3, 1)],
    "one-four-blue-gold.jpg": [(1, 4)],
    "five-blank.jpg": [(5, 0)],
}


def _same_tiles(read: list[tuple[int, int]], truth: list[tuple[int, int]]) -> bool:
    return Counter(tuple(sorted(t)) for t in read) == Counter(tuple(sorted(t)) for t in truth)


def _measure(photos) -> dict:
    """Read each (data, tiles) photo; the figures of the set."""
    times, errors, exact_total, exact_tiles = [], [], 0, 0
    for data, truth in photos:
        start = time.perf_counter()
        reading = read_tiles(data)
        times.append(time.perf_counter() - start)
        total = sum(a + b for a, b in truth)
        errors.append(abs(reading.total - total))
        exact_total += reading.total == total
        exact_tiles += _same_tiles(reading.tiles, truth)
    n = len(times)
    ordered = sorted(times)
    return {
        "photos": n,
        "exact_totals_pct": round(100 * exact_total / n, 1),
        "exact_tiles_pct": round(100 * exact_tiles / n, 1),
        "mean_abs_pip_error": round(statistics.fmean(errors), 2),
        "p50_ms": round(1000 * ordered[n // 2], 1),
        "p90_ms": round(1000 * ordered[min(n - 1, int(n * 0.9))], 1),
    }


def _twelve_megapixels(seed: int) -> tuple[bytes, list[tuple[int, int]]]:
    photo = render(seed)
    big = Image.open(io.BytesIO(photo.data)).resize((4000, 3000), Image.Resampling.BICUBIC)
    out = io.BytesIO()
    big.save(out, "JPEG", quality=90)
    return out.getvalue(), photo.tiles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=500)
    parser.add_argument("--first-seed", type=int, default=10_000)
    args = parser.parse_args()

    real = _measure((FIXTURES.joinpath(name).read_bytes(), tiles) for name, tiles in REAL.items())
    synthetic = _measure(
        (photo.data, photo.tiles)
        for photo in (render(seed) for seed in range(args.first_seed, args.first_seed + args.synthetic))
    )
    data, truth = _twelve_megapixels(args.first_seed + 1)
    decode, read, exact = [], [], []
    for _ in range(3):
        start = time.perf_counter()
        Image.open(io.BytesIO(data)).convert("RGB")
        decode.append(time.perf_counter() - start)
        start = time.perf_counter()
        reading = read_tiles(data)
        read.append(time.perf_counter() - start)
        exact.append(reading.total == sum(a + b for a, b in truth))
    big = {
        "read_ms": round(1000 * statistics.median(read), 1),
        "baseline_full_decode_ms": round(1000 * statistics.median(decode), 1),
        "exact": all(exact),
    }

    print(f"{'set':<10} {'photos':>6} {'exact totals':>13} {'exact tiles':>12} {'pip error':>10} {'p50':>9} {'p90':>9}")
    for name, row in (("real", real), ("synthetic", synthetic)):
        print(
            f"{name:<10} {row['photos']:>6} {row['exact_totals_pct']:>12.1f}% {row['exact_tiles_pct']:>11.1f}%"
            f" {row['mean_abs_pip_error']:>10.2f} {row['p50_ms']:>7.1f}ms {row['p90_ms']:>7.1f}ms"
        )
    print(
        f"12 MP photo (4000x3000 JPEG): read {big['read_ms']:.0f} ms"
        f" (baseline: Pillow full-size decode alone {big['baseline_full_decode_ms']:.0f} ms);"
        f" read exactly: {big['exact']}"
    )
    print(json.dumps({"real": real, "synthetic": synthetic, "twelve_mp": big}))


if __name__ == "__main__":
    main()
