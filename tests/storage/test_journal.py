"""The journaled TinyDB Storage on a real file: appends, replay, torn records, damage, compaction, failed writes."""

from __future__ import annotations

import errno
import json
import os

import pytest
from tinydb import Query, TinyDB

from scorekeeper.core.errors import StorageError
from scorekeeper.storage import atomic, journal
from scorekeeper.storage.atomic import CorruptFile, NewerFile, encode
from scorekeeper.storage.frames import HEADER_BYTES, START
from scorekeeper.storage.journal import JournalStorage


def db_on(path, **options) -> TinyDB:
    return TinyDB(path, storage=JournalStorage, kind="evening", **options)


def contents(path) -> dict:
    db = db_on(path)
    try:
        return {name: {doc.doc_id: dict(doc) for doc in db.table(name).all()} for name in db.tables()}
    finally:
        db.close()


def filled(path, n: int = 30) -> TinyDB:
    db = db_on(path)
    db.table("matches").insert_multiple({"id": f"m{i}", "rounds": list(range(40))} for i in range(n))
    return db


def test_a_write_appends_only_the_document_that_changed(tmp_path):
    path = tmp_path / "e.json"
    db = filled(path)
    size = path.stat().st_size
    db.table("matches").update({"rounds": [1, 2, 3]}, Query().id == "m7")
    grown = path.read_bytes()[size:]
    assert grown.startswith(START)
    record = json.loads(grown[HEADER_BYTES:])
    assert record == {"matches": {"8": {"id": "m7", "rounds": [1, 2, 3]}}}  # one document, not thirty
    db.table("matches").remove(Query().id == "m0")
    db.close()
    again = contents(path)["matches"]
    assert len(again) == 29 and 1 not in again and again[8]["rounds"] == [1, 2, 3]


def test_a_write_is_one_record_and_one_fsync_no_rename(tmp_path, monkeypatch):
    path = tmp_path / "e.json"
    db = filled(path)
    synced, renamed = [], []
    monkeypatch.setattr(journal, "_sync", synced.append)
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: synced.append(fd))
    monkeypatch.setattr(atomic.os, "replace", lambda *a: renamed.append(a))
    for n in range(5):
        db.table("matches").update({"rounds": [n]}, doc_ids=[3])
    assert len(synced) == 5 and not renamed
    assert path.read_bytes().count(START) == 5


def test_nothing_changed_writes_nothing(tmp_path):
    path = tmp_path / "e.json"
    db = filled(path)
    before = path.read_bytes()
    db.table("matches").update({"id": "m3"}, doc_ids=[4])  # the same value again
    assert path.read_bytes() == before


def torn_cuts(path):
    """Every length the file can have while its last record is being appended."""
    db = filled(path, 3)
    db.table("matches").update({"rounds": ["before"]}, doc_ids=[1])
    good = path.read_bytes()
    db.table("matches").update({"rounds": ["after"]}, doc_ids=[1])
    full = path.read_bytes()
    db.close()
    return good, full


def test_a_torn_last_record_is_dropped_at_every_cut_and_the_next_write_follows_cleanly(tmp_path):
    path = tmp_path / "e.json"
    good, full = torn_cuts(path)
    expected = contents(tmp_path / "e.json")
    expected_before = {**expected, "matches": {**expected["matches"], 1: {"id": "m0", "rounds": ["before"]}}}
    for cut in range(len(good) + 1, len(full)):
        path.write_bytes(full[:cut])
        storage = JournalStorage(path)
        assert storage.read()["matches"]["1"]["rounds"] == ["before"], cut
        assert storage.torn_bytes == cut - len(good)
        db = db_on(path)
        assert contents(path) == expected_before
        db.table("matches").update({"rounds": ["again"]}, doc_ids=[2])  # the torn bytes go first
        db.close()
        after = JournalStorage(path)
        tables = after.read()
        assert after.torn_bytes == 0, cut
        assert tables["matches"]["1"]["rounds"] == ["before"] and tables["matches"]["2"]["rounds"] == ["again"]


def test_a_last_record_whose_data_never_reached_the_disk_is_dropped(tmp_path):
    path = tmp_path / "e.json"
    good, full = torn_cuts(path)
    body = len(good) + HEADER_BYTES
    path.write_bytes(full[:body] + b"\x00" * (len(full) - body))  # the length kept, the data lost (power cut)
    assert JournalStorage(path).read()["matches"]["1"]["rounds"] == ["before"]


