"""What the store does to many matches at once: import, delete an evening, back up everything, go back to a backup.

Each backs up what it will change first. Callers (the ``Store``) hold its
lock and have checked that writing is allowed.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.core.checks import is_evening, is_match_id
from scorekeeper.core.errors import StorageError
from scorekeeper.core.records import MatchRecord
from scorekeeper.storage.atomic import atomic_unlink, atomic_write_bytes
from scorekeeper.storage.backup import backup_file, backups_of, prune_backups, stamp_time
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.finder import Finder
from scorekeeper.storage.folder import BACKUPS_DIR
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.meta import MetaRoom, remember_player
from scorekeeper.storage.writes import Writer


@dataclass(frozen=True)
class FolderInfo:
    """What Settings shows about the data: where it is, how big, the last backup, the moments it can go back to.

    ``restore_points`` are backup stamps of ``meta.json`` (ISO 8601, UTC), newest first: at each one every
    file that had changed was backed up too (a finished match, a manual backup, before a delete or import).
    """

    folder: str
    size_bytes: int
    last_backup: str | None
    restore_points: tuple[str, ...]


@dataclass(frozen=True)
class ImportReport:
    """What ``Store.import_matches`` did: the ids written, and those skipped because they were kept already."""

    added: list[str]
    skipped: list[str]


class Bulk:
    """Import, delete an evening, back up now, restore: each backs up what it will change first."""

    def __init__(
        self, folder: Path, meta: MetaRoom, rooms: EveningRoom, ledger: Ledger, writer: Writer, finder: Finder
    ) -> None:
        self.folder = folder
        self._meta = meta
        self._rooms = rooms
        self._ledger = ledger
        self._writer = writer
        self._finder = finder

    def delete_evening(self, evening: str) -> list[str]:
        """Delete every match of an evening, after a backup of its file and of meta.json; the ids deleted.

        An evening without matches is left alone (``[]``).
        """
        self._writer.writable()
        if evening not in self._rooms.names:
            return []
        self._writer.writable(evening)
        ids = list(self._rooms.records(evening))  # a damaged evening is recovered first, so its backup is usable
        path = self._rooms.path(evening)
        backup_file(self.folder, path, "before-delete")
        backup_file(self.folder, self._meta.path, "before-delete")
        stale = [mid for mid, entry in self._meta.open.items() if mid in ids or entry["evening"] == evening]
        if stale or evening in self._meta.counts:
            for mid in stale:
                del self._meta.open[mid]
            self._meta.count(evening, 0)
            self._meta.write()
        self._ledger.note({mid: None for mid in ids})  # lowered before the file goes
        atomic_unlink(path)
        for mid in ids:
            self._rooms.where.pop(mid, None)
        self._rooms.forget(evening)
        return ids

    # --- import -------------------------------------------------------------

    def import_matches(self, records: Sequence[MatchRecord]) -> ImportReport:
        """Add matches read from an export (``exchange.parse_json`` has validated them); skip ids kept already.

        Backs up meta.json and every evening file it will write to first, then
        writes each match into its evening exactly as a new one is written. A
        failure part-way (disk full) raises ``StorageError``: the matches
        before it are kept, and importing the same file again skips them.
        """
        self._writer.writable()
        for rec in records:  # refuse anything that could not be kept before a byte is written
            if not (isinstance(rec, MatchRecord) and is_match_id(rec.id) and is_evening(rec.evening)):
                raise ValueError(f"match {getattr(rec, 'id', '?')!r} has no valid id or evening")
            self._writer.writable(rec.evening)
        known = self._finder.known_ids()
        fresh: list[MatchRecord] = []
        skipped: list[str] = []
        for rec in records:
            if rec.id in known:
                skipped.append(rec.id)
            else:
                known.add(rec.id)
                fresh.append(rec)
        if fresh:
            for evening in sorted({rec.evening for rec in fresh} & set(self._rooms.names)):
                backup_file(self.folder, self._rooms.path(evening), "before-import")
            backup_file(self.folder, self._meta.path, "before-import")
        added: list[str] = []
        try:
            for rec in fresh:
                if rec.id in self._rooms.records(rec.evening):  # only seen now that a damaged evening was recovered
                    skipped.append(rec.id)
                    continue
                self._writer.commit(rec.evening, None, rec)
                added.append(rec.id)
                for name in rec.match.players:
                    remember_player(self._meta.players, name, rec.started_at)
        finally:
            if added:
                for evening in {rec.evening for rec in fresh}:
                    self._meta.count(evening, self._writer.finished_in(evening))
                self._meta.write_quietly()  # the known players, the counts
        return ImportReport(added, skipped)

    # --- backups ------------------------------------------------------------

    def backup_now(self) -> Path:
        """Back up every file that changed since its last backup; the backups folder."""
        self._writer.writable()
        for evening in self._rooms.names:
            backup_file(self.folder, self._rooms.path(evening), "manual")
        backup_file(self.folder, self._meta.path, "manual")  # last: a restore point covers every copy before it
        prune_backups(self.folder)
        return self.folder / BACKUPS_DIR

    # --- the folder, and going back to a backup ------------------------------

    def folder_info(self) -> FolderInfo:
        size = 0
        for root, _dirs, names in os.walk(self.folder):  # links are not followed: only what is really here
            for name in names:
                with contextlib.suppress(OSError):
                    size += os.lstat(os.path.join(root, name)).st_size
        points = tuple(p for p in (stamp_time(b) for b in backups_of(self.folder, self._meta.path)) if p)
        return FolderInfo(str(self.folder), size, points[0] if points else None, points)

    def restore_backup(self, point: str) -> list[str]:
        """Put every data file back as it was backed up at ``point`` (one of ``folder_info().restore_points``).

        The current state is backed up first ("before-restore"), so this can be
        undone by restoring that. A file with no backup from then is left as it
        is (nothing newer is thrown away). The files restored, relative to the
        folder; the rooms still hold the old state (the store reads them anew).
        """
        self._writer.writable()
        self._rooms.cache.settle()  # every journal folded in and every file let go before any is replaced
        files = [self._meta.path, *(self._rooms.path(e) for e in self._rooms.names)]
        chosen: dict[Path, Path] = {}
        for path in files:
            older = [b for b in backups_of(self.folder, path) if (stamp_time(b) or "") <= point]
            if older:
                chosen[path] = older[0]
        if self._meta.path not in chosen:
            raise StorageError("match_not_found", f"no backup from {point}", match_id=point)
        for path in reversed(files):  # meta.json last: its stamp is the moment, every other copy is no later
            backup_file(self.folder, path, "before-restore")
        self._ledger.note({mid: None for mid in list(self._ledger.entries)})  # the record fits the old files no more
        restored = []
        for path, backup in chosen.items():
            data = backup.read_bytes()
            if not path.exists() or path.read_bytes() != data:
                atomic_write_bytes(path, data, tmp_dir=self.folder)
                restored.append(path.relative_to(self.folder).as_posix())
        return restored  # the store reads everything again, as a fresh open would
