"""The screens' small frictions at a real table, read from the built controls (no page, a real store).

A real ``Shell`` without a page: building a view only reads the state; what a tap
would send to the phone (``go``, a dialog, a file) is noted instead.
"""

from __future__ import annotations

import io
from types import SimpleNamespace

import flet as ft
import pytest
from PIL import Image

from scorekeeper.core.tiles import Tile
from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from scorekeeper.ui.chart import trimmed
from scorekeeper.ui.shell import Shell
from scorekeeper.ui.views import board, history, home, picker, record, settings, setup, statistics, watch, winner
from tests.aio import run_alone
from tests.ui.controls import buttons, texts, walk

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


@pytest.fixture
def shell(store):
    shell = Shell(None, store)  # no page: building views only reads the state
    shell.state = TableState(store, "en")
    shell.went = []
    shell.nav.go = shell.went.append
    shell.render = lambda: shell.went.append("render")
    shell.messages.notify = lambda message, error=False: shell.went.append(message)
    return shell


def won(shell, teams=("Lions", "Eagles")):
    """A match won by Lions 7 - 0 (target 5), left open as the winner screen leaves it."""
    state = shell.open_state
    state.scoring.start(PLAYERS, list(teams), 5)
    state.scoring.save_round(Draft("blocked", pips=["12", "30", "25", "18"]))
    assert state.scoring.current().finished
    return state.scoring.current()


def everything(view: ft.View) -> list:
    return walk(view) + (walk(view.appbar) if view.appbar else [])


def test_home_offers_a_rematch_of_the_match_just_won(shell):
    old = won(shell)
    shell.open_state.scoring.close()  # the winner screen's Done
    shown = buttons(home.view(shell, "/"))
    rematch = shown["Rematch: Lions – Eagles"]
    assert isinstance(rematch, ft.FilledButton) and isinstance(shown["New match"], ft.OutlinedButton)
    rematch.on_click(None)
    new = shell.open_state.scoring.current()
    assert shell.went == ["/match"]
    assert (new.id != old.id, new.players, new.team_names, new.target) == (True, old.players, old.team_names, 5)
    assert not new.rounds
    assert "Rematch: Lions – Eagles" not in buttons(home.view(shell, "/"))  # a match in progress: Resume instead


def test_the_winner_screen_takes_back_the_winning_round(shell, monkeypatch):
    won(shell)
    asked = []
    monkeypatch.setattr(board, "confirm", lambda shell, title, body, action, yes: asked.append(body) or yes())
    buttons(winner.view(shell, "/winner"))["Undo last round"].on_click(None)
    assert asked == ["Take back round 1? Blocked · lowest: Ahmed · 12 / 30 / 25 / 18 · Lions +7"]
    assert not shell.open_state.scoring.current().finished and not shell.open_state.scoring.current().rounds
    assert shell.went == ["/match", "Round 1 removed."]  # back to the scoreboard: the match goes on


def test_the_winner_screen_shares_the_result_as_text(shell):
    won(shell)
    saved = []

    async def save_file(name, data):
        saved.append((name, data.decode()))

    shell.files.save = save_file
    desktop = buttons(winner.view(shell, "/winner"))
    assert "Share" not in desktop  # a desktop has no share sheet: copy or download
    run_alone(lambda: desktop["Download"].on_click(None))
    ((name, text),) = saved
    assert name.endswith(".txt") and text.splitlines()[:3] == [
        "Winner: Lions!",
        "Lions 7\u00a0–\u2060\u00a00 Eagles",
        "Lions: Ahmed, Ghanim · Eagles: Salem, Yahya",
    ]
    assert "Copy" in desktop
    shell.files.page = SimpleNamespace(platform=ft.PagePlatform.ANDROID)
    phone = buttons(winner.view(shell, "/winner"))
    assert "Share" in phone and "Copy" not in phone and "Download" not in phone


def test_a_new_match_keeps_the_last_team_names(shell):
    won(shell, ("Lions", ""))
    fields = [c for c in walk(setup.view(shell, "/new")) if isinstance(c, ft.TextField)]
    seats = {f.label: f.value for f in fields if isinstance(f.label, str) and f.label.startswith("Player")}
    assert [seats[f"Player {n}"] for n in range(1, 5)] == PLAYERS
    teams = [f.value for f in fields if isinstance(f.label, ft.Text)]
    assert teams == ["Lions", "Team B"]  # a default name in the language of the moment


