"""Photo pip-counting benchmark: the reader on real and synthetic photos, side by side with a baseline.

    python benchmarks/photo.py [--synthetic 300] [--first-seed 10000] [--real DIR]

Sets: the real photos of tests/photo/real/manifest.json, split as the manifest
says into "dev" (looked at while building the reader) and "holdout" (never
tuned on); and synthetic photos drawn by tests.photo.synthetic from seeds
first-seed.. (the tuning used seeds below 1000 and 20000-24399). Photos not
committed are read from DIR (default $SCOREKEEPER_REAL_PHOTOS or
/work/photo-data/real; tests/photo/real/fetch.py brings them back).

Per set, for the reader and for the baseline (the divider reader alone, the
reader before OpenCV came in, run in the same process on the same photos):
exact totals, exact tile multisets (halves in any order), mean absolute pip
error, tiles found / missed / phantom (multiset match against the labels),
flag quality (of the photos read wrong, how many had a tile marked unsure or
no tile at all; of those read right, how many were marked anyway), and read
time p50 / p90. Then a 12-megapixel photo (a real one enlarged to 4000x3000):
median read time of three beside Pillow's full-size decode of it, and the
peak resident memory of a fresh process while it reads it (imports done
first, then the peak reset) beside the same for Pillow's full decode, and a
fresh process's first read of it with OpenCV's Lab tables built beforehand (as
the photo screen builds them while the photo is picked) beside one without.

The last line printed is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.photo import PhotoReading, read_tiles  # noqa: E402
from scorekeeper.photo.reader import _decode, _read  # noqa: E402
from tests.photo.synthetic import render  # noqa: E402

MANIFEST = ROOT / "tests" / "photo" / "real" / "manifest.json"
Pair = tuple[int, int]


def real_photos(folder: Path) -> dict[str, list[tuple[str, bytes, list[Pair]]]]:
    """The manifest's photos by split (a photo missing from ``folder`` is left out, and said so)."""
    sets: dict[str, list[tuple[str, bytes, list[Pair]]]] = {"dev": [], "holdout": []}
    for photo in json.loads(MANIFEST.read_text())["photos"]:
        path = ROOT / photo["path_in_repo"] if photo["committed"] else folder / photo["file"]
        if not path.exists():
            print(f"missing (run tests/photo/real/fetch.py): {photo['file']}", file=sys.stderr)
            continue
        tiles = [(int(a), int(b)) for a, b in photo["tiles"]]
        sets[photo["split"]].append((photo["file"], path.read_bytes(), tiles))
    return sets


def baseline(data: bytes) -> PhotoReading:
    """The divider reader alone (no faces, no confidence): what the reader was before."""
    decoded = _decode(data)
    if isinstance(decoded, PhotoReading):
        return decoded
    image, width, height = decoded
    try:
        found = _read(np.asarray(image, dtype=np.float32), width / image.width)
    except Exception:
        return PhotoReading(width, height, reason="failed")
    return PhotoReading(width, height, found=tuple(found))


