"""The Store: the one object the UI talks to for everything that is kept; a front composed of parts.

Each part has one job and is handed the parts it needs when it is made:

* ``Gate`` (``gate.py``): whether writing is allowed (the folder lock, read-only mode);
* ``MetaRoom`` (``meta.py``): ``meta.json`` (settings, known players, the unfinished matches);
* ``EveningRoom`` (``evenings.py``): the evening files on TinyDB and their journals, recovery
  (a damaged file is mended by its ``Mender``, ``mending.py``), the recent evenings kept in memory
  by its ``EveningCache`` (``evening_cache.py``);
* ``Listings`` (``listings.py``): each evening's summary for the history, cached by its revision;
* ``Ledger`` (``ledger.py``): the rounds each unfinished match had when last written;
* ``Between`` (``between.py``): what the rooms and the ledger must agree on (the evening room's events);
* ``Writer`` (``writes.py``): the order of writes that makes a kill between two writes harmless;
* ``Finder`` (``finder.py``): where a match is kept;
* ``Bulk`` (``bulk.py``): import, delete an evening, back up, restore;
* ``Opening`` (``opening.py``): the folder's lock, stray temps, migrations, what the home screen needs.

The front holds the one ``RLock`` every public method takes (Flet calls
handlers from several threads and sessions share one Store per process),
and offers the public API.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from threading import RLock
from typing import Any, TypeVar

from scorekeeper.core.checks import is_evening
from scorekeeper.core.errors import StorageError
from scorekeeper.core.match import Round
from scorekeeper.core.records import EveningSummary, MatchRecord, evening_of
from scorekeeper.core.rules import TEAMS
from scorekeeper.core.settings import Settings
from scorekeeper.storage.between import Between
from scorekeeper.storage.bulk import Bulk, FolderInfo, ImportReport
from scorekeeper.storage.editing import Editor
from scorekeeper.storage.evening_file import age
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.finder import Finder
from scorekeeper.storage.folder import NoLock, OwnerLock
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.listings import Listings
from scorekeeper.storage.meta import MetaRoom, when
from scorekeeper.storage.opening import Opening, claim
from scorekeeper.storage.report import OpenReport
from scorekeeper.storage.writes import Writer

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
        between = Between(self._meta, self._ledger)
        self._rooms = EveningRoom(folder, self.report, self._gate, between)
        self._listings = Listings(self._rooms, between)
        self._writer = Writer(folder, self.report, self._gate, self._meta, self._rooms, self._ledger)
        self._finder = Finder(self._meta, self._rooms)
        self._bulk = Bulk(folder, self._meta, self._rooms, self._ledger, self._writer, self._finder)
        self._editor = Editor(folder, self._meta, self._rooms, self._writer, self._finder, self._now)
        self._opening = Opening(folder, self.report, self._gate, self._meta, self._ledger, self._rooms, self._now)

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
        path, lock = claim(folder)
        store = cls(path, lock, clock)
        try:
            store._opening.start()
        except BaseException:
            lock.release()
            raise
        return store

    def close(self) -> None:
        """Release the folder (safe to call twice)."""
        with self._mutex:
            if not self._closed:
                self._closed = True
                if self._gate.may_tidy():
                    self._rooms.cache.settle()  # the files at rest are bare snapshots: their journals folded in
                else:
                    self._rooms.cache.release()
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

    @_guarded
    def new_match(self, players: Sequence[str], target: int, team_names: tuple[str, str] = TEAMS) -> MatchRecord:
        """Start a match tonight; ``InvalidMatch`` (nothing written) if it cannot be played."""
        return self._editor.new_match(players, target, team_names)

    @_guarded
    def add_round(self, match_id: str, rnd: Round, tiles: Sequence[Sequence[Any] | None] | None = None) -> MatchRecord:
        """Append a round (``tiles``, if given, are the picked tiles per seat and override ``rnd.tiles``).

        ``InvalidRound`` / ``MatchOver`` are raised before anything is written.
        """
        return self._editor.add_round(match_id, rnd, tiles)

    @_guarded
    def replace_round(self, match_id: str, index: int, rnd: Round) -> MatchRecord:
        """Re-enter round ``index`` (0-based); keeps its recorded_at."""
        return self._editor.replace_round(match_id, index, rnd)

    @_guarded
    def delete_round(self, match_id: str, index: int) -> MatchRecord:
        return self._editor.delete_round(match_id, index)

    @_guarded
    def delete_match(self, match_id: str) -> None:
        """Delete a match, after a backup of its evening and of meta.json."""
        self._editor.delete_match(match_id)

    # --- listing ----------------------------------------------------------

    @_guarded
    def evenings(self, offset: int = 0, limit: int = 50) -> list[EveningSummary]:
        """Evenings with matches, newest first; reads only the page's files."""
        newest_first = self._rooms.names[::-1]
        out = []
        for evening in newest_first[max(0, offset) : max(0, offset) + max(0, limit)]:
            summary = self._listings.summary(evening)
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
                slots = self._rooms.cache.slots(evening) or self._rooms.load(evening).slots
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
        self._opening.start()
        self._meta.counts.clear()  # the restored files are the baseline now
        self._meta.write_quietly()
        return restored
