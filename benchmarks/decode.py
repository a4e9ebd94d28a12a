"""Photo decoding under attack: time and peak memory per image bomb, the guarded decoder beside the old path.

    python benchmarks/decode.py [--only NAME ...] [--new-only] [--timeout 120]

Every case is the whole photo step the app runs (``scorekeeper.photo.screen._prepare``:
the preview and the pip reading) on bytes made at run time (``tests/photo/bombs.py``),
each in a fresh child process: the seconds it took and its peak memory (the rise of
``VmHWM`` over the process as it was just before, modules imported and the file in
memory). The baseline, in the same run, is the path as it was before the guarded
decoder (copied below: the reader's old decode step and the old preview), on the
same bytes. A run that passes ``--timeout`` is killed and printed as such.

Cases: the bombs the table met (a 10950² RGBA PNG, a 13300² one-colour PNG, a
119,000,000 x 1 PNG), lying headers (a progressive JPEG, an animated WebP and a GIF
claiming far more than they hold), a 12 MP JPEG (baseline and progressive), a
truncated JPEG, a non-image, and for each format the largest file the decoder
accepts (its budget, ``DECODE_BUDGET``, at the limit).

The last line is one JSON object: per case ``new`` and ``old``, each
``{"s": seconds, "peak_mb": ..., "reason": ...}`` (or ``{"killed": seconds}``).
"""

from __future__ import annotations

import argparse
import io
import json
import math
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.photo import bombs  # noqa: E402


def _largest_square(make: Callable[[int], bytes]) -> int:
    """The largest side whose square image the decoder accepts (by its own estimate, from the header)."""
    from PIL import Image

    from scorekeeper.photo import decode

    def fits(side: int) -> bool:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the search goes past the cap
            with Image.open(io.BytesIO(make(side))) as image:
                budget = decode.DECODE_BUDGET
                return side * side <= decode.MAX_PIXELS and decode.peak_bytes(image, side, side) <= budget

    low, high = 16, 11000
    while low < high:
        mid = (low + high + 1) // 2
        if fits(mid):
            low = mid
        else:
            high = mid - 1
    return low


def _maker(kind: str) -> Callable[[int], bytes]:
    """A square file of this kind at a side (cheap at any side: the bombs are built from repeated blocks)."""
    return {
        "png_rgba": lambda side: bombs.png(side, side, "RGBA"),
        "png_rgb": lambda side: bombs.png(side, side, "RGB"),
        "tiff_rgb": lambda side: bombs.tiff(side, side, "RGB"),
        "gif": lambda side: bombs.gif_screen(side, side),  # the header is all the estimate reads
        "bmp_rle": lambda side: bombs.bmp_rle(side, side),
    }[kind]


def cases(selected: list[str] | None) -> dict[str, Callable[[], bytes]]:
    """Name -> how to make the bytes (made in the child, so the parent never holds them)."""
    every: dict[str, Callable[[], bytes]] = {
        "png_rgba_10950": lambda: bombs.png(10950, 10950, "RGBA"),
        "png_rgb_13300": lambda: bombs.png(13300, 13300, "RGB"),
        "png_strip_119M": lambda: bombs.png(119_000_000, 1, "L"),
        "jpeg_12mp": lambda: bombs.jpeg(4000, 3000),
        "jpeg_12mp_progressive": lambda: bombs.jpeg(4000, 3000, progressive=True),
        "jpeg_truncated": lambda: bombs.jpeg(4000, 3000)[:200_000],
        "not_an_image": lambda: bytes(range(256)) * 4000,
        "jpeg_progressive_claims_10900": lambda: bombs.jpeg_claiming(10900, 10900, progressive=True),
        "webp_canvas_10000": lambda: bombs.webp_canvas(10000, 10000),
        "gif_screen_10950": lambda: bombs.gif_screen(10950, 10950),
        "tiff_rgb_10950": lambda: bombs.tiff(10950, 10950, "RGB"),
        "bmp_rle_10950": lambda: bombs.bmp_rle(10950, 10950),
    }
    for kind in ("png_rgba", "png_rgb", "tiff_rgb", "gif", "bmp_rle"):
        name = f"{kind}_at_limit"
        if selected and name not in selected:
            continue
        side = _largest_square(_maker(kind))
        make = _gif if kind == "gif" else _maker(kind)
        every[f"{name}_{side}"] = lambda side=side, make=make: make(side)
    if not selected or "webp_at_limit" in selected:
        side = _largest_webp()
        every[f"webp_at_limit_{side}"] = lambda side=side: bombs.webp(side, side)
    return {k: v for k, v in every.items() if not selected or any(k.startswith(s) for s in selected)}


