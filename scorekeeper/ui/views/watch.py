"""The table board for viewers: a phone propped on the table or a TV, read from across the table.

Team names and totals in very large digits, progress to the target, the last
round in words, who starts next, tonight's matches. Nothing on it changes
data: a viewer session has no buttons, and the state object refuses its
writes anyway.

The board is built once per session and then updated in place: after each
save only the texts that changed travel to the phone, so ten boards follow a
save nearly as fast as the scorer's own screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.rules import TEAMS
from scorekeeper.session import phrases
from scorekeeper.session.phrases import won_line
from scorekeeper.session.reads import on_the_table
from scorekeeper.ui.theme import TEAM_COLORS

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell

ROUTE = "/watch"


class WatchBoard:
    """One viewer's board: its controls, kept, and ``show`` that fills them from the state."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.names: list[ft.Text] = []
        self.totals: list[ft.Text] = []
        self.bars: list[ft.ProgressBar] = []
        panels: list[ft.Control] = []
        for team in TEAMS:
            color = TEAM_COLORS[team]
            name = ft.Text(
                "",
                size=24,
                weight=ft.FontWeight.BOLD,
                color=color,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER,
            )
            total = ft.Text("", size=96, weight=ft.FontWeight.BOLD, color=color, text_align=ft.TextAlign.CENTER)
            bar = ft.ProgressBar(value=0, color=color, bar_height=10, border_radius=ft.BorderRadius.all(5))
            self.names.append(name)
            self.totals.append(total)
            self.bars.append(bar)
            panels.append(
                ft.Container(
                    ft.Column([name, total, bar], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=2),
                    padding=10,
                    border=ft.Border.all(3, color),
                    border_radius=ft.BorderRadius.all(18),
                    expand=True,
                )
            )
        self.scores = ft.Row(panels, spacing=12)
        self.target = ft.Text("", size=18, text_align=ft.TextAlign.CENTER)
        self.status = ft.Text("", size=20, text_align=ft.TextAlign.CENTER)
        self.last = ft.Text("", size=20, text_align=ft.TextAlign.CENTER)
        self.waiting = ft.Text("", size=28, text_align=ft.TextAlign.CENTER)
        self.tonight_title = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.tonight = ft.Column(spacing=6)
        self.shown_tonight: list[str] = []
        # What this phone must hear until it says it has (an old or revoked score link): on the board
        # itself, not a message that times out, in the table's language of the moment.
        self.notice_text = ft.Text("", size=18, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)
        self.dismiss = ft.TextButton("", on_click=self._dismissed)
        self.notice = ft.Container(
            ft.Row([ft.Icon(ft.Icons.LINK_OFF, color=ft.Colors.ON_ERROR_CONTAINER), self.notice_text, self.dismiss]),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            border_radius=ft.BorderRadius.all(12),
            padding=12,
            visible=False,
        )
        column = ft.Column(
            [
                self.notice,
                self.waiting,
                self.scores,
                self.target,
                self.status,
                self.last,
                self.tonight_title,
                self.tonight,
            ],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        board = ft.Container(
            column, padding=ft.Padding.symmetric(horizontal=16, vertical=16), col={"xs": 12, "md": 10, "lg": 8}
        )
        self.view = ft.View(
            route=ROUTE,
            scroll=ft.ScrollMode.AUTO,
            controls=[ft.ResponsiveRow([board], alignment=ft.MainAxisAlignment.CENTER)],
        )

    def show(self) -> ft.View:
        """Fill the board from the shared data as it is now; returns its (same) view."""
        state = self.shell.open_state
        t = state.prefs.t
        match = on_the_table(state.reads)
        self.notice.visible = self.shell.notice is not None
        if self.shell.notice is not None:
            self.notice_text.value = t(self.shell.notice)
            self.dismiss.content = t("watch.dismiss")
        self.waiting.value = t("watch.waiting")
        self.waiting.visible = match is None
        for control in (self.scores, self.target, self.status, self.last):
            control.visible = match is not None
        if match is not None:
            for i in range(2):
                name, total = t.team(match.team_names[i]), match.totals[i]
                self.names[i].value = name
                self.totals[i].value = t.num(total)
                self.totals[i].semantics_label = f"{name}: {t.num(total)}"
                self.bars[i].value = min(total / match.target, 1.0)
            self.target.value = t("board.target", target=match.target)
            if match.finished and match.winner is not None:
                self.status.value = t("winner.title", team=match.winner_name)
                self.status.color = TEAM_COLORS[match.winner]
                self.status.weight = ft.FontWeight.BOLD
            else:
                self.status.value = phrases.starter_text(t, match)
                self.status.color, self.status.weight = None, None
            n = len(match.rounds)
            self.last.value = (
                f"{t('board.round_n', n=t.num(n))} · {phrases.round_line(t, match, n - 1)}"
                if n
                else t("board.no_rounds")
            )
        lines = [
            won_line(t, m)
            for m in reversed(state.reads.tonight())
            if m.finished and (match is None or m.id != match.id)
        ]
        self.tonight_title.value = t("home.tonight")
        self.tonight_title.visible = bool(lines)
        if lines != self.shown_tonight:  # rebuilt only when a match was finished, deleted or imported
            self.shown_tonight = lines
            self.tonight.controls = [ft.Text(line, size=16) for line in lines]
        return self.view

    def _dismissed(self, e: ft.Event) -> None:
        self.shell.notice = None
        self.show()
        self.view.update()


def view(shell: Shell, route: str) -> ft.View:
    """The viewer's board, built on first use and updated in place afterwards."""
    board = shell.kept.table_board  # its own: a scorer demoted to a viewer still holds its scoreboard
    if board is None:
        board = shell.kept.table_board = WatchBoard(shell)
    return board.show()
