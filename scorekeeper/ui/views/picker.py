"""The tile picker: a dialog of the 28 tiles where one hand's tiles are tapped instead of typing its total.

The picked tiles live in the record form's draft (which refuses a tile held
by another hand); the picker shows who holds what and, once closed, hands
control back to the form to lay itself out again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.rules import team_of
from scorekeeper.core.tiles import DOUBLE_SIX, SET, Tile, hand_pips
from scorekeeper.session import phrases
from scorekeeper.session.entry import Draft
from scorekeeper.ui.domino import PickerTile
from scorekeeper.ui.theme import TOUCH
from scorekeeper.ui.widgets import error_text, show_error

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


class TilePicker:
    """One seat's picker over ``draft``; ``on_closed`` runs once, however the dialog closes."""

    def __init__(
        self, shell: Shell, draft: Draft, seat: int, on_closed: Callable[[], None], opened_with_double_six: bool = False
    ) -> None:
        self.shell = shell
        self.draft = draft
        self.seat = seat
        self.opened = opened_with_double_six  # then the 6-6 lies on the table: shown there, never picked
        self.on_closed = on_closed
        self.t = shell.open_state.prefs.t
        self.players = shell.open_state.scoring.current().players
        color = shell.look.palette.team[team_of(seat)]
        self.total = ft.Text("", size=18, weight=ft.FontWeight.BOLD, color=color)
        self.problem = error_text()
        self.cells = [PickerTile(tile, color, self.tap) for tile in SET]
        self.laid_out = False

    def tap(self, tile: Tile) -> None:
        try:
            self.draft.toggle_tile(self.seat, tile, self.opened)
            show_error(self.problem, None)
        except InvalidRound as err:
            show_error(self.problem, phrases.error_text(self.t, err, self.shell.open_state.scoring.match))
        self.draw()
        self.shell.page.update()

    def draw(self) -> None:
        hand = self.draft.tiles[self.seat] or []
        self.total.value = self.t("picker.total", count=len(hand), pips=hand_pips(hand))
        for cell in self.cells:
            if self.opened and cell.tile == DOUBLE_SIX:
                cell.show("table", note=self.t("picker.on_table", tile=str(cell.tile)))
                continue
            owner = self.draft.owner(cell.tile)
            state = "picked" if owner == self.seat else ("taken" if owner is not None else "free")
            cell.show(state, self.players[owner] if owner is not None and state == "taken" else None)

    def closed(self, e: object = None) -> None:
        # Lay the form out once, however the picker closed: Done lays it out
        # at once, and the dismissal that follows ~200 ms later must not
        # rebuild it again under a finger already reaching for the next button.
        if not self.laid_out:
            self.laid_out = True
            self.on_closed()

    def done(self, e: object) -> None:
        self.closed()
        self.shell.page.pop_dialog()

    def open(self) -> None:
        t = self.t
        grid = ft.Row(
            [*self.cells], wrap=True, spacing=4, run_spacing=6, rtl=False, alignment=ft.MainAxisAlignment.CENTER
        )
        self.draw()
        self.shell.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(t("picker.title", name=self.players[self.seat])),
                content=ft.Column(
                    [ft.Text(t("picker.help"), size=13), self.total, self.problem, grid],
                    tight=True,
                    scroll=ft.ScrollMode.AUTO,
                    width=320,  # six 49 px tiles a row: the whole dialog fits a 360 px phone
                ),
                actions=[ft.FilledButton(t("picker.done"), on_click=self.done, height=TOUCH)],
                scrollable=True,
                inset_padding=ft.Padding.all(8),
                content_padding=ft.Padding.all(12),
                on_dismiss=self.closed,
            )
        )
