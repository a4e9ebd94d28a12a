"""The order of writes between the store's two rooms, so that a kill between two writes is harmless.

* a new or reopened match is added to ``meta.json``'s unfinished list
  *before* its evening file is written; a finished or deleted one is removed
  *after*. The unfinished list is thus a superset of the truth and is
  checked against the evening files when read (``Store.current_match``).
* the count of finished matches per evening (``meta.json``) only rises
  *after* the evening file holds them and falls *before* it loses them, so a
  file with fewer finished matches than counted is damaged, never a kill.
* the round record (``Ledger``) is raised after the evening file is durable
  and lowered before it loses rounds, so it only ever errs low.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.core.errors import StorageError
from scorekeeper.core.match import Match
from scorekeeper.core.records import MatchRecord, RoundEntry
from scorekeeper.storage.backup import backup_file, prune_backups
from scorekeeper.storage.evening_file import Slot
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.meta import MetaRoom
from scorekeeper.storage.report import OpenReport

#: What an edit gives: the core's new match and the new round log.
Change = tuple[Match, tuple[RoundEntry, ...]]


class Writer:
    """Writes matches into their evenings, keeping ``meta.json`` and the round record in step."""

    def __init__(
        self, folder: Path, report: OpenReport, gate: Gate, meta: MetaRoom, rooms: EveningRoom, ledger: Ledger
    ) -> None:
        self.folder = folder
        self._report = report
        self._gate = gate
        self._meta = meta
        self._rooms = rooms
        self._ledger = ledger
        self._pruned = False

    def writable(self, evening: str | None = None) -> None:
        """Raise unless the store, and ``evening`` if given, may be written now."""
        self._gate.check()
        if evening is not None:
            self._rooms.writable(evening)

    def finished_in(self, evening: str) -> int:
        return sum(1 for s in self._rooms.records(evening).values() if s.record.finished)

    def commit(self, evening: str, old: Slot | None, rec: MatchRecord) -> MatchRecord:
        """Write ``rec`` durably into its evening (and meta.json when its status changes)."""
        meta = self._meta
        was_open = old is not None and not old.record.finished
        now_open = not rec.finished
        if now_open and not was_open:  # new or reopened: listed as unfinished first (and uncounted, if reopened)
            before = dict(meta.counts)
            meta.open[rec.id] = {"id": rec.id, "evening": evening, "started_at": rec.started_at}
            if old is not None:
                meta.count(evening, self.finished_in(evening) - 1)
            try:
                meta.write()
            except StorageError:
                del meta.open[rec.id]
                meta.counts = before
                raise
        lowered = old is not None and len(rec.entries) < len(old.record.entries) and not old.record.finished
        if lowered:
            self._ledger.note({rec.id: (evening, len(rec.entries))})  # lowered before the file loses the round
        try:
            self._rooms.write(evening, self._rooms.loaded(evening), {rec.id: rec})
        except StorageError:
            if lowered and old is not None:  # nothing changed after all: neither does the record
                self._ledger.note({rec.id: (evening, len(old.record.entries))})
            raise
        self._ledger.note({rec.id: None if rec.finished else (evening, len(rec.entries))})
        if was_open and not now_open:  # finished: off the unfinished list, counted, then a rolling backup
            self._after_finish(evening, rec.id)
        return rec

    def _after_finish(self, evening: str, match_id: str) -> None:
        """Housekeeping once the round is safe: a failure here loses nothing, so it is noted, not raised."""
        meta = self._meta
        entry = meta.open.pop(match_id, None)
        before = dict(meta.counts)
        meta.count(evening, self.finished_in(evening))
        try:
            meta.write()
        except StorageError as err:
            if entry is not None:  # meta.json still lists it: keep memory a superset of the disk
                meta.open[match_id] = entry
            meta.counts = before
            self._report.notes.append(err)
            return
        try:
            backup_file(self.folder, self._rooms.path(evening), "finished")
            backup_file(self.folder, meta.path, "finished")
        except StorageError as err:
            self._report.notes.append(err)
        if not self._pruned:  # once a run: the backups as a whole stay under their cap
            self._pruned = True
            prune_backups(self.folder)

    def delete(self, evening: str, slot: Slot) -> None:
        """Remove one match: unlisted, uncounted and lowered in the round record before its file loses it."""
        match_id = slot.record.id
        self._ledger.note({match_id: None})
        listed = self._meta.open.pop(match_id, None)
        if listed is not None or slot.record.finished:
            self._meta.count(evening, self.finished_in(evening) - (1 if slot.record.finished else 0))
            try:
                self._meta.write()
            except StorageError:
                if listed is not None:
                    self._meta.open[match_id] = listed
                raise
        self._rooms.write(evening, self._rooms.loaded(evening), {match_id: None})
