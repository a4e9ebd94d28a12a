"""A confirmation before anything is deleted: the one dialog every delete goes through."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.theme import TOUCH

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def confirm(
    shell: Shell,
    title: str,
    body: str,
    action: str,
    on_yes: Callable[[], None],
    on_no: Callable[[], None] | None = None,
    cancel: str | None = None,
    *,
    danger: bool = True,
) -> None:
    """Ask first; ``on_yes`` (else ``on_no``) runs once the dialog has gone, so the screen it changes is on top.

    ``danger``: the action loses something (a delete), so its button is in the error colour.
    """
    page = shell.page
    chosen = [False]

    def yes(e) -> None:
        chosen[0] = True
        page.pop_dialog()

    def dismissed(e) -> None:
        if chosen[0]:
            chosen[0] = False
            on_yes()
            page.update()
        elif on_no is not None:
            on_no()

    page.show_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(title),
            content=ft.Text(body),
            actions=[
                ft.TextButton(cancel or shell.t("record.cancel"), on_click=lambda e: page.pop_dialog(), height=TOUCH),
                ft.FilledButton(
                    action,
                    on_click=yes,
                    bgcolor=ft.Colors.ERROR if danger else None,
                    color=ft.Colors.ON_ERROR if danger else None,
                    height=TOUCH,
                ),
            ],
            on_dismiss=dismissed,
        )
    )
