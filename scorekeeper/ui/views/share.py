"""Share the table: QR codes for the watch link (a live board) and the score link (may record rounds).

The score link carries the secret that lets a phone score; revoking it draws
a new one, and phones that joined with the old link can only watch from then on.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import flet as ft
import segno

from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.widgets import big_button, screen, section

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def qr_png(text: str) -> bytes:
    """A QR code as PNG bytes, black on white with the quiet zone phones need to read it."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=6, border=3)
    return out.getvalue()


def view(shell: Shell, route: str) -> ft.View:
    t = shell.t
    table = shell.admission.table

    def link(title: str, help_key: str, url: str, label: str) -> list[ft.Control]:
        return [
            section(title),
            ft.Text(t(help_key), size=14),
            ft.Container(
                ft.Image(src=qr_png(url), width=220, height=220, semantics_label=label),
                alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.WHITE,
                padding=8,
            ),
            ft.Text(url, size=13, text_align=ft.TextAlign.CENTER),  # plain text: read aloud, unlike selectable text
        ]

    def revoke(e) -> None:
        def yes() -> None:
            if shell.admission.revoke_score_link():
                shell.render()
                shell.messages.notify(t("share.revoked"))

        confirm(shell, t("share.revoke"), t("share.confirm_revoke"), t("share.revoke"), yes)

    controls: list[ft.Control] = []
    if not table.networked:
        controls.append(ft.Text(t("share.local_only"), size=14, color=ft.Colors.ERROR))
    controls += link(t("share.watch"), "share.watch_help", table.watch_url(), t("share.watch_qr"))
    controls += link(t("share.score"), "share.score_help", table.score_url(), t("share.score_qr"))
    controls.append(big_button(t("share.revoke"), revoke, icon=ft.Icons.LINK_OFF, primary=False))
    controls.append(ft.Text(t("share.plain_http"), size=13))
    return screen(route, t("share.title"), controls)
