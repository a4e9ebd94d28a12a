"""The photo reader against real labelled photos, and its promise never to raise."""

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from scorekeeper.photo import FoundTile, PhotoReading, read_tiles, reader
from scorekeeper.photo.model import REASON_NO_TILES, REASON_TOO_SMALL, REASON_UNREADABLE

FIXTURES = Path(__file__).parent / "fixtures"

# file -> the tile on it (README.md in fixtures/ says where they come from)
REAL = {
    "one-one-blue.jpg": (1, 1),
    "three-one-red-blue.jpg": (3, 1),
    "one-four-blue-gold.jpg": (1, 4),
    "five-blank.jpg": (5, 0),
}


def _png(array: np.ndarray, fmt: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.fromarray(array).save(out, fmt)
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(REAL))
def test_every_real_fixture_is_read_exactly(name):
    reading = read_tiles((FIXTURES / name).read_bytes())
    assert reading.reason is None
    assert [tuple(sorted(t)) for t in reading.tiles] == [tuple(sorted(REAL[name]))]
    assert reading.total == sum(REAL[name])
    assert len(reading.pips) == reading.total


@pytest.mark.parametrize("name", sorted(REAL))
def test_pips_are_in_photo_pixels_inside_their_tile(name):
    reading = read_tiles((FIXTURES / name).read_bytes())
    assert (reading.width, reading.height) == (640, 640)
    (tile,) = reading.found
    xs = [x for x, _ in tile.outline]
    ys = [y for _, y in tile.outline]
    for x, y in reading.pips:
        assert min(xs) <= x <= max(xs) and min(ys) <= y <= max(ys)


def test_coordinates_follow_the_original_size_not_the_working_size():
    """A photo upscaled 4x reads the same tile, with pips 4x as far out."""
    data = (FIXTURES / "five-blank.jpg").read_bytes()
    small = read_tiles(data)
    big_image = Image.open(io.BytesIO(data)).resize((2560, 2560), Image.Resampling.BICUBIC)
    out = io.BytesIO()
    big_image.save(out, "JPEG", quality=92)
    big = read_tiles(out.getvalue())
    assert (big.width, big.height) == (2560, 2560)
    assert sorted(big.tiles[0]) == sorted(small.tiles[0])
    assert len(big.pips) == len(small.pips)
    for sx, sy in small.pips:
        assert min(abs(bx - 4 * sx) + abs(by - 4 * sy) for bx, by in big.pips) < 40


def test_exif_rotation_is_applied_and_reported_upright():
    data = (FIXTURES / "three-one-red-blue.jpg").read_bytes()
    image = Image.open(io.BytesIO(data)).crop((0, 0, 640, 480))
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways: shown rotated 90 degrees clockwise
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif, quality=92)
    reading = read_tiles(out.getvalue())
    assert (reading.width, reading.height) == (480, 640)
    assert sorted(reading.tiles[0]) == [1, 3]


GARBAGE = [
    b"",
    b"\x00",
    b"not an image at all",
    b"\xff\xd8\xff\xe0" + b"\x00" * 100,  # a JPEG header and nothing after
    (FIXTURES / "five-blank.jpg").read_bytes()[:5000],  # truncated JPEG
    b"GIF89a" + bytes(range(256)) * 4,
    b"%PDF-1.4\n" + b"x" * 2000,
]


@pytest.mark.parametrize("data", GARBAGE, ids=range(len(GARBAGE)))
def test_garbage_gives_a_reason_not_an_exception(data):
    reading = read_tiles(data)
    assert reading.tiles == [] and reading.total == 0 and reading.pips == []
    assert reading.reason == REASON_UNREADABLE


@pytest.mark.parametrize(
    ("shape", "reason"),
    [((1, 1, 3), REASON_TOO_SMALL), ((3, 5000, 3), REASON_TOO_SMALL), ((200, 300, 3), REASON_NO_TILES)],
)
def test_blank_and_tiny_images_give_a_reason(shape, reason):
    reading = read_tiles(_png(np.full(shape, 128, dtype=np.uint8)))
    assert reading.tiles == [] and reading.reason == reason


