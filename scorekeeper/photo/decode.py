"""Decode a photo that anyone at the table may have sent: the size first, the pixels only if they fit.

The reader and the photo preview both decode what a phone uploads, and a file can
lie about what it costs: a 500 KB PNG that inflates to 2 GB, a 119,000,000 x 1
strip, a WebP whose decoder keeps four full-size copies, a progressive JPEG whose
scans need a full-size coefficient buffer. Pillow's ``Image.open`` is lazy: it
reads the header only. So the size, the pixel layout and the format are known
before a single pixel is decoded, and this module refuses there, from an estimate
of the decode's peak memory measured per format (``benchmarks/decode.py``), when
the file is over the cap. What passes is decoded at the smallest size that serves:
JPEG draft mode (the DCT scaled to 1/2, 1/4 or 1/8), then an integer reduce, then
the exact size. The EXIF orientation is read after the pixels (a PNG may carry
its eXIf chunk after them; Pillow's ``getexif`` decodes the whole PNG to find it)
and applied at the small size.

Pillow's own decompression-bomb guard is set to the same cap and its warning is
a refusal here; libjpeg's own memory limit (``JPEGMEM``) backs the estimate for
the JPEG layouts a header does not reveal (a sequential file in several scans
keeps a full-size coefficient buffer like a progressive one). One decode runs at
a time in the process, so the peak holds however many phones send photos at once.
"""

from __future__ import annotations

import io
import math
import os
import threading
import warnings
from dataclasses import dataclass

from PIL import Image, ImageFile

from .model import REASON_TOO_LARGE, REASON_TOO_SMALL, REASON_UNREADABLE

MAX_PIXELS = 120_000_000  # more than any phone camera makes: refused from the header
DECODE_BUDGET = 240_000_000  # bytes a decode may reach at its peak (with the reader's own work: under 300 MB)
# What phones and chat apps send (JPEG's opener also opens MPO, a camera's JPEG with a second picture).
# Everything else Pillow knows (EPS runs Ghostscript, PSD, ICO, AVIF, ...) is refused unread: each
# format accepted is one whose decoder's memory was measured.
FORMATS = ("JPEG", "PNG", "WEBP", "GIF", "TIFF", "BMP")
# Peak bytes while loading, per byte of the decoded image, by decoder or else by format, measured
# (benchmarks/decode.py), rounded up: WebP's decoder keeps two canvases and hands over a copy; TIFF
# may read a whole-image strip; a GIF keeps a disposal canvas; Pillow's run-length BMP decoder is
# Python, building the image in a growing buffer and copying it; other formats stream into the image.
_LOAD_COPIES = {"WEBP": 4.25, "TIFF": 2.0, "GIF": 2.0, "bmp_rle": 3.5}
_STREAMED = 1.1
_REDUCIBLE = ("RGB", "L")  # modes Image.reduce takes as they are; others become RGB at full size first
_UPRIGHT = {  # EXIF orientation -> what makes the picture upright (as ImageOps.exif_transpose)
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
_SIDEWAYS = (
    Image.Transpose.TRANSPOSE,
    Image.Transpose.TRANSVERSE,
    Image.Transpose.ROTATE_90,
    Image.Transpose.ROTATE_270,
)

Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # every Image.open in the process; over it a warning, a refusal here
os.environ.setdefault("JPEGMEM", f"{DECODE_BUDGET // 1_000_000}M")  # libjpeg reads it at each decode
_one_at_a_time = threading.Lock()


@dataclass(frozen=True)
class Decoded:
    """A photo at working size, upright, or why not.

    ``width`` and ``height`` are the photo's full size, upright when it was
    decoded (the size the file declares when it was refused unread).
    """

    width: int
    height: int
    image: Image.Image | None = None  # RGB, the full size scaled to fit ``side``; None when refused
    reason: str | None = None


def decode(data: bytes, side: int, *, min_side: int = 1) -> Decoded:
    """The photo in ``data`` scaled to fit a ``side`` x ``side`` square (never enlarged); never raises.

    ``min_side``: a photo whose shorter side has fewer pixels is refused as too
    small before it is decoded.
    """
    if not isinstance(data, bytes | bytearray | memoryview) or len(data) == 0:
        return Decoded(0, 0, reason=REASON_UNREADABLE)
    with _one_at_a_time, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow's chatter about odd files; the outcome says what matters
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(bytes(data)), formats=FORMATS)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            return Decoded(0, 0, reason=REASON_TOO_LARGE)
        except Exception:  # not an image of an accepted format, or a broken header: Pillow raises many types
            return Decoded(0, 0, reason=REASON_UNREADABLE)
        with image:
            return _decode_open(image, side, min_side)


