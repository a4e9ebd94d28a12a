"""Mending a damaged evening file: kept aside, rebuilt from its newest good backup plus what still reads.

What is lost is named exactly (changes after the backup, unfinished matches
and rounds no copy holds) in the report the user is shown. A file that can
be neither kept aside nor rewritten is ``Unmendable``: the room then shows
what reads and never writes that evening again in this run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.core.codec import match_from_doc, match_to_doc
from scorekeeper.core.errors import StorageError
from scorekeeper.core.records import MatchRecord
from scorekeeper.storage import atomic
from scorekeeper.storage.atomic import SCHEMA_VERSION, CorruptFile, decode, encode
from scorekeeper.storage.backup import stamp_time
from scorekeeper.storage.evening_file import Slot, matches_of, shard_tables
from scorekeeper.storage.expected import EveningEvents
from scorekeeper.storage.meta import when
from scorekeeper.storage.recovery import keep_aside, newest_good_backup, relative, restored
from scorekeeper.storage.report import OpenReport


class Unmendable(Exception):
    """The damaged file could not be kept aside or rewritten; the message says why, after the damage itself."""


class Mender:
    """Rebuilds one evening file at a time; the room decides whether it may, and keeps its own books after."""

    def __init__(self, folder: Path, report: OpenReport, events: EveningEvents) -> None:
        self.folder = folder
        self.report = report
        self._events = events

    def mend(
        self, evening: str, path: Path, reason: str, salvaged: dict[str, Slot] | None, bad_ids: list[Any]
    ) -> list[MatchRecord]:
        """Rewrite ``path`` (an evening damaged for ``reason``) and report it; the matches it holds now, oldest first.

        ``salvaged`` is what still reads of the file (None: nothing does), ``bad_ids``
        the ids of the documents that did not. An empty result means the file was removed.
        """
        folder = self.folder
        rel = relative(folder, path) or str(path)

        def parse(raw: bytes, where: Path) -> dict[str, MatchRecord]:
            version, _kind, tables = decode(raw, where)
            if version > SCHEMA_VERSION:  # an older version's copy holds the same documents; a newer one may not
                raise CorruptFile(where, "a newer schema version")
            recs = [match_from_doc(doc) for doc in matches_of(tables).values()]
            return {r.id: r for r in recs if r.evening == evening}

        try:
            kept = keep_aside(folder, path)
        except (OSError, StorageError) as err:
            raise Unmendable(f"{reason}; it could not be kept aside ({err})") from err
        found = newest_good_backup(folder, path, parse)
        backup = found[1] if found else {}
        since = stamp_time(found[0]) if found else None
        merged: dict[str, MatchRecord] = {mid: slot.record for mid, slot in (salvaged or {}).items()}
        lost: list[str] = []
        if salvaged is None:  # nothing of the file reads: the backup is all there is
            merged = dict(backup)
            lost.append(f"changes after {since}" if found else "evening")
        else:
            for mid in bad_ids:
                if isinstance(mid, str) and mid in backup:
                    merged[mid] = backup[mid]
                    lost.append(f"{mid}: changes after {since or '?'}")
                else:
                    lost.append(str(mid))
            for mid, rec in backup.items():  # a file that says less than was written: the backup fills in
                if mid not in merged:
                    merged[mid] = rec
                    lost.append(f"{mid}: changes after {since}")
        expect = self._events.expect(evening)
        if lost != ["evening"]:  # name exactly what else is gone: unfinished matches and rounds no copy holds
            gone = expect.open_ids - set(merged) - set(expect.rounds)
            lost.extend(sorted(f"{mid}: unfinished, not in any backup" for mid in gone))
            for mid, written in sorted(expect.rounds.items()):
                held = len(merged[mid].entries) if mid in merged else 0
                if held < written:
                    lost.append(f"{mid}: {written - held} of {written} rounds")
        ordered = sorted(merged.values(), key=lambda r: when(r.started_at))
        try:
            if ordered:
                tables = shard_tables([match_to_doc(r) for r in ordered])
                atomic.atomic_write_bytes(path, encode(tables, kind="evening"), tmp_dir=folder)
            else:
                atomic.atomic_unlink(path)
        except (OSError, StorageError) as err:
            raise Unmendable(f"{reason}; it could not be restored ({err})") from err
        self.report.recovered.append(restored(folder, rel, kept, found, tuple(lost), reason))
        return ordered
