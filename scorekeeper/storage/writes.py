"""The order of writes between the store's two rooms, and the checks before each write (the front's core).

``Store`` (``store.py``) is the public API; this base holds what every
write shares: the lock check, read-only mode, and ``_commit``, which writes a
match into its evening and keeps ``meta.json``'s unfinished list and counts
in the order that makes a kill between two writes harmless (see
``store.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from threading import RLock
from typing import Any, TypeVar

from scorekeeper.core.checks import is_evening, is_match_id
from scorekeeper.core.errors import StorageError
from scorekeeper.core.match import Match
from scorekeeper.core.records import MatchRecord, RoundEntry, evening_of
from scorekeeper.storage.atomic import SCHEMA_VERSION
from scorekeeper.storage.backup import backup_file, prune_backups
from scorekeeper.storage.evenings import EveningRoom, Expect, Slot
from scorekeeper.storage.folder import NoLock, OwnerLock
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.meta import MetaRoom, placeable, remember_player
from scorekeeper.storage.report import OpenReport

F = TypeVar("F", bound=Callable[..., Any])
#: What an edit gives: the core's new match and the new round log.
_Change = tuple[Match, tuple[RoundEntry, ...]]


def _guarded(method: F) -> F:
    @functools.wraps(method)
    def wrapper(self: Writer, *args: Any, **kwargs: Any) -> Any:
        with self._mutex:
            if self._closed:
                raise StorageError("closed", "the store is closed")
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def _local_now() -> datetime:
    return datetime.now().astimezone()


class Writer:
    """The rooms, the lock and the order of writes; ``Store`` adds the public API on top."""

    def __init__(self, folder: Path, lock: OwnerLock | NoLock, clock: Callable[[], datetime] | None) -> None:
        self.folder = folder
        self._lock = lock
        self._clock = clock or _local_now
        self._mutex = RLock()
        self._closed = False
        self.report = OpenReport()
        self.read_only = False
        self._ledger = Ledger(folder)
        self._pruned = False
        self._fresh_rooms()

    def _fresh_rooms(self) -> None:
        """Both rooms, empty: what is on disk is read by ``Store._start``."""
        self._meta = MetaRoom(self.folder, self.report)
        self._rooms = EveningRoom(self.folder, self.report, self._expect)
        self._rooms.on_unfinished = self._relist
        self._rooms.on_recovered = self._recovered
        self._rooms.on_newer = lambda version: self._go_read_only(self._newer(version))

    def _newer(self, version: int) -> StorageError:
        return StorageError(
            "newer_version",
            f"these scores were saved by a newer version of the app (data version {version}, this app knows "
            f"up to {SCHEMA_VERSION}); they are shown read-only and will not be changed",
            found=version,
            supported=SCHEMA_VERSION,
        )

    def _go_read_only(self, why: StorageError) -> None:
        if not self.read_only:
            self.report.notes.append(why)
        self.read_only = self.report.read_only = True
        self._meta.read_only = self._rooms.read_only = True

    # --- between the rooms ---------------------------------------------------

    def _expect(self, evening: str) -> Expect:
        opened = frozenset(mid for mid, e in self._meta.open.items() if e["evening"] == evening)
        return Expect(self._meta.counts.get(evening, 0), opened, self._ledger.rounds_on(evening))

    def _recovered(self, evening: str, recs: list[MatchRecord]) -> None:
        """A recovery's result is the new baseline: the counts and the round record follow it."""
        self._ledger.note(
            {mid: None for mid in self._ledger.rounds_on(evening)}
            | {r.id: (evening, len(r.entries)) for r in recs if not r.finished}
        )
        self._meta.count(evening, sum(1 for r in recs if r.finished))
        if not self._meta.read_only:
            self._meta.write_quietly()

    def _relist(self, evening: str, rec: MatchRecord) -> None:
        """A recovery brought back an unfinished match: list it in meta.json again."""
        if rec.id not in self._meta.open:
            self._meta.open[rec.id] = {"id": rec.id, "evening": evening, "started_at": rec.started_at}
            if not self._meta.read_only:
                self._meta.write_quietly()

    def _rebuild(self, meta: MetaRoom) -> None:
        """Players, the unfinished list and the counts from a scan of every evening (meta.json recovery only)."""
        for evening in self._rooms.scan():
            finished = 0
            for doc in self._rooms.peek(evening):
                mid, started = doc.get("id"), doc.get("started_at")
                if not (is_match_id(mid) and isinstance(started, str) and placeable(started)):
                    continue
                for name in doc.get("players") or []:
                    if isinstance(name, str):
                        remember_player(meta.players, name, started)
                if doc.get("status") == "finished":
                    finished += 1
                else:
                    meta.open[mid] = {"id": mid, "evening": evening, "started_at": started}
            meta.counts.pop(evening, None)  # what the files hold now is the new baseline
        meta.count(evening_of(self._now()), meta.counts.get(evening_of(self._now()), 0))

    def _finished_in(self, evening: str) -> int:
        return sum(1 for s in self._rooms.records(evening).values() if s.record.finished)

    # --- writing ----------------------------------------------------------

    def _writable(self, evening: str | None = None) -> None:
        if self.read_only:
            raise StorageError("read_only", "these scores are open read-only and cannot be changed")
        if not self._lock.still_ours():
            self._go_read_only(
                StorageError(
                    "lock_lost",
                    f"the lock on {self.folder} was removed or replaced while the app ran; nothing more is saved "
                    "here until the app is restarted (what is on screen is kept)",
                    folder=str(self.folder),
                )
            )
            raise self.report.notes[-1]
        if evening is not None:
            self._rooms.writable(evening)

    def _now(self) -> datetime:
        moment = self._clock()
        return moment if moment.tzinfo is not None else moment.astimezone()

    def _commit(self, evening: str, old: Slot | None, rec: MatchRecord) -> MatchRecord:
        """Write ``rec`` durably into its evening (and meta.json when its status changes)."""
        meta = self._meta
        was_open = old is not None and not old.record.finished
        now_open = not rec.finished
        if now_open and not was_open:  # new or reopened: listed as unfinished first (and uncounted, if reopened)
            before = dict(meta.counts)
            meta.open[rec.id] = {"id": rec.id, "evening": evening, "started_at": rec.started_at}
            if old is not None:
                meta.count(evening, self._finished_in(evening) - 1)
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
        meta.count(evening, self._finished_in(evening))
        try:
            meta.write()
        except StorageError as err:
            if entry is not None:  # meta.json still lists it: keep memory a superset of the disk
                meta.open[match_id] = entry
            meta.counts = before
            self.report.notes.append(err)
            return
        try:
            backup_file(self.folder, self._rooms.path(evening), "finished")
            backup_file(self.folder, meta.path, "finished")
        except StorageError as err:
            self.report.notes.append(err)
        if not self._pruned:  # once a run: the backups as a whole stay under their cap
            self._pruned = True
            prune_backups(self.folder)

    # --- finding matches ---------------------------------------------------

    def _known_ids(self) -> set[str]:
        """Every kept match id: from the evenings in memory, and a raw read of the others."""
        ids: set[str] = set()
        for evening in self._rooms.names:
            slots = self._rooms.cached(evening)
            if slots is not None:
                ids.update(slots)
            else:
                ids.update(doc["id"] for doc in self._rooms.peek(evening) if isinstance(doc.get("id"), str))
        return ids

    def _locate(self, match_id: str, hint: str | None) -> tuple[str, Slot]:
        """Where a match is: its evening and slot; ``match_not_found`` if nowhere."""
        hint = self._rooms.where.get(match_id) or hint
        if hint is not None and is_evening(hint):
            slot = self._rooms.records(hint).get(match_id)
            if slot is not None:
                return hint, slot
        for evening in reversed(self._rooms.names):  # an id from an earlier session: look it up once
            if evening == hint:
                continue
            ids = [doc.get("id") for doc in self._rooms.peek(evening)]
            for mid in ids:
                if isinstance(mid, str):
                    self._rooms.where.setdefault(mid, evening)
            if match_id in ids:
                slot = self._rooms.records(evening).get(match_id)
                if slot is not None:
                    return evening, slot
        raise StorageError("match_not_found", f"no match with id {match_id}", match_id=match_id)

    def _find(self, match_id: str) -> tuple[str, Slot]:
        if not is_match_id(match_id):
            raise StorageError("match_not_found", f"no match with id {match_id!r}", match_id=str(match_id)[:80])
        return self._locate(match_id, self._meta.open.get(match_id, {}).get("evening"))
