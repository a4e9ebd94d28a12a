"""The Store API the UI stands on, with real files in tmp_path."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from scorekeeper.core.errors import InvalidMatch, InvalidRound, MatchOver, StorageError
from scorekeeper.core.match import Round
from scorekeeper.core.records import EveningSummary, MatchRecord, evening_of
from scorekeeper.core.settings import Settings
from scorekeeper.core.tiles import Tile
from scorekeeper.storage import SCHEMA_VERSION, Store

from .storage_helpers import A3, A7, PLAYERS, REDEAL, Clock, block, dom


def reopen(store: Store, clock: Clock | None = None) -> Store:
    store.close()
    return Store.open(store.folder, clock=clock)


def test_a_new_folder_opens_clean_with_default_settings(store):
    assert store.report.ok
    assert store.settings() == Settings(
        language=None, digits="latin", theme="system", default_target=11, keep_awake=True, haptics=True
    )
    assert store.known_players() == []
    assert store.current_match() is None
    assert store.evenings() == []
    assert (store.folder / "meta.json").exists()


def test_settings_are_saved_and_checked(store):
    assert store.save_settings(language="ar", theme="dark").language == "ar"
    with pytest.raises(StorageError) as err:
        store.save_settings(theme="purple")
    assert err.value.code == "setting_invalid"
    with pytest.raises(StorageError):
        store.save_settings(colour="red")
    again = reopen(store)
    assert again.settings() == Settings(
        language="ar", digits="latin", theme="dark", default_target=11, keep_awake=True, haptics=True
    )
    again.close()


def test_a_match_round_trips_with_rounds_and_tiles(store):
    rec = store.new_match(PLAYERS, 11, ("Reds", "Blues"))
    assert isinstance(rec, MatchRecord) and len(rec.id) == 32
    assert rec.evening == "2026-03-14" and rec.entries == () and rec.totals == (0, 0)
    rec = store.add_round(rec.id, A3)
    rec = store.add_round(rec.id, REDEAL)
    tiles = (None, (Tile(6, 5), Tile(6, 0)), (), None)
    rec = store.add_round(rec.id, dom(2, None, 17, 0, 20), tiles=tiles)
    assert rec.totals == (6, 0)
    again = reopen(store)
    loaded = again.match(rec.id)
    assert loaded == rec
    assert loaded.rounds[2].tiles == tiles
    assert loaded.entries[0].recorded_at.endswith("+03:00")
    assert loaded.team_names == ("Reds", "Blues")
    again.close()


def test_rounds_are_stored_as_entered(store):
    rec = store.new_match(PLAYERS, 11)
    store.add_round(rec.id, A3)
    raw = (store.folder / "evenings" / "2026-03-14.json").read_text()
    assert '"pips":[null,23,0,14]' in raw and '"end":"domino"' in raw and f'"_schema":{SCHEMA_VERSION}' in raw


def test_the_core_refuses_before_anything_is_written(store):
    with pytest.raises(InvalidMatch):
        store.new_match(("Ahmed", "Ahmed", "Salem", "Ghanim"), 11)
    assert store.evenings() == [] and store.known_players() == []
    rec = store.new_match(PLAYERS, 11)
    path = store.folder / "evenings" / "2026-03-14.json"
    before = path.read_bytes()
    with pytest.raises(InvalidRound):
        store.add_round(rec.id, dom(1, 70, 0, 4, None))
    with pytest.raises(IndexError):
        store.replace_round(rec.id, 0, A3)
    with pytest.raises(IndexError):
        store.delete_round(rec.id, 3)
    assert path.read_bytes() == before


def test_a_finished_match_caches_its_result_and_leaves_the_current_slot(store):
    rec = store.new_match(PLAYERS, 10)
    assert store.current_match().id == rec.id
    rec = store.add_round(rec.id, A3)
    rec = store.add_round(rec.id, A7)
    assert rec.finished and rec.winner == "A" and rec.finished_at == rec.entries[-1].recorded_at
    assert store.current_match() is None
    with pytest.raises(MatchOver):
        store.add_round(rec.id, A3)
    raw = (store.folder / "evenings" / "2026-03-14.json").read_text()
    assert '"status":"finished"' in raw and '"totals":[10,0]' in raw
    assert list((store.folder / "backups").rglob("*-finished.json"))


def test_an_edit_that_reopens_a_match_clears_its_result(store):
    rec = store.new_match(PLAYERS, 10)
    store.add_round(rec.id, A3)
    rec = store.add_round(rec.id, A7)
    assert rec.finished
    rec = store.replace_round(rec.id, 1, A3)
    assert not rec.finished and rec.winner is None and rec.finished_at is None
    assert store.current_match().id == rec.id
    rec = store.delete_round(rec.id, 0)
    assert rec.totals == (3, 0)
    again = reopen(store)
    assert again.current_match() == rec
    again.close()


def test_current_match_is_the_newest_unfinished_one_after_a_restart(store, clock):
    first = store.new_match(PLAYERS, 11)
    second = store.new_match(("Ali", "Omar", "Saleh", "Nasser"), 11)
    store.add_round(first.id, A3)
    again = reopen(store, clock)
    assert again.current_match().id == second.id
    again.delete_match(second.id)
    assert again.current_match().id == first.id
    again.close()


def test_known_players_most_recent_first_without_duplicates(store):
    store.new_match(PLAYERS, 11)
    store.new_match(("ali", "Omar", "Ahmed", "Nasser"), 11)
    names = store.known_players()
    assert names[:4] == ["ali", "Omar", "Ahmed", "Nasser"]
    assert sorted(names) == sorted(["ali", "Omar", "Ahmed", "Nasser", "Salem", "Ghanim", "Yahya"])


def test_an_evening_runs_past_midnight():
    from datetime import datetime

    from .storage_helpers import YEMEN

    assert evening_of(datetime(2026, 3, 15, 1, 30, tzinfo=YEMEN)) == "2026-03-14"
    assert evening_of(datetime(2026, 3, 15, 6, 0, tzinfo=YEMEN)) == "2026-03-15"
    assert evening_of(datetime(2026, 3, 14, 23, 59, tzinfo=YEMEN)) == "2026-03-14"


def test_evenings_newest_first_paginated_with_results(store, clock):
    for day in range(1, 8):
        clock.set(2026, 4, day, 21, 0)
        rec = store.new_match(PLAYERS, 10, ("Reds", "Blues"))
        store.add_round(rec.id, A3)
        store.add_round(rec.id, A7)
        store.new_match(PLAYERS, 11)
    clock.set(2026, 4, 8, 1, 30)  # after midnight: still the evening of the 7th
    late = store.new_match(PLAYERS, 11)
    assert late.evening == "2026-04-07"
    page = store.evenings(0, 3)
    assert [e.evening for e in page] == ["2026-04-07", "2026-04-06", "2026-04-05"]
    assert isinstance(page[0], EveningSummary)
    assert page[0].matches == 3 and page[0].rounds == 2 and page[0].wins == {"Reds": 1}
    assert [e.evening for e in store.evenings(5, 10)] == ["2026-04-02", "2026-04-01"]
    again = reopen(store)  # listed from the cached results, same answer
    assert again.evenings(0, 3) == page
    on = again.matches_on("2026-04-07")
    assert [m.started_at for m in on] == sorted(m.started_at for m in on)
    assert on[-1].id == late.id
    assert len(list(again.all_matches())) == 15
    again.close()


def test_delete_match_takes_a_backup_and_drops_an_empty_evening(store):
    rec = store.new_match(PLAYERS, 11)
    store.add_round(rec.id, A3)
    store.delete_match(rec.id)
    assert store.evenings() == []
    assert not (store.folder / "evenings" / "2026-03-14.json").exists()
    assert list((store.folder / "backups").rglob("*-before-delete.json"))
    with pytest.raises(StorageError) as err:
        store.match(rec.id)
    assert err.value.code == "match_not_found"


def test_a_match_from_an_earlier_session_is_found_by_id(store, clock):
    ids = []
    for day in range(1, 6):
        clock.set(2026, 5, day, 21, 0)
        ids.append(store.new_match(PLAYERS, 11).id)
    again = reopen(store)
    assert again.match(ids[0]).evening == "2026-05-01"
    with pytest.raises(StorageError):
        again.match("f" * 32)
    again.close()


def test_backup_now_copies_every_changed_file(store):
    rec = store.new_match(PLAYERS, 11)
    store.add_round(rec.id, A3)
    folder = store.backup_now()
    copies = [p for p in folder.rglob("*.json") if p.is_file()]
    assert {p.parent.name for p in copies} == {"meta.json", "evenings~2026-03-14.json"}
    assert len(copies) == 2
    store.backup_now()  # nothing changed: no new copies
    assert len([p for p in folder.rglob("*.json") if p.is_file()]) == 2


def test_backups_roll(store, clock):
    rec = store.new_match(PLAYERS, 11)
    for _ in range(8):
        store.add_round(rec.id, REDEAL)
        store.backup_now()
    assert len(list((store.folder / "backups" / "evenings~2026-03-14.json").iterdir())) == 5


def test_closed_store_refuses(store):
    store.close()
    with pytest.raises(StorageError) as err:
        store.settings()
    assert err.value.code == "closed"
    store.close()


def test_context_manager_releases_the_lock(tmp_path):
    with Store.open(tmp_path) as first:
        first.save_settings(theme="dark")
    with Store.open(tmp_path) as second:
        assert second.settings().theme == "dark"


def test_data_folder_resolution(tmp_path, monkeypatch):
    from scorekeeper.storage import data_folder

    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "a"))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "b"))
    assert data_folder() == tmp_path / "a"
    with Store.open() as s:
        assert s.folder == tmp_path / "a"
    monkeypatch.delenv("SCOREKEEPER_DATA")
    assert data_folder() == tmp_path / "b"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert "scorekeeper" in str(data_folder())


def test_threads_share_one_store(store):
    recs = [store.new_match(PLAYERS, 1000) for _ in range(4)]
    errors = []

    def work(mid: str) -> None:
        try:
            for _ in range(15):
                store.add_round(mid, block(12, 30, 25, 18))
        except Exception as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=work, args=(r.id,)) for r in recs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    again = reopen(store)
    assert [len(again.match(r.id).entries) for r in recs] == [15] * 4
    again.close()


def test_round_serialisation_of_a_redeal():
    from scorekeeper.core.codec import round_from_doc, round_to_doc
    from scorekeeper.core.records import RoundEntry

    entry = RoundEntry(Round("redeal"), "2026-03-14T20:00:00+03:00")
    doc = round_to_doc(entry)
    assert doc == {
        "end": "redeal",
        "pips": [None] * 4,
        "winner": None,
        "tiles": None,
        "recorded_at": entry.recorded_at,
        "id": entry.id,
    }
    assert round_from_doc(doc) == entry


def test_open_reads_only_what_the_home_screen_needs(store, clock, monkeypatch):
    from scorekeeper.storage import atomic as store_module  # every data file is read through atomic.read_raw

    for day in range(40):
        clock.set(2026, 1, 1, 20, 0)
        clock.now += timedelta(days=day)
        rec = store.new_match(PLAYERS, 10)
        store.add_round(rec.id, A3)
        store.add_round(rec.id, A7)
    unfinished = store.new_match(PLAYERS, 11)
    store.close()
    reads = []
    real = store_module.read_raw

    def counting(path):
        reads.append(path.name)
        return real(path)

    monkeypatch.setattr(store_module, "read_raw", counting)
    again = Store.open(store.folder, clock=clock)
    again.settings()
    assert again.current_match().id == unfinished.id
    again.matches_on(unfinished.evening)
    assert sorted(set(reads)) == sorted({"meta.json", f"{unfinished.evening}.json"})
    reads.clear()
    assert len(again.evenings(0, 10)) == 10
    assert len(reads) <= 10  # one page, one file each
    again.close()


def test_tonight_follows_the_stores_clock_past_midnight(tmp_path):
    clock = Clock()
    with Store.open(tmp_path, clock=clock) as store:
        clock.set(2026, 3, 14, 22, 0)
        late = store.new_match(PLAYERS, 11)
        clock.set(2026, 3, 15, 1, 30)  # still the same evening at the table
        assert [m.id for m in store.tonight()] == [late.id]
        clock.set(2026, 3, 15, 19, 0)  # the next evening
        assert store.tonight() == []


def test_the_store_is_composed_of_parts_each_given_what_it_needs_when_made(tmp_path):
    """No inheritance chain and no callbacks patched on afterwards: the evening room's events are a declared part."""
    import inspect

    from scorekeeper.storage.between import Between
    from scorekeeper.storage.evenings import EveningRoom
    from scorekeeper.storage.expected import EveningEvents

    assert Store.__bases__ == (object,)
    assert "events" in inspect.signature(EveningRoom.__init__).parameters
    for name in ("expect", "unfinished", "recovered"):
        assert callable(getattr(EveningEvents, name)) and callable(getattr(Between, name))
    with Store.open(tmp_path) as store:
        room = store._rooms
        assert not [attr for attr in vars(room) if attr.startswith("on_")]
