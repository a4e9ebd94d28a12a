"""The Store: the one object the UI talks to for everything that is kept.

Shape (see ``folder.py`` for the files): one TinyDB file per evening holds
that evening's matches with their round logs, and a small ``meta.json``
holds settings, known players and the unfinished matches. Saving a round
rewrites only its evening's file (a few kB), so it costs the same after ten
years as on the first night; ``meta.json`` is rewritten only when a match
starts, finishes, reopens or is deleted, or settings change, and it stays
small (it never lists finished matches).

Order of writes, so that a kill between two of them is harmless:

* a new or reopened match is added to ``meta.json``'s unfinished list
  *before* its evening file is written; a finished or deleted one is removed
  *after*. The unfinished list is thus a superset of the truth and is
  checked against the evening files when read (``current_match``).

Thread safety: Flet calls handlers from several threads and sessions share
one Store per process, so every public method holds one ``RLock``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from threading import RLock
from typing import Any, NamedTuple, TypeVar

from tinydb import TinyDB

from scorekeeper.errors import StorageError
from scorekeeper.match import Match, Round
from scorekeeper.storage.atomic import (
    SCHEMA_VERSION,
    AtomicStorage,
    CorruptFile,
    NewerFile,
    atomic_unlink,
    atomic_write_bytes,
    decode,
    encode,
    read_file,
    remove_stray_temps,
    write_error,
)
from scorekeeper.storage.backup import backup_file, stamp_time
from scorekeeper.storage.folder import (
    BACKUPS_DIR,
    EVENINGS_DIR,
    LEGACY_NAME,
    META_NAME,
    OwnerLock,
    data_folder,
)
from scorekeeper.storage.records import (
    CorruptDocument,
    EveningSummary,
    MatchRecord,
    MatchResult,
    RoundEntry,
    cache_agrees,
    evening_of,
    match_from_doc,
    match_to_doc,
    result_from_doc,
    result_of,
)
from scorekeeper.storage.recovery import keep_aside, newest_good_backup, relative, restored
from scorekeeper.storage.report import OpenReport
from scorekeeper.storage.schema import DEFAULT_SETTINGS, meta_tables, shard_tables, upgrade

_EVENING_FILE = re.compile(r"^\d{4}-\d{2}-\d{2}\.json$")
_CACHE_EVENINGS = 16
_SETTING_CHECKS: dict[str, Callable[[Any], bool]] = {
    "language": lambda v: v is None or (isinstance(v, str) and 0 < len(v) <= 35),
    "digits": lambda v: v in ("latin", "arabic"),
    "theme": lambda v: v in ("system", "light", "dark"),
    "default_target": lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10_000,
}

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        with self._mutex:
            if self._closed:
                raise StorageError("closed", "the store is closed")
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


_Change = tuple[Match, tuple[RoundEntry, ...]]


@dataclass(frozen=True)
class ImportReport:
    """What ``Store.import_matches`` did: the ids written, and those skipped because they were kept already."""

    added: list[str]
    skipped: list[str]


class _Slot(NamedTuple):
    doc_id: int
    record: MatchRecord


def _age(slot: _Slot) -> tuple[datetime, int]:
    return _when(slot.record.started_at), slot.doc_id


def _local_now() -> datetime:
    return datetime.now().astimezone()


def _when(iso: str) -> datetime:
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return datetime.min.replace(tzinfo=datetime.now().astimezone().tzinfo)
    return moment if moment.tzinfo else moment.astimezone()


class Store:
    """Durable, sharded match storage on TinyDB; open with ``Store.open()``."""

    def __init__(self, folder: Path, lock: OwnerLock, clock: Callable[[], datetime] | None) -> None:
        self.folder = folder
        self._lock = lock
        self._clock = clock or _local_now
        self._mutex = RLock()
        self._closed = False
        self.report = OpenReport()
        self.read_only = False
        self._meta = AtomicStorage(folder / META_NAME, kind="meta", tmp_dir=folder)
        self._settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        self._players: dict[str, str] = {}
        self._open: dict[str, dict[str, str]] = {}
        self._evenings: list[str] = []
        self._dbs: dict[str, TinyDB] = {}
        self._cache: OrderedDict[str, dict[str, _Slot]] = OrderedDict()
        self._summaries: dict[str, EveningSummary] = {}
        #: Bumped whenever an evening's matches change in this process (the only writer: we hold the lock),
        #: so figures derived from an evening can be cached and trusted until its revision moves.
        self._revisions: dict[str, int] = {}
        self._where: dict[str, str] = {}

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
        lock = OwnerLock(path)
        lock.acquire()
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
        version = self._read_meta()
        legacy = folder / LEGACY_NAME
        if version is None and legacy.exists():
            version = 0
        if version is not None and version > SCHEMA_VERSION:
            self._go_read_only(version)
        elif version is not None and version < SCHEMA_VERSION:
            upgrade(folder, version, self.report)
            self._read_meta()
        elif version is None and any(self._evening_names()):
            self._recover_meta(f"{META_NAME} is missing")  # evenings without meta.json: it was lost
        elif version is None:
            self._write_meta()  # a new folder: the version is in the data from the start
        elif legacy.exists() and not self.read_only:
            # a v0 file left by a migration killed after it wrote meta.json: it is backed up
            backup_file(folder, legacy, "before-v1")
            atomic_unlink(legacy)
        self._evenings = sorted(self._evening_names())
        # what the home screen shows (tonight, the unfinished matches) is read and checked now, so
        # damage there is in the report from the start; older evenings are checked when first read
        wanted = {entry["evening"] for entry in self._open.values()} | {evening_of(self._now())}
        for evening in sorted(wanted & set(self._evenings)):
            self._records(evening)

    def _evening_names(self) -> Iterator[str]:
        try:
            entries = list(os.scandir(self.folder / EVENINGS_DIR))
        except FileNotFoundError:
            return
        for entry in entries:
            if _EVENING_FILE.match(entry.name):
                yield entry.name[:-5]

    def _go_read_only(self, version: int) -> None:
        if self.read_only:
            return
        self.read_only = self.report.read_only = True
        self._meta.read_only = True
        for db in self._dbs.values():
            db.storage.read_only = True  # type: ignore[attr-defined]
        self.report.notes.append(
            StorageError(
                "newer_version",
                f"these scores were saved by a newer version of the app (data version {version}, this app knows "
                f"up to {SCHEMA_VERSION}); they are shown read-only and will not be changed",
                found=version,
                supported=SCHEMA_VERSION,
            )
        )

    def close(self) -> None:
        """Release the folder (safe to call twice)."""
        with self._mutex:
            if not self._closed:
                self._closed = True
                self._lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- meta.json ----------------------------------------------------------

    def _read_meta(self) -> int | None:
        """Load settings, players and the unfinished list; the file's version, None if there is none."""
        path = self.folder / META_NAME
        try:
            parsed = read_file(path)
            if parsed is None:
                return None
            version, _kind, tables = parsed
            if version > SCHEMA_VERSION:  # a newer app's layout: take what we understand, change nothing
                with contextlib.suppress(CorruptFile):
                    self._apply_meta(tables, path)
                return version
            self._apply_meta(tables, path)
            return version
        except CorruptFile as err:
            self._recover_meta(err.reason)
            return SCHEMA_VERSION

    def _apply_meta(self, tables: dict[str, Any], path: Path) -> None:
        settings = dict(DEFAULT_SETTINGS)
        stored = tables.get("settings", {}).get("1", {})
        for key, value in stored.items():
            if key in _SETTING_CHECKS and not _SETTING_CHECKS[key](value):
                raise CorruptFile(path, f"setting {key}={value!r} is not valid")
            settings[key] = value
        names = tables.get("players", {}).get("1", {}).get("names", {})
        if not isinstance(names, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
            raise CorruptFile(path, "players must map names to times")
        open_matches = {}
        for entry in tables.get("open", {}).values():
            if not all(isinstance(entry.get(k), str) for k in ("id", "evening", "started_at")):
                raise CorruptFile(path, "an unfinished match entry is malformed")
            open_matches[entry["id"]] = {k: entry[k] for k in ("id", "evening", "started_at")}
        self._settings, self._players, self._open = settings, dict(names), open_matches

    def _write_meta(self) -> None:
        tables = meta_tables(self._settings, self._players, list(self._open.values()))
        self._meta.write(tables)

    def _write_meta_quietly(self) -> None:
        """Tidy meta.json where a stale entry is harmless (it is checked when read): note a failure."""
        try:
            self._write_meta()
        except StorageError as err:
            self.report.notes.append(err)

    def _recover_meta(self, reason: str) -> None:
        folder, path = self.folder, self.folder / META_NAME
        if self.read_only:
            self.report.notes.append(StorageError("corrupt", f"{META_NAME} is damaged: {reason}", file=META_NAME))
            return

        def parse(raw: bytes, where: Path) -> dict[str, Any]:
            version, _kind, tables = decode(raw, where)
            if version > SCHEMA_VERSION:
                raise NewerFile(where, version, tables)
            self._apply_meta(tables, where)
            return tables

        kept = keep_aside(folder, path)
        found = newest_good_backup(folder, path, parse)
        lost: tuple[str, ...] = ()
        if found is None:
            self._settings, self._players, self._open = dict(DEFAULT_SETTINGS), {}, {}
            lost = ("settings",)
        self._rebuild_from_evenings()
        self._write_meta()
        self.report.recovered.append(restored(folder, META_NAME, kept, found, lost, reason))

    def _rebuild_from_evenings(self) -> None:
        """Players and the unfinished list from a scan of every evening (recovery only)."""
        shards = self.folder / EVENINGS_DIR
        if not shards.is_dir():
            return
        for entry in sorted(os.scandir(shards), key=lambda e: e.name):
            if not _EVENING_FILE.match(entry.name):
                continue
            for doc in self._peek(entry.name[:-5]):
                if not (isinstance(doc.get("id"), str) and isinstance(doc.get("started_at"), str)):
                    continue
                for name in doc.get("players") or []:
                    if isinstance(name, str):
                        self._remember_player(name, doc["started_at"])
                if doc.get("status") != "finished":
                    mid = doc["id"]
                    self._open[mid] = {"id": mid, "evening": entry.name[:-5], "started_at": doc["started_at"]}

    def _remember_player(self, name: str, when: str) -> None:
        for known in [k for k in self._players if k.casefold() == name.casefold()]:
            if _when(self._players[known]) > _when(when):
                return
            del self._players[known]
        self._players[name] = when

    # --- evening files ----------------------------------------------------

    def _shard_path(self, evening: str) -> Path:
        return self.folder / EVENINGS_DIR / f"{evening}.json"

    def _db(self, evening: str) -> TinyDB:
        db = self._dbs.get(evening)
        if db is None:
            (self.folder / EVENINGS_DIR).mkdir(exist_ok=True)
            db = TinyDB(
                self._shard_path(evening),
                storage=AtomicStorage,
                kind="evening",
                tmp_dir=self.folder,
                read_only=self.read_only,
            )
            self._dbs[evening] = db
        return db

    def _peek(self, evening: str) -> list[dict[str, Any]]:
        """The raw documents of an evening, unvalidated; [] if it is damaged (found when loaded)."""
        try:
            parsed = read_file(self._shard_path(evening))
        except CorruptFile:
            return []
        if parsed is None:
            return []
        return list(parsed[2].get("matches", {}).values())

    def _records(self, evening: str) -> dict[str, _Slot]:
        """An evening's validated matches by id (cached for the last few evenings)."""
        slots = self._cache.get(evening)
        if slots is not None:
            self._cache.move_to_end(evening)
            return slots
        slots = self._load(evening)
        self._cache[evening] = slots
        while len(self._cache) > _CACHE_EVENINGS:
            self._cache.popitem(last=False)
        return slots

    def _load(self, evening: str) -> dict[str, _Slot]:
        path = self._shard_path(evening)
        try:
            parsed = read_file(path)
        except CorruptFile as err:
            return self._recover_shard(evening, err.reason, None, [])
        if parsed is None:
            return {}
        version, _kind, tables = parsed
        if version > SCHEMA_VERSION:
            self._go_read_only(version)
        slots: dict[str, _Slot] = {}
        bad: list[tuple[Any, str]] = []
        stale = []
        for doc_id, doc in tables.get("matches", {}).items():
            try:
                rec = match_from_doc(doc)
                if rec.id in slots:
                    raise CorruptDocument(f"match {rec.id} is stored twice")
            except CorruptDocument as err:
                bad.append((doc.get("id"), str(err)))
                continue
            slots[rec.id] = _Slot(int(doc_id), rec)
            if not cache_agrees(doc, rec):
                stale.append(rec.id)
        if version > SCHEMA_VERSION:
            return slots  # best effort: never "recover" a file we do not understand
        if bad:
            return self._recover_shard(evening, "; ".join(reason for _id, reason in bad), slots, [i for i, _ in bad])
        for mid in slots:
            self._where[mid] = evening
        if stale and not self.read_only:  # the replay is the truth; fix the cached result
            table = self._db(evening).table("matches")
            try:
                for mid in stale:
                    table.update(match_to_doc(slots[mid].record), doc_ids=[slots[mid].doc_id])
            except StorageError as err:  # listings may show the stale result until the next save
                self.report.notes.append(err)
        return slots

    def _recover_shard(
        self, evening: str, reason: str, salvaged: dict[str, _Slot] | None, bad_ids: list[Any]
    ) -> dict[str, _Slot]:
        """Keep a damaged evening aside; rebuild it from its newest good backup plus what still reads."""
        folder, path = self.folder, self._shard_path(evening)
        rel = relative(folder, path) or str(path)
        if self.read_only:
            self.report.notes.append(StorageError("corrupt", f"{rel} is damaged: {reason}", file=rel))
            return dict(salvaged or {})

        def parse(raw: bytes, where: Path) -> dict[str, MatchRecord]:
            version, _kind, tables = decode(raw, where)
            if version != SCHEMA_VERSION:
                raise CorruptFile(where, "other schema version")
            recs = [match_from_doc(doc) for doc in tables.get("matches", {}).values()]
            return {r.id: r for r in recs}

        kept = keep_aside(folder, path)
        found = newest_good_backup(folder, path, parse)
        backup = found[1] if found else {}
        merged: dict[str, MatchRecord] = {mid: slot.record for mid, slot in (salvaged or {}).items()}
        lost: list[str] = []
        if salvaged is None:  # nothing of the file reads: the backup is all there is
            merged = dict(backup)
            lost.append(f"changes after {stamp_time(found[0])}" if found else "evening")
        else:
            for mid in bad_ids:
                if isinstance(mid, str) and mid in backup:
                    merged[mid] = backup[mid]
                    lost.append(f"{mid}: changes after {stamp_time(found[0]) if found else '?'}")
                else:
                    lost.append(str(mid))
        ordered = sorted(merged.values(), key=lambda r: _when(r.started_at))
        if ordered:
            tables = shard_tables([match_to_doc(r) for r in ordered])
            atomic_write_bytes(path, encode(tables, kind="evening"), tmp_dir=folder)
        else:
            atomic_unlink(path)
            if evening in self._evenings:
                self._evenings.remove(evening)
        self._dbs.pop(evening, None)
        self._changed_evening(evening)
        self.report.recovered.append(restored(folder, rel, kept, found, tuple(lost), reason))
        slots = {r.id: _Slot(i, r) for i, r in enumerate(ordered, start=1)}
        changed = False
        for mid, slot in slots.items():
            self._where[mid] = evening
            if not slot.record.finished and mid not in self._open:
                self._open[mid] = {"id": mid, "evening": evening, "started_at": slot.record.started_at}
                changed = True
        if changed:
            self._write_meta()
        return slots

    def _find(self, match_id: str) -> tuple[str, _Slot]:
        """Where a match is: its evening and slot; ``match_not_found`` if nowhere."""
        hint = self._where.get(match_id) or self._open.get(match_id, {}).get("evening")
        if hint is not None:
            slot = self._records(hint).get(match_id)
            if slot is not None:
                return hint, slot
        for evening in reversed(self._evenings):  # an id from an earlier session: look it up once
            if evening == hint:
                continue
            ids = [doc.get("id") for doc in self._peek(evening)]
            for mid in ids:
                if isinstance(mid, str):
                    self._where.setdefault(mid, evening)
            if match_id in ids:
                slot = self._records(evening).get(match_id)
                if slot is not None:
                    return evening, slot
        raise StorageError("match_not_found", f"no match with id {match_id}", match_id=match_id)

    # --- writing ----------------------------------------------------------

    def _writable(self) -> None:
        if self.read_only:
            raise StorageError("read_only", "these scores are open read-only and cannot be changed")

    def _now(self) -> datetime:
        moment = self._clock()
        return moment if moment.tzinfo is not None else moment.astimezone()

    def _commit(self, evening: str, old: _Slot | None, rec: MatchRecord) -> MatchRecord:
        """Write ``rec`` durably into its evening (and meta.json when its status changes)."""
        was_open = old is not None and not old.record.finished
        now_open = not rec.finished
        if now_open and not was_open:  # new or reopened: listed as unfinished first
            self._open[rec.id] = {"id": rec.id, "evening": evening, "started_at": rec.started_at}
            try:
                self._write_meta()
            except StorageError:
                del self._open[rec.id]
                raise
        slots = self._records(evening)
        table = self._db(evening).table("matches")
        try:
            if old is None:
                doc_id = table.insert(match_to_doc(rec))
            else:
                doc_id = old.doc_id
                if not table.update(match_to_doc(rec), doc_ids=[doc_id]):
                    raise StorageError("write_failed", f"match {rec.id} vanished from its file", match_id=rec.id)
        except (CorruptFile, NewerFile) as err:  # the file changed behind our back
            self._forget(evening)
            raise StorageError("corrupt", f"{evening}: {err}", file=f"{EVENINGS_DIR}/{evening}.json") from None
        except StorageError:
            self._forget(evening)
            raise
        slots[rec.id] = _Slot(doc_id, rec)
        self._where[rec.id] = evening
        self._changed_evening(evening)
        if evening not in self._evenings:
            self._evenings.append(evening)
            self._evenings.sort()
        if was_open and not now_open:  # finished: off the unfinished list, then a rolling backup
            self._after_finish(evening, rec.id)
        return rec

    def _after_finish(self, evening: str, match_id: str) -> None:
        """Housekeeping once the round is safe: a failure here loses nothing, so it is noted, not raised."""
        entry = self._open.pop(match_id, None)
        try:
            self._write_meta()
        except StorageError as err:
            if entry is not None:  # meta.json still lists it: keep memory a superset of the disk
                self._open[match_id] = entry
            self.report.notes.append(err)
            return
        try:
            backup_file(self.folder, self._shard_path(evening), "finished")
            backup_file(self.folder, self.folder / META_NAME, "finished")
        except StorageError as err:
            self.report.notes.append(err)

    def _changed_evening(self, evening: str) -> None:
        self._summaries.pop(evening, None)
        self._revisions[evening] = self._revisions.get(evening, 0) + 1

    def _forget(self, evening: str) -> None:
        self._cache.pop(evening, None)
        self._dbs.pop(evening, None)
        self._changed_evening(evening)

    def _changed(self, rec: MatchRecord, match: Match, entries: tuple[RoundEntry, ...], now: str) -> MatchRecord:
        finished_at = None
        if match.finished:
            finished_at = rec.finished_at if rec.finished and rec.finished_at else now
        new = replace(rec, entries=entries, finished_at=finished_at, winner=match.winner)
        new.__dict__["match"] = match
        return new

    # --- settings -----------------------------------------------------------

    @_guarded
    def settings(self) -> dict[str, Any]:
        """language (None = follow the device), digits, theme, default_target."""
        return dict(self._settings)

    @_guarded
    def save_settings(self, **changes: Any) -> dict[str, Any]:
        self._writable()
        for key, value in changes.items():
            check = _SETTING_CHECKS.get(key)
            if check is None or not check(value):
                raise StorageError("setting_invalid", f"{key}={value!r} is not a valid setting", key=key, value=value)
        before = self._settings
        self._settings = {**before, **changes}
        try:
            self._write_meta()
        except StorageError:
            self._settings = before
            raise
        return dict(self._settings)

    # --- players ------------------------------------------------------------

    @_guarded
    def known_players(self) -> list[str]:
        """Distinct names used before, most recently used first."""
        return [name for name, _when in sorted(self._players.items(), key=lambda kv: _when(kv[1]), reverse=True)]

    # --- matches ------------------------------------------------------------

    @_guarded
    def new_match(self, players: Sequence[str], target: int, team_names: tuple[str, str] = ("A", "B")) -> MatchRecord:
        """Start a match tonight; ``InvalidMatch`` (nothing written) if it cannot be played."""
        teams = tuple(team_names)
        if len(teams) != 2 or not all(isinstance(t, str) for t in teams):
            teams = ("A", "B")
        teams = tuple(t.strip() or d for t, d in zip(teams, ("A", "B"), strict=True))
        match = Match(tuple(players), target, (), (teams[0], teams[1]))
        self._writable()
        now = self._now()
        started = now.isoformat()
        evening = evening_of(now)
        rec = MatchRecord(uuid.uuid4().hex, evening, started, None, match.players, (teams[0], teams[1]), target)
        rec.__dict__["match"] = match
        players_before = dict(self._players)
        for name in match.players:
            self._remember_player(name, started)
        self._records(evening)  # a damaged evening is recovered before it is written to
        try:
            return self._commit(evening, None, rec)
        except StorageError:
            self._players = players_before
            raise

    @_guarded
    def match(self, match_id: str) -> MatchRecord:
        return self._find(match_id)[1].record

    @_guarded
    def current_match(self) -> MatchRecord | None:
        """The newest unfinished match (to resume after a restart), or None."""
        dropped = False
        found = None
        for entry in sorted(self._open.values(), key=lambda e: _when(e["started_at"]), reverse=True):
            slot = self._records(entry["evening"]).get(entry["id"])
            if slot is not None and not slot.record.finished:
                found = slot.record
                break
            del self._open[entry["id"]]  # finished or deleted: a write was cut short
            dropped = True
        if dropped and not self.read_only:
            self._write_meta_quietly()
        return found

    def _edit(self, match_id: str, change: Callable[[MatchRecord], _Change], now: str | None = None) -> MatchRecord:
        self._writable()
        evening, slot = self._find(match_id)
        match, entries = change(slot.record)  # the core refuses here, before anything is written
        new = self._changed(slot.record, match, entries, now or self._now().isoformat())
        return self._commit(evening, slot, new)

    @_guarded
    def add_round(self, match_id: str, rnd: Round, tiles: Sequence[Sequence[Any] | None] | None = None) -> MatchRecord:
        """Append a round (``tiles``, if given, are the picked tiles per seat and override ``rnd.tiles``).

        ``InvalidRound`` / ``MatchOver`` are raised before anything is written.
        """
        if tiles is not None:
            rnd = replace(rnd, tiles=tuple(None if hand is None else tuple(hand) for hand in tiles))
        now = self._now().isoformat()

        def change(rec: MatchRecord) -> _Change:
            return rec.match.add_round(rnd), (*rec.entries, RoundEntry(rnd, now))

        return self._edit(match_id, change, now)

    @_guarded
    def replace_round(self, match_id: str, index: int, rnd: Round) -> MatchRecord:
        """Re-enter round ``index`` (0-based); keeps its recorded_at."""

        def change(rec: MatchRecord) -> _Change:
            match = rec.match.replace_round(index, rnd)
            entries = list(rec.entries)
            entries[index] = RoundEntry(rnd, entries[index].recorded_at, entries[index].id)  # same round, same id
            return match, tuple(entries)

        return self._edit(match_id, change)

    @_guarded
    def delete_round(self, match_id: str, index: int) -> MatchRecord:
        def change(rec: MatchRecord) -> _Change:
            match = rec.match.delete_round(index)
            return match, rec.entries[:index] + rec.entries[index + 1 :]

        return self._edit(match_id, change)

    @_guarded
    def delete_match(self, match_id: str) -> None:
        """Delete a match, after a backup of its evening and of meta.json."""
        self._writable()
        evening, slot = self._find(match_id)
        path = self._shard_path(evening)
        backup_file(self.folder, path, "before-delete")
        backup_file(self.folder, self.folder / META_NAME, "before-delete")
        slots = self._records(evening)
        if len(slots) <= 1:
            atomic_unlink(path)
            self._forget(evening)
            if evening in self._evenings:
                self._evenings.remove(evening)
        else:
            self._db(evening).table("matches").remove(doc_ids=[slot.doc_id])
            slots.pop(match_id, None)
            self._changed_evening(evening)
        self._where.pop(match_id, None)
        if self._open.pop(match_id, None) is not None:
            self._write_meta_quietly()

    @_guarded
    def delete_evening(self, evening: str) -> list[str]:
        """Delete every match of an evening, after a backup of its file and of meta.json; the ids deleted.

        An evening without matches is left alone (``[]``).
        """
        self._writable()
        if evening not in self._evenings:
            return []
        path = self._shard_path(evening)
        ids = list(self._records(evening))  # a damaged evening is recovered first, so its backup is usable
        backup_file(self.folder, path, "before-delete")
        backup_file(self.folder, self.folder / META_NAME, "before-delete")
        atomic_unlink(path)
        self._forget(evening)
        if evening in self._evenings:
            self._evenings.remove(evening)
        for mid in ids:
            self._where.pop(mid, None)
        stale = [mid for mid, entry in self._open.items() if mid in ids or entry["evening"] == evening]
        for mid in stale:
            del self._open[mid]
        if stale:
            self._write_meta_quietly()
        return ids

    # --- import -------------------------------------------------------------

    def _known_ids(self) -> set[str]:
        """Every kept match id: from the evenings in memory, and a raw read of the others."""
        ids: set[str] = set()
        for evening in self._evenings:
            slots = self._cache.get(evening)
            if slots is not None:
                ids.update(slots)
            else:
                ids.update(doc["id"] for doc in self._peek(evening) if isinstance(doc.get("id"), str))
        return ids

    @_guarded
    def import_matches(self, records: Sequence[MatchRecord]) -> ImportReport:
        """Add matches read from an export (``exchange.parse_json`` has validated them); skip ids kept already.

        Backs up meta.json and every evening file it will write to first, then
        writes each match into its evening exactly as a new one is written. A
        failure part-way (disk full) raises ``StorageError``: the matches
        before it are kept, and importing the same file again skips them.
        """
        self._writable()
        for rec in records:  # refuse anything the core refuses before a byte is written
            _ = rec.match
            if not _EVENING_FILE.match(f"{rec.evening}.json"):
                raise ValueError(f"match {rec.id} has no valid evening ({rec.evening!r})")
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
            backup_file(self.folder, self.folder / META_NAME, "before-import")
            for evening in sorted({rec.evening for rec in fresh} & set(self._evenings)):
                backup_file(self.folder, self._shard_path(evening), "before-import")
        added: list[str] = []
        try:
            for rec in fresh:
                if rec.id in self._records(rec.evening):  # only seen now that a damaged evening was recovered
                    skipped.append(rec.id)
                    continue
                self._commit(rec.evening, None, rec)
                added.append(rec.id)
                for name in rec.match.players:
                    self._remember_player(name, rec.started_at)
        finally:
            if added:
                self._write_meta_quietly()  # the known players
        return ImportReport(added, skipped)

    # --- listing ----------------------------------------------------------

    @_guarded
    def evenings(self, offset: int = 0, limit: int = 50) -> list[EveningSummary]:
        """Evenings with matches, newest first; reads only the page's files."""
        newest_first = self._evenings[::-1]
        out = []
        for evening in newest_first[max(0, offset) : max(0, offset) + max(0, limit)]:
            summary = self._summary(evening)
            if summary.matches:
                out.append(summary)
        return out

    def _summary(self, evening: str) -> EveningSummary:
        summary = self._summaries.get(evening)
        if summary is not None:
            return summary
        results: list[MatchResult] | None = None
        if evening not in self._cache:
            results = []
            for doc in self._peek(evening):  # finished matches list from their cached result
                line = result_from_doc(doc)
                if line is None:
                    results = None
                    break
                results.append(line)
            if not results:
                results = None
        if results is None:
            results = [result_of(slot.record) for slot in self._records(evening).values()]
        results.sort(key=lambda r: _when(r.started_at))
        summary = EveningSummary(evening, len(results), sum(r.rounds for r in results), tuple(results))
        self._summaries[evening] = summary
        return summary

    @_guarded
    def matches_on(self, evening: str) -> list[MatchRecord]:
        """An evening's matches, oldest first."""
        slots = self._records(evening)
        return [s.record for s in sorted(slots.values(), key=_age)]

    def evening_names(self) -> list[str]:
        """Every evening with matches, oldest first (cheap: from meta.json, no evening file is read)."""
        with self._mutex:
            return list(self._evenings)

    def revision(self, evening: str) -> int:
        """A number that changes whenever ``evening``'s matches change, for caches of derived figures."""
        with self._mutex:
            return self._revisions.get(evening, 0)

    def tonight(self) -> list[MatchRecord]:
        """This evening's matches, oldest first, by the store's own clock (an evening runs past midnight)."""
        return self.matches_on(evening_of(self._now()))

    def all_matches(self) -> Iterator[MatchRecord]:
        """Every match, oldest evening first, one evening in memory at a time."""
        with self._mutex:
            names = list(self._evenings)
        for evening in names:
            with self._mutex:
                if self._closed:
                    raise StorageError("closed", "the store is closed")
                slots = self._cache.get(evening) or self._load(evening)
                ordered = [s.record for s in sorted(slots.values(), key=_age)]
            yield from ordered

    # --- backups ------------------------------------------------------------

    @_guarded
    def backup_now(self) -> Path:
        """Back up every file that changed since its last backup; the backups folder."""
        self._writable()
        backup_file(self.folder, self.folder / META_NAME, "manual")
        for evening in self._evenings:
            backup_file(self.folder, self._shard_path(evening), "manual")
        return self.folder / BACKUPS_DIR

    def check_all(self) -> OpenReport:
        """Read and validate every evening (recovering damaged ones); the updated report."""
        for _ in self.all_matches():
            pass
        return self.report