def test_statistics_are_cards_that_wrap_and_say_what_they_count(shell):
    won(shell)
    shell.open_state.scoring.start(PLAYERS, ["", ""], 11)  # a match still being played
    view = statistics.view(shell, "/stats")
    parts = walk(view)
    assert not any(isinstance(c, ft.DataTable) for c in parts)  # a table seven columns wide needed two phones
    labels = [c.label for c in parts if isinstance(c, ft.Semantics) and c.label]
    assert "Finished matches: 1" in labels and "Matches won: 1" in labels and "Rounds won: 1" in labels
    assert texts(view.controls[0])[0] == "2 matches · 1 round · 0 ties · 0 redeals"
    rows = [c for c in parts if isinstance(c, ft.Row) and any(isinstance(x, ft.Semantics) for x in c.controls)]
    assert rows and all(r.wrap for r in rows)


def test_the_evening_list_says_what_its_numbers_count(shell):
    won(shell)
    lines = [str(c.value) for c in walk(history.view(shell, "/history")) if isinstance(c, ft.Text)]
    assert any(line.endswith("Lions: 1 win") for line in lines), lines


def test_the_start_hint_is_said_once_on_each_board(shell):
    shell.open_state.scoring.start(PLAYERS, ["", ""], 11)
    scoreboard = board.view(shell, "/match")
    shown = texts(scoreboard.controls[0])
    assert sum("double-six" in line for line in shown) == 1, shown
    table = watch.WatchBoard(shell).show()
    shown = texts(table.controls[0])
    assert sum("double-six" in line for line in shown) == 1, shown


def test_the_picker_lays_the_double_six_on_the_table_in_a_round_it_opened(shell):
    shell.open_state.scoring.start(PLAYERS, ["", ""], 11)
    draft = Draft("blocked")
    tiles = picker.TilePicker(shell, draft, 0, lambda: None, opened_with_double_six=True)
    shell.page = SimpleNamespace(update=lambda: None)
    tiles.draw()
    double = next(c for c in tiles.cells if c.tile == Tile(6, 6))
    assert double.label == "6-6, on the table: this round opened with it" and not double.button
    double.box.on_click(None)
    assert draft.tiles[0] is None  # nothing picked, and no complaint after Done either
    other = next(c for c in tiles.cells if c.tile == Tile(6, 5))
    other.box.on_click(None)
    assert draft.tiles[0] == [Tile(6, 5)] and other.button


def test_picker_tiles_are_a_thumb_wide_and_six_fit_the_dialog(shell):
    shell.open_state.scoring.start(PLAYERS, ["", ""], 11)
    tiles = picker.TilePicker(shell, Draft("blocked"), 0, lambda: None)
    widths = {cell.box.width for cell in tiles.cells}
    assert min(widths) >= 48
    assert 6 * min(widths) + 5 * 4 <= 320  # the dialog's content width on a 360 px phone


def test_the_picked_tiles_under_a_count_are_named(shell):
    shell.open_state.scoring.start(PLAYERS, ["", ""], 11)
    form = record.RecordForm(shell, None)
    form.draft.end = "blocked"
    form.draft.tiles[1] = [Tile(6, 4), Tile(5, 5)]
    form.lay_out()
    labels = [c.label for c in walk(form.choices) if isinstance(c, ft.Semantics)]
    assert "Tiles of Salem: 6-4, 5-5" in labels


def test_no_tooltip_takes_a_tap(shell):
    """A tooltip that dismisses on a tap takes the tap itself: one lingering over Back ate its click."""
    shell.open_state.scoring.start(PLAYERS, ["", ""], 11)
    shell.open_state.scoring.save_round(Draft("blocked", pips=["12", "30", "25", "18"]))
    views = [home.view(shell, "/"), board.view(shell, "/match"), record.view(shell, "/record", None)]
    tips = [c.tooltip for v in views for c in everything(v) if getattr(c, "tooltip", None) is not None]
    assert len(tips) >= 3
    for tip in tips:
        assert isinstance(tip, ft.Tooltip), tip
        assert tip.tap_to_dismiss is False and tip.exit_duration == 0, tip


def test_the_screen_and_the_tick_can_be_turned_off_in_settings(shell):
    switches = {c.label: c for c in walk(settings.view(shell, "/settings")) if isinstance(c, ft.Switch)}
    awake, tick = switches["Keep the screen on during a match"], switches["A short tick on Save"]
    assert awake.value is True and tick.value is True
    awake.value = False
    awake.on_change(SimpleNamespace(control=awake))
    assert shell.open_state.reads.settings().keep_awake is False and shell.open_state.reads.settings().haptics is True
    assert shell.went == ["render"]  # the wakelock follows at once


def test_a_captured_chart_is_cut_to_what_was_drawn():
    """The browser hands back a page-sized capture, the chart in a corner: a chat showed it mostly empty."""
    page = Image.new("RGBA", (1280, 800), (0, 0, 0, 0))
    page.paste((250, 250, 240, 255), (0, 0, 600, 300))
    out = io.BytesIO()
    page.save(out, format="PNG")
    with Image.open(io.BytesIO(trimmed(out.getvalue()))) as picture:
        assert picture.size == (600, 300)