def measure(photos, read) -> dict:
    """Read each (name, data, tiles) photo; the figures of the set."""
    times, errors = [], []
    exact_total = exact_tiles = found = missed = phantom = 0
    wrong = wrong_flagged = right = right_flagged = 0
    for _, data, truth in photos:
        start = time.perf_counter()
        reading = read(data)
        times.append(time.perf_counter() - start)
        total = sum(a + b for a, b in truth)
        errors.append(abs(reading.total - total))
        ok = reading.total == total
        exact_total += ok
        got = Counter(tuple(sorted(t)) for t in reading.tiles)
        want = Counter(tuple(sorted(t)) for t in truth)
        exact_tiles += got == want
        both = sum((got & want).values())
        found += both
        missed += sum(want.values()) - both
        phantom += sum(got.values()) - both
        flagged = reading.doubtful
        if ok:
            right += 1
            right_flagged += flagged
        else:
            wrong += 1
            wrong_flagged += flagged
    n = len(times)
    if n == 0:
        return {"photos": 0}
    ordered = sorted(times)
    return {
        "photos": n,
        "exact_totals": exact_total,
        "exact_totals_pct": round(100 * exact_total / n, 1),
        "exact_tiles_pct": round(100 * exact_tiles / n, 1),
        "mean_abs_pip_error": round(statistics.fmean(errors), 2),
        "tiles_found": found,
        "tiles_missed": missed,
        "tiles_phantom": phantom,
        "wrong_flagged": f"{wrong_flagged}/{wrong}",
        "right_flagged": f"{right_flagged}/{right}",
        "p50_ms": round(1000 * ordered[n // 2], 1),
        "p90_ms": round(1000 * ordered[min(n - 1, int(n * 0.9))], 1),
    }


def twelve_megapixels(data: bytes) -> bytes:
    big = Image.open(io.BytesIO(data)).convert("RGB").resize((4000, 3000), Image.Resampling.BICUBIC)
    out = io.BytesIO()
    big.save(out, "JPEG", quality=90)
    return out.getvalue()


def peak_mib(path: Path, what: str) -> float:
    """Peak resident memory (MiB) a fresh process adds while it reads the photo, over what its imports hold.

    ``what`` is "reader" (read_tiles) or "decode" (Pillow's full-size decode, the baseline). The
    process imports everything first, then resets its peak (Linux /proc/self/clear_refs) and reads.
    """
    work = "read_tiles(data)" if what == "reader" else "Image.open(io.BytesIO(data)).convert('RGB')"
    code = (
        "import io, sys; sys.path.insert(0, sys.argv[1]); from PIL import Image; "
        "from scorekeeper.photo import read_tiles; data = open(sys.argv[2], 'rb').read(); "
        "kib = lambda key: int([l for l in open('/proc/self/status') if l.startswith(key)][0].split()[1]); "
        "before = kib('VmRSS'); open('/proc/self/clear_refs', 'w').write('5'); "
        f"{work}; "
        "print(kib('VmHWM') - before)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(ROOT), str(path)], capture_output=True, text=True, check=True)
    return round(int(out.stdout.strip()) / 1024, 1)


def first_read_ms(path: Path, warmed: bool) -> float:
    """A fresh process's first read of the photo (ms): as it comes, or after ``colour.warm_up`` (the
    photo screen builds OpenCV's Lab tables while the user picks the photo; the baseline does not)."""
    code = (
        "import sys, time; sys.path.insert(0, sys.argv[1]); from scorekeeper.photo import read_tiles; "
        "from scorekeeper.photo.colour import warm_up; data = open(sys.argv[2], 'rb').read(); "
        f"{'warm_up(); ' if warmed else ''}start = time.perf_counter(); read_tiles(data); "
        "print(1000 * (time.perf_counter() - start))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(ROOT), str(path)], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--real", default=os.environ.get("SCOREKEEPER_REAL_PHOTOS", "/work/photo-data/real"))
    args = parser.parse_args()

    real = real_photos(Path(args.real))
    synthetic = [
        (str(seed), p.data, p.tiles)
        for seed, p in ((s, render(s)) for s in range(args.first_seed, args.first_seed + args.synthetic))
    ]
    rows: dict[str, dict] = {}
    for name, photos in (("real dev", real["dev"]), ("real holdout", real["holdout"]), ("synthetic", synthetic)):
        rows[name] = measure(photos, read_tiles)
        rows[name + " (baseline)"] = measure(photos, baseline)

    every = real["dev"] + real["holdout"]
    source = next((p for p in every if p[0] == "vinixxyama-4_2.jpeg"), every[0])  # four tiles, read exactly
    data = twelve_megapixels(source[1])
    big_path = Path(tempfile.gettempdir()) / f"scorekeeper-12mp-{os.getpid()}.jpg"
    big_path.write_bytes(data)
    memory = (peak_mib(big_path, "reader"), peak_mib(big_path, "decode"))
    first: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(5):  # alternating, so a busy minute falls on both alike
        for warmed in (False, True):
            first[warmed].append(first_read_ms(big_path, warmed))
    times, exact = [], []
    for _ in range(3):
        start = time.perf_counter()
        reading = read_tiles(data)
        times.append(time.perf_counter() - start)
        exact.append(reading.total == sum(a + b for a, b in source[2]))
    decode = []
    for _ in range(3):
        start = time.perf_counter()
        Image.open(io.BytesIO(data)).convert("RGB")
        decode.append(time.perf_counter() - start)
    big_path.unlink()
    big = {
        "photo": source[0],
        "read_ms": round(1000 * statistics.median(times), 1),
        "baseline_full_decode_ms": round(1000 * statistics.median(decode), 1),
        "read_exactly": all(exact),
        "peak_rss_mib": memory[0],
        "baseline_full_decode_peak_rss_mib": memory[1],
        "first_read_ms": round(statistics.median(first[True]), 1),
        "baseline_first_read_cold_ms": round(statistics.median(first[False]), 1),
    }

    head = ("set", "photos", "exact tot", "exact tiles", "pip err", "found", "missed", "phantom")
    head += ("wrong flagged", "right flagged", "p50", "p90")
    print(
        f"{head[0]:<24}{head[1]:>7}{head[2]:>10}{head[3]:>12}{head[4]:>8}{head[5]:>7}{head[6]:>7}{head[7]:>8}"
        f"{head[8]:>14}{head[9]:>14}{head[10]:>9}{head[11]:>9}"
    )
    for name, r in rows.items():
        if not r["photos"]:
            print(f"{name:<24}      0")
            continue
        print(
            f"{name:<24}{r['photos']:>7}{r['exact_totals_pct']:>9.1f}%{r['exact_tiles_pct']:>11.1f}%"
            f"{r['mean_abs_pip_error']:>8.2f}{r['tiles_found']:>7}{r['tiles_missed']:>7}{r['tiles_phantom']:>8}"
            f"{r['wrong_flagged']:>14}{r['right_flagged']:>14}{r['p50_ms']:>7.0f}ms{r['p90_ms']:>7.0f}ms"
        )
    print(
        f"12 MP ({big['photo']} enlarged to 4000x3000): read {big['read_ms']:.0f} ms (Pillow full decode alone"
        f" {big['baseline_full_decode_ms']:.0f} ms), read exactly: {big['read_exactly']}; peak memory added while"
        f" reading {big['peak_rss_mib']} MiB (Pillow's full decode alone:"
        f" {big['baseline_full_decode_peak_rss_mib']} MiB)"
    )
    print(
        f"12 MP, a fresh process's first read (medians of 5, alternating): {big['first_read_ms']:.0f} ms with"
        f" OpenCV's Lab tables built while the photo is picked, {big['baseline_first_read_cold_ms']:.0f} ms without"
    )
    print(json.dumps({"sets": rows, "twelve_mp": big}))


if __name__ == "__main__":
    main()
