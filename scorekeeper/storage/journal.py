"""A journaled TinyDB Storage: a write appends what changed (one record, one fsync); a read replays snapshot + journal.

TinyDB hands its Storage the whole database on every write
(``Table._update_table``: read, change, write). Rewriting the whole file
each time costs a temp file, two fsyncs and a rename; this Storage keeps
what it last wrote and appends only the documents that differ from it as
one framed record (``frames``), then fsyncs the file once. A save is then
as costly as a database's commit: one write, one fsync.

The journal is bounded: a write that would take it past ``bound`` bytes
rewrites the file instead (``compact``: temp file, fsync, rename, folder
fsync), as does the first write to a file that does not exist yet or was
written by an older schema. The store also compacts when it opens an
evening that still has a journal (the app was killed) and when it closes,
so files at rest are plain snapshots in TinyDB's layout.

A kill can leave only the last record incomplete; reading drops it (it was
never confirmed) and the next write first truncates it away. Every other
fault raises ``CorruptFile`` from ``read``, never "empty", and a file from a
newer schema raises ``NewerFile``.

Memory follows the disk only after the write returned: if an append fails
(disk full, I/O error) the file is cut back to its last good length and the
Storage still holds what is on disk.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorekeeper.core.errors import StorageError
from scorekeeper.storage import atomic, frames
from scorekeeper.storage.atomic import (
    SCHEMA_VERSION,
    NewerFile,
    encode,
    read_parsed,
    write_error,
)

#: Journal bytes after which a write rewrites the file instead of appending (an evening's snapshot is ~10-60 kB).
JOURNAL_BOUND = 256 * 1024

Tables = dict[str, dict[str, Any]]

_sync = getattr(os, "fdatasync", os.fsync)  # the data and the new length; what sqlite uses on Linux too


class JournalStorage(Storage):
    """A TinyDB Storage on one file: a snapshot followed by a journal of changes.

    ``kind`` goes into the envelope; ``tmp_dir`` (same file system) holds a
    compaction's temp file; with ``read_only`` every write raises
    ``StorageError("read_only")``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        kind: str = "data",
        tmp_dir: str | os.PathLike[str] | None = None,
        read_only: bool = False,
        bound: int | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.kind = kind
        self.tmp_dir = Path(tmp_dir) if tmp_dir is not None else None
        self.read_only = read_only
        self.bound = JOURNAL_BOUND if bound is None else bound
        #: What the file holds (its snapshot with the journal replayed); None until first read.
        self._tables: Tables | None = None
        self._exists = False
        self._version = SCHEMA_VERSION
        self._end = 0  # the good bytes: where the next record goes
        self._size = 0  # the bytes on disk (more than ``_end`` while a torn record is still there)
        self.journal_bytes = 0
        #: Bytes of a torn last record dropped when the file was read (0 when there was none).
        self.torn_bytes = 0
        self.compactions = 0
        self._fd: int | None = None

    # --- reading -----------------------------------------------------------------------

    def _load(self) -> Tables:
        if self._tables is None:
            parsed = read_parsed(self.path)
            if parsed is None:
                self._tables, self._exists = {}, False
                self._end = self._size = self.journal_bytes = 0
            else:
                if parsed.version > SCHEMA_VERSION:
                    raise NewerFile(self.path, parsed.version, parsed.tables)
                self._tables, self._exists, self._version = parsed.tables, True, parsed.version
                self._end, self._size = parsed.end, parsed.end + parsed.torn
                self.journal_bytes, self.torn_bytes = parsed.journal, parsed.torn
        return self._tables

    def read(self) -> Tables | None:
        # Copies down to each document: TinyDB changes what it reads in place before it writes, and what
        # this Storage holds must stay what is on disk until a write has succeeded.
        tables = self._load()
        if not self._exists:
            return None
        return {name: {doc_id: dict(doc) for doc_id, doc in table.items()} for name, table in tables.items()}

    @property
    def exists(self) -> bool:
        self._load()
        return self._exists

    # --- writing -----------------------------------------------------------------------

    def write(self, data: Tables) -> None:
        if self.read_only:
            raise StorageError("read_only", f"{self.path} is open read-only", path=str(self.path))
        old = self._load()
        changes = _changes(old, data)
        if not changes and self._exists:
            return
        new = {name: dict(table) for name, table in data.items()}
        record = frames.frame(json.dumps(changes, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        if not self._exists or self._version < SCHEMA_VERSION or self.journal_bytes + len(record) > self.bound:
            self._rewrite(new)
        else:
            self._append(record)
        self._tables = new

    def compact(self) -> bool:
        """Rewrite the file as a bare snapshot if it has a journal or a torn tail; whether it did."""
        self._load()
        if not self._exists or (not self.journal_bytes and self._size == self._end):
            return False
        if self.read_only:
            raise StorageError("read_only", f"{self.path} is open read-only", path=str(self.path))
        assert self._tables is not None
        self._rewrite(self._tables)
        return True

    def _rewrite(self, tables: Tables) -> None:
        snapshot = encode(tables, kind=self.kind)
        self._close_fd()  # the name will point at the new file: the old descriptor would append to the old one
        atomic.atomic_write_bytes(self.path, snapshot, tmp_dir=self.tmp_dir)  # the one crash-safe rewrite
        self._exists, self._version = True, SCHEMA_VERSION
        self._end = self._size = len(snapshot)
        self.journal_bytes = 0
        self.compactions += 1

    def _append(self, record: bytes) -> None:
        try:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_WRONLY)
            fd = self._fd
            if self._size != self._end:  # a torn record left by a kill: it goes before anything follows it
                os.ftruncate(fd, self._end)
                self._size = self._end
            written = 0
            while written < len(record):
                count = os.pwrite(fd, record[written:], self._end + written)
                if count <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                written += count
            self._size = self._end + written
            _sync(fd)
        except OSError as err:
            self._cut_back()
            raise write_error(err, self.path) from err
        self._end += len(record)
        self.journal_bytes += len(record)

    def _cut_back(self) -> None:
        """After a failed append: the file back to its last good length (if even that fails, the next read drops it)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, self._end)
                self._size = self._end
        self._close_fd()

    def _close_fd(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def forget(self) -> None:
        """Drop what is held (the file was replaced or removed behind this Storage): the next read reads it again."""
        self._close_fd()
        self._tables = None
        self._exists = False

    def close(self) -> None:
        self._close_fd()


def _changes(old: Tables, new: Tables) -> dict[str, Any]:
    """What differs, as a journal record: per table the documents added or changed, None for those removed."""
    changes: dict[str, Any] = {}
    for name, table in new.items():
        before = old.get(name)
        if before is None:
            changes[name] = dict(table)
            continue
        delta: dict[str, Any] = {doc_id: doc for doc_id, doc in table.items() if before.get(doc_id) != doc}
        delta.update({doc_id: None for doc_id in before if doc_id not in table})
        if delta:
            changes[name] = delta
    for name in old:
        if name not in new:
            changes[name] = None
    return changes
