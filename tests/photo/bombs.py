"""Image bombs made at test time, small on disk and in memory: never committed as files.

Two kinds. Real ones decode to what they declare: a deflate stream of one
block repeated (each block full-flushed, so repeating its bytes repeats its
rows) costs milliseconds to make and inflates to hundreds of megabytes. Lying
ones declare a size their data does not hold: a small valid file with its
header's size patched (a decoder that trusts it allocates first and fails later).
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image

_CHANNELS = {"L": 1, "RGB": 3, "RGBA": 4}
_PNG_COLOUR = {"L": 0, "RGB": 2, "RGBA": 6}
_BLOCK = 1 << 20


def deflate_repeated(parts: list[tuple[bytes, int]]) -> bytes:
    """A zlib stream of each ``(piece, count)`` piece repeated ``count`` times, each compressed once."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    out = [b"\x78\xda"]
    check = 1
    for piece, count in parts:
        block = compressor.compress(piece) + compressor.flush(zlib.Z_FULL_FLUSH)
        out.append(block * count)
        for _ in range(count):
            check = zlib.adler32(piece, check)
    out.append(compressor.flush())
    out.append(struct.pack(">I", check))
    return b"".join(out)


def _rows(row: bytes, height: int) -> list[tuple[bytes, int]]:
    """``height`` copies of ``row`` as repeated pieces of about a megabyte (or one long row in pieces)."""
    if len(row) > _BLOCK:
        assert height == 1 and not row.strip(b"\x00")[1:], "long rows must be a filter byte and zeros"
        full, rest = divmod(len(row) - 1, _BLOCK)
        return [(row[:1], 1), (bytes(_BLOCK), full), (bytes(rest), 1)]
    per = max(1, _BLOCK // len(row))
    full, rest = divmod(height, per)
    return [(row * per, full), (row * rest, 1)]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int, mode: str = "RGBA", *, exif: bytes | None = None) -> bytes:
    """A valid one-colour PNG of this size (black); ``exif`` goes in an eXIf chunk after the pixels."""
    row = b"\x00" + bytes(width * _CHANNELS[mode])
    header = struct.pack(">IIBBBBB", width, height, 8, _PNG_COLOUR[mode], 0, 0, 0)
    pixels = _chunk(b"IDAT", deflate_repeated(_rows(row, height)))
    late = _chunk(b"eXIf", exif) if exif is not None else b""
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + pixels + late + _chunk(b"IEND", b"")


def tiff(width: int, height: int, mode: str = "RGB") -> bytes:
    """A valid one-colour deflate TIFF of this size stored as a single strip (libtiff reads it whole)."""
    channels = _CHANNELS[mode]
    data = deflate_repeated(_rows(bytes(width * channels), height))
    entries = [
        (256, 4, 1, width),  # ImageWidth, LONG
        (257, 4, 1, height),  # ImageLength
        (258, 3, 1, 8),  # BitsPerSample (one value: Pillow takes it for every channel)
        (259, 3, 1, 8),  # Compression: deflate
        (262, 3, 1, 1 if channels == 1 else 2),  # Photometric: black is zero / RGB
        (273, 4, 1, 0),  # StripOffsets: patched below
        (277, 3, 1, channels),  # SamplesPerPixel
        (278, 4, 1, height),  # RowsPerStrip: all of them
        (279, 4, 1, len(data)),  # StripByteCounts
        (284, 3, 1, 1),  # PlanarConfiguration: chunky
    ]
    if channels == 4:
        entries.append((338, 3, 1, 2))  # ExtraSamples: unassociated alpha
    ifd_size = 2 + 12 * len(entries) + 4
    offset = 8 + ifd_size
    ifd = struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        value = offset if tag == 273 else value
        packed = struct.pack("<HI", value, 0)[:4] if kind == 3 else struct.pack("<I", value)
        ifd += struct.pack("<HHI", tag, kind, count) + packed
    ifd += struct.pack("<I", 0)
    return b"II*\x00" + struct.pack("<I", 8) + ifd + data


def jpeg(width: int, height: int, *, progressive: bool = False, quality: int = 90) -> bytes:
    """A real JPEG of this size: a smooth gradient, as a camera's sky or table would compress."""
    gradient = Image.linear_gradient("L").resize((width, height))
    image = Image.merge("RGB", [gradient, gradient.transpose(Image.Transpose.FLIP_LEFT_RIGHT), gradient])
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, progressive=progressive)
    return out.getvalue()


def jpeg_claiming(width: int, height: int, *, progressive: bool) -> bytes:
    """A small JPEG whose frame header (SOF) claims ``width`` x ``height``: its data covers a corner."""
    data = bytearray(jpeg(64, 64, progressive=progressive))
    marker = data.find(b"\xff\xc2" if progressive else b"\xff\xc0")
    struct.pack_into(">HH", data, marker + 5, height, width)
    return bytes(data)


def webp_canvas(width: int, height: int) -> bytes:
    """A two-frame animated WebP of 16 x 16 frames whose canvas (VP8X) claims ``width`` x ``height``.

    The animation decoder keeps canvases of that size and clears them: a few
    hundred bytes become gigabytes.
    """
    frames = [Image.new("RGBA", (16, 16), colour) for colour in ((200, 30, 30, 255), (30, 200, 30, 255))]
    out = io.BytesIO()
    frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    data = bytearray(out.getvalue())
    at = data.find(b"VP8X") + 8 + 4  # after the chunk header and the flags: 24-bit width-1, height-1
    data[at : at + 3] = (width - 1).to_bytes(3, "little")
    data[at + 3 : at + 6] = (height - 1).to_bytes(3, "little")
    return bytes(data)


def webp(width: int, height: int) -> bytes:
    """A real lossless one-colour WebP of this size."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), (90, 120, 60)).save(out, "WEBP", lossless=True, method=0)
    return out.getvalue()


def gif_screen(width: int, height: int) -> bytes:
    """A 16 x 16 GIF whose logical screen claims ``width`` x ``height``."""
    out = io.BytesIO()
    Image.new("P", (16, 16), 1).save(out, "GIF")
    data = bytearray(out.getvalue())
    struct.pack_into("<HH", data, 6, width, height)
    return bytes(data)


def bmp_rle(width: int, height: int) -> bytes:
    """A valid 8-bit run-length BMP of this size: every row runs of 255 pixels of colour 1, then end of line."""
    runs, rest = divmod(width, 255)
    row = b"\xff\x01" * runs + (bytes([rest, 1]) if rest else b"") + b"\x00\x00"
    pixels = row * height + b"\x00\x01"
    palette = b"".join(bytes([v, v, v, 0]) for v in range(256))
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 8, 1, len(pixels), 2835, 2835, 256, 0)
    offset = 14 + len(info) + len(palette)
    head = b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset)
    return head + info + palette + pixels
