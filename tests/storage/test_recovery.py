"""Damaged files: never read as empty; kept aside, restored from the newest good backup, reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.storage import Store

from .storage_helpers import A3, A7, PLAYERS, REDEAL, Clock


def valid_but_wrong_types(raw: bytes) -> bytes:
    doc = json.loads(raw)
    first = doc["matches"]["1"]
    first["rounds"][0]["pips"] = ["23", None, 0, 14]
    return json.dumps(doc).encode()


def refused_by_the_rules(raw: bytes) -> bytes:
    doc = json.loads(raw)
    doc["matches"]["1"]["rounds"][0]["pips"] = [None, 70, 0, 14]
    return json.dumps(doc).encode()


WHOLE_FILE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "garbage": lambda raw: b"\x8b\x00garbage\xff" * 20,
    "empty": lambda raw: b"",
    "trailing data": lambda raw: raw + b'{"more": 1}',
    "not an object": lambda raw: b"[1, 2, 3]",
    "table of wrong type": lambda raw: b'{"_schema": 1, "matches": [1, 2]}',
}
ONE_DOCUMENT = {"wrong types": valid_but_wrong_types, "refused by the rules": refused_by_the_rules}


def evening_with_backup(folder: Path, clock: Clock) -> tuple[str, str, str]:
    """A finished match (backed up then), then a second match with rounds after the backup."""
    with Store.open(folder, clock=clock) as store:
        done = store.new_match(PLAYERS, 10)
        store.add_round(done.id, A3)
        store.add_round(done.id, A7)  # finished: rolling backup of the evening
        later = store.new_match(PLAYERS, 11)
        store.add_round(later.id, REDEAL)
        store.add_round(later.id, A3)
    return done.evening, done.id, later.id


@pytest.mark.parametrize("damage", list(WHOLE_FILE))
def test_a_damaged_evening_is_restored_from_its_backup(tmp_path, clock, damage):
    evening, done, later = evening_with_backup(tmp_path, clock)
    path = tmp_path / "evenings" / f"{evening}.json"
    broken = WHOLE_FILE[damage](path.read_bytes())
    path.write_bytes(broken)
    with Store.open(tmp_path, clock=clock) as store:  # tonight: checked at open
        (rec,) = store.report.recovered
        assert not store.report.ok
        assert rec.file == f"evenings/{evening}.json"
        assert (tmp_path / rec.kept_as).read_bytes() == broken  # the damaged file, kept as it was
        assert rec.kept_as.startswith("damaged/")
        assert rec.restored_from.startswith("backups/") and rec.restored_from.endswith("-finished.json")
        assert rec.lost_since is not None and rec.lost and rec.reason
        matches = store.matches_on(evening)
        assert [m.id for m in matches] == [done]
        assert store.match(done).totals == (10, 0)
        # the second match was created after the backup: it is what could not be recovered, and it is named
        assert rec.lost == (f"changes after {rec.lost_since}", f"{later}: 2 of 2 rounds")
    with Store.open(tmp_path, clock=clock) as again:
        assert again.report.ok  # restored for good


@pytest.mark.parametrize("damage", list(ONE_DOCUMENT))
def test_one_bad_match_is_taken_from_the_backup_and_the_rest_kept(tmp_path, clock, damage):
    evening, done, later = evening_with_backup(tmp_path, clock)
    path = tmp_path / "evenings" / f"{evening}.json"
    path.write_bytes(ONE_DOCUMENT[damage](path.read_bytes()))
    with Store.open(tmp_path, clock=clock) as store:
        (rec,) = store.report.recovered
        assert rec.lost == (f"{done}: changes after {rec.lost_since}",)
        assert store.match(done).totals == (10, 0)  # from the backup
        assert len(store.match(later).entries) == 2  # still readable in the damaged file: kept
        assert store.current_match().id == later


def test_without_a_backup_the_loss_is_reported_and_the_file_kept(tmp_path, clock):
    with Store.open(tmp_path, clock=clock) as store:
        rec = store.new_match(PLAYERS, 11)
        store.add_round(rec.id, A3)
    path = tmp_path / "evenings" / f"{rec.evening}.json"
    path.write_bytes(b"\x00" * 100)
    with Store.open(tmp_path, clock=clock) as store:
        (found,) = store.report.recovered
        assert found.restored_from is None and found.lost == ("evening",)
        assert (tmp_path / found.kept_as).read_bytes() == b"\x00" * 100
        assert store.current_match() is None
        assert store.evenings() == []


def test_an_old_evening_is_checked_when_first_read(tmp_path, clock):
    evening, done, later = evening_with_backup(tmp_path, clock)
    with Store.open(tmp_path, clock=clock) as store:
        store.delete_match(later)  # nothing unfinished there: opening has no reason to read that evening
    clock.set(2026, 6, 1, 20, 0)
    path = tmp_path / "evenings" / f"{evening}.json"
    path.write_bytes(path.read_bytes()[:-10])
    with Store.open(tmp_path, clock=clock) as store:
        assert store.report.recovered == []  # not read at open
        listed = store.evenings()  # first read: damaged, recovered now
        assert listed[0].evening == evening
        (rec,) = store.report.recovered
        assert rec.file == f"evenings/{evening}.json" and rec.restored_from.startswith("backups/")
        assert store.match(done).finished


def test_check_all_reads_every_evening(tmp_path, clock):
    evening, _done, later = evening_with_backup(tmp_path, clock)
    clock.set(2026, 6, 1, 20, 0)
    with Store.open(tmp_path, clock=clock) as store:
        store.delete_match(later)  # nothing unfinished left on that evening: not read at open
        store.new_match(PLAYERS, 11)
    (tmp_path / "evenings" / f"{evening}.json").write_bytes(b"{")
    with Store.open(tmp_path, clock=clock) as store:
        assert store.report.ok
        assert len(store.check_all().recovered) == 1


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "trailing data", "table of wrong type"])
def test_damaged_meta_is_restored_and_the_unfinished_list_rebuilt(tmp_path, clock, damage):
    evening_with_backup(tmp_path, clock)
    with Store.open(tmp_path, clock=clock) as store:
        store.save_settings(language="nl")
        current = store.current_match()
    meta = tmp_path / "meta.json"
    meta.write_bytes(WHOLE_FILE[damage](meta.read_bytes()))
    with Store.open(tmp_path, clock=clock) as store:
        (rec,) = store.report.recovered
        assert rec.file == "meta.json" and rec.restored_from and rec.lost == ()
        assert store.current_match().id == current.id  # rebuilt from the evenings
        assert set(store.known_players()) == set(PLAYERS)
        assert store.settings().language is None  # changed after the last backup: lost since then


def test_damaged_meta_without_backup_starts_from_default_settings(tmp_path, clock):
    with Store.open(tmp_path, clock=clock) as store:
        rec = store.new_match(PLAYERS, 11)
        store.save_settings(theme="dark")
    (tmp_path / "meta.json").write_bytes(b"nonsense")
    with Store.open(tmp_path, clock=clock) as store:
        (found,) = store.report.recovered
        assert found.restored_from is None and found.lost == ("settings",)
        assert store.settings().theme == "system"
        assert store.current_match().id == rec.id


def test_a_damaged_backup_is_skipped_for_an_older_good_one(tmp_path, clock):
    evening, done, _later = evening_with_backup(tmp_path, clock)
    with Store.open(tmp_path, clock=clock) as store:
        store.backup_now()
    copies = sorted((tmp_path / "backups" / f"evenings~{evening}.json").iterdir())
    assert len(copies) == 2
    copies[-1].write_bytes(b"{")
    (tmp_path / "evenings" / f"{evening}.json").write_bytes(b"")
    with Store.open(tmp_path, clock=clock) as store:
        (rec,) = store.report.recovered
        assert rec.restored_from.endswith(copies[0].name)
        assert store.match(done).finished


def test_a_stale_cached_result_is_corrected_by_the_replay(tmp_path, clock):
    with Store.open(tmp_path, clock=clock) as store:
        rec = store.new_match(PLAYERS, 10)
        store.add_round(rec.id, A3)
        store.add_round(rec.id, A7)
    path = tmp_path / "evenings" / f"{rec.evening}.json"
    doc = json.loads(path.read_bytes())
    doc["matches"]["1"]["winner"] = "B"
    doc["matches"]["1"]["totals"] = [0, 99]
    path.write_text(json.dumps(doc))
    with Store.open(tmp_path, clock=clock) as store:
        assert store.match(rec.id).winner == "A"
        assert json.loads(path.read_bytes())["matches"]["1"]["totals"] == [10, 0]


def test_stray_temp_files_are_removed_at_open(tmp_path):
    with Store.open(tmp_path):
        pass
    (tmp_path / ".tmp-x1.tmp").write_bytes(b"half a file")
    (tmp_path / "evenings").mkdir(exist_ok=True)
    (tmp_path / "evenings" / ".tmp-x2.tmp").write_bytes(b"half")
    with Store.open(tmp_path) as store:
        assert store.report.removed_temps == 2 and store.report.ok
    assert not list(tmp_path.rglob(".tmp-*"))


def test_a_missing_meta_file_is_rebuilt_not_started_over(tmp_path, clock):
    evening, _done, later = evening_with_backup(tmp_path, clock)
    with Store.open(tmp_path, clock=clock) as store:
        store.save_settings(theme="dark")
        store.backup_now()
    (tmp_path / "meta.json").unlink()
    with Store.open(tmp_path, clock=clock) as store:
        (rec,) = store.report.recovered
        assert rec.file == "meta.json" and rec.kept_as is None and rec.restored_from
        assert store.settings().theme == "dark"
        assert store.current_match().id == later
        assert store.matches_on(evening)
