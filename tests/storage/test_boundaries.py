"""The store's boundaries: a lock that vanishes, rounds checked before any write, imports that
refuse with their own error, permissions as a real (non-root) user, housekeeping with limits, and a
second copy of the app that exits non-zero."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from scorekeeper.core.errors import InvalidImport, InvalidRound
from scorekeeper.core.exchange import parse_json, to_json
from scorekeeper.core.match import Round
from scorekeeper.core.tiles import Tile
from scorekeeper.storage import StorageError, Store
from scorekeeper.storage.backup import KEEP, backup_file, backups_of, prune_backups
from scorekeeper.storage.recovery import KEEP_DAMAGED, keep_aside

from .storage_helpers import A3, A7, PLAYERS, REDEAL

NOBODY = 65534

# --- the lock ----------------------------------------------------------------------


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_lost_lock_stops_writes_and_the_second_copy_keeps_every_round(tmp_path, how):
    first = Store.open(tmp_path)
    rec = first.new_match(PLAYERS, 31)
    first.add_round(rec.id, A3)
    lock = tmp_path / "scorekeeper.lock"
    lock.unlink()  # a cleanup tool or a sync client
    if how == "replaced":
        lock.write_bytes(b"")
    second = Store.open(tmp_path)  # it can: the first one's lock is on a file that is gone
    second.add_round(rec.id, REDEAL)
    with pytest.raises(StorageError) as err:
        first.add_round(rec.id, A7)
    assert err.value.code == "lock_lost"
    assert first.read_only and first.report.notes[-1].code == "lock_lost"
    assert len(first.match(rec.id).entries) == 1  # memory kept, as it was
    with pytest.raises(StorageError):
        first.save_settings(theme="dark")
    first.close()
    assert [e.round for e in second.match(rec.id).entries] == [A3, REDEAL]
    second.close()
    with Store.open(tmp_path) as third:
        assert [e.round for e in third.match(rec.id).entries] == [A3, REDEAL] and third.report.ok


def test_the_lock_check_can_fail_only_when_the_lock_is_gone(tmp_path):
    with Store.open(tmp_path) as store:
        rec = store.new_match(PLAYERS, 31)
        for _ in range(3):
            rec = store.add_round(rec.id, REDEAL)  # many writes with the lock in place: none refused
        assert len(rec.entries) == 3 and store.report.ok


# --- rounds are checked by the core before anything is written -----------------------


@pytest.mark.parametrize(
    "tiles",
    [
        [[(9, 2)], None, None, None],
        [[Tile(9, 2)], None, None, None],
        [["9-2"], None, None, None],
        [[object()], None, None, None],
        [5, None, None, None],
        [[(1, 2, 3)], None, None, None],
        "6-6",
        [None, None, None],
    ],
    ids=["pair-9-2", "Tile-9-2", "text-9-2", "an-object", "a-number-hand", "a-triple", "text", "three-seats"],
)
def test_a_malformed_tile_is_the_cores_refusal_and_nothing_is_written(store, tiles):
    rec = store.new_match(PLAYERS, 31)
    store.add_round(rec.id, Round("domino", (0, 11, None, 0), 0))  # the round itself is fine without tiles
    rec = store.new_match(PLAYERS, 31)
    path = store.folder / "evenings" / f"{rec.evening}.json"
    before = path.read_bytes()
    with pytest.raises(InvalidRound):
        store.add_round(rec.id, Round("domino", (0, 11, None, 0), 0), tiles=tiles)
    assert path.read_bytes() == before and store.match(rec.id).entries == ()


def test_picked_tiles_in_any_spelling_are_kept_as_tiles(store):
    rec = store.new_match(PLAYERS, 31)
    rec = store.add_round(rec.id, Round("domino", (0, 11, None, 0), 0), tiles=[[], [(5, 6)], None, ["0-0"]])
    assert rec.entries[0].round.tiles == ((), (Tile(6, 5),), None, (Tile(0, 0),))
    store.close()
    with Store.open(store.folder) as again:
        assert again.match(rec.id).entries[0].round.tiles == ((), (Tile(6, 5),), None, (Tile(0, 0),))
        assert again.report.ok  # what was accepted reads back: never judged damaged later


@pytest.mark.parametrize("field", ["end", "pips", "winner"])
def test_every_round_field_is_checked_before_writing(store, field):
    rec = store.new_match(PLAYERS, 31)
    bad = {"end": Round(None), "pips": Round("blocked", 7), "winner": Round("domino", (0, 1, 2, 3), True)}[field]
    with pytest.raises(InvalidRound):
        store.add_round(rec.id, bad)
    assert store.match(rec.id).entries == ()


# --- imports refuse with their own error -----------------------------------------------


def export_doc() -> dict:
    with tempfile.TemporaryDirectory() as tmp, Store.open(tmp) as store:
        rec = store.new_match(PLAYERS, 10)
        store.add_round(rec.id, A3)
        return json.loads(to_json(store.all_matches()))


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["matches"][0].update(started_at="0001-01-01T00:00:00+03:00"),
        lambda d: d["matches"][0].update(started_at="0001-01-01T05:00:00+00:00"),
        lambda d: d["matches"][0].update(id="../../etc/passwd"),
        lambda d: d["matches"][0].update(target=float("inf")),
        lambda d: d["matches"][0]["rounds"][0].update(tiles=[["9-2"], None, None, None]),
        lambda d: d["matches"][0]["rounds"][0].update(tiles=[[None], None, None, None]),
        lambda d: d["matches"][0]["rounds"][0].update(pips=[[1], 2, 3, 4]),
        lambda d: d["matches"][0].update(players=[["a"], ["b"], ["c"], ["d"]]),
    ],
    ids=["year-1", "year-1-utc", "id-a-path", "inf-target", "tile-9-2", "tile-null", "pips-nested", "players-lists"],
)
def test_an_import_refuses_every_bad_file_with_its_own_error(damage):
    doc = export_doc()
    damage(doc)
    with pytest.raises(InvalidImport):
        parse_json(json.dumps(doc).encode())


@pytest.mark.parametrize(
    "raw", [b"[" * 100_000, b'{"format": "scorekeeper-export", "version": ' + b"9" * 5000 + b"}", b"\xff\xfe"]
)
def test_an_import_of_absurd_bytes_is_refused(raw):
    with pytest.raises(InvalidImport):
        parse_json(raw)


# --- housekeeping ----------------------------------------------------------------------


def test_backups_stay_under_their_cap_and_never_lose_a_files_newest_copy(tmp_path):
    files = []
    for day in range(1, 9):
        path = tmp_path / "evenings" / f"2026-01-0{day}.json"
        path.parent.mkdir(exist_ok=True)
        for copy in range(KEEP + 2):
            path.write_bytes(b"x" * 1000 + bytes([copy]))
            backup_file(tmp_path, path, "t")
        files.append(path)
    assert all(len(backups_of(tmp_path, p)) == KEEP for p in files)  # per file: the newest KEEP
    newest = {p: backups_of(tmp_path, p)[0] for p in files}
    removed = prune_backups(tmp_path, cap=10_000)
    assert removed
    total = sum(b.stat().st_size for p in files for b in backups_of(tmp_path, p))
    assert total <= 10_000
    assert all(backups_of(tmp_path, p)[0] == newest[p] for p in files)  # never a file's only good copy
    prune_backups(tmp_path, cap=0)
    assert all(backups_of(tmp_path, p) == [newest[p]] for p in files)


def test_damaged_copies_are_pruned_to_the_newest_few(tmp_path):
    path = tmp_path / "meta.json"
    for n in range(KEEP_DAMAGED + 4):
        path.write_bytes(b"broken %d" % n)
        keep_aside(tmp_path, path)
    kept = sorted((tmp_path / "damaged").iterdir())
    assert len(kept) == KEEP_DAMAGED
    assert kept[-1].read_bytes() == b"broken %d" % (KEEP_DAMAGED + 3)


# --- a second copy of the app ------------------------------------------------------------


def test_a_refused_second_copy_exits_non_zero_with_its_message(tmp_path):
    with Store.open(tmp_path):
        out = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--web", "--port", "0", "--data", str(tmp_path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert out.returncode != 0
    assert "already open" in out.stderr and "serving at" not in out.stdout
    assert "Traceback" not in out.stderr


# --- permissions, as a user the kernel really refuses (tests run as root) -----------------

AS_NOBODY = textwrap.dedent(
    """
    import __future__, json, os, sys
    import scorekeeper.storage, scorekeeper.core.exchange  # everything loads while root can still read the venv
    from scorekeeper.storage import Store
    os.setgroups([]); os.setgid({uid}); os.setuid({uid})
    store = Store.open(sys.argv[1])
    try:
        store.check_all(); store.current_match(); store.evenings()
        rounds = {m.id: len(m.entries) for m in store.all_matches()}
        try:
            store.save_settings(theme="light"); saved = True
        except Exception as err:
            saved = err.code
        print(json.dumps({"read_only": store.read_only, "rounds": rounds, "saved": saved,
                          "notes": [n.code for n in store.report.notes],
                          "files": sorted(r.file for r in store.report.recovered)}))
    finally:
        store.close()
    """
).replace("{uid}", str(NOBODY))


@pytest.fixture
def shared(tmp_path):
    """A data folder that user ``nobody`` can reach (pytest's tmp_path is root's alone)."""
    root = Path(tempfile.mkdtemp(prefix="storage-perm-"))
    os.chmod(root, 0o755)
    data = root / "data"
    with Store.open(data) as store:
        rec = store.new_match(PLAYERS, 10)
        store.add_round(rec.id, A3)
        store.add_round(rec.id, A7)
        playing = store.new_match(PLAYERS, 31)
        store.add_round(playing.id, REDEAL)
    for path in [data, *data.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    yield data, {rec.id: 2, playing.id: 1}
    shutil.rmtree(root)


def run_as_nobody(data: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", AS_NOBODY, str(data)], capture_output=True, text=True, timeout=120, cwd="/"
    )
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_nobody_can_run_the_probe(shared):
    data, rounds = shared
    seen = run_as_nobody(data)
    assert seen == {"read_only": False, "rounds": rounds, "saved": True, "notes": [], "files": []}


def test_a_read_only_folder_opens_read_only_and_says_so(shared):
    data, rounds = shared
    for path in [data, *data.rglob("*")]:
        os.chmod(path, 0o555 if path.is_dir() else 0o444)
    seen = run_as_nobody(data)
    assert seen["read_only"] and seen["rounds"] == rounds
    assert seen["saved"] == "read_only" and "permission_denied" in seen["notes"]


def test_an_unreadable_evening_is_shown_as_damaged_and_left_alone(shared):
    data, _rounds = shared
    (evening,) = (data / "evenings").iterdir()
    before = evening.read_bytes()
    evening.chmod(0)
    seen = run_as_nobody(data)
    assert seen["rounds"] == {} and "corrupt" in seen["notes"]  # reported; its rounds are not claimed
    assert evening.read_bytes() == before  # the only copy is never replaced


def test_an_unreadable_meta_json_leaves_the_folder_read_only(shared):
    data, rounds = shared
    (data / "meta.json").chmod(0)
    seen = run_as_nobody(data)
    assert seen["read_only"] and "corrupt" in seen["notes"] and seen["rounds"] == rounds


# --- what Settings shows, and going back to a backup ----------------------------------------


def test_folder_info_and_restoring_a_backup_after_backing_up_the_present(store, clock):
    first = store.new_match(PLAYERS, 10)
    store.add_round(first.id, A3)
    store.add_round(first.id, A7)  # finished: a restore point
    info = store.folder_info()
    assert info.folder == str(store.folder) and info.size_bytes > 0
    assert info.last_backup == info.restore_points[0]
    point = info.restore_points[0]
    store.delete_round(first.id, 1)  # reopened, then changed after the point
    store.add_round(first.id, REDEAL)
    store.save_settings(theme="dark")
    restored = store.restore_backup(point)
    assert "meta.json" in restored and f"evenings/{first.evening}.json" in restored
    assert [e.round for e in store.match(first.id).entries] == [A3, A7]
    assert store.settings().theme == "system" and store.current_match() is None
    # the state before the restore was backed up first: it can be restored in turn
    before = next(p for p in store.folder_info().restore_points if p > point)
    store.restore_backup(before)
    assert [e.round for e in store.match(first.id).entries] == [A3, REDEAL]
    assert store.settings().theme == "dark"
    store.close()
    with Store.open(store.folder, clock=clock) as again:
        assert again.report.ok and [e.round for e in again.match(first.id).entries] == [A3, REDEAL]


def test_restoring_a_moment_without_a_backup_is_refused(store):
    with pytest.raises(StorageError):
        store.restore_backup("2000-01-01T00:00:00+00:00")
