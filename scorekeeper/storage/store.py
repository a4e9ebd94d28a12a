"""The Store: the one object the UI talks to for everything that is kept; a front composed of parts.

Each part has one job and is handed the parts it needs when it is made:

* ``Gate`` (``gate.py``): whether writing is allowed (the folder lock, read-only mode);
* ``MetaRoom`` (``meta.py``): ``meta.json`` (settings, known players, the unfinished matches);
* ``EveningRoom`` (``evenings.py``): the evening files on TinyDB and their journals, the cache, recovery;
* ``Ledger`` (``ledger.py``): the rounds each unfinished match had when last written;
* ``Between`` (``between.py``): what the rooms and the ledger must agree on (the evening room's events);
* ``Writer`` (``writes.py``): the order of writes that makes a kill between two writes harmless;
* ``Finder`` (``finder.py``): where a match is kept;
* ``Bulk`` (``bulk.py``): import, delete an evening, back up, restore.

The front opens the folder (lock, stray temps, migrations, what the home
screen needs), holds the one ``RLock`` every public method takes (Flet calls
handlers from several threads and sessions share one Store per process),
and offers the public API.
"""

from __future__ import annotations

import functools
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from threading import RLock
from typing import Any, TypeVar, cast

from scorekeeper.core.checks import is_evening
from scorekeeper.core.errors import StorageError
from scorekeeper.core.match import Match, Round, check_new_names
from scorekeeper.core.records import EveningSummary, MatchRecord, RoundEntry, evening_of
from scorekeeper.core.rules import TEAMS
from scorekeeper.core.settings import Settings
from scorekeeper.storage.atomic import SCHEMA_VERSION, atomic_unlink, remove_stray_temps, write_error
from scorekeeper.storage.backup import backup_file
from scorekeeper.storage.between import Between, rebuild
from scorekeeper.storage.bulk import Bulk, FolderInfo, ImportReport
from scorekeeper.storage.evenings import EveningRoom, age
from scorekeeper.storage.finder import Finder
from scorekeeper.storage.folder import EVENINGS_DIR, LEGACY_NAME, META_NAME, NoLock, OwnerLock, data_folder
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.meta import MetaRoom, remember_player, when
from scorekeeper.storage.report import OpenReport
from scorekeeper.storage.schema import upgrade
from scorekeeper.storage.writes import Change, Writer

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        with self._mutex:
            if self._closed:
                raise StorageError("closed", "the store is closed")
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def _local_now() -> datetime:
    return datetime.now().astimezone()


