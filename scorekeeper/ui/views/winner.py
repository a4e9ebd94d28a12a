"""The match is won: the winner, the final score, and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.session.phrases import match_text
from scorekeeper.ui.views.board import undo_last
from scorekeeper.ui.widgets import big_button, screen, share_row

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    match = state.scoring.current()
    a, b = match.totals
    winner = match.winner
    if winner is None:  # routes.view_for shows this screen only for a finished match
        raise LookupError("the winner screen needs a finished match")
    color = shell.look.palette.team[winner]

    def rematch(e) -> None:
        if shell.messages.attempt(state.scoring.rematch):
            shell.nav.go("/match")

    def done(e) -> None:
        state.scoring.close()
        shell.nav.go("/")

    def new(e) -> None:
        shell.nav.go("/new")

    controls = [
        ft.Icon(ft.Icons.EMOJI_EVENTS, size=96, color=color),
        ft.Text(
            t("winner.title", team=match.winner_name),
            size=30,
            weight=ft.FontWeight.BOLD,
            color=color,
            text_align=ft.TextAlign.CENTER,
        ),
        ft.Text(t("winner.final", a=a, b=b), size=24, text_align=ft.TextAlign.CENTER),
        ft.Text(
            t("match.line", team_a=match.team_names[0], a=a, b=b, team_b=match.team_names[1]),
            size=18,
            text_align=ft.TextAlign.CENTER,
        ),
        big_button(
            t("winner.rematch"), rematch, icon=ft.Icons.REPLAY, color=color, on_color=shell.look.palette.on_team
        ),
        big_button(t("winner.new_match"), new, icon=ft.Icons.ADD, primary=False),
        big_button(t("winner.done"), done, icon=ft.Icons.HOME, primary=False),
        share_row(shell, match_text(t, match), f"scorekeeper-{match.evening}-{match.id[:8]}.txt"),
        # the winning round mistyped: taken back here, after saying which, and the match goes on
        big_button(t("board.undo"), lambda e: undo_last(shell, "/match"), icon=ft.Icons.UNDO, primary=False),
    ]
    return screen(route, t("board.title"), controls)