def _gif(side: int) -> bytes:
    """A real GIF of this size (one colour)."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("P", (side, side), 1).save(out, "GIF")
    return out.getvalue()


def _largest_webp() -> int:
    """WebP's header is read by its decoder: search on small real files' estimate, by pixels."""
    from scorekeeper.photo import decode

    per_pixel = decode._LOAD_COPIES["WEBP"] * 4
    return math.isqrt(int(decode.DECODE_BUDGET / per_pixel))


# --- the path before the guarded decoder (the baseline), as it was -----------------------------------


def _old_decode(data: bytes):
    from PIL import Image, ImageFilter, ImageOps

    from scorekeeper.photo.model import REASON_TOO_LARGE, REASON_TOO_SMALL, REASON_UNREADABLE, PhotoReading

    if not isinstance(data, bytes | bytearray | memoryview) or len(data) == 0:
        return PhotoReading(0, 0, reason=REASON_UNREADABLE)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        image = Image.open(io.BytesIO(bytes(data)))
        width, height = image.size
        if width * height > 120_000_000:
            return PhotoReading(width, height, reason=REASON_TOO_LARGE)
        orientation = image.getexif().get(0x0112, 1)
        if orientation in (5, 6, 7, 8):
            width, height = height, width
        if min(width, height) < 16:
            return PhotoReading(width, height, reason=REASON_TOO_SMALL)
        scale = min(1.0, 900 / max(width, height))
        target = (max(1, round(width * scale)), max(1, round(height * scale)))
        image.draft("RGB", (target[0], target[1]) if orientation not in (5, 6, 7, 8) else (target[1], target[0]))
        image = ImageOps.exif_transpose(image)
        image = image.convert("RGB")
        if image.size != target:
            image = image.resize(target, Image.Resampling.BOX)
        image = image.filter(ImageFilter.BoxBlur(1))
    return image, width, height


def _old_prepare(data: bytes):
    from PIL import Image, ImageOps

    from scorekeeper.photo import reader

    reader._decode = _old_decode  # type: ignore[assignment]
    reading = reader.read_tiles(data)
    try:
        image = Image.open(io.BytesIO(data))
        image.draft("RGB", (600, 600))
        image = ImageOps.exif_transpose(image).convert("RGB")
        image.thumbnail((600, 600))
        out = io.BytesIO()
        image.save(out, "JPEG", quality=85)
        return reading, out.getvalue()
    except Exception:
        return reading, None


# --- one measurement, in a child ------------------------------------------------------------------------


def _status(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key):
            return int(line.split()[1]) * 1024
    raise KeyError(key)


def child(name: str, path: str) -> None:
    import os

    if path == "old":  # the old path runs with libjpeg's and Pillow's defaults, as before the guarded decoder
        os.environ["JPEGMEM"] = ""  # set, so decode.py leaves it; empty, so libjpeg ignores it
    from PIL import Image

    import scorekeeper.photo.screen as screen

    if path == "old":
        Image.MAX_IMAGE_PIXELS = 89_478_485  # Pillow's default
    make = cases([name.rsplit("_", 1)[0] if "_at_limit_" in name else name])[name]
    data = make()
    run = _old_prepare if path == "old" else screen._prepare
    Path("/proc/self/clear_refs").write_text("5")  # the peak starts from here
    before = _status("VmRSS")
    start = time.perf_counter()
    try:
        reading, _shown = run(data)
        reason = reading.reason
    except Exception as err:  # the old path could raise from its preview decode
        reason = f"raised {type(err).__name__}"
    seconds = time.perf_counter() - start
    peak = (_status("VmHWM") - before) / 1e6
    print(json.dumps({"s": round(seconds, 3), "peak_mb": round(peak, 1), "reason": reason, "bytes": len(data)}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--new-only", action="store_true")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    figures: dict[str, dict] = {}
    print(f"{'case':38} {'path':4} {'seconds':>8} {'peak MB':>8}  reason / file size")
    for name in cases(args.only):
        figures[name] = {}
        for path in ("new",) if args.new_only else ("new", "old"):
            start = time.perf_counter()
            try:
                done = subprocess.run(
                    [sys.executable, __file__, "--child", name, path],
                    capture_output=True,
                    text=True,
                    timeout=args.timeout,
                    cwd=ROOT,
                )
                lines = done.stdout.strip().splitlines()
                result = json.loads(lines[-1]) if lines else {"failed": done.stderr.strip()[-300:]}
            except subprocess.TimeoutExpired:
                result = {"killed": round(time.perf_counter() - start, 1)}
            figures[name][path] = result
            if "s" in result:
                shown = f"{result['s']:8.2f} {result['peak_mb']:8.1f}  {result['reason']} / {result['bytes']:,} B"
            else:
                shown = f"{json.dumps(result)}"
            print(f"{name:38} {path:4} {shown}", flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
