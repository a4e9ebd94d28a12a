"""The crash-safe whole-file write, and the TinyDB Storage the app uses on top of it (``JournalStorage``)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest
from tinydb import TinyDB

from scorekeeper.core.errors import StorageError
from scorekeeper.storage import atomic
from scorekeeper.storage.atomic import (
    CorruptFile,
    NewerFile,
    atomic_write_bytes,
    encode,
    remove_stray_temps,
)
from scorekeeper.storage.journal import JournalStorage


def test_a_write_replaces_the_file_and_leaves_no_temp(tmp_path):
    path = tmp_path / "f.json"
    atomic_write_bytes(path, b"one")
    atomic_write_bytes(path, b"two")
    assert path.read_bytes() == b"two"
    assert os.listdir(tmp_path) == ["f.json"]


def test_fsync_of_file_and_folder_before_returning(tmp_path, monkeypatch):
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(atomic.os, "fsync", spy)
    atomic_write_bytes(tmp_path / "f.json", b"x")
    assert synced == [False, True]  # the temp file, then the folder after the rename


@pytest.mark.parametrize(
    ("number", "code"),
    [
        (errno.ENOSPC, "disk_full"),
        (errno.EFBIG, "disk_full"),
        (errno.EACCES, "permission_denied"),
        (errno.EIO, "write_failed"),
    ],
)
def test_a_failed_write_keeps_the_old_file_and_says_why(tmp_path, monkeypatch, number, code):
    path = tmp_path / "f.json"
    atomic_write_bytes(path, b"old")

    def fail(fd):
        raise OSError(number, os.strerror(number))

    monkeypatch.setattr(atomic.os, "fsync", fail)
    with pytest.raises(StorageError) as err:
        atomic_write_bytes(path, b"new")
    assert err.value.code == code and err.value.values["path"] == str(path)
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["f.json"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to drop to nobody")
def test_permission_denied_for_real(tmp_path):
    path = tmp_path / "f.json"
    atomic_write_bytes(path, b"old")
    os.chmod(tmp_path, 0o755)
    code = (
        "import os\n"
        "from pathlib import Path\n"
        "from scorekeeper.core.errors import StorageError\n"
        "from scorekeeper.storage.atomic import atomic_write_bytes\n"
        "os.setgid(65534); os.setuid(65534)  # imports first: the interpreter may not be readable by nobody\n"
        "try:\n"
        f"    atomic_write_bytes(Path({str(path)!r}), b'new')\n"
        "except StorageError as err:\n"
        "    print(err.code)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=os.getcwd())
    assert out.stdout.strip() == "permission_denied", out.stderr
    assert path.read_bytes() == b"old"


def test_tinydb_on_the_storage(tmp_path):
    path = tmp_path / "db.json"
    db = TinyDB(path, storage=JournalStorage, kind="test")
    db.table("t").insert({"a": 1})
    db.table("t").update({"a": 2}, doc_ids=[1])
    assert f'"_schema":{atomic.SCHEMA_VERSION}'.encode() in path.read_bytes() and b'"_kind":"test"' in path.read_bytes()
    again = TinyDB(path, storage=JournalStorage)
    assert again.table("t").all() == [{"a": 2}]


@pytest.mark.parametrize("raw", [b"", b"{", b"\x00\xff garbage", b'{"t": {}} trailing', b"[1, 2]", b'{"t": [1]}'])
def test_damage_is_never_read_as_empty(tmp_path, raw):
    path = tmp_path / "db.json"
    path.write_bytes(raw)
    with pytest.raises(CorruptFile):
        JournalStorage(path).read()


def test_a_missing_file_is_empty(tmp_path):
    assert JournalStorage(tmp_path / "none.json").read() is None


def test_a_newer_file_is_not_read_as_ours(tmp_path):
    path = tmp_path / "db.json"
    path.write_bytes(encode({"t": {}}, kind="x", version=99))
    with pytest.raises(NewerFile):
        JournalStorage(path).read()


def test_read_only_storage_never_writes(tmp_path):
    storage = JournalStorage(tmp_path / "db.json", read_only=True)
    with pytest.raises(StorageError) as err:
        storage.write({})
    assert err.value.code == "read_only"
    assert not (tmp_path / "db.json").exists()


def test_stray_temps_are_removed(tmp_path):
    (tmp_path / ".tmp-abc.tmp").write_bytes(b"half")
    (tmp_path / "keep.json").write_bytes(b"{}")
    assert [p.name for p in remove_stray_temps(tmp_path)] == [".tmp-abc.tmp"]
    assert os.listdir(tmp_path) == ["keep.json"]
