"""Home: the match in progress, a new match, tonight's finished matches."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.theme import BAR_ICON
from scorekeeper.ui.widgets import big_button, icon_button, screen, section

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.t
    controls: list[ft.Control] = []
    current = state.match if state.match and not state.match.finished else state.in_progress()
    if current is not None:
        a, b = current.totals
        controls += [
            section(t("home.in_progress")),
            ft.Text(t("match.line", team_a=current.team_names[0], a=a, b=b, team_b=current.team_names[1]), size=22),
            big_button(t("home.resume"), lambda e, m=current.id: _open(shell, m), icon=ft.Icons.PLAY_ARROW),
        ]
    controls.append(
        big_button(t("home.new_match"), lambda e: shell.go("/new"), icon=ft.Icons.ADD, primary=current is None)
    )
    controls.append(section(t("home.tonight")))
    finished = [m for m in state.tonight() if m.finished]
    if not finished:
        controls.append(ft.Text(t("home.no_matches")))
    for match in reversed(finished):
        a, b = match.totals
        controls.append(
            ft.ListTile(
                leading=ft.Icon(ft.Icons.EMOJI_EVENTS, color=shell.palette.team[match.winner or "A"]),
                title=ft.Text(t("match.won_by", team=match.winner_name, a=a, b=b)),
                subtitle=ft.Text(t("list_sep").join(match.players)),
                on_click=lambda e, m=match.id: _open(shell, m),
            )
        )
    controls.append(big_button(t("home.history"), lambda e: shell.go("/history"), icon=ft.Icons.HISTORY, primary=False))
    actions: list[ft.Control] = [
        *(
            [icon_button(ft.Icons.QR_CODE_2, t("home.share"), lambda e: shell.go("/share"), BAR_ICON)]
            if shell.table.web
            else []
        ),
        # named buttons: a tooltip alone left them nameless to a screen reader
        icon_button(ft.Icons.MENU_BOOK, t("home.rules"), lambda e: shell.go("/rules"), BAR_ICON),
        icon_button(ft.Icons.SETTINGS, t("home.settings"), lambda e: shell.go("/settings"), BAR_ICON),
    ]
    home = screen(route, t("app.title"), controls, actions)
    # the app's whole name beside three icons on a 320 px phone: smaller, and on two lines if need be
    title = home.appbar.title if isinstance(home.appbar, ft.AppBar) else None
    if not isinstance(title, ft.Text):
        raise TypeError("widgets.screen gave home no Text title to shrink")
    title.size = 18
    title.max_lines = 2
    home.data = (t.language, t.digits)  # the shell rebuilds a hidden home only when these change
    return home


def _open(shell: Shell, match_id: str) -> None:
    if shell.attempt(lambda: shell.open_state.open_match(match_id)):
        shell.go("/match")
