"""Shown when the data cannot be opened at all (e.g. already open in another window)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.widgets import screen

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    lines = shell.startup or [shell.t("error.write_failed")]
    warning = ft.Icon(ft.Icons.WARNING_AMBER, size=48, color=ft.Colors.ERROR)
    return screen(route, shell.t("app.title"), [warning, *[ft.Text(line, size=18) for line in lines]])
