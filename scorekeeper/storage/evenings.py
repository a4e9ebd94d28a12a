"""The evening files: one per evening, its matches and their round logs; the cache, recovery and listings.

Each evening is a TinyDB database (table ``matches``, one document per
match with its round log) on a ``JournalStorage``: a save is one TinyDB
update, which the Storage appends as one record with one fsync. Lookups
that do not need the validated records (is this match kept here? the
finished matches of an evening for a listing) are TinyDB ``Query``s on the
documents. Every document read is validated through the core
(``codec.match_from_doc``) before a record is built from it, and the
validated records of the last few evenings are cached. An evening still
holding a journal when it is first read (the app was killed) is compacted
then; the store compacts the evenings it wrote when it closes.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Protocol, cast

from tinydb import Query, TinyDB
from tinydb.table import Table

from scorekeeper.core.checks import is_evening
from scorekeeper.core.codec import CorruptDocument, cache_agrees, match_from_doc, match_to_doc, result_from_doc
from scorekeeper.core.errors import StorageError
from scorekeeper.core.records import EveningSummary, MatchRecord, MatchResult, result_of
from scorekeeper.storage import atomic
from scorekeeper.storage.atomic import (
    SCHEMA_VERSION,
    CorruptFile,
    NewerFile,
    decode,
    encode,
)
from scorekeeper.storage.backup import backups_of, stamp_time
from scorekeeper.storage.folder import EVENINGS_DIR
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.journal import JournalStorage
from scorekeeper.storage.meta import when
from scorekeeper.storage.recovery import keep_aside, newest_good_backup, relative, restored
from scorekeeper.storage.report import OpenReport

CACHE_EVENINGS = 16


class Slot(NamedTuple):
    doc_id: int
    record: MatchRecord


def age(slot: Slot) -> tuple[Any, int]:
    return when(slot.record.started_at), slot.doc_id


def shard_tables(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """The tables of an evening file (document ids 1..n, oldest first)."""
    return {"matches": {str(i): doc for i, doc in enumerate(docs, start=1)}}


MATCHES = "matches"


@dataclass
class Loaded:
    """An evening in memory: its validated matches by id, and its TinyDB (None when it has no file we may write)."""

    slots: dict[str, Slot]
    db: TinyDB | None

    @property
    def storage(self) -> JournalStorage | None:
        return None if self.db is None else cast(JournalStorage, self.db.storage)

    def docs(self) -> list[dict[str, Any]]:
        return [] if self.db is None else [dict(doc) for doc in self.db.table(MATCHES).all()]

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


def open_db(path: Path, folder: Path, *, read_only: bool = False) -> TinyDB:
    """An evening file as a TinyDB database on its journal."""
    return TinyDB(path, storage=JournalStorage, kind="evening", tmp_dir=folder, read_only=read_only)


class Expect(NamedTuple):
    """What the store knows an evening held when it last wrote it: finished matches, unfinished ids, their rounds."""

    finished: int
    open_ids: frozenset[str]
    rounds: dict[str, int]

    @property
    def anything(self) -> bool:
        return bool(self.finished or self.rounds)


class EveningEvents(Protocol):
    """What the evening room tells, and asks, the rest of the store (``between.Between``)."""

    def expect(self, evening: str) -> Expect:
        """What the store knows it last wrote to ``evening``: a file with less is damaged."""
        ...

    def unfinished(self, evening: str, rec: MatchRecord) -> None:
        """A recovery brought back an unfinished match (it is listed in meta.json again)."""
        ...

    def recovered(self, evening: str, recs: list[MatchRecord]) -> None:
        """What a recovery left of an evening: the new baseline for the counts and the round record."""
        ...


class EveningRoom:
    """Every evening file: read, check, recover, write. Callers hold the front's lock."""

    def __init__(self, folder: Path, report: OpenReport, gate: Gate, events: EveningEvents) -> None:
        self.folder = folder
        self.report = report
        self._gate = gate
        self._events = events
        #: Bumped whenever an evening's matches change in this process (the only writer: we hold the lock),
        #: so figures derived from an evening can be cached and trusted until its revision moves.
        self.revisions: dict[str, int] = {}
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self.reset()

    def reset(self) -> None:
        """Forget every evening read (the files were replaced, nothing is written): revisions move on."""
        self.release()
        self._refused = False
        #: Evenings whose file could not be read nor restored: shown as far as they read, never written.
        self.untrusted: set[str] = set()
        self.names: list[str] = []
        self._summaries: dict[str, EveningSummary] = {}
        self.where: dict[str, str] = {}
        for evening in list(self.revisions):
            self.changed(evening)

    @property
    def read_only(self) -> bool:
        """Read-only with the whole store, or because the evenings folder itself cannot be trusted."""
        return self._gate.read_only or self._refused

    # --- names and paths ------------------------------------------------------------

    def path(self, evening: str) -> Path:
        if not is_evening(evening):  # a name from a file is never a path
            raise StorageError("corrupt", f"{evening!r} is not an evening", file=repr(evening)[:40])
        return self.folder / EVENINGS_DIR / f"{evening}.json"

    def scan(self) -> list[str]:
        """The evenings with a file, oldest first; an ``evenings`` that is no folder is reported, never followed."""
        where = self.folder / EVENINGS_DIR
        if where.is_symlink():  # it would lead writes out of the data folder
            self._refuse(f"{EVENINGS_DIR} is a link to somewhere else; it is read, never written")
        try:
            entries = list(os.scandir(where))
        except FileNotFoundError:
            return []
        except OSError as err:
            self._refuse(f"{EVENINGS_DIR} cannot be read: {err.strerror or err}")
            return []
        found = []
        for entry in entries:
            if entry.name.endswith(".json") and is_evening(entry.name[:-5]):
                found.append(entry.name[:-5])
        return sorted(found)

    def _refuse(self, why: str) -> None:
        """The evenings folder itself cannot be trusted: every evening is read-only (the front says so)."""
        if not self.read_only:
            self.report.notes.append(StorageError("corrupt", why, file=EVENINGS_DIR))
        self._refused = True

    # --- reading ----------------------------------------------------------------------

    def peek(self, evening: str) -> list[dict[str, Any]]:
        """The raw documents of an evening, unvalidated; [] if it is damaged (found when loaded)."""
        return self._query(evening, lambda table: [dict(doc) for doc in table.all()], [])

    def holds(self, evening: str, match_id: str) -> bool:
        """Whether the evening's file holds a document for ``match_id`` (a Query; nothing validated yet)."""
        return self._query(evening, lambda table: table.contains(Query().id == match_id), False)

    def _query(self, evening: str, ask: Callable[[Table], Any], otherwise: Any) -> Any:
        loaded = self._cache.get(evening)
        if loaded is not None:
            return otherwise if loaded.db is None else ask(loaded.db.table(MATCHES))
        try:
            db = open_db(self.path(evening), self.folder, read_only=True)
        except StorageError:
            return otherwise
        try:
            return ask(db.table(MATCHES))
        except (CorruptFile, NewerFile):
            return otherwise
        finally:
            db.close()

    def records(self, evening: str) -> dict[str, Slot]:
        """An evening's validated matches by id (cached for the last few evenings)."""
        return self.loaded(evening).slots

    def loaded(self, evening: str) -> Loaded:
        loaded = self._cache.get(evening)
        if loaded is not None:
            self._cache.move_to_end(evening)
            return loaded
        loaded = self.load(evening)
        self._cache[evening] = loaded
        while len(self._cache) > CACHE_EVENINGS:
            _evening, old = self._cache.popitem(last=False)
            self._settle(old)
        return loaded

    def load(self, evening: str) -> Loaded:
        """Read and check an evening; damage of any kind is recovered (or reported, read-only)."""
        db = open_db(self.path(evening), self.folder, read_only=self.read_only or evening in self.untrusted)
        storage = cast(JournalStorage, db.storage)
        newer = False
        try:
            tables = storage.read()
        except CorruptFile as err:
            db.close()
            return self.recover(evening, err.reason, None, [])
        except NewerFile as err:
            self._gate.newer(err.version)
            tables, newer = err.data, True
        if tables is None:
            db.close()
            if self._events.expect(evening).anything:  # written, confirmed, and now gone
                return self.recover(evening, "is missing", None, [])
            return Loaded({}, None)
        if not newer and not _matches(tables):  # the store never leaves an evening file without matches
            db.close()
            return self.recover(evening, "holds no matches", None, [])
        slots: dict[str, Slot] = {}
        bad: list[tuple[Any, str]] = []
        stale = []
        for doc_id, doc in _matches(tables).items():
            try:
                rec = match_from_doc(doc)
                if rec.id in slots:
                    raise CorruptDocument(f"match {rec.id} is stored twice")
                if rec.evening != evening:
                    raise CorruptDocument(f"match {rec.id} belongs to {rec.evening}")
            except CorruptDocument as err:
                bad.append((doc.get("id") if isinstance(doc, dict) else None, str(err)))
                continue
            slots[rec.id] = Slot(int(doc_id), rec)
            if not cache_agrees(doc, rec):
                stale.append(rec.id)
        if newer:
            db.close()
            self.where.update(dict.fromkeys(slots, evening))
            return Loaded(slots, None)  # best effort: never "recover" nor write a file we do not understand
        if bad:
            db.close()
            return self.recover(evening, "; ".join(reason for _id, reason in bad), slots, [i for i, _ in bad])
        short = short_of(self.folder, self.path(evening), self._events.expect(evening), slots)
        if short:
            db.close()
            return self.recover(evening, short, slots, [])
        loaded = Loaded(slots, db)
        for mid in slots:
            self.where[mid] = evening
        if not self._refused and evening not in self.untrusted and self._gate.may_tidy():
            try:
                if stale:  # the replay is the truth
                    self.write(evening, loaded, {mid: slots[mid].record for mid in stale})
                storage.compact()  # a journal left by a kill: the file at rest is a bare snapshot again
            except StorageError as err:  # listings may show the stale result until the next save
                self.report.notes.append(err)
        return loaded

    # --- recovery --------------------------------------------------------------------

    def recover(self, evening: str, reason: str, salvaged: dict[str, Slot] | None, bad_ids: list[Any]) -> Loaded:
        """Keep a damaged evening aside; rebuild it from its newest good backup plus what still reads."""
        folder, path = self.folder, self.path(evening)
        rel = relative(folder, path) or str(path)
        if self.read_only or evening in self.untrusted:
            self.report.notes.append(StorageError("corrupt", f"{rel} is damaged: {reason}", file=rel))
            return Loaded(dict(salvaged or {}), None)

        def parse(raw: bytes, where: Path) -> dict[str, MatchRecord]:
            version, _kind, tables = decode(raw, where)
            if version > SCHEMA_VERSION:  # an older version's copy holds the same documents; a newer one may not
                raise CorruptFile(where, "a newer schema version")
            recs = [match_from_doc(doc) for doc in _matches(tables).values()]
            return {r.id: r for r in recs if r.evening == evening}

        try:
            kept = keep_aside(folder, path)
        except (OSError, StorageError) as err:
            return self._distrust(evening, rel, f"{reason}; it could not be kept aside ({err})", salvaged)
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
                if evening in self.names:
                    self.names.remove(evening)
        except (OSError, StorageError) as err:
            return self._distrust(evening, rel, f"{reason}; it could not be restored ({err})", salvaged)
        self.changed(evening)
        if ordered and evening not in self.names:
            self.names.append(evening)
            self.names.sort()
        self.report.recovered.append(restored(folder, rel, kept, found, tuple(lost), reason))
        slots = {r.id: Slot(i, r) for i, r in enumerate(ordered, start=1)}
        self._events.recovered(evening, [slot.record for slot in slots.values()])
        for mid, slot in slots.items():
            self.where[mid] = evening
            if not slot.record.finished:
                self._events.unfinished(evening, slot.record)
        return Loaded(slots, open_db(path, folder) if ordered else None)

    def _distrust(self, evening: str, rel: str, reason: str, salvaged: dict[str, Slot] | None) -> Loaded:
        """Nothing could be restored: show what reads, never write this evening again in this run."""
        self.untrusted.add(evening)
        self.report.notes.append(StorageError("corrupt", f"{rel} is damaged and read-only: {reason}", file=rel))
        return Loaded(dict(salvaged or {}), None)

    # --- writing ----------------------------------------------------------------------

    def writable(self, evening: str) -> None:
        if self.read_only or evening in self.untrusted:
            raise StorageError("read_only", f"{evening} is open read-only and cannot be changed", path=evening)

    def write(self, evening: str, loaded: Loaded, changes: dict[str, MatchRecord | None]) -> dict[str, Slot]:
        """Write ``changes`` (id -> record, None to remove) into the evening's file; memory follows only on success.

        Each change is one TinyDB operation (one journal record, one fsync);
        removing the evening's last match removes its file.
        """
        self.writable(evening)
        slots = dict(loaded.slots)
        path = self.path(evening)
        left = {mid for mid in slots if changes.get(mid, slots[mid]) is not None}
        left |= {mid for mid, rec in changes.items() if rec is not None}
        try:
            if not left:
                atomic.atomic_unlink(path)
                loaded.close()
                loaded.db = None
                slots.clear()
            else:
                if loaded.db is None:
                    if not path.parent.is_dir():
                        path.parent.mkdir(exist_ok=True)
                    loaded.db = open_db(path, self.folder)
                table = loaded.db.table(MATCHES)
                for mid, rec in changes.items():
                    old = slots.get(mid)
                    if rec is None:
                        if old is not None:
                            table.remove(doc_ids=[old.doc_id])
                            del slots[mid]
                    elif old is not None:
                        table.update(match_to_doc(rec), doc_ids=[old.doc_id])
                        slots[mid] = Slot(old.doc_id, rec)
                    else:
                        slots[mid] = Slot(table.insert(match_to_doc(rec)), rec)
        except OSError as err:
            raise atomic.write_error(err, path) from err
        finally:
            loaded.slots = slots  # what was written, and only that
            self.where.update(dict.fromkeys(slots, evening))
        for mid, rec in changes.items():
            if rec is None:
                self.where.pop(mid, None)
        if slots and evening not in self.names:
            self.names.append(evening)
            self.names.sort()
        if not slots:
            self.forget(evening)
        self.changed(evening)
        return slots

    def changed(self, evening: str) -> None:
        self._summaries.pop(evening, None)
        self.revisions[evening] = self.revisions.get(evening, 0) + 1

    def forget(self, evening: str) -> None:
        loaded = self._cache.pop(evening, None)
        if loaded is not None:
            loaded.close()
        if evening in self.names and not self.path(evening).exists():
            self.names.remove(evening)
        self.changed(evening)

    # --- at rest ----------------------------------------------------------------------

    def _settle(self, loaded: Loaded) -> None:
        """An evening leaving memory: its journal folded into a bare snapshot (a failure only leaves the journal)."""
        storage = loaded.storage
        if storage is not None and not storage.read_only and not self._refused and self._gate.may_tidy():
            try:
                storage.compact()
            except StorageError as err:
                self.report.notes.append(err)
        loaded.close()

    def settle(self) -> None:
        """Every evening in memory to rest (the store closes): journals compacted, files closed."""
        while self._cache:
            _evening, loaded = self._cache.popitem(last=False)
            self._settle(loaded)

    def release(self) -> None:
        """Let go of every file without writing (they are about to be replaced, or the lock is no longer ours)."""
        while self._cache:
            self._cache.popitem(last=False)[1].close()

    # --- listings ---------------------------------------------------------------------

    def cached(self, evening: str) -> dict[str, Slot] | None:
        loaded = self._cache.get(evening)
        return None if loaded is None else loaded.slots

    def summary(self, evening: str) -> EveningSummary:
        summary = self._summaries.get(evening)
        if summary is not None:
            return summary
        results: list[MatchResult] | None = None
        if evening not in self._cache:
            results = []
            every, finished = self._query(
                evening, lambda table: (len(table), table.search(Query().status == "finished")), (0, [])
            )
            for doc in finished if len(finished) == every else [None]:  # all finished: listed from their cache
                line = result_from_doc(doc)
                if line is None:
                    results = None
                    break
                results.append(line)
            if not results or len(results) < self._events.expect(evening).finished:
                results = None  # a file that says less than was written is read in full (and recovered)
        if results is None:
            results = [result_of(slot.record) for slot in self.records(evening).values()]
        results.sort(key=lambda r: when(r.started_at))
        summary = EveningSummary(evening, len(results), sum(r.rounds for r in results), tuple(results))
        self._summaries[evening] = summary
        return summary


def short_of(folder: Path, path: Path, expect: Expect, slots: dict[str, Slot]) -> str | None:
    """Why a file that reads says less than was written (None if it does not)."""
    finished = sum(1 for s in slots.values() if s.record.finished)
    if finished < expect.finished:
        return f"holds {finished} finished matches; {expect.finished} were written"
    for mid, written in sorted(expect.rounds.items()):
        slot = slots.get(mid)
        if slot is None:
            return f"lacks the unfinished match {mid}"
        if len(slot.record.entries) < written:
            return f"match {mid} holds {len(slot.record.entries)} rounds; {written} were written"
    missing = expect.open_ids - set(slots)
    if missing:
        backed = set()
        for backup in backups_of(folder, path)[:1]:
            try:
                backed = {d.get("id") for d in _matches(decode(backup.read_bytes(), backup)[2]).values()}
            except (OSError, CorruptFile):
                backed = set()
        if missing & backed:  # it was on disk once, and it was never deleted (that unlists it first)
            return f"lacks the unfinished match {sorted(missing & backed)[0]}"
    return None


def _matches(tables: dict[str, Any]) -> dict[str, Any]:
    table = tables.get("matches", {})
    return table if isinstance(table, dict) else {}
