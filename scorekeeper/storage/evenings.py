"""The evening files: one per evening; reading and checking each, writing, and the books kept on them.

The file itself (TinyDB on a ``JournalStorage``) is ``evening_file.py``;
lookups that do not need the validated records (is this match kept here?)
are TinyDB ``Query``s on its documents. Every document read is validated
through the core (``codec.match_from_doc``) before a record is built from it;
the validated records of the last few evenings are kept in memory
(``evening_cache.py``, which also compacts each as it leaves). A damaged
file is mended (``mending.py``); an evening still holding a journal when it
is first read (the app was killed) is compacted then; the store compacts the
evenings it wrote when it closes. The history's listings are ``listings.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from tinydb import Query
from tinydb.table import Table

from scorekeeper.core.checks import is_evening
from scorekeeper.core.errors import StorageError
from scorekeeper.core.records import MatchRecord
from scorekeeper.storage import atomic
from scorekeeper.storage.atomic import CorruptFile, NewerFile
from scorekeeper.storage.evening_cache import EveningCache
from scorekeeper.storage.evening_file import MATCHES, Loaded, Slot, apply, evening_names, matches_of, open_db, validate
from scorekeeper.storage.expected import EveningEvents, short_of
from scorekeeper.storage.folder import EVENINGS_DIR
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.journal import JournalStorage
from scorekeeper.storage.mending import Mender, Unmendable
from scorekeeper.storage.recovery import relative
from scorekeeper.storage.report import OpenReport


class EveningRoom:
    """Every evening file: read, check, recover, write (``cache`` keeps the recent ones). Callers hold the lock."""

    def __init__(self, folder: Path, report: OpenReport, gate: Gate, events: EveningEvents) -> None:
        self.folder = folder
        self.report = report
        self._gate = gate
        self._events = events
        #: Bumped whenever an evening's matches change in this process (the only writer: we hold the lock),
        #: so figures derived from an evening can be cached and trusted until its revision moves.
        self.revisions: dict[str, int] = {}
        self.cache = EveningCache(report, lambda: not self._refused and self._gate.may_tidy())
        self._mender = Mender(folder, report, events)
        self.names: list[str] = []
        self.reset()

    def reset(self) -> None:
        """Forget every evening read (the files were replaced, nothing is written): revisions move on."""
        self.cache.release()
        known = set(self.revisions) | set(self.names)
        self._refused = False
        #: Evenings whose file could not be read nor restored: shown as far as they read, never written.
        self.untrusted: set[str] = set()
        self.names = []
        self.where: dict[str, str] = {}
        for evening in sorted(known):
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
        names, refusals = evening_names(self.folder)
        for why in refusals:
            self._refuse(why)
        return names

    def _refuse(self, why: str) -> None:
        """The evenings folder itself cannot be trusted: every evening is read-only (the front says so)."""
        if not self.read_only:
            self.report.notes.append(StorageError("corrupt", why, file=EVENINGS_DIR))
        self._refused = True

    # --- reading ----------------------------------------------------------------------

    def peek(self, evening: str) -> list[dict[str, Any]]:
        """The raw documents of an evening, unvalidated; [] if it is damaged (found when loaded)."""
        return self.query(evening, lambda table: [dict(doc) for doc in table.all()], [])

    def holds(self, evening: str, match_id: str) -> bool:
        """Whether the evening's file holds a document for ``match_id`` (a Query; nothing validated yet)."""
        return self.query(evening, lambda table: table.contains(Query().id == match_id), False)

    def query(self, evening: str, ask: Callable[[Table], Any], otherwise: Any) -> Any:
        """``ask`` the evening's ``matches`` table (its file opened read-only if not kept); ``otherwise`` if damaged."""
        loaded = self.cache.get(evening)
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
        """An evening in memory, read (and kept) if it is not already."""
        loaded = self.cache.visit(evening)
        if loaded is None:
            loaded = self.load(evening)
            self.cache.keep(evening, loaded)
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
        if not newer and not matches_of(tables):  # the store never leaves an evening file without matches
            db.close()
            return self.recover(evening, "holds no matches", None, [])
        slots, bad, stale = validate(evening, tables)
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
        path = self.path(evening)
        rel = relative(self.folder, path) or str(path)
        if self.read_only or evening in self.untrusted:
            self.report.notes.append(StorageError("corrupt", f"{rel} is damaged: {reason}", file=rel))
            return Loaded(dict(salvaged or {}), None)
        try:
            ordered = self._mender.mend(evening, path, reason, salvaged, bad_ids)
        except Unmendable as err:
            return self._distrust(evening, rel, str(err), salvaged)
        if not ordered and evening in self.names:
            self.names.remove(evening)
        self.changed(evening)
        if ordered and evening not in self.names:
            self.names.append(evening)
            self.names.sort()
        slots = {r.id: Slot(i, r) for i, r in enumerate(ordered, start=1)}
        self._events.recovered(evening, [slot.record for slot in slots.values()])
        for mid, slot in slots.items():
            self.where[mid] = evening
            if not slot.record.finished:
                self._events.unfinished(evening, slot.record)
        return Loaded(slots, open_db(path, self.folder) if ordered else None)

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
        try:
            apply(loaded, path, self.folder, slots, changes)
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
        self.revisions[evening] = self.revisions.get(evening, 0) + 1

    def forget(self, evening: str) -> None:
        self.cache.drop(evening)
        if evening in self.names and not self.path(evening).exists():
            self.names.remove(evening)
        self.changed(evening)
