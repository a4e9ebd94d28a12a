"""Home: the match in progress, a new match, tonight's finished matches."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.session.phrases import won_line
from scorekeeper.ui.theme import BAR_ICON
from scorekeeper.ui.widgets import big_button, icon_button, screen, section

if TYPE_CHECKING:
    from scorekeeper.core.records import MatchRecord
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    controls: list[ft.Control] = []
    current = (
        state.scoring.match if state.scoring.match and not state.scoring.match.finished else state.reads.current_match()
    )
    if current is not None:
        a, b = current.totals
        controls += [
            section(t("home.in_progress")),
            ft.Text(t("match.line", team_a=current.team_names[0], a=a, b=b, team_b=current.team_names[1]), size=22),
            big_button(t("home.resume"), lambda e, m=current.id: _open(shell, m), icon=ft.Icons.PLAY_ARROW),
        ]
    finished = [m for m in state.reads.tonight() if m.finished]
    again = finished[-1] if current is None and finished else None
    if again is not None:  # the same four again, straight from home after the last win
        rematch = t("home.rematch", team_a=again.team_names[0], team_b=again.team_names[1])
        controls.append(big_button(rematch, lambda e, m=again: _rematch(shell, m), icon=ft.Icons.REPLAY))
    controls.append(
        big_button(
            t("home.new_match"),
            lambda e: shell.nav.go("/new"),
            icon=ft.Icons.ADD,
            primary=current is None and not again,
        )
    )
    controls.append(section(t("home.tonight")))
    if not finished:
        controls.append(ft.Text(t("home.no_matches")))
    for match in reversed(finished):
        controls.append(
            ft.ListTile(
                leading=ft.Icon(ft.Icons.EMOJI_EVENTS, color=shell.look.palette.team[match.winner or "A"]),
                title=ft.Text(won_line(t, match)),
                subtitle=ft.Text(t.names(match.players)),
                on_click=lambda e, m=match.id: _open(shell, m),
            )
        )
    controls.append(
        big_button(t("home.history"), lambda e: shell.nav.go("/history"), icon=ft.Icons.HISTORY, primary=False)
    )
    actions: list[ft.Control] = [
        *(
            [icon_button(ft.Icons.QR_CODE_2, t("home.share"), lambda e: shell.nav.go("/share"), BAR_ICON)]
            if shell.admission.table.web
            else []
        ),
        # named buttons: a tooltip alone left them nameless to a screen reader
        icon_button(ft.Icons.MENU_BOOK, t("home.rules"), lambda e: shell.nav.go("/rules"), BAR_ICON),
        icon_button(ft.Icons.SETTINGS, t("home.settings"), lambda e: shell.nav.go("/settings"), BAR_ICON),
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


def _rematch(shell: Shell, match: MatchRecord) -> None:
    """A new match with the seats, team names and target of ``match`` (finished, so no longer open)."""
    state = shell.open_state
    if shell.messages.attempt(lambda: state.scoring.start(match.players, match.team_names, match.target)):
        shell.nav.go("/match")


def _open(shell: Shell, match_id: str) -> None:
    if shell.messages.attempt(lambda: shell.open_state.scoring.open(match_id)):
        shell.nav.go("/match")