@pytest.mark.parametrize("mode", ["L", "RGBA", "P", "1", "CMYK", "I;16"])
def test_any_pixel_mode_is_read(mode):
    image = Image.open(FIXTURES / "one-one-blue.jpg")
    converted = image.convert(mode) if mode != "I;16" else image.convert("L").convert("I;16")
    out = io.BytesIO()
    converted.save(out, "TIFF")
    reading = read_tiles(out.getvalue())
    assert isinstance(reading, PhotoReading)
    if mode in ("RGBA", "CMYK"):
        assert sorted(reading.tiles[0]) == [1, 1]


def test_not_bytes_is_unreadable():
    assert read_tiles("a string").reason == REASON_UNREADABLE  # type: ignore[arg-type]


@given(st.binary(max_size=400))
def test_random_bytes_never_raise(data):
    reading = read_tiles(data)
    assert isinstance(reading, PhotoReading) and reading.total == sum(a + b for a, b in reading.tiles)


@given(st.integers(1, 60), st.integers(1, 60), st.integers(0, 2**32 - 1))
def test_random_noise_images_never_raise(h, w, seed):
    noise = np.random.default_rng(seed).integers(0, 256, (h, w, 3), dtype=np.uint8)
    reading = read_tiles(_png(noise))
    assert reading.total == sum(a + b for a, b in reading.tiles)
    assert all(0 <= a <= 6 and 0 <= b <= 6 for a, b in reading.tiles)


def test_contract_types():
    reading = read_tiles((FIXTURES / "three-one-red-blue.jpg").read_bytes())
    assert isinstance(reading.total, int)
    assert all(isinstance(t, tuple) and len(t) == 2 and all(isinstance(v, int) for v in t) for t in reading.tiles)
    assert all(isinstance(p, tuple) and len(p) == 2 and all(isinstance(c, float) for c in p) for p in reading.pips)
    assert len(reading.outlines) == len(reading.tiles)
    assert all(len(o) == 4 for o in reading.outlines)
    tile = reading.found[0]
    assert isinstance(tile, FoundTile) and tile.label in ("3-1", "1-3")
    assert len(tile.pips_a) == tile.a and len(tile.pips_b) == tile.b


def test_the_core_imports_no_ui_and_no_storage():
    import subprocess
    import sys

    banned = "('flet', 'tinydb', 'scipy')"  # OpenCV is on Flet's mobile list: allowed
    code = f"import sys, scorekeeper.photo; print(sorted(m for m in sys.modules if m.split('.')[0] in {banned}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_tile_reaching_into_the_edge_ring_is_not_taken_for_table():
    """The table runs on out of the picture; a tile near the edge reaches the ring but not the border."""
    from scorekeeper.photo.reader import _background

    rgb = np.empty((300, 400, 3), np.float32)
    rgb[:] = (40, 110, 60)
    rgb += np.random.default_rng(1).normal(0, 4, rgb.shape)
    rgb[6:106, 150:200] = (235, 230, 210)  # its top end 6 px from the border, inside the 12 px ring
    table = _background(rgb.clip(0, 255))
    assert not table[6:106, 150:200].any()
    assert table[150:, :100].all()
    rgb[0:100, 150:200] = (235, 230, 210)  # the same colour running off the picture is the table's
    assert _background(rgb.clip(0, 255))[0:100, 150:200].all()


@pytest.mark.parametrize(
    "seed",
    [
        20193,  # a white tile in a hand's shadow, its end in the edge ring: it was table
        20099,  # glared wood of nearly the ivory face's colour reached into a tile: its scraps read as pips
        20126,  # the same glare took the face round two pips of an ivory tile: they were lost
    ],
)
def test_photos_with_a_tile_near_the_edge_or_glare_beside_it_read_exactly(seed):
    from tests.photo.synthetic import render

    photo = render(seed)
    reading = read_tiles(photo.data)
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == sorted(tuple(sorted(t)) for t in photo.tiles)


