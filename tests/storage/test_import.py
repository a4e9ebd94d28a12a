"""Store.import_matches and Store.delete_evening, with real files: export, import, re-import, bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core.codec import match_to_doc
from scorekeeper.core.errors import InvalidImport, StorageError
from scorekeeper.core.exchange import parse_json, to_json
from scorekeeper.core.tiles import Tile
from scorekeeper.storage import ImportReport, Store
from scorekeeper.storage.backup import backups_of

from .storage_helpers import A3, A7, PLAYERS, REDEAL, Clock, block, dom

ARABIC = ("أحمد", "سالم", "غانم", "يحيى")


def fill(store: Store, clock: Clock) -> None:
    """Three evenings: finished matches, tiles, Arabic names, and one unfinished match on the last."""
    clock.set(2026, 3, 12, 20, 0)
    rec = store.new_match(ARABIC, 11, ("الصقور", "النسور"))
    for rnd in (A3, REDEAL, block(9, 9, 20, 31), A7, A3):
        rec = store.add_round(rec.id, rnd)
    assert rec.finished
    clock.set(2026, 3, 13, 1, 30)  # after midnight: still the evening of the 12th
    rec = store.new_match(PLAYERS, 3)
    store.add_round(rec.id, dom(2, None, 17, 0, 20), tiles=(None, (Tile(6, 5), Tile(6, 0)), (), None))
    clock.set(2026, 3, 13, 21, 0)
    rec = store.new_match(PLAYERS, 7, ("Reds", "Blues"))
    store.add_round(rec.id, A7)
    clock.set(2026, 3, 14, 21, 0)
    rec = store.new_match(("Ali", "Omar", "Saleh", "Nasser"), 11)
    store.add_round(rec.id, dom(1, 5, 0, 4, None))


def docs(store: Store) -> list[dict]:
    return [match_to_doc(r) for r in store.all_matches()]


def import_file(store: Store, path: Path) -> ImportReport:
    """What the UI does: read the file, check all of it, then hand it to the store."""
    return store.import_matches(parse_json(path.read_bytes()))


@pytest.fixture
def export(store: Store, clock: Clock, tmp_path: Path) -> Path:
    fill(store, clock)
    path = tmp_path / "export.json"
    path.write_bytes(to_json(store.all_matches()))
    return path


def test_export_then_import_into_a_fresh_store_reproduces_everything(store, export, tmp_path):
    fresh = Store.open(tmp_path / "other", clock=Clock())
    report = import_file(fresh, export)
    assert report.skipped == []
    assert report.added == [r.id for r in store.all_matches()]
    assert docs(fresh) == docs(store)
    assert [e.evening for e in fresh.evenings()] == ["2026-03-14", "2026-03-13", "2026-03-12"]
    assert fresh.evenings() == store.evenings()
    assert set(fresh.known_players()) == set(store.known_players())
    assert fresh.current_match() == store.current_match()  # the unfinished match can be resumed
    fresh.close()
    again = Store.open(tmp_path / "other")  # durable: the same after a restart
    assert docs(again) == docs(store)
    assert again.report.ok
    again.close()


def test_importing_the_same_file_again_skips_every_match(store, export):
    before = docs(store)
    report = import_file(store, export)
    assert report == ImportReport(added=[], skipped=[d["id"] for d in before])
    assert docs(store) == before


def test_only_the_missing_matches_are_added_and_a_backup_is_taken_first(store, export):
    second = store.matches_on("2026-03-12")[1]
    store.delete_match(second.id)
    before = docs(store)
    shard = store.folder / "evenings" / "2026-03-12.json"
    files_before = {path: path.read_bytes() for path in (store.folder / "meta.json", shard)}
    report = import_file(store, export)
    assert report.added == [second.id]
    assert report.skipped == [d["id"] for d in before]
    assert [d["id"] for d in docs(store)] == [d["id"] for d in json.loads(export.read_bytes())["matches"]]
    # the files the import wrote to were backed up as they were before it
    for path, data in files_before.items():
        assert any(b.read_bytes() == data for b in backups_of(store.folder, path)), path
    untouched = store.folder / "evenings" / "2026-03-13.json"
    assert not any(p.name.endswith("-before-import.json") for p in backups_of(store.folder, untouched))


def test_matches_repeated_in_the_records_are_added_once(tmp_path, store, export):
    records = parse_json(export.read_bytes())
    fresh = Store.open(tmp_path / "other", clock=Clock())
    report = fresh.import_matches(records + records[:1])
    assert report.added == [r.id for r in records]
    assert report.skipped == [records[0].id]
    assert len(list(fresh.all_matches())) == len(records)
    fresh.close()


def garbage(path: Path) -> bytes:
    text = path.read_bytes()
    doc = json.loads(text)
    impossible = json.loads(text)
    impossible["matches"][1]["rounds"][0]["pips"] = [None, 70, 0, 14]
    wrong_type = json.loads(text)
    wrong_type["matches"][2]["target"] = "seven"
    return {
        "truncated": (text[: len(text) // 2], "import_not_json"),
        "garbage": (b"\x00\x01binary\xff", "import_not_json"),
        "wrong marker": (json.dumps({**doc, "format": "other-app"}).encode(), "import_wrong_format"),
        "wrong types": (json.dumps(wrong_type).encode(), "import_bad_match"),
        "impossible round": (json.dumps(impossible).encode(), "import_impossible_round"),
    }


@pytest.mark.parametrize("kind", ["truncated", "garbage", "wrong marker", "wrong types", "impossible round"])
def test_a_bad_file_imports_nothing(tmp_path, store, export, kind):
    data, code = garbage(export)[kind]
    for target in (store, Store.open(tmp_path / f"empty-{kind}", clock=Clock())):
        bad = tmp_path / "bad.json"
        bad.write_bytes(data)
        before = docs(target)
        files = sorted(p.relative_to(target.folder) for p in target.folder.rglob("*"))
        with pytest.raises(InvalidImport) as err:
            import_file(target, bad)
        assert err.value.code == code
        assert docs(target) == before
        assert sorted(p.relative_to(target.folder) for p in target.folder.rglob("*")) == files
    # a damaged file refused, the good one still imports into the empty store
    assert import_file(target, export).skipped == []
    target.close()


def test_a_read_only_store_refuses_an_import(tmp_path, export):
    """Read-only the way production gets there: the folder was last written by a newer app."""
    records = parse_json(export.read_bytes())
    folder = tmp_path / "newer"
    Store.open(folder).close()
    meta = folder / "meta.json"
    doc = json.loads(meta.read_bytes())
    doc["_schema"] += 1
    meta.write_text(json.dumps(doc))
    with Store.open(folder) as store:
        assert store.read_only
        with pytest.raises(StorageError) as err:
            store.import_matches(records)
        assert err.value.code == "read_only"
    assert json.loads(meta.read_bytes()) == doc and not (folder / "evenings").exists()


# --- delete a whole evening ------------------------------------------------------


def test_delete_evening_removes_its_matches_after_a_backup(store, clock, export):
    night = store.matches_on("2026-03-12")
    assert len(night) == 2
    shard = store.folder / "evenings" / "2026-03-12.json"
    kept = shard.read_bytes()
    deleted = store.delete_evening("2026-03-12")
    assert deleted == [r.id for r in night]
    assert [e.evening for e in store.evenings()] == ["2026-03-14", "2026-03-13"]
    assert store.matches_on("2026-03-12") == []
    assert not shard.exists()
    assert any(b.read_bytes() == kept for b in backups_of(store.folder, shard))
    with pytest.raises(StorageError):
        store.match(night[0].id)
    assert store.delete_evening("2026-03-12") == []
    assert store.delete_evening("../meta") == []
    # and the export brings it back
    assert import_file(store, export).added == [r.id for r in night]


def test_deleting_the_evening_of_the_unfinished_match_drops_it_from_resume(tmp_path, store, export):
    assert store.current_match() is not None
    store.delete_evening("2026-03-14")
    assert store.current_match() is None
    store.close()
    again = Store.open(store.folder)
    assert again.current_match() is None
    assert [e.evening for e in again.evenings()] == ["2026-03-13", "2026-03-12"]
    again.close()
