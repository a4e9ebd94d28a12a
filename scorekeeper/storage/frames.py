"""The journal's framing: how records follow a snapshot in one file, and how a torn last record is told from damage.

A data file is a snapshot (one JSON object) followed by zero or more
records, each framed as::

    \\n#LLLLLLLL CCCCCCCC PAYLOAD

``LLLLLLLL`` is the payload's length and ``CCCCCCCC`` its CRC-32, both as
eight lower-case hex digits. The journal starts at the first ``\\n#``: in
JSON a line never starts with ``#`` (a newline inside a string is escaped),
so a hand-edited, pretty-printed snapshot is still read whole.

A record is appended with one write and one fsync, so a kill or a power
cut can only leave the *last* record incomplete. That tail is recognised
by its shape, never guessed: a prefix of a valid frame, a frame whose
payload runs past the end of the file, or a complete frame that ends
exactly at the end of the file with the wrong checksum (a power cut that
kept the new length but not the data). It was never confirmed (the save
had not returned), so dropping it loses nothing confirmed. Anything else
that does not read -- bytes after a bad record, a header that is not one --
is damage (``FrameError``), handled like any other damaged file.

Pure (standard library only): ``atomic.decode`` uses it for every read.
"""

from __future__ import annotations

import zlib
from typing import NamedTuple

START = b"\n#"
HEADER_BYTES = len(START) + 8 + 1 + 8 + 1
_HEX = frozenset(b"0123456789abcdef")
#: The header's shape, position by position: the fixed bytes, or None for a hex digit.
_SHAPE: tuple[int | None, ...] = (
    *START,
    *(None,) * 8,
    ord(" "),
    *(None,) * 8,
    ord(" "),
)


class FrameError(ValueError):
    """A journal that is damaged (not merely cut short at its last record)."""


class Split(NamedTuple):
    """A file taken apart: the snapshot's bytes, the records' payloads, where the good part ends, torn bytes."""

    snapshot: bytes
    payloads: list[bytes]
    end: int
    torn: int


def frame(payload: bytes) -> bytes:
    """One record as it is appended."""
    return b"\n#%08x %08x " % (len(payload), zlib.crc32(payload)) + payload


def _a_header_prefix(tail: bytes) -> bool:
    return len(tail) < HEADER_BYTES and all(
        (byte in _HEX) if want is None else byte == want for byte, want in zip(tail, _SHAPE, strict=False)
    )


def _header(raw: bytes, at: int) -> tuple[int, int] | None:
    head = raw[at : at + HEADER_BYTES]
    if len(head) < HEADER_BYTES or not all(
        (byte in _HEX) if want is None else byte == want for byte, want in zip(head, _SHAPE, strict=True)
    ):
        return None
    return int(head[2:10], 16), int(head[11:19], 16)


def split(raw: bytes) -> Split:
    """The snapshot and the records of a file; ``FrameError`` when the journal is damaged."""
    start = raw.find(START)
    if start < 0:
        return Split(raw, [], len(raw), 0)
    payloads: list[bytes] = []
    at = start
    while at < len(raw):
        found = _header(raw, at)
        if found is None:
            if _a_header_prefix(raw[at:]):
                return Split(raw[:start], payloads, at, len(raw) - at)  # killed while writing the header
            raise FrameError(f"the journal holds something that is not a record at byte {at}")
        length, crc = found
        body = at + HEADER_BYTES
        if body + length > len(raw):
            return Split(raw[:start], payloads, at, len(raw) - at)  # killed while writing the payload
        payload = raw[body : body + length]
        if zlib.crc32(payload) != crc:
            if body + length == len(raw):
                return Split(raw[:start], payloads, at, len(raw) - at)  # the last record, its data never synced
            raise FrameError(f"the journal record at byte {at} fails its checksum and more follows it")
        payloads.append(payload)
        at = body + length
    return Split(raw[:start], payloads, at, 0)
