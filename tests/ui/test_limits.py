"""What a user or an attacker meets at the edges: names capped where they come in, imports off the event loop.

Driven on a real store; the import's screen handler runs on an asyncio loop of
its own, with another phone's session on the same loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
from types import SimpleNamespace

import flet as ft
import pytest

from scorekeeper.core import exchange
from scorekeeper.core.errors import InvalidImport, InvalidMatch, TableError
from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from scorekeeper.ui.views import history
from tests.aio import run_alone
from tests.fakes import Page
from tests.ui import words

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]
MAX_NAME = 16  # the cap decided for the screens at 360 px (scorekeeper.core.match.MAX_NAME)


def blocked(*pips):
    return Draft("blocked", pips=[str(p) for p in pips])


# --- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", 'A name can have at most 16 characters: "Abdulrahman Al Y…" is longer.'),
        ("nl", 'Een naam heeft hoogstens 16 tekens: "Abdulrahman Al Y…" is langer.'),
        ("ar", "لا يزيد الاسم على 16 حرفًا: «\u2068Abdulrahman Al Y…\u2069» أطول من ذلك."),  # a Latin name isolated
    ],
)
def test_a_player_name_over_the_cap_is_refused_at_setup_in_the_users_language(store, language, message):
    state = TableState(store, language)
    with pytest.raises(InvalidMatch) as err:
        state.scoring.start(["Abdulrahman Al Yafei", *PLAYERS[1:]], ["", ""], 11)
    assert words.error(state, err.value) == message
    assert list(store.all_matches()) == [] and store.known_players() == []


def test_names_up_to_the_cap_are_taken_and_one_more_character_is_refused(store):
    state = TableState(store, "en")
    longest = ["A" * MAX_NAME, "B" * MAX_NAME, "C" * MAX_NAME, "  " + "D" * MAX_NAME + "  "]  # trimmed first
    state.scoring.start(longest, ["T" * MAX_NAME, ""], 11)
    assert state.scoring.match.players[3] == "D" * MAX_NAME and state.scoring.match.team_names == ("T" * MAX_NAME, "B")
    with pytest.raises(InvalidMatch) as err:
        state.scoring.start(PLAYERS, ["", "T" * (MAX_NAME + 1)], 11)  # a team's name too
    assert err.value.code == "name_too_long"
    assert len(list(store.all_matches())) == 1


def test_a_seven_million_character_name_is_refused_and_nothing_is_kept(store, tmp_path):
    state = TableState(store, "en")
    huge = "x" * 7_000_000
    with pytest.raises(InvalidMatch) as err:
        state.scoring.start([huge, *PLAYERS[1:]], ["", ""], 11)
    assert len(words.error(state, err.value)) < 200
    assert list(store.all_matches()) == [] and store.known_players() == []
    assert sum(p.stat().st_size for p in (tmp_path / "data").rglob("*") if p.is_file()) < 100_000


def _export_with(store_folder, players, teams=("", "")) -> bytes:
    """An export of one match whose names are set in the file itself (as a hand-edited or hostile file would)."""
    with Store.open(store_folder) as other:
        state = TableState(other, "en")
        state.scoring.start(PLAYERS, ["", ""], 11)
        state.scoring.save_round(blocked(12, 30, 25, 18))
        doc = json.loads(exchange.to_json(list(other.all_matches())))
    doc["matches"][0]["players"] = list(players)
    doc["matches"][0]["team_names"] = list(teams)
    return json.dumps(doc).encode()


def test_an_import_with_a_seven_million_character_name_is_refused_whole(store, tmp_path):
    data = _export_with(tmp_path / "other", ["x" * 7_000_000, *PLAYERS[1:]])
    assert 7_000_000 < len(data) < 8 * 1024 * 1024  # under the import's size cap: the name rule refuses it
    state = TableState(store, "nl")
    with pytest.raises(InvalidImport) as err:
        state.archive.import_json(data)
    assert err.value.code == "import_name_too_long"
    assert words.error(state, err.value) == (
        'Partij 1 in het bestand heeft een naam van meer dan 16 tekens ("xxxxxxxxxxxxxxxx…"). Er is niets geïmporteerd.'
    )
    assert list(store.all_matches()) == [] and store.known_players() == []


def test_an_import_with_a_long_team_name_is_refused(store, tmp_path):
    data = _export_with(tmp_path / "other", PLAYERS, ("The Falcons of Sanaa", ""))
    with pytest.raises(InvalidImport) as err:
        TableState(store, "en").archive.import_json(data)
    assert err.value.code == "import_name_too_long" and err.value.values["number"] == 1


def test_a_match_kept_with_a_long_name_still_opens(tmp_path, monkeypatch):
    """Kept before the cap (or by an older app): the evening still opens; only a new match is refused."""
    import scorekeeper.storage.editing as editing

    monkeypatch.setattr(editing, "check_new_names", lambda players, teams: None)
    with Store.open(tmp_path / "data") as store:
        TableState(store, "en").scoring.start(["Abdulrahman Al Yafei", *PLAYERS[1:]], ["", ""], 11)
    monkeypatch.undo()
    with Store.open(tmp_path / "data") as store:
        state = TableState(store, "en")
        assert state.scoring.match is not None and state.scoring.match.players[0] == "Abdulrahman Al Yafei"
        state.scoring.save_round(blocked(12, 30, 25, 18))  # the match plays on
        with pytest.raises(InvalidMatch):
            state.scoring.rematch()


# --- imports off the event loop -------------------------------------------------------------


def _import_button(view: ft.View, label: str):
    found = []

    def walk(control) -> None:
        if isinstance(control, ft.OutlinedButton) and control.content == label:
            found.append(control)
        for name in ("content", "controls"):
            child = getattr(control, name, None)
            for part in child if isinstance(child, list) else [child]:
                if isinstance(part, ft.Control):
                    walk(part)

    for control in view.controls:
        walk(control)
    (button,) = found
    return button


def test_an_import_is_read_off_the_event_loop_while_another_phone_scores(store, tmp_path, monkeypatch):
    """While phone A's import is being read and checked, phone B saves a round on the same loop."""
    data = _export_with(tmp_path / "other", PLAYERS)
    importer, scorer = TableState(store, "en"), TableState(store, "en")
    scorer.scoring.start(["Ali", "Omar", "Saleh", "Nasser"], ["", ""], 11)
    notes: list[str] = []

    async def pick_json():
        return data

    shell = SimpleNamespace(
        open_state=importer,
        t=importer.prefs.t,
        page=Page(),
        files=SimpleNamespace(pick_json=pick_json),
        messages=SimpleNamespace(notify=lambda message, error=False: notes.append(message)),
        render=lambda: None,
    )
    button = _import_button(history.view(shell, "/history"), importer.prefs.t("history.import"))
    reading, others_served = threading.Event(), threading.Event()
    real = exchange.parse_json

    def parse(raw):
        reading.set()
        assert others_served.wait(10), "nothing else ran on the event loop while the import was read"
        return real(raw)

    monkeypatch.setattr(exchange, "parse_json", parse)

    async def table() -> None:
        task = asyncio.create_task(button.on_click(None))
        for _ in range(1000):  # the import starts and reaches its reading
            if reading.is_set() or task.done():
                break
            await asyncio.sleep(0.01)
        scorer.scoring.save_round(blocked(12, 30, 25, 18))  # phone B, served on the loop meanwhile
        others_served.set()
        await task

    run_alone(table)
    assert notes == ["Imported: 1 match. Already here: 0 matches."]
    assert len(list(store.all_matches())) == 2 and store.match(scorer.scoring.match.id).totals == (7, 0)
    assert button.disabled and button.content == importer.prefs.t("history.importing")  # busy while it ran


def test_a_second_import_while_one_runs_is_refused_in_the_users_language(store, tmp_path, monkeypatch):
    data = _export_with(tmp_path / "other", PLAYERS)
    first, second = TableState(store, "en"), TableState(store, "ar")
    inside, release = threading.Event(), threading.Event()
    real = exchange.parse_json

    def parse(raw):
        inside.set()
        release.wait(10)
        return real(raw)

    monkeypatch.setattr(exchange, "parse_json", parse)
    results: list[object] = []
    worker = threading.Thread(target=lambda: results.append(first.archive.import_json(data)))
    worker.start()
    assert inside.wait(10)
    with pytest.raises(TableError) as err:
        second.archive.import_json(data)
    release.set()
    worker.join(10)
    assert err.value.code == "import_busy"
    assert words.error(second, err.value) == "ما زال استيراد آخر جاريًا: أعد المحاولة بعد انتهائه. لم يُستورد شيء."
    assert len(results[0].added) == 1  # type: ignore[attr-defined]
    assert len(first.archive.import_json(data).skipped) == 1  # once the first is done, importing works again
