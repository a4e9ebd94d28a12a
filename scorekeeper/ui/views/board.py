"""Scoreboard: both totals large, progress to the target, who starts, the round log."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.theme import TEAM_COLORS
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.widgets import big_button, screen, section, team_panel

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.state
    t = state.t
    match = state.match
    totals = match.totals
    panels = []
    for i, team in enumerate("AB"):
        players = t("list_sep").join((match.players[i], match.players[i + 2]))
        name = match.team_names[i]
        panels.append(
            team_panel(
                team, name, players, t.num(totals[i]), min(totals[i] / match.target, 1.0), f"{name}: {t.num(totals[i])}"
            )
        )
    controls: list[ft.Control] = [
        ft.Row(panels, spacing=12),
        ft.Text(t("board.target", target=match.target), text_align=ft.TextAlign.CENTER, size=15),
    ]
    if match.finished:
        controls.append(
            big_button(
                t("winner.title", team=state.team_name(match.winner)),
                lambda e: shell.go("/winner"),
                icon=ft.Icons.EMOJI_EVENTS,
                color=TEAM_COLORS[match.winner],
            )
        )
    else:
        controls += [
            ft.Container(
                ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE), ft.Text(state.starter_text(), expand=True, size=15)]),
                padding=10,
                border_radius=ft.BorderRadius.all(10),
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
            ),
            big_button(t("board.record"), lambda e: shell.go("/record"), icon=ft.Icons.ADD),
        ]
        if match.rounds:
            controls.append(big_button(t("board.undo"), lambda e: _undo(shell), icon=ft.Icons.UNDO, primary=False))
    controls.append(section(t("board.rounds")))
    if not match.rounds:
        controls.append(ft.Text(t("board.no_rounds")))
    results = match.match.state.results
    for index in reversed(range(len(match.rounds))):
        team = results[index].team
        controls.append(
            ft.ListTile(
                leading=ft.CircleAvatar(
                    content=ft.Text(t.num(index + 1)),
                    bgcolor=TEAM_COLORS[team] if team else ft.Colors.OUTLINE,
                    color=ft.Colors.WHITE,
                ),
                title=ft.Text(state.round_line(index), size=15),
                trailing=ft.Icon(ft.Icons.EDIT),
                on_click=lambda e, rid=match.entries[index].id: shell.go(f"/round/{rid}"),
                tooltip=t("board.edit_round", n=t.num(index + 1)),
            )
        )
    rules = ft.IconButton(ft.Icons.MENU_BOOK, tooltip=t("home.rules"), on_click=lambda e: shell.go("/rules"))
    return screen(route, t("app.title"), controls, [rules])


def _undo(shell: Shell) -> None:
    """Take back the last round, after saying which one: a stray tap must not cost a round."""
    state, t = shell.state, shell.state.t
    last = len(state.match.rounds)
    ref = state.round_ref(last - 1)  # the round named in the question is the one taken back, or none

    def undo() -> None:
        if shell.attempt(lambda: state.undo_last(ref)):
            shell.render()
            shell.notify(t("board.undone", n=t.num(last)))
        else:
            shell.render()  # refused: show the match as it is now, under the reason

    confirm(
        shell,
        t("board.undo"),
        t("board.confirm_undo", n=t.num(last), line=state.round_line(last - 1)),
        t("board.undo_action"),
        undo,
    )