def _decode_open(image: ImageFile.ImageFile, side: int, min_side: int) -> Decoded:
    """Check what the header declares, then decode at the smallest size that serves."""
    width, height = image.size
    if width * height > MAX_PIXELS:
        return Decoded(width, height, reason=REASON_TOO_LARGE)
    if min(width, height) < min_side:
        return Decoded(width, height, reason=REASON_TOO_SMALL)
    scale = min(1.0, side / max(width, height))
    target = (max(1, round(width * scale)), max(1, round(height * scale)))
    try:
        if image.format in ("JPEG", "MPO"):
            image.draft("RGB", target)  # header only: the decoder will scale the DCT
        if peak_bytes(image, width, height) > DECODE_BUDGET:
            return Decoded(width, height, reason=REASON_TOO_LARGE)
        image.load()
        turn = _UPRIGHT.get(_orientation(image))  # read now: a PNG's eXIf chunk may follow its pixels
        small = _small(image, target, turn)
    except MemoryError:
        return Decoded(width, height, reason=REASON_TOO_LARGE)
    except Exception:  # truncated or corrupt pixel data; libjpeg over JPEGMEM also lands here
        return Decoded(width, height, reason=REASON_UNREADABLE)
    if turn in _SIDEWAYS:
        width, height = height, width
    return Decoded(width, height, image=small)


def peak_bytes(image: ImageFile.ImageFile, width: int, height: int) -> int:
    """The estimated peak memory of decoding ``image`` (opened, not loaded; a JPEG's draft already set).

    ``width`` x ``height`` is the size the file declares; ``image.size`` is what
    will be decoded (smaller when a JPEG is drafted).
    """
    pixels = image.width * image.height
    stored = _bytes_per_pixel(image.mode)
    codec = image.tile[0].codec_name if image.tile else ""
    copies = _LOAD_COPIES.get(codec) or _LOAD_COPIES.get(image.format or "", _STREAMED)
    peak = pixels * stored * copies
    if image.mode not in _REDUCIBLE:
        peak += pixels * 4  # the full-size RGB copy made before reducing
    if image.format in ("JPEG", "MPO") and image.info.get("progressive"):
        peak += _coefficient_bytes(image, width, height)
    return math.ceil(peak)


def _bytes_per_pixel(mode: str) -> int:
    """How many bytes Pillow stores per pixel of ``mode`` (its 8-bit modes, its 16-bit ones, the rest in 32)."""
    if mode in ("1", "L", "P"):
        return 1
    return 2 if mode.startswith("I;16") else 4


def _coefficient_bytes(image: Image.Image, width: int, height: int) -> float:
    """libjpeg's whole-image coefficient buffer for a progressive JPEG: 2 bytes per DCT coefficient.

    It holds every component at its full (subsampled) resolution whatever the
    draft scale: the scans refine all coefficients before any is turned into pixels.
    """
    layers = getattr(image, "layer", None) or [(0, 1, 1, 0)] * len(image.getbands())
    h_max = max(h for _, h, _, _ in layers) or 1
    v_max = max(v for _, _, v, _ in layers) or 1
    blocks = sum(math.ceil(width * h / h_max / 8) * math.ceil(height * v / v_max / 8) for _, h, v, _ in layers)
    return blocks * 64 * 2


def _small(image: Image.Image, target: tuple[int, int], turn: Image.Transpose | None) -> Image.Image:
    """The loaded image reduced by an integer factor, turned upright, then resized to exactly ``target``.

    ``target`` is in the file's orientation. Turning before the last resize
    (at most twice the target's size by then) keeps JPEGs read as before.
    """
    work: Image.Image = image if image.mode in _REDUCIBLE else image.convert("RGB")
    factor = min(work.width // target[0], work.height // target[1])
    if factor >= 2:
        work = work.reduce(factor)
    if turn is not None:
        work = work.transpose(turn)
        if turn in _SIDEWAYS:
            target = (target[1], target[0])
    work = work.convert("RGB")
    if work.size != target:
        work = work.resize(target, Image.Resampling.BOX)
    return work


def _orientation(image: Image.Image) -> int:
    """The EXIF orientation (1 when there is none or it is damaged); call after the pixels are loaded."""
    try:
        value = image.getexif().get(0x0112, 1)
    except Exception:  # a damaged EXIF block: the picture as stored
        return 1
    return value if isinstance(value, int) else 1