def _disc(mask: np.ndarray, cx: float, cy: float, r: float) -> None:
    yy, xx = np.mgrid[0 : mask.shape[0], 0 : mask.shape[1]]
    mask |= (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r


def test_a_chain_of_pips_counts_as_many_as_its_size_holds():
    """Two pips run together, stretched by the blur between them, are two, not three."""
    from scorekeeper.photo.labels import label
    from scorekeeper.photo.reader import _pip_marks, _shapes

    ink = np.zeros((100, 160), dtype=bool)
    for x in (20, 50, 80):
        _disc(ink, x, 20, 7)  # clean pips: the face's pip size
    _disc(ink, 40, 70, 7)
    _disc(ink, 63, 70, 7)
    ink[68:73, 40:63] = True  # the two joined by a band of blur: as long as three touching
    blobs, n = label(ink)
    s, elong, _, fill = _shapes(blobs, n)
    assert elong[4] > 3.3  # by its stretch alone this is three pips
    pips = _pip_marks(s, elong, fill)
    assert len(pips) == 5
    assert sorted(round(x) for x, y, _ in pips if y > 50) == [45, 58]


def test_specks_beside_a_half_do_not_make_it_more_than_six():
    """A half of six with two scraps of the seam beside it is still a domino's half."""
    from scorekeeper.photo.geometry import Frame, pips_per_half

    frame = Frame(100.0, 100.0, 1.0, 0.0, 40.0, 80.0, 80.0)
    six = [(100 + u * 21, 100 + v * 80, 150.0) for u in (-1, 1) for v in (0.23, 0.5, 0.77)]
    specks = [(138.0, 140.0, 35.0), (138.0, 160.0, 35.0)]
    assert pips_per_half(frame, six + specks) == (0, 6)
    assert pips_per_half(frame, [*six, (100.0, 150.0, 150.0)]) == (0, 7)  # a seventh pip of a pip's size counts


@pytest.mark.parametrize(
    "seed",
    [
        22184,  # scraps of a seam beside a 6 half made it seven: the tile was dropped
        22028,  # two blurred pips run together counted as three, a 5-6 read as more than six a half
    ],
)
def test_photos_with_seam_scraps_or_blurred_chains_read_exactly(seed):
    from tests.photo.synthetic import render

    photo = render(seed)
    reading = read_tiles(photo.data)
    assert sorted(tuple(sorted(t)) for t in reading.tiles) == sorted(tuple(sorted(t)) for t in photo.tiles)


def test_where_no_thread_can_start_the_readers_run_one_after_the_other(monkeypatch):
    # A browser build has no threads: the divider reader then runs in turn, and reads the same.
    data = (FIXTURES / "three-one-red-blue.jpg").read_bytes()
    beside = read_tiles(data)

    def refuse(*args, **kwargs):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(reader._SIDE_WORK, "submit", refuse)
    alone = read_tiles(data)
    assert alone.tiles == beside.tiles == [(3, 1)]
    assert [t.confidence for t in alone.found] == [t.confidence for t in beside.found]


@pytest.mark.parametrize("shape", [(675, 900, 3), (7, 5, 3), (1, 9, 3), (9, 1, 3), (1, 1, 3)])
def test_the_soft_image_is_pillows_box_blur_pixel_for_pixel(shape):
    """Both readers' thresholds were measured on Pillow's BoxBlur(1): OpenCV's stands in for it only
    if no pixel moves (one 3x3 mean rounds once, and moves a tenth of them by one)."""
    from PIL import ImageFilter

    from scorekeeper.photo.reader import soften

    rgb = np.random.default_rng(sum(shape)).integers(0, 256, shape, dtype=np.uint8)
    pillow = np.asarray(Image.fromarray(rgb).filter(ImageFilter.BoxBlur(1)))
    assert np.array_equal(soften(rgb), pillow)
