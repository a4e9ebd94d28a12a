"""What the store does to many matches at once: import, delete an evening, back up everything."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.checks import is_evening, is_match_id
from scorekeeper.records import MatchRecord
from scorekeeper.storage.atomic import atomic_unlink
from scorekeeper.storage.backup import backup_file, prune_backups
from scorekeeper.storage.folder import BACKUPS_DIR
from scorekeeper.storage.meta import remember_player
from scorekeeper.storage.writes import Writer, _guarded


@dataclass(frozen=True)
class ImportReport:
    """What ``Store.import_matches`` did: the ids written, and those skipped because they were kept already."""

    added: list[str]
    skipped: list[str]


class Bulk(Writer):
    """Import, delete an evening, back up now: each backs up what it will change first."""

    @_guarded
    def delete_evening(self, evening: str) -> list[str]:
        """Delete every match of an evening, after a backup of its file and of meta.json; the ids deleted.

        An evening without matches is left alone (``[]``).
        """
        self._writable()
        if evening not in self._rooms.names:
            return []
        self._writable(evening)
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

    @_guarded
    def import_matches(self, records: Sequence[MatchRecord]) -> ImportReport:
        """Add matches read from an export (``exchange.parse_json`` has validated them); skip ids kept already.

        Backs up meta.json and every evening file it will write to first, then
        writes each match into its evening exactly as a new one is written. A
        failure part-way (disk full) raises ``StorageError``: the matches
        before it are kept, and importing the same file again skips them.
        """
        self._writable()
        for rec in records:  # refuse anything that could not be kept before a byte is written
            if not (isinstance(rec, MatchRecord) and is_match_id(rec.id) and is_evening(rec.evening)):
                raise ValueError(f"match {getattr(rec, 'id', '?')!r} has no valid id or evening")
            self._writable(rec.evening)
        known = self._known_ids()
        fresh: list[MatchRecord] = []
        skipped: list[str] = []
        for rec in records:
            if rec.id in known:
                skipped.append(rec.id)
            else:
                known.add(rec.id)
                fresh.append(rec)
        if fresh:
            backup_file(self.folder, self._meta.path, "before-import")
            for evening in sorted({rec.evening for rec in fresh} & set(self._rooms.names)):
                backup_file(self.folder, self._rooms.path(evening), "before-import")
        added: list[str] = []
        try:
            for rec in fresh:
                if rec.id in self._rooms.records(rec.evening):  # only seen now that a damaged evening was recovered
                    skipped.append(rec.id)
                    continue
                self._commit(rec.evening, None, rec)
                added.append(rec.id)
                for name in rec.match.players:
                    remember_player(self._meta.players, name, rec.started_at)
        finally:
            if added:
                for evening in {rec.evening for rec in fresh}:
                    self._meta.count(evening, self._finished_in(evening))
                self._meta.write_quietly()  # the known players, the counts
        return ImportReport(added, skipped)

    # --- backups ------------------------------------------------------------

    @_guarded
    def backup_now(self) -> Path:
        """Back up every file that changed since its last backup; the backups folder."""
        self._writable()
        backup_file(self.folder, self._meta.path, "manual")
        for evening in self._rooms.names:
            backup_file(self.folder, self._rooms.path(evening), "manual")
        prune_backups(self.folder)
        return self.folder / BACKUPS_DIR
