"""Crash-safe whole-file writes, the file envelope, and parsing a file (snapshot and journal).

A write never touches the file it replaces: the new bytes go to a temp file
in the same file system, are flushed and fsynced, ``os.replace`` swaps the
name over atomically, and the folder is fsynced so the new name survives a
power cut. A kill at any instant leaves either the old file or the new one,
never a torn mix; a failed write (disk full, permission denied) leaves the
old file as it was and raises a ``StorageError`` whose code the UI translates.

Every file carries its schema version in an envelope key (``_schema``) that
is stripped on read and added on write, so TinyDB only sees tables. The
TinyDB Storage on top, with its journal, is ``journal.JournalStorage``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.core.checks import is_int
from scorekeeper.core.errors import StorageError
from scorekeeper.storage import frames

#: The schema version this app writes (see ``schema.py`` for the history).
SCHEMA_VERSION = 2
#: Envelope keys: the version, and what kind of file it is (meta, evening).
VERSION_KEY = "_schema"
KIND_KEY = "_kind"
TMP_PREFIX = ".tmp-"
TMP_SUFFIX = ".tmp"

_FULL = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


class CorruptFile(Exception):
    """A file that exists but does not parse as what it should hold."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


class NewerFile(Exception):
    """A file written by a newer app version (its schema is above ours)."""

    def __init__(self, path: Path, version: int, data: dict[str, Any]) -> None:
        super().__init__(f"{path}: schema {version} is newer than {SCHEMA_VERSION}")
        self.path = Path(path)
        self.version = version
        self.data = data


def write_error(err: OSError, path: Path) -> StorageError:
    """The translatable error for a failed write."""
    name = str(path)
    if err.errno in _FULL:
        return StorageError("disk_full", f"the disk is full: {name} could not be saved", path=name)
    if err.errno in _DENIED:
        return StorageError("permission_denied", f"no permission to write {name}", path=name)
    return StorageError("write_failed", f"{name} could not be saved ({err.strerror or err})", path=name)


def fsync_folder(folder: Path) -> None:
    """Make a rename or unlink inside ``folder`` durable."""
    if os.name == "nt":  # pragma: no cover - Windows cannot open a folder for fsync
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes, *, tmp_dir: Path | None = None) -> None:
    """Replace ``path`` with ``data`` durably: temp + fsync + rename + folder fsync.

    ``tmp_dir`` must be on the same file system (the store uses its root, so
    that stray temp files are found in one place at open).
    """
    path = Path(path)
    tmp_dir = Path(tmp_dir) if tmp_dir is not None else path.parent
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, suffix=TMP_SUFFIX, dir=tmp_dir)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        tmp = None
        fsync_folder(path.parent)
    except OSError as err:
        raise write_error(err, path) from err
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def atomic_unlink(path: Path) -> None:
    """Remove ``path`` durably (missing is fine)."""
    try:
        os.unlink(path)
        fsync_folder(Path(path).parent)
    except FileNotFoundError:
        return
    except OSError as err:
        raise write_error(err, Path(path)) from err


def remove_stray_temps(*folders: Path) -> list[Path]:
    """Delete temp files a killed writer left behind; they were never the data."""
    removed = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:  # none, or not a folder
            continue
        for entry in entries:
            if entry.name.startswith(TMP_PREFIX) and entry.name.endswith(TMP_SUFFIX) and entry.is_file():
                try:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
                except OSError:
                    pass
    return removed


def encode(tables: dict[str, Any], *, kind: str, version: int = SCHEMA_VERSION) -> bytes:
    """The bytes of a file: the envelope keys, then TinyDB's tables."""
    doc = {VERSION_KEY: version, KIND_KEY: kind, **tables}
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class Parsed(NamedTuple):
    """A file read: its schema version and kind, the tables (snapshot with the journal replayed), and its journal.

    ``end`` is where the good bytes end (a torn last record after it is
    dropped), ``journal`` how many of them are journal records, ``torn`` how
    many bytes were dropped.
    """

    version: int
    kind: str | None
    tables: dict[str, Any]
    end: int
    journal: int
    torn: int


