"""The guarded decoder, through the whole photo step (preview and reading) on bombs made at test time.

Memory is this process's own peak (``VmHWM``, reset through ``/proc/self/clear_refs``
before each read): deterministic enough to assert, unlike time, which is only
measured (benchmarks/decode.py).
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageFile

from scorekeeper.photo import read_tiles
from scorekeeper.photo.model import REASON_TOO_LARGE, REASON_TOO_SMALL, REASON_UNREADABLE
from scorekeeper.photo.screen import _prepare
from tests.photo import bombs

FIXTURES = Path(__file__).parent / "fixtures"
MB = 1_000_000
LIMIT = 300 * MB  # any file up to the cap: the photo step's peak


def _status(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key):
            return int(line.split()[1]) * 1024
    raise KeyError(key)


def _peak(run):
    """``run()``'s result and how far this process's resident memory rose above where it was."""
    Path("/proc/self/clear_refs").write_text("5")  # the peak restarts from the memory in use now
    before = _status("VmRSS")
    result = run()
    return result, _status("VmHWM") - before


BOMBS = {
    "rgba_png_10950": (lambda: bombs.png(10950, 10950, "RGBA"), REASON_TOO_LARGE),
    "one_colour_png_13300": (lambda: bombs.png(13300, 13300, "RGB"), REASON_TOO_LARGE),
    "strip_png_119M_x_1": (lambda: bombs.png(119_000_000, 1, "L"), REASON_TOO_SMALL),
    "progressive_jpeg_claiming_10900": (lambda: bombs.jpeg_claiming(10900, 10900, progressive=True), REASON_TOO_LARGE),
    "webp_canvas_10000": (lambda: bombs.webp_canvas(10000, 10000), REASON_TOO_LARGE),
    "webp_canvas_16383": (lambda: bombs.webp_canvas(16383, 16383), REASON_TOO_LARGE),
    "gif_screen_10950": (lambda: bombs.gif_screen(10950, 10950), REASON_TOO_LARGE),
    "deflate_tiff_10950": (lambda: bombs.tiff(10950, 10950, "RGB"), REASON_TOO_LARGE),
    "rle_bmp_10950": (lambda: bombs.bmp_rle(10950, 10950), REASON_TOO_LARGE),
}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_a_bomb_is_refused_from_its_header_with_its_reason(name):
    make, reason = BOMBS[name]
    data = make()
    assert len(data) < 2 * MB
    (reading, shown), peak = _peak(lambda: _prepare(data))
    assert reading.reason == reason and reading.tiles == [] and shown is None
    assert peak < 40 * MB  # nothing decoded: the before-path took 0.5-2 GB on several of these


def _largest_accepted(make, mode: str) -> int:
    """The largest side the decoder takes for a square of ``make(side)`` (its own estimate, from the header)."""
    from scorekeeper.photo import decode

    def fits(side: int) -> bool:
        with Image.open(io.BytesIO(make(side))) as image:
            assert image.mode == mode
            return decode.peak_bytes(image, side, side) <= decode.DECODE_BUDGET

    low, high = 100, 11000
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fits(mid) else (low, mid - 1)
    return low


@pytest.mark.parametrize(
    ("kind", "make", "mode"),
    [
        ("rgba_png", lambda side: bombs.png(side, side, "RGBA"), "RGBA"),
        ("deflate_tiff", lambda side: bombs.tiff(side, side, "RGB"), "RGB"),
        ("rle_bmp", lambda side: bombs.bmp_rle(side, side), "L"),
    ],
)
def test_the_largest_file_accepted_is_read_within_300_mb_and_one_pixel_more_is_refused(kind, make, mode):
    side = _largest_accepted(make, mode)
    assert side >= 5000  # the cap is no excuse to refuse ordinary photos
    (reading, shown), peak = _peak(lambda: _prepare(make(side)))
    assert reading.reason not in (REASON_TOO_LARGE, REASON_UNREADABLE) and shown is not None
    assert (reading.width, reading.height) == (side, side)
    assert peak <= LIMIT, f"{kind} {side}x{side}: {peak / MB:.0f} MB"
    over, _ = _prepare(make(side + 1))
    assert over.reason == REASON_TOO_LARGE


def test_a_webp_at_its_limit_is_read_within_300_mb_and_a_larger_one_refused():
    """WebP's decoder holds four full-size copies: its limit in pixels is the lowest."""
    (reading, shown), peak = _peak(lambda: _prepare(bombs.webp(3700, 3700)))
    assert reading.reason not in (REASON_TOO_LARGE, REASON_UNREADABLE) and shown is not None
    assert peak <= LIMIT, f"{peak / MB:.0f} MB"
    assert _prepare(bombs.webp(3900, 3900))[0].reason == REASON_TOO_LARGE