@pytest.mark.parametrize(
    "damage",
    [
        lambda good, full: full[: len(good) - 3] + b"X" + full[len(good) - 2 :],  # a flipped byte, a record follows
        lambda good, full: good + b"\n#garbage",  # not a record at all
        lambda good, full: full + b"\n#0000000z",  # a header that is not hex
        lambda good, full: good.replace(START, b"\n#ffffffff", 1)[: len(good)] + full[len(good) :],
    ],
)
def test_anything_else_unreadable_in_the_journal_is_damage(tmp_path, damage):
    path = tmp_path / "e.json"
    good, full = torn_cuts(path)
    path.write_bytes(damage(good, full))
    with pytest.raises(CorruptFile):
        JournalStorage(path).read()


def test_a_record_that_is_not_a_change_is_damage(tmp_path):
    from scorekeeper.storage.frames import frame

    path = tmp_path / "e.json"
    path.write_bytes(encode({"matches": {}}, kind="evening") + frame(b"[1, 2]"))
    with pytest.raises(CorruptFile):
        JournalStorage(path).read()


def test_past_the_bound_a_write_rewrites_the_file_atomically(tmp_path, monkeypatch):
    path = tmp_path / "e.json"
    db = filled(path, 5)
    db.close()
    db = db_on(path, bound=2000)
    rewrites = []
    real = atomic.atomic_write_bytes
    monkeypatch.setattr(atomic, "atomic_write_bytes", lambda *a, **k: rewrites.append(a[0]) or real(*a, **k))
    for n in range(40):
        db.table("matches").update({"rounds": [n] * 20}, doc_ids=[1 + n % 5])
    assert rewrites and len(rewrites) < 40  # some appended, some rewrote
    storage = db.storage
    assert storage.journal_bytes <= 2000
    db.close()
    assert contents(path)["matches"][5]["rounds"] == [39] * 20
    storage = JournalStorage(path)
    had_a_journal = storage.exists and storage.journal_bytes > 0
    assert storage.compact() is had_a_journal
    assert START not in path.read_bytes()  # a bare snapshot: plain JSON in TinyDB's layout
    assert json.loads(path.read_bytes())["matches"]["5"]["rounds"] == [39] * 20


def test_a_failed_append_leaves_the_file_and_memory_as_they_were(tmp_path, monkeypatch):
    path = tmp_path / "e.json"
    db = filled(path, 3)
    before = path.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal, "_sync", full)
    with pytest.raises(StorageError) as err:
        db.table("matches").update({"rounds": []}, doc_ids=[1])
    assert err.value.code == "disk_full"
    assert path.read_bytes() == before
    assert db.table("matches").get(doc_id=1)["rounds"] == list(range(40))
    monkeypatch.setattr(journal, "_sync", os.fsync)
    db.table("matches").update({"rounds": []}, doc_ids=[1])
    db.close()
    assert contents(path)["matches"][1]["rounds"] == []


def test_damage_is_never_empty_a_missing_file_is_and_newer_is_not_ours(tmp_path):
    path = tmp_path / "e.json"
    assert JournalStorage(path).read() is None
    for raw in (b"", b"{", b"[1]", b'{"t": [1]}', b'{"t": {}} trailing'):
        path.write_bytes(raw)
        with pytest.raises(CorruptFile):
            JournalStorage(path).read()
    path.write_bytes(encode({"t": {}}, kind="x", version=99))
    with pytest.raises(NewerFile):
        JournalStorage(path).read()


def test_read_only_never_writes(tmp_path):
    path = tmp_path / "e.json"
    filled(path, 2).close()
    before = path.read_bytes()
    db = db_on(path, read_only=True)
    with pytest.raises(StorageError):
        db.table("matches").insert({"id": "x"})
    assert path.read_bytes() == before


def test_a_pretty_printed_snapshot_reads_whole(tmp_path):
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"_schema": 1, "matches": {"1": {"id": "a", "note": "#1\n#2"}}}, indent=2))
    assert JournalStorage(path).read() == {"matches": {"1": {"id": "a", "note": "#1\n#2"}}}
