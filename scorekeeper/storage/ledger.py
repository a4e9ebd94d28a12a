"""A small record of how many rounds each unfinished match had when its evening file was last written.

An evening file that reads but holds fewer rounds than this says is damaged
(replaced by an older copy, cut short by a sync tool), never taken at face
value. Finished matches need no entry: ``meta.json`` counts them per evening.

The record only ever errs low: it is raised *after* the evening file is
durable, and lowered *before* the file loses rounds (a deleted round or
match). So it is written in place and without fsync (a save stays one
rename and one fsync): a kill between its write and truncate leaves
trailing bytes, which do not parse and are ignored like a missing record; a
power cut may leave an older record, or one that does not parse. Either
way it is low or absent; at worst a torn sector makes a record too high,
which reports rounds as missing that are not (nothing is removed: the
evening's file is kept as it reads).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from scorekeeper.core.checks import is_evening, is_int, is_match_id

LEDGER_NAME = "written.json"


class Ledger:
    """match id -> (evening, rounds written) for the unfinished matches."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LEDGER_NAME
        self.entries: dict[str, tuple[str, int]] = {}

    def load(self) -> None:
        """Read the record; anything wrong with it means no record (it is a hint, never the data)."""
        try:
            with open(self.path, "rb") as handle:
                doc = json.loads(handle.read(1 << 20).decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            return
        if not isinstance(doc, dict):
            return
        for mid, entry in doc.items():
            if not (isinstance(entry, list) and len(entry) == 2):
                continue
            evening, rounds = entry
            if is_match_id(mid) and is_evening(evening) and is_int(rounds) and 0 <= rounds < 100_000:
                self.entries[mid] = (evening, rounds)

    def rounds_on(self, evening: str) -> dict[str, int]:
        return {mid: n for mid, (e, n) in self.entries.items() if e == evening}

    def note(self, changes: dict[str, tuple[str, int] | None]) -> None:
        """Set (or drop, with None) entries and write the record; a failed write only leaves it lower or older."""
        before = dict(self.entries)
        for mid, entry in changes.items():
            if entry is None:
                self.entries.pop(mid, None)
            else:
                self.entries[mid] = entry
        if self.entries == before:
            return
        data = json.dumps({mid: [e, n] for mid, (e, n) in self.entries.items()}, separators=(",", ":")).encode()
        try:  # in place: a save stays one rename and one fsync (see the module's note on why this is safe)
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o644)
            try:
                os.pwrite(fd, data, 0)
                os.ftruncate(fd, len(data))
            finally:
                os.close(fd)
        except OSError:  # a record that may be too high must not stay: no record is always safe
            with contextlib.suppress(OSError):
                os.unlink(self.path)