class Store:
    """Durable, sharded match storage; open with ``Store.open()``."""

    def __init__(self, folder: Path, lock: OwnerLock | NoLock, clock: Callable[[], datetime] | None = None) -> None:
        self.folder = folder
        self._lock = lock
        self._clock = clock or _local_now
        self._mutex = RLock()
        self._closed = False
        self.report = OpenReport()
        self._gate = Gate(folder, lock, self.report)
        self._meta = MetaRoom(folder, self.report, self._gate)
        self._ledger = Ledger(folder)
        self._rooms = EveningRoom(folder, self.report, self._gate, Between(self._meta, self._ledger))
        self._writer = Writer(folder, self.report, self._gate, self._meta, self._rooms, self._ledger)
        self._finder = Finder(self._meta, self._rooms)
        self._bulk = Bulk(folder, self._meta, self._rooms, self._ledger, self._writer, self._finder)

    @property
    def read_only(self) -> bool:
        """Whether nothing may be written in this run (``report.notes`` says why)."""
        return self._gate.read_only

    # --- opening and closing ----------------------------------------------

    @classmethod
    def open(
        cls, folder: str | os.PathLike[str] | None = None, *, clock: Callable[[], datetime] | None = None
    ) -> Store:
        """Open (creating if needed) the data folder and become its only owner.

        Raises ``StorageError("locked_elsewhere")`` when another process holds
        it (nothing is written then). Removes stray temp files, recovers
        damaged files from backups, runs migrations; see ``store.report``.
        """
        path = Path(folder) if folder is not None else data_folder()
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise write_error(err, path) from err
        owner = OwnerLock(path)
        lock: OwnerLock | NoLock = owner
        try:
            owner.acquire()
        except StorageError as err:  # a folder we may only read is opened read-only (``_start`` says so)
            if err.code != "permission_denied" or os.access(path, os.W_OK):
                raise
            lock = NoLock(path)
        store = cls(path, lock, clock)
        try:
            store._start()
        except BaseException:
            lock.release()
            raise
        return store

    def _start(self) -> None:
        folder = self.folder
        self.report.removed_temps = len(remove_stray_temps(folder, folder / EVENINGS_DIR))
        self._ledger.load()
        if not os.access(folder, os.W_OK):
            self._gate.go_read_only(
                StorageError("permission_denied", f"no permission to write {folder}", path=str(folder))
            )
        version = self._read_meta()
        legacy = folder / LEGACY_NAME
        if version is None and legacy.exists():
            version = 0
        if version is not None and version > SCHEMA_VERSION:
            self._gate.newer(version)
        elif version is not None and version < SCHEMA_VERSION and not self.read_only:
            upgrade(folder, version, self.report)
            self._read_meta()
        elif version is None and any(self._rooms.scan()):
            self._meta.recover(f"{META_NAME} is missing", self._rebuild)  # evenings without meta.json: it was lost
        elif version is None and not self.read_only:
            self._meta.write()  # a new folder: the version is in the data from the start
        elif legacy.exists() and not self.read_only:
            # a v0 file left by a migration killed after it wrote meta.json: it is backed up
            backup_file(folder, legacy, "before-v1")
            atomic_unlink(legacy)
        self._rooms.names = self._rooms.scan()
        if self._rooms.read_only and not self.read_only:  # the evenings folder cannot be trusted
            self._gate.go_read_only(self.report.notes[-1])
        # what the home screen shows (tonight, the unfinished matches) is read and checked now, so
        # damage there is in the report from the start; older evenings are checked when first read
        wanted = {entry["evening"] for entry in self._meta.open.values()} | {evening_of(self._now())}
        # and every evening known to hold confirmed matches whose file is gone (restored from a backup now)
        written = set(self._meta.counts) | {evening for evening, _n in self._ledger.entries.values()}
        for evening in sorted((wanted & set(self._rooms.names)) | (written - set(self._rooms.names))):
            self._rooms.records(evening)

    def _rebuild(self, meta: MetaRoom) -> None:
        rebuild(meta, self._rooms, evening_of(self._now()))

    def _read_meta(self) -> int | None:
        try:
            return self._meta.read(self._rebuild)
        except (StorageError, OSError) as err:  # damaged and not restorable (a folder, no permission): trust nothing
            why = f"{META_NAME} is damaged and could not be restored ({err}); nothing is changed"
            self._gate.go_read_only(StorageError("corrupt", why, file=META_NAME))
            return SCHEMA_VERSION

    def close(self) -> None:
        """Release the folder (safe to call twice)."""
        with self._mutex:
            if not self._closed:
                self._closed = True
                if self._gate.may_tidy():
                    self._rooms.settle()  # the files at rest are bare snapshots: their journals folded in
                else:
                    self._rooms.release()
                self._lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _now(self) -> datetime:
        moment = self._clock()
        return moment if moment.tzinfo is not None else moment.astimezone()

    # --- settings -----------------------------------------------------------

    @_guarded
    def settings(self) -> Settings:
        """The settings as they are saved now: the one frozen value, each field already one of its choices."""
        return self._meta.settings

    @_guarded
    def save_settings(self, **changes: Any) -> Settings:
        """Save ``changes`` (``setting_invalid``, nothing written, for a value not allowed); the settings now."""
        self._writer.writable()
        try:
            settings = self._meta.settings.changed(**changes)
        except (ValueError, TypeError) as err:
            key = str(err)
            value = changes.get(key)
            why = f"{key}={value!r} is not a valid setting"
            raise StorageError("setting_invalid", why, key=key, value=value) from None
        before, self._meta.settings = self._meta.settings, settings
        try:
            self._meta.write()
        except StorageError:
            self._meta.settings = before
            raise
        return settings

    # --- players ------------------------------------------------------------

    @_guarded
    def known_players(self) -> list[str]:
        """Distinct names used before, most recently used first."""
        return [name for name, _at in sorted(self._meta.players.items(), key=lambda kv: when(kv[1]), reverse=True)]

    # --- matches ------------------------------------------------------------

    @_guarded
    def new_match(self, players: Sequence[str], target: int, team_names: tuple[str, str] = TEAMS) -> MatchRecord:
        """Start a match tonight; ``InvalidMatch`` (nothing written) if it cannot be played."""
        teams = tuple(team_names) if isinstance(team_names, tuple | list) else TEAMS
        if len(teams) != 2 or not all(isinstance(t, str) for t in teams):
            teams = TEAMS
        names = (teams[0].strip() or TEAMS[0], teams[1].strip() or TEAMS[1])
        check_new_names(players, names)
        match = Match(tuple(players), target, (), names)
        now = self._now()
        evening = evening_of(now)
        self._writer.writable(evening)
        started = now.isoformat()
        rec = MatchRecord(uuid.uuid4().hex, evening, started, None, match.players, names, target, replayed=match)
        players_before = dict(self._meta.players)
        for name in match.players:
            remember_player(self._meta.players, name, started)
        self._rooms.records(evening)  # a damaged evening is recovered before it is written to
        try:
            return self._writer.commit(evening, None, rec)
        except StorageError:
            self._meta.players = players_before
            raise

    @_guarded
    def match(self, match_id: str) -> MatchRecord:
        return self._finder.find(match_id)[1].record

    @_guarded
    def current_match(self) -> MatchRecord | None:
        """The newest unfinished match (to resume after a restart), or None."""
        dropped = False
        found = None
        for entry in sorted(self._meta.open.values(), key=lambda e: when(e["started_at"]), reverse=True):
            slot = self._rooms.records(entry["evening"]).get(entry["id"])
            if slot is not None and not slot.record.finished:
                found = slot.record
                break
            if entry["evening"] in self._rooms.untrusted:
                continue  # not readable now: keep it listed
            del self._meta.open[entry["id"]]  # finished or deleted: a write was cut short
            dropped = True
        if dropped and self._gate.may_tidy():
            self._meta.write_quietly()
        return found

    def _edit(self, match_id: str, change: Callable[[MatchRecord], Change], now: str | None = None) -> MatchRecord:
        self._writer.writable()
        evening, slot = self._finder.find(match_id)
        self._writer.writable(evening)
        match, entries = change(slot.record)  # the core refuses here, before anything is written
        old = slot.record
        finished_at = None
        if match.finished:
            finished_at = old.finished_at if old.finished and old.finished_at else now or self._now().isoformat()
        new = MatchRecord(
            old.id, old.evening, old.started_at, finished_at, old.players, old.team_names, old.target,
            entries, match.winner, replayed=match,
        )  # fmt: skip
        return self._writer.commit(evening, slot, new)

    @_guarded
    def add_round(self, match_id: str, rnd: Round, tiles: Sequence[Sequence[Any] | None] | None = None) -> MatchRecord:
        """Append a round (``tiles``, if given, are the picked tiles per seat and override ``rnd.tiles``).

        ``InvalidRound`` / ``MatchOver`` are raised before anything is written.
        """
        if tiles is not None:
            # any shape: the core's Round checks and freezes them (``tile_unknown``), never a crash
            rnd = replace(rnd, tiles=cast(Any, tiles))
        now = self._now().isoformat()

        def change(rec: MatchRecord) -> Change:
            return rec.match.add_round(rnd), (*rec.entries, RoundEntry(rnd, now))

        return self._edit(match_id, change, now)

    @_guarded
    def replace_round(self, match_id: str, index: int, rnd: Round) -> MatchRecord:
        """Re-enter round ``index`` (0-based); keeps its recorded_at."""

        def change(rec: MatchRecord) -> Change:
            match = rec.match.replace_round(index, rnd)
            entries = list(rec.entries)
            entries[index] = RoundEntry(rnd, entries[index].recorded_at, entries[index].id)  # same round, same id
            return match, tuple(entries)

        return self._edit(match_id, change)

    @_guarded
    def delete_round(self, match_id: str, index: int) -> MatchRecord:
        def change(rec: MatchRecord) -> Change:
            match = rec.match.delete_round(index)
            return match, rec.entries[:index] + rec.entries[index + 1 :]

        return self._edit(match_id, change)

    @_guarded
    def delete_match(self, match_id: str) -> None:
        """Delete a match, after a backup of its evening and of meta.json."""
        self._writer.writable()
        evening, slot = self._finder.find(match_id)
        self._writer.writable(evening)
        backup_file(self.folder, self._rooms.path(evening), "before-delete")
        backup_file(self.folder, self._meta.path, "before-delete")
        self._writer.delete(evening, slot)

    # --- listing ----------------------------------------------------------

    @_guarded
    def evenings(self, offset: int = 0, limit: int = 50) -> list[EveningSummary]:
        """Evenings with matches, newest first; reads only the page's files."""
        newest_first = self._rooms.names[::-1]
        out = []
        for evening in newest_first[max(0, offset) : max(0, offset) + max(0, limit)]:
            summary = self._rooms.summary(evening)
            if summary.matches:
                out.append(summary)
        return out

    @_guarded
    def matches_on(self, evening: str) -> list[MatchRecord]:
        """An evening's matches, oldest first."""
        if not is_evening(evening):
            return []
        slots = self._rooms.records(evening)
        return [s.record for s in sorted(slots.values(), key=age)]

    def evening_names(self) -> list[str]:
        """Every evening with matches, oldest first (cheap: no evening file is read)."""
        with self._mutex:
            return list(self._rooms.names)

    def revision(self, evening: str) -> int:
        """A number that changes whenever ``evening``'s matches change, for caches of derived figures."""
        with self._mutex:
            return self._rooms.revisions.get(evening, 0)

    def tonight(self) -> list[MatchRecord]:
        """This evening's matches, oldest first, by the store's own clock (an evening runs past midnight)."""
        return self.matches_on(evening_of(self._now()))

    def all_matches(self) -> Iterator[MatchRecord]:
        """Every match, oldest evening first, one evening in memory at a time."""
        with self._mutex:
            names = list(self._rooms.names)
        for evening in names:
            with self._mutex:
                if self._closed:
                    raise StorageError("closed", "the store is closed")
                slots = self._rooms.cached(evening) or self._rooms.load(evening).slots
                ordered = [s.record for s in sorted(slots.values(), key=age)]
            yield from ordered

    def check_all(self) -> OpenReport:
        """Read and validate every evening (recovering damaged ones); the updated report."""
        for _ in self.all_matches():
            pass
        return self.report

    # --- many matches at once (``Bulk``) ------------------------------------

    @_guarded
    def delete_evening(self, evening: str) -> list[str]:
        """Delete every match of an evening, after a backup of its file and of meta.json; the ids deleted."""
        return self._bulk.delete_evening(evening)

    @_guarded
    def import_matches(self, records: Sequence[MatchRecord]) -> ImportReport:
        """Add matches read from an export, skipping ids kept already (``Bulk.import_matches``)."""
        return self._bulk.import_matches(records)

    @_guarded
    def backup_now(self) -> Path:
        """Back up every file that changed since its last backup; the backups folder."""
        return self._bulk.backup_now()

    @_guarded
    def folder_info(self) -> FolderInfo:
        return self._bulk.folder_info()

    @_guarded
    def restore_backup(self, point: str) -> list[str]:
        """Put every data file back as it was at ``point`` (``Bulk.restore_backup``), then read it all anew."""
        restored = self._bulk.restore_backup(point)
        self._meta.reset()  # read everything again, as a fresh open would; the lock stays held
        self._rooms.reset()
        self._start()
        self._meta.counts.clear()  # the restored files are the baseline now
        self._meta.write_quietly()
        return restored
