"""The house rules, in the user's language, one tap from the scoreboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.widgets import screen

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    t = shell.state.t
    body = []
    for block in t("rules.body").split("\n\n"):
        title, *lines = block.split("\n")
        body.append(ft.Text(title, size=18, weight=ft.FontWeight.BOLD))
        body.extend(ft.Text(line, size=16, selectable=True) for line in lines)
    return screen(route, t("rules.title"), body)
