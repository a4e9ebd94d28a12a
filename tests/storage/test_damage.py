"""Damaged or strange data folders: the store always opens, never loses a confirmed round silently,
and never touches a file outside its data folder.

Every scenario starts from the same real folder (two evenings, finished and
unfinished matches, backups), damages it one way, opens it, browses
everything, and then checks three things:

* the store opened and every listing read without an exception;
* every match confirmed before the damage is there with all its rounds, or
  the report names its evening's file (restored from a backup, kept aside,
  or read-only) -- a loss is never silent;
* nothing outside the data folder changed (a sentinel folder beside it,
  targeted by links and by ``../`` names in the damaged files).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.core.match import Round
from scorekeeper.storage import Store

from .storage_helpers import A3, A7, PLAYERS, REDEAL, Clock

OLD = "2026-03-10"
TONIGHT = "2026-03-14"
META = "meta.json"


def build(folder: Path) -> dict[str, tuple[str, list[str]]]:
    """The folder every scenario damages; what was confirmed: match id -> (evening, round signatures)."""
    clock = Clock()
    confirmed: dict[str, tuple[str, list[str]]] = {}
    with Store.open(folder, clock=clock) as store:
        clock.set(2026, 3, 10, 20, 0)
        for _ in range(2):
            rec = store.new_match(PLAYERS, 10)
            store.add_round(rec.id, A3)
            store.add_round(rec.id, A7)  # finished: a rolling backup of the old evening
        clock.set(2026, 3, 14, 20, 0)
        done = store.new_match(PLAYERS, 10)
        store.add_round(done.id, A3)
        store.add_round(done.id, A7)  # finished: backup of tonight
        playing = store.new_match(PLAYERS, 31)
        store.add_round(playing.id, REDEAL)
        store.add_round(playing.id, A3)
        store.save_settings(theme="dark", language="ar")
        for rec in store.all_matches():
            confirmed[rec.id] = (rec.evening, [sig(r) for r in rec.rounds])
    return confirmed


def sig(rnd: Round) -> str:
    return json.dumps([rnd.end, list(rnd.pips), rnd.winner])


# --- ways to damage one file ------------------------------------------------------


def _write(path: Path, data: bytes) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    path.write_bytes(data)


def _doc(path: Path) -> dict:
    return json.loads(path.read_bytes())


def _edit(path: Path, change: Callable[[dict], None]) -> None:
    doc = _doc(path)
    change(doc)
    _write(path, json.dumps(doc).encode())


def _first_match(doc: dict) -> dict:
    return doc["matches"][sorted(doc["matches"], key=int)[0]]


def _last_match(doc: dict) -> dict:
    return doc["matches"][sorted(doc["matches"], key=int)[-1]]


WHOLE_FILE: dict[str, Callable[[Path, Path], None]] = {
    "truncated": lambda p, out: _write(p, p.read_bytes()[: len(p.read_bytes()) // 2]),
    "zero_bytes": lambda p, out: _write(p, b""),
    "binary_garbage": lambda p, out: _write(p, bytes(range(256)) * 8),
    "utf16": lambda p, out: _write(p, p.read_text(encoding="utf-8").encode("utf-16")),
    "latin1_byte": lambda p, out: _write(p, p.read_bytes().replace(b'"', b'"\xe9', 1)),
    "a_json_list": lambda p, out: _write(p, b"[1, 2, 3]"),
    "a_json_string": lambda p, out: _write(p, b'"scores"'),
    "json_null": lambda p, out: _write(p, b"null"),
    "nested_100000_deep": lambda p, out: _write(p, b"[" * 100_000 + b"]" * 100_000),
    "int_of_5000_digits": lambda p, out: _write(p, b'{"_schema": 1, "x": ' + b"9" * 5000 + b"}"),
    "nan_constant": lambda p, out: _write(p, b'{"_schema": NaN}'),
    "a_folder": lambda p, out: (p.unlink(), p.mkdir(), (p / "x.json").write_bytes(b"{}")),
    "link_to_garbage_outside": lambda p, out: (p.unlink(), p.symlink_to(out / "garbage.bin")),
    "empty_object": lambda p, out: _write(p, b"{}"),
    "schema_as_text": lambda p, out: _edit(p, lambda d: d.update(_schema="1")),
    "schema_as_bool": lambda p, out: _edit(p, lambda d: d.update(_schema=True)),
    "schema_negative": lambda p, out: _edit(p, lambda d: d.update(_schema=-4)),
    "a_table_as_list": lambda p, out: _edit(p, lambda d: d.update({k: [] for k in d if not k.startswith("_")})),
}

ONE_DOCUMENT: dict[str, Callable[[dict], None]] = {
    "id_a_number": lambda d: _first_match(d).update(id=7),
    "id_a_path": lambda d: _first_match(d).update(id="../../outside/victim"),
    "id_empty": lambda d: _first_match(d).update(id=""),
    "doc_key_not_a_number": lambda d: d["matches"].update(abc=d["matches"].pop(sorted(d["matches"])[0])),
    "doc_key_superscript": lambda d: d["matches"].update({"\u00b2": d["matches"].pop(sorted(d["matches"])[0])}),
    "started_in_year_1": lambda d: _first_match(d).update(started_at="0001-01-01T00:00:00+03:00"),
    "started_at_garbage": lambda d: _first_match(d).update(started_at="yesterday"),
    "players_not_a_list": lambda d: _first_match(d).update(players="Ahmed"),
    "players_numbers": lambda d: _first_match(d).update(players=[1, 2, 3, 4]),
    "players_nested_deep": lambda d: _first_match(d).update(players=json.loads("[" * 500 + "]" * 500)),
    "three_team_names": lambda d: _first_match(d).update(team_names=["A", "B", "C"]),
    "target_a_bool": lambda d: _first_match(d).update(target=True),
    "target_a_float": lambda d: _first_match(d).update(target=10.5),
    "rounds_not_a_list": lambda d: _first_match(d).update(rounds={"1": {}}),
    "round_not_an_object": lambda d: _first_match(d)["rounds"].__setitem__(0, "domino"),
    "pips_as_text": lambda d: _first_match(d)["rounds"][0].update(pips=["1", "2", "3", "4"]),
    "tile_9_2": lambda d: _first_match(d)["rounds"][0].update(tiles=[["9-2"], None, None, None]),
    "tile_a_number": lambda d: _first_match(d)["rounds"][0].update(tiles=[[62], None, None, None]),
    "end_unknown": lambda d: _first_match(d)["rounds"][0].update(end="checkmate"),
    "winner_a_bool": lambda d: _first_match(d)["rounds"][0].update(winner=True),
    "recorded_at_a_number": lambda d: _first_match(d)["rounds"][0].update(recorded_at=5),
    "a_match_that_is_a_list": lambda d: d["matches"].update({"1": [1, 2]}),
    "the_same_id_twice": lambda d: d["matches"].update({"99": dict(_first_match(d))}),
    "a_round_after_the_end": lambda d: _first_match(d)["rounds"].append(dict(_first_match(d)["rounds"][-1])),
    "a_match_of_another_evening": lambda d: _first_match(d).update(started_at="2025-01-01T20:00:00+03:00"),
    "header_only": lambda d: d.pop("matches"),
    "no_matches": lambda d: d.update(matches={}),
    "a_match_less": lambda d: d["matches"].pop(sorted(d["matches"], key=int)[0]),
    "a_round_less": lambda d: _last_match(d)["rounds"].pop(),
}

META_DAMAGE: dict[str, Callable[[dict], None]] = {
    "open_entry_names_a_path": lambda d: d["open"].update(
        {"9": {"id": "x1", "evening": "../../outside/victim", "started_at": "2026-03-14T20:00:00+03:00"}}
    ),
    "open_entry_id_a_path": lambda d: d["open"].update(
        {"9": {"id": "../x", "evening": TONIGHT, "started_at": "2026-03-14T20:00:00+03:00"}}
    ),
    "open_entry_not_an_object": lambda d: d["open"].update({"9": 5}),
    "theme_purple": lambda d: d["settings"]["1"].update(theme="purple"),
    "target_a_bool": lambda d: d["settings"]["1"].update(default_target=True),
    "players_a_list": lambda d: d["players"]["1"].update(names=["Ahmed"]),
    "settings_a_list": lambda d: d.update(settings=[1]),
    "counts_malformed": lambda d: d.update(written={"1": {"matches": {"../x": "many"}}}),
    "schema_key_missing": lambda d: d.pop("_schema"),
    "a_player_seen_in_year_1": lambda d: d["players"]["1"]["names"].update(Ahmed="0001-01-01T00:00:00"),
    "an_open_match_started_in_year_1": lambda d: d["open"]["1"].update(started_at="0001-01-01T00:00:00"),
    "unknown_tables_added": lambda d: d.update(future={"1": {"x": 1}}),
}


def _evening(name: str) -> Callable[[Path, Path], Path]:
    return lambda data, out: data / "evenings" / f"{name}.json"


TARGETS = {"meta": lambda data, out: data / META, "tonight": _evening(TONIGHT), "old": _evening(OLD)}


def _folder_swaps() -> dict[str, Callable[[Path, Path], None]]:
    def evenings_a_file(data: Path, out: Path) -> None:
        shutil.rmtree(data / "evenings")
        (data / "evenings").write_bytes(b"not a folder")

    def evenings_a_link_outside(data: Path, out: Path) -> None:
        shutil.move(data / "evenings", out / "evenings")
        (data / "evenings").symlink_to(out / "evenings")

    def damaged_a_file(data: Path, out: Path) -> None:
        (data / "damaged").write_bytes(b"not a folder")
        _write(data / "evenings" / f"{TONIGHT}.json", b"garbage")  # something must be kept aside now

    def backups_a_file(data: Path, out: Path) -> None:
        shutil.rmtree(data / "backups")
        (data / "backups").write_bytes(b"not a folder")
        _write(data / "evenings" / f"{TONIGHT}.json", b"garbage")

    def newest_backup_damaged(data: Path, out: Path) -> None:
        folder = data / "backups" / f"evenings~{TONIGHT}.json"
        newest = sorted(folder.iterdir())[-1]
        newest.write_bytes(b"\x00garbage")
        _write(data / "evenings" / f"{TONIGHT}.json", b"garbage")

    def every_backup_damaged(data: Path, out: Path) -> None:
        for backup in (p for p in (data / "backups").rglob("*.json") if p.is_file()):
            backup.write_bytes(b"{")
        _write(data / "evenings" / f"{TONIGHT}.json", b"{")

    def meta_missing(data: Path, out: Path) -> None:
        (data / META).unlink()

    def meta_and_its_backups_missing(data: Path, out: Path) -> None:
        (data / META).unlink()
        shutil.rmtree(data / "backups" / META)

    def tonight_deleted(data: Path, out: Path) -> None:
        (data / "evenings" / f"{TONIGHT}.json").unlink()

    def a_stray_evening_name(data: Path, out: Path) -> None:
        (data / "evenings" / "2026-99-99.json").write_bytes(b"garbage")
        (data / "evenings" / "notes.txt").write_bytes(b"hello")
        (data / "evenings" / "..json").write_bytes(b"{}")

    def lock_file_deleted(data: Path, out: Path) -> None:
        (data / "scorekeeper.lock").unlink()

    def stray_temps(data: Path, out: Path) -> None:
        (data / ".tmp-abc.tmp").write_bytes(b"half a write")
        (data / "evenings" / ".tmp-def.tmp").write_bytes(b"half")

    def tonight_a_link_to_a_good_copy_outside(data: Path, out: Path) -> None:
        path = data / "evenings" / f"{TONIGHT}.json"
        shutil.copy(path, out / "copy.json")
        path.unlink()
        path.symlink_to(out / "copy.json")

    def meta_newer_version(data: Path, out: Path) -> None:
        _edit(data / META, lambda d: d.update(_schema=d["_schema"] + 1))

    def evening_newer_version(data: Path, out: Path) -> None:
        _edit(data / "evenings" / f"{TONIGHT}.json", lambda d: d.update(_schema=d["_schema"] + 1))

    def files_swapped(data: Path, out: Path) -> None:
        meta, tonight = data / META, data / "evenings" / f"{TONIGHT}.json"
        a, b = meta.read_bytes(), tonight.read_bytes()
        _write(meta, b)
        _write(tonight, a)

    def evening_holds_another_evening(data: Path, out: Path) -> None:
        old, tonight = data / "evenings" / f"{OLD}.json", data / "evenings" / f"{TONIGHT}.json"
        _write(old, tonight.read_bytes())

    return {f.__name__: f for f in (
        evenings_a_file, evenings_a_link_outside, damaged_a_file, backups_a_file, newest_backup_damaged,
        every_backup_damaged, meta_missing, meta_and_its_backups_missing, tonight_deleted, a_stray_evening_name,
        lock_file_deleted, stray_temps, tonight_a_link_to_a_good_copy_outside, meta_newer_version,
        evening_newer_version, files_swapped, evening_holds_another_evening,
    )}  # fmt: skip


SCENARIOS: dict[str, Callable[[Path, Path], None]] = {}
for _target, _where in TARGETS.items():
    for _name, _damage in WHOLE_FILE.items():
        SCENARIOS[f"{_target}-{_name}"] = lambda d, o, w=_where, f=_damage: f(w(d, o), o)
for _target in ("tonight", "old"):
    for _name, _change in ONE_DOCUMENT.items():
        SCENARIOS[f"{_target}-{_name}"] = lambda d, o, w=TARGETS[_target], c=_change: _edit(w(d, o), c)
for _name, _change in META_DAMAGE.items():
    SCENARIOS[f"meta-{_name}"] = lambda d, o, c=_change: _edit(d / META, c)
SCENARIOS.update(_folder_swaps())

#: Scenarios the store may rightly take in its stride (nothing for the user to hear).
HARMLESS = {
    "a_stray_evening_name", "lock_file_deleted", "stray_temps", "tonight_a_link_to_a_good_copy_outside",
    "meta-unknown_tables_added",
}  # fmt: skip


# --- the checks ----------------------------------------------------------------------


def snapshot(root: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every entry under ``root`` (links not followed): its bytes (None for a folder or link) and mtime."""
    seen = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        seen[str(path.relative_to(root))] = (data, info.st_mtime_ns)
    return seen


