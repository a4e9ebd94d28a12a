"""Shown when the data cannot be opened at all (e.g. already open in another window)."""

from __future__ import annotations

import flet as ft

from scorekeeper.ui.widgets import page_column


def view(shell, route: str) -> ft.View:
    lines = shell.startup or [shell.t("error.write_failed")]
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(shell.t("app.title"))),
        controls=[
            page_column(
                [
                    ft.Icon(ft.Icons.WARNING_AMBER, size=48, color=ft.Colors.ERROR),
                    *[ft.Text(line, size=18) for line in lines],
                ]
            )
        ],
    )
