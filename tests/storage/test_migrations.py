"""Schema versions: every past version migrates, with a backup first; newer data is read-only."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.core.errors import StorageError
from scorekeeper.core.settings import Settings
from scorekeeper.storage import SCHEMA_VERSION, Store
from scorekeeper.storage.atomic import encode
from scorekeeper.storage.schema import MIGRATIONS

from .storage_helpers import A3, PLAYERS

FIXTURES = Path(__file__).parent / "fixtures"
PAST = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and p.name.startswith("v"))


def test_there_is_a_fixture_for_every_past_version():
    assert [f"v{n}" for n in range(SCHEMA_VERSION)] == PAST
    assert len(MIGRATIONS) == SCHEMA_VERSION


@pytest.mark.parametrize("version", PAST)
def test_every_past_version_arrives_at_the_current_one(tmp_path, version):
    shutil.copytree(FIXTURES / version, tmp_path, dirs_exist_ok=True)
    with Store.open(tmp_path) as store:
        assert store.report.migrated_from == int(version[1:])
        assert not store.report.recovered and not store.read_only
        assert json.loads((tmp_path / "meta.json").read_bytes())["_schema"] == SCHEMA_VERSION
        assert [e.evening for e in store.evenings()] == ["2025-03-20", "2025-03-14"]


def test_v0_keeps_every_match_round_and_setting(tmp_path):
    shutil.copytree(FIXTURES / "v0", tmp_path, dirs_exist_ok=True)
    original = (tmp_path / "scorekeeper.json").read_bytes()
    with Store.open(tmp_path) as store:
        kept = {"language": "ar", "digits": "latin", "theme": "dark", "default_target": 21}
        assert store.settings() == Settings(**kept, keep_awake=True, haptics=True)  # newer settings at their defaults
        first, late = store.matches_on("2025-03-14")
        assert first.team_names == ("Reds", "Blues") and first.finished and first.winner == "A"
        assert first.totals == (12, 0) and len(first.entries) == 5
        assert first.finished_at == "2025-03-14T22:19:00+03:00"
        assert first.entries[3].round.pips == (5, 0, 4, None)
        assert late.started_at == "2025-03-15T00:40:00+03:00" and late.totals == (4, 0)
        assert late.team_names == ("A", "B")
        current = store.current_match()
        assert current.players == ("Ahmed", "Omar", "Salem", "Ali") and current.totals == (0, 7)
        assert set(store.known_players()[:4]) == {"Ahmed", "Omar", "Salem", "Ali"}
        # the old file is gone from the data, and backed up byte for byte before anything ran
        assert not (tmp_path / "scorekeeper.json").exists()
        (backup,) = (tmp_path / "backups" / "scorekeeper.json").iterdir()
        assert backup.name.endswith("-before-v1.json") and backup.read_bytes() == original
        store.add_round(current.id, A3)
    with Store.open(tmp_path) as again:  # idempotent: nothing left to migrate
        assert again.report.migrated_from is None and again.report.ok
        assert again.current_match().totals == (3, 7)


def test_an_interrupted_migration_runs_again(tmp_path):
    shutil.copytree(FIXTURES / "v0", tmp_path, dirs_exist_ok=True)
    (tmp_path / "evenings").mkdir()
    (tmp_path / "evenings" / "2025-03-14.json").write_bytes(b'{"_schema":1,"_kind":"evening","matches":{}}')
    with Store.open(tmp_path) as store:  # killed after one evening file: no meta.json yet
        assert store.report.migrated_from == 0
        assert len(store.matches_on("2025-03-14")) == 2


def test_v0_matches_the_rules_refuse_are_reported_not_dropped_silently(tmp_path):
    data = json.loads((FIXTURES / "v0" / "scorekeeper.json").read_text())
    data["matches"]["2"]["rounds"][0]["hands"] = [90, 9, 20, 31]
    (tmp_path / "scorekeeper.json").write_text(json.dumps(data))
    with Store.open(tmp_path) as store:
        (lost,) = store.report.recovered
        assert lost.lost == ("v0 match 2",)
        assert len(store.matches_on("2025-03-14")) == 1


def test_a_damaged_v0_file_is_kept_aside_not_read_as_empty(tmp_path):
    (tmp_path / "scorekeeper.json").write_bytes(b'{"matches": {"1": ')
    with Store.open(tmp_path) as store:
        (rec,) = store.report.recovered
        assert rec.file == "scorekeeper.json" and rec.lost == ("all matches",)
        assert (tmp_path / rec.kept_as).read_bytes() == b'{"matches": {"1": '


def newer_folder(tmp_path: Path) -> Path:
    with Store.open(tmp_path) as store:
        rec = store.new_match(PLAYERS, 11)
        store.add_round(rec.id, A3)
    meta = json.loads((tmp_path / "meta.json").read_bytes())
    meta.pop("_schema")
    meta.pop("_kind")
    meta["future_table"] = {"1": {"x": 1}}
    (tmp_path / "meta.json").write_bytes(encode(meta, kind="meta", version=SCHEMA_VERSION + 1))
    return tmp_path


def test_data_from_a_newer_app_is_opened_read_only_and_never_rewritten(tmp_path):
    folder = newer_folder(tmp_path)
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    with Store.open(folder) as store:
        assert store.read_only and store.report.read_only and not store.report.ok
        (note,) = store.report.notes
        assert note.code == "newer_version"
        assert note.values == {"found": SCHEMA_VERSION + 1, "supported": SCHEMA_VERSION}
        current = store.current_match()
        assert current.totals == (3, 0)
        for attempt in (
            lambda: store.add_round(current.id, A3),
            lambda: store.new_match(PLAYERS, 11),
            lambda: store.save_settings(theme="dark"),
            lambda: store.delete_match(current.id),
            store.backup_now,
        ):
            with pytest.raises(StorageError) as err:
                attempt()
            assert err.value.code == "read_only"
    after = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert after == before


def test_a_newer_evening_file_also_makes_the_store_read_only(tmp_path):
    with Store.open(tmp_path) as store:
        rec = store.new_match(PLAYERS, 11)
        store.add_round(rec.id, A3)
    path = tmp_path / "evenings" / f"{rec.evening}.json"
    doc = json.loads(path.read_bytes())
    doc["_schema"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(doc))
    with Store.open(tmp_path) as store:
        store.matches_on(rec.evening)
        assert store.read_only
        assert path.read_text() == json.dumps(doc)


def test_v1_is_backed_up_byte_for_byte_then_every_file_marked_v2_and_journaled(tmp_path):
    shutil.copytree(FIXTURES / "v1", tmp_path, dirs_exist_ok=True)
    files = ["meta.json", "evenings/2025-03-14.json", "evenings/2025-03-20.json"]
    original = {name: (tmp_path / name).read_bytes() for name in files}
    with Store.open(tmp_path) as store:
        assert store.report.migrated_from == 1 and store.report.ok
        for name in files:
            (backup,) = (tmp_path / "backups" / name.replace("/", "~")).iterdir()
            assert backup.name.endswith("-before-v2.json") and backup.read_bytes() == original[name]
            assert json.loads((tmp_path / name).read_bytes())["_schema"] == SCHEMA_VERSION
        current = store.current_match()
        assert current.players == ("Ahmed", "Omar", "Salem", "Ali") and current.totals == (0, 7)
        before = (tmp_path / "evenings" / f"{current.evening}.json").stat().st_size
        store.add_round(current.id, A3)
        grown = (tmp_path / "evenings" / f"{current.evening}.json").read_bytes()[before:]
        assert grown.startswith(b"\n#")  # the save is one journal record after the migrated snapshot
    with Store.open(tmp_path) as again:
        assert again.report.migrated_from is None and again.report.ok
        assert again.current_match().totals == (3, 7)