def reported(store: Store, evening: str) -> bool:
    """Whether the report names ``evening`` (or everything) as damaged, restored or not to be trusted."""
    file = f"evenings/{evening}.json"
    if any(r.file == file for r in store.report.recovered):
        return True
    return any(n.values.get("file") in (file, "evenings") for n in store.report.notes)


def browse(store: Store) -> None:
    """Everything the UI can ask for, so that damage anywhere is met."""
    store.settings()
    store.known_players()
    store.current_match()
    store.tonight()
    for summary in store.evenings(0, 1000):
        store.matches_on(summary.evening)
    store.check_all()
    list(store.all_matches())


@pytest.fixture
def world(tmp_path):
    data, out = tmp_path / "data", tmp_path / "outside"
    out.mkdir()
    (out / "garbage.bin").write_bytes(b"\xff\x00 not json")
    (out / "victim").mkdir()
    (out / "victim.json").write_bytes(b'{"mine": "not the app\'s"}')
    confirmed = build(data)
    return data, out, confirmed


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_a_damaged_folder_opens_and_never_loses_a_round_silently(world, scenario):
    data, out, confirmed = world
    SCENARIOS[scenario](data, out)
    outside = snapshot(out)
    beside = sorted(p.name for p in data.parent.iterdir())
    with Store.open(data) as store:
        browse(store)
        if scenario not in HARMLESS:
            assert not store.report.ok, "damage went unreported"
        kept = {}
        for mid, (evening, rounds) in confirmed.items():
            try:
                got = [sig(r) for r in store.match(mid).rounds]
            except Exception as err:
                assert getattr(err, "code", None) == "match_not_found", err
                got = None
            if got != rounds:
                assert reported(store, evening), f"{mid} of {evening} changed silently: {rounds} -> {got}"
            kept[mid] = got
    assert snapshot(out) == outside, "a file outside the data folder was touched"
    assert sorted(p.name for p in data.parent.iterdir()) == beside
    with Store.open(data) as again:  # what the first open showed is what the next one shows
        browse(again)
        for mid, got in kept.items():
            if got is not None and not again.read_only:
                assert [sig(r) for r in again.match(mid).rounds] == got


