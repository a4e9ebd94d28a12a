"""Every round has a stable id: edits keep it, reloads keep it, old files without ids get one deterministically."""

from __future__ import annotations

import json

from scorekeeper.storage import Store

from .storage_helpers import block, dom

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def evening_file(store: Store, rec) -> tuple:
    path = store.folder / "evenings" / f"{rec.evening}.json"
    return path, json.loads(path.read_text())


def test_ids_are_unique_kept_by_an_edit_and_by_a_reload(store, tmp_path, clock):
    rec = store.new_match(PLAYERS, 101)
    for pips in ((12, 30, 25, 18), (5, 6, 7, 8), (20, 10, 30, 40)):
        rec = store.add_round(rec.id, block(*pips))
    ids = [e.id for e in rec.entries]
    assert len(set(ids)) == 3 and all(ids)
    rec = store.replace_round(rec.id, 1, dom(0, None, 9, None, 4))
    assert [e.id for e in rec.entries] == ids  # the edited round keeps its id
    rec = store.delete_round(rec.id, 0)
    assert [e.id for e in rec.entries] == ids[1:]  # the others keep theirs
    store.close()
    again = Store.open(tmp_path / "data", clock=clock)
    try:
        assert [e.id for e in again.match(rec.id).entries] == ids[1:]
    finally:
        again.close()


def test_rounds_stored_without_ids_get_the_same_ids_on_every_load_until_a_write_keeps_them(store, tmp_path, clock):
    rec = store.new_match(PLAYERS, 101)
    for pips in ((12, 30, 25, 18), (12, 30, 25, 18)):  # two identical rounds still get two ids
        rec = store.add_round(rec.id, block(*pips))
    store.close()
    path, doc = evening_file(store, rec)
    for match_doc in doc["matches"].values():
        for round_doc in match_doc["rounds"]:
            del round_doc["id"]  # as written before rounds had ids
    path.write_text(json.dumps(doc))

    def load_ids() -> list[str]:
        s = Store.open(tmp_path / "data", clock=clock)
        try:
            return [e.id for e in s.match(rec.id).entries]
        finally:
            s.close()

    first = load_ids()
    assert len(set(first)) == 2 and first == load_ids()
    s = Store.open(tmp_path / "data", clock=clock)
    try:
        s.add_round(rec.id, block(1, 2, 3, 4))  # the next write persists the derived ids
    finally:
        s.close()
    _, doc = evening_file(store, rec)
    stored = [r["id"] for m in doc["matches"].values() for r in m["rounds"]]
    assert stored[:2] == first and len(stored) == 3