def test_a_12_mp_jpeg_is_decoded_at_a_quarter_of_its_size():
    data = bombs.jpeg(4000, 3000)
    full = 4000 * 3000 * 4  # what one full-size RGB decode alone holds
    _prepare(bombs.jpeg(400, 300))  # modules the path loads on first use are not the decode's memory
    (reading, shown), peak = _peak(lambda: _prepare(data))
    assert (reading.width, reading.height) == (4000, 3000) and shown is not None
    assert peak < full
    with Image.open(io.BytesIO(shown)) as preview:
        assert max(preview.size) == 600


def test_the_exif_orientation_of_a_png_is_applied_even_when_it_follows_the_pixels():
    image = Image.open(FIXTURES / "three-one-red-blue.jpg").crop((0, 0, 640, 480))
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    image.save(out, "PNG")
    plain = out.getvalue()
    end = plain.rindex(b"IEND") - 4
    late = plain[:end] + bombs._chunk(b"eXIf", exif.tobytes()) + plain[end:]
    assert late.index(b"eXIf") > late.index(b"IDAT")
    reading = read_tiles(late)
    assert (reading.width, reading.height) == (480, 640)
    assert sorted(reading.tiles[0]) == [1, 3]


@pytest.mark.parametrize("fmt", ["PPM", "TGA", "ICO", "PCX"])
def test_formats_no_phone_sends_are_refused_unread(fmt):
    image = Image.open(FIXTURES / "one-one-blue.jpg").convert("RGB")
    out = io.BytesIO()
    image.save(out, fmt)
    reading, shown = _prepare(out.getvalue())
    assert reading.reason == REASON_UNREADABLE and shown is None


@pytest.mark.parametrize(
    "data",
    [
        bombs.jpeg(4000, 3000)[:150_000],  # truncated mid-scan
        bombs.png(2000, 2000, "RGB")[:-200],  # truncated in its pixel data
        b"\x89PNG\r\n\x1a\n" + b"\x00" * 50,
        bytes(range(256)) * 100,
    ],
    ids=["truncated_jpeg", "truncated_png", "png_signature_only", "not_an_image"],
)
def test_a_broken_file_is_unreadable_and_never_raises(data):
    reading, shown = _prepare(data)
    assert reading.reason == REASON_UNREADABLE and shown is None


def test_one_decode_at_a_time_in_the_process(monkeypatch):
    """Two phones sending photos at once: the second decode waits, so the peak is one decode's."""
    inside, most = [0], [0]
    entered, release = threading.Event(), threading.Event()
    real = ImageFile.ImageFile.load

    def load(self):
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        entered.set()
        release.wait(5)
        try:
            return real(self)
        finally:
            inside[0] -= 1

    monkeypatch.setattr(ImageFile.ImageFile, "load", load)
    data = (FIXTURES / "five-blank.jpg").read_bytes()
    threads = [threading.Thread(target=read_tiles, args=(data,)) for _ in range(2)]
    threads[0].start()
    assert entered.wait(5)
    threads[1].start()
    threads[1].join(0.3)  # time for the second to reach the decoder if nothing holds it back
    release.set()
    for thread in threads:
        thread.join(10)
    assert most[0] == 1


def test_pillows_bomb_limit_is_the_apps_cap():
    from scorekeeper.photo import decode

    assert Image.MAX_IMAGE_PIXELS == decode.MAX_PIXELS