def test_there_are_at_least_sixty_scenarios():
    assert len(SCENARIOS) >= 60


def test_a_year_1_time_in_meta_json_is_damage_and_sessions_carry_on(tmp_path, monkeypatch):
    """Three hours east of UTC, 0001-01-01T00:00:00 is in year 0 once converted: every session crashed on it."""
    import time

    from scorekeeper.session.state import TableState

    monkeypatch.setenv("TZ", "Asia/Aden")
    time.tzset()
    try:
        data = tmp_path / "data"
        confirmed = build(data)
        with Store.open(data, clock=Clock()) as before:
            playing = before.current_match().id

        def year_1(d: dict) -> None:
            d["players"]["1"]["names"]["Ahmed"] = "0001-01-01T00:00:00"
            for entry in d["open"].values():
                entry["started_at"] = "0001-01-01T00:00:00"

        _edit(data / META, year_1)
        with Store.open(data, clock=Clock()) as store:
            state = TableState(store, "en")  # what every session does first
            (recovery,) = store.report.recovered
            assert recovery.file == META and recovery.kept_as.startswith("damaged/")
            assert "0001-01-01T00:00:00" in recovery.reason
            assert set(store.known_players()) == set(PLAYERS)
            assert store.current_match() is not None and store.current_match().id == playing
            assert state.scoring.match is not None and state.scoring.match.id == playing
            assert [sig(r) for r in store.match(playing).rounds] == confirmed[playing][1]
    finally:
        monkeypatch.undo()
        time.tzset()