def _json(raw: bytes, path: Path, what: str) -> Any:
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError, MemoryError) as err:  # bad bytes, bad JSON, absurd numbers or depth
        raise CorruptFile(path, f"{what} does not parse: {type(err).__name__}: {str(err)[:200]}") from None


def replay(tables: dict[str, Any], payload: Any, path: Path) -> None:
    """Apply one journal record: ``{table: {doc_id: document or null}}``, or ``{table: null}`` (the table dropped)."""
    if not isinstance(payload, dict):
        raise CorruptFile(path, "a journal record is not an object")
    for name, changes in payload.items():
        if changes is None:
            tables.pop(name, None)
            continue
        if not isinstance(changes, dict):
            raise CorruptFile(path, f"a journal record for table {name!r} is not an object")
        table = tables.setdefault(name, {})
        if not isinstance(table, dict):
            raise CorruptFile(path, f"table {name!r} is not an object")
        for doc_id, doc in changes.items():
            if doc is None:
                table.pop(doc_id, None)
            else:
                table[doc_id] = doc


def parse(raw: bytes, path: Path) -> Parsed:
    """Parse a file (snapshot, then its journal replayed); ``CorruptFile`` if it is not one.

    An empty file is corrupt, not empty: a file we wrote always holds at
    least the envelope. A torn last journal record is dropped (``frames``).
    """
    try:
        parts = frames.split(raw)
    except frames.FrameError as err:
        raise CorruptFile(path, str(err)) from None
    doc = _json(parts.snapshot, path, "it")
    if not isinstance(doc, dict):
        raise CorruptFile(path, f"holds a {type(doc).__name__}, not an object")
    version = doc.pop(VERSION_KEY, 0)
    kind = doc.pop(KIND_KEY, None)
    if not is_int(version) or not 0 <= version < 1_000_000:
        raise CorruptFile(path, f"schema version {version!r} is not a number")
    for payload in parts.payloads:
        replay(doc, _json(payload, path, "a journal record"), path)
    for name, table in doc.items():
        if not isinstance(table, dict):
            raise CorruptFile(path, f"table {name!r} is not an object")
        for doc_id, item in table.items():
            if not (isinstance(doc_id, str) and doc_id.isascii() and doc_id.isdigit() and len(doc_id) < 12):
                raise CorruptFile(path, f"table {name!r} holds a document whose id is not a number: {doc_id[:40]!r}")
            if not isinstance(item, dict):
                raise CorruptFile(path, f"table {name!r} holds a malformed document {doc_id!r}")
    journal = parts.end - len(parts.snapshot)
    return Parsed(version, kind if isinstance(kind, str) else None, doc, parts.end, journal, parts.torn)


def decode(raw: bytes, path: Path) -> tuple[int, str | None, dict[str, Any]]:
    """Parse a file into (schema version, kind, tables); ``CorruptFile`` if it is not one (see ``parse``)."""
    parsed = parse(raw, path)
    return parsed.version, parsed.kind, parsed.tables


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


#: A data file above this is not one the app wrote (an evening of a thousand matches is ~3 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024


def read_raw(path: Path) -> bytes | None:
    """A data file's bytes; None if it does not exist; ``CorruptFile`` for anything else that is wrong.

    Whatever the file system says (no permission, a folder where a file
    should be, an I/O error) is damage to handle, never a crash.
    """
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise CorruptFile(path, f"cannot be read: {err.strerror or err}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CorruptFile(path, f"is larger than {MAX_FILE_BYTES} bytes")
    return raw


def read_parsed(path: Path) -> Parsed | None:
    """Read and parse ``path`` (``parse``); None if it does not exist."""
    raw = read_raw(path)
    return None if raw is None else parse(raw, Path(path))


def read_file(path: Path) -> tuple[int, str | None, dict[str, Any]] | None:
    """Read and parse ``path`` into (version, kind, tables); None if it does not exist (see ``read_raw``)."""
    parsed = read_parsed(path)
    return None if parsed is None else (parsed.version, parsed.kind, parsed.tables)
