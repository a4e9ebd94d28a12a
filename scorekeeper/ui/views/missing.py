"""A route that is not a screen of the app: say so, and offer the way home (the session goes on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.widgets import big_button, screen

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    t = shell.t
    controls = [
        ft.Icon(ft.Icons.SEARCH_OFF, size=64),
        ft.Text(t("missing.text"), size=20),
        big_button(t("missing.home"), lambda e: shell.nav.go("/"), icon=ft.Icons.HOME),
    ]
    return screen("/missing", t("missing.title"), controls)
