"""The shared table through the state object, without a page: who may write, races, and every change announced.

Real stores in temp folders; sessions are ``TableState`` objects wired the way
the shell wires them (each change announced to the others, which re-read).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core import exchange
from scorekeeper.core.errors import TableError
from scorekeeper.session.archive import MAX_IMPORT_BYTES
from scorekeeper.session.entry import Draft
from scorekeeper.session.reads import on_the_table
from scorekeeper.session.state import TableState
from scorekeeper.session.table import Table
from scorekeeper.storage import Store

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def blocked(*pips: int) -> Draft:
    return Draft("blocked", pips=[str(p) for p in pips])


class Hub:
    """What ``page.pubsub.send_others`` does for the shell: every other session hears each change."""

    def __init__(self) -> None:
        self.sessions: list[TableState] = []

    def join(self, store: Store, **kwargs) -> TableState:
        session: TableState | None = None

        def announce() -> None:
            for other in self.sessions:
                if other is not session:
                    other.hear()

        session = TableState(store, "en", on_change=announce, **kwargs)
        self.sessions.append(session)
        return session


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.json"))}


def a_match_with_rounds(state: TableState, n: int = 3) -> None:
    state.scoring.start(PLAYERS, ["", ""], 101)
    for pips in ((12, 30, 25, 18), (30, 12, 25, 18), (5, 6, 7, 8))[:n]:
        state.scoring.save_round(blocked(*pips))


# --- viewers -------------------------------------------------------------------------


def test_every_write_path_refuses_a_viewer_and_changes_nothing(store, tmp_path):
    scorer = TableState(store, "en")
    a_match_with_rounds(scorer)
    export = exchange.to_json(list(store.all_matches()))
    viewer = TableState(store, "en", may_write=lambda: False)
    assert viewer.scoring.match is not None and not viewer.access.allowed()
    before = snapshot(tmp_path / "data")
    match = viewer.scoring.match
    writes = {
        "settings": lambda: viewer.prefs.save(language="nl"),
        "new match": lambda: viewer.scoring.start(PLAYERS, ["", ""], 11),
        "rematch": viewer.scoring.rematch,
        "new round": lambda: viewer.scoring.save_round(blocked(1, 2, 3, 4)),
        "edit round": lambda: viewer.scoring.save_round(blocked(1, 2, 3, 4), viewer.scoring.round_ref(0)),
        "delete round": lambda: viewer.scoring.delete_round(viewer.scoring.round_ref(0)),
        "undo": lambda: viewer.scoring.undo_last(viewer.scoring.round_ref(2)),
        "delete match": lambda: viewer.archive.delete_match(match.id),
        "delete evening": lambda: viewer.archive.delete_evening(match.evening),
        "import": lambda: viewer.archive.import_json(export),
    }
    for name, write in writes.items():
        with pytest.raises(TableError) as err:
            write()
        assert err.value.code == "viewer_read_only", name
    assert snapshot(tmp_path / "data") == before
    assert viewer.prefs.t("error.viewer_read_only").startswith("This phone only watches")


def test_a_viewer_reads_the_table(store):
    scorer = TableState(store, "en")
    a_match_with_rounds(scorer, 2)
    viewer = TableState(store, "en", may_write=lambda: False)
    assert on_the_table(viewer.reads) == scorer.scoring.match and on_the_table(viewer.reads).totals == (7, 7)


# --- two phones, one match ---------------------------------------------------------------


def test_a_stale_delete_is_refused_and_the_intended_round_is_intact(store):
    hub = Hub()
    a, b = hub.join(store), hub.join(store)
    a_match_with_rounds(a)
    ref = a.scoring.round_ref(2)  # phone A opens "delete round 3?"
    third = a.scoring.match.entries[2]
    b.scoring.delete_round(b.scoring.round_ref(0))  # phone B deletes round 1
    with pytest.raises(TableError) as err:
        a.scoring.delete_round(ref)
    assert (err.value.code, err.value.values) == ("round_changed", {"n": 2})
    assert a.prefs.t.error(err.value) == "Round 2 was changed on another phone: here it is now."
    stored = store.match(a.scoring.match.id)
    assert [e.id for e in stored.entries] == [e.id for e in b.scoring.match.entries]
    assert stored.entries[1] == third  # the round A meant is still there, untouched
    assert a.scoring.match == stored  # and A is shown the match as it is now


def test_a_stale_edit_never_lands_on_another_round(store):
    hub = Hub()
    a, b = hub.join(store), hub.join(store)
    a_match_with_rounds(a)
    ref = a.scoring.round_ref(2)
    b.scoring.delete_round(b.scoring.round_ref(0))
    before = store.match(a.scoring.match.id)
    with pytest.raises(TableError):
        a.scoring.save_round(blocked(1, 2, 3, 4), ref)
    assert store.match(a.scoring.match.id) == before


def test_a_stale_undo_is_refused_and_a_deleted_round_is_named(store):
    hub = Hub()
    a, b = hub.join(store), hub.join(store)
    a_match_with_rounds(a)
    ref = a.scoring.round_ref(2)  # "take back round 3?"
    b.scoring.undo_last(b.scoring.round_ref(2))  # B took it back first
    with pytest.raises(TableError) as err:
        a.scoring.undo_last(ref)
    assert (err.value.code, err.value.values) == ("round_gone", {"n": 3})
    assert len(store.match(a.scoring.match.id).entries) == 2  # not a second round taken back


def test_an_edit_on_an_unchanged_match_lands_on_its_round(store):
    state = TableState(store, "en")
    a_match_with_rounds(state)
    rid = state.scoring.match.entries[1].id
    state.scoring.save_round(blocked(5, 6, 7, 9), state.scoring.round_ref(1))
    assert state.scoring.match.entries[1].id == rid and state.scoring.match.entries[1].round.pips == (5, 6, 7, 9)


# --- every change reaches the other sessions ---------------------------------------------


def test_an_import_a_delete_and_a_settings_change_reach_another_session(store, tmp_path):
    with Store.open(tmp_path / "elsewhere") as other:
        a_match_with_rounds(TableState(other, "en"), 3)
        export = exchange.to_json(list(other.all_matches()))
    hub = Hub()
    here, there = hub.join(store), hub.join(store)
    assert there.reads.tonight() == []
    report = here.archive.import_json(export)
    assert len(report.added) == 1
    assert [m.id for m in there.reads.tonight()] == report.added  # the import reached the other phone
    there.scoring.open(report.added[0])
    here.prefs.save(language="nl", digits="latin")
    assert there.prefs.t.language == "nl"  # settings that change what boards show
    here.archive.delete_match(report.added[0])
    assert there.scoring.match is None and there.reads.tonight() == []  # the delete too


def test_rounds_and_undo_are_announced(store):
    heard = []
    hub = Hub()
    scorer = hub.join(store)
    board = hub.join(store, may_write=lambda: False)
    board.hear = lambda: heard.append(on_the_table(board.reads).totals)  # what the board would draw
    a_match_with_rounds(scorer, 2)
    scorer.scoring.undo_last(scorer.scoring.round_ref(1))
    assert heard == [(0, 0), (7, 0), (7, 7), (7, 0)]


def test_an_evening_is_only_ever_a_date(store, tmp_path):
    state = TableState(store, "en")
    a_match_with_rounds(state, 1)
    before = snapshot(tmp_path / "data")
    assert state.reads.matches_on("../meta") == [] and state.reads.matches_on("x" * 300) == []
    with pytest.raises(TableError) as err:
        state.archive.delete_evening("../evenings/" + state.scoring.match.evening)
    assert state.prefs.t.error(err.value) == "There is no such evening."
    assert snapshot(tmp_path / "data") == before


def test_an_oversized_import_is_refused_before_it_is_read(store):
    state = TableState(store, "en")
    with pytest.raises(TableError) as err:
        state.archive.import_json(b" " * (MAX_IMPORT_BYTES + 1))
    assert err.value.code == "import_too_large"
    assert state.prefs.t.error(err.value).startswith("This file is too large to import (9 MB; at most 8 MB)")
    assert list(store.all_matches()) == []


# --- roles and links ------------------------------------------------------------------------


def test_roles_follow_the_link_and_the_address():
    table = Table(web=True, host="0.0.0.0", port=8550)
    assert table.admit("127.0.0.1", "/").may_write()
    assert table.admit("::1", "/").may_write()
    assert not table.admit("192.168.1.20", "/").may_write()  # a phone on the Wi-Fi, no link
    assert not table.admit("127.0.0.1", "/watch").may_write()  # the watch link, even here
    linked = table.admit("192.168.1.20", f"/score/{table.secret}")
    assert linked.may_write() and linked.route == "/"  # the secret leaves the address bar
    guessed = table.admit("192.168.1.20", "/score/guess")
    assert not guessed.may_write() and guessed.note == "share.link_revoked"
    old = table.score_url()
    table.revoke()
    assert table.score_url() != old
    assert not linked.may_write()  # the phone that joined with the old link only watches now
    assert not table.admit("192.168.1.20", old.removeprefix(table.base_url())).may_write()
    assert not Table(web=True, local_scorer=False).admit("127.0.0.1", "/").may_write()
    assert Table(web=False).admit(None, "/").may_write()  # the desktop window


def test_links_name_this_machine_on_the_network():
    table = Table(web=True, host="0.0.0.0", port=8550)
    assert table.networked
    assert table.watch_url().endswith(":8550/watch") and "0.0.0.0" not in table.watch_url()
    assert len(table.secret) >= 24 and table.secret in table.score_url()
    assert not Table(web=True, host="127.0.0.1", port=1).networked


def test_the_import_is_checked_by_the_same_parser(store):
    state = TableState(store, "en")
    bad = json.dumps({"format": "nope"}).encode()
    with pytest.raises(Exception) as err:
        state.archive.import_json(bad)
    assert err.value.code.startswith("import_")
