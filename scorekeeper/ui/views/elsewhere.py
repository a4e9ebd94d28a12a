"""What other phones change in the match while a record form is open: said at once, asked about on Save.

An edit whose round changed elsewhere is refused and the round shown as it is
now; a new round after rounds another phone saved meanwhile is saved after
them only if the scorer says so; the input on the form is never lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.session.scoring import NewRoundRef, revision_of
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.widgets import show_error

if TYPE_CHECKING:
    from scorekeeper.ui.views.record import RecordForm


class Elsewhere:
    """The form's notice of changes made elsewhere, and what its Save does about them."""

    def __init__(self, form: RecordForm) -> None:
        self.form = form
        self.text = ft.Text("", expand=True)
        self.notice = ft.Container(
            ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE), self.text]),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=ft.Padding.all(10),
            border_radius=8,
            visible=False,
        )

    def say(self, lines: list[str]) -> None:
        self.text.value = " ".join(lines)
        self.notice.visible = bool(lines)

    def heard(self) -> None:
        """Another phone changed the match while this form is open: say what at once; the input stays."""
        form = self.form
        self.say(form.state.scoring.changes_since(form.ref))
        if isinstance(form.ref, NewRoundRef):  # the live preview checks the round as the next one now
            form.refresh()  # (an edit's place may be gone: its Save says so)
        form.shell.page.update()

    def refused(self, message: str) -> None:
        """Bad input stays on the form; a round changed elsewhere is shown as it is now, with the reason;
        a new round after rounds other phones saved meanwhile is saved only if the scorer says so."""
        form = self.form
        match = form.state.scoring.match
        if match is None or revision_of(match) == form.ref.revision:
            # the live preview may already say it in red: then once is enough
            show_error(form.problem, None if message == form.preview.value else message)
            return
        if isinstance(form.ref, NewRoundRef):
            self.ask_to_save_after()
            return
        gone = form.state.scoring.round_index(form.ref.round_id) is None
        form.shell.nav.go("/match" if gone else f"/round/{form.ref.round_id}")
        form.shell.messages.notify(message, error=True)

    def ask_to_save_after(self) -> None:
        """Say which rounds other phones saved since the form opened; save this one after them only if asked."""
        form = self.form
        t, match, page = form.t, form.state.scoring.current(), form.shell.page
        lines = form.state.scoring.changes_since(form.ref)
        self.say(lines)
        if match.finished:  # their round ended the match: this one cannot follow it
            show_error(form.problem, " ".join([*lines, t("error.round_after_end")]))
            page.update()
            return
        asked = form.state.scoring.new_round_ref()  # the match as the question shows it: a later change asks again
        number = asked.number

        def save_after() -> None:
            form.ref, form.number = asked, number
            page.run_task(form.on_save, None)

        title, action = t("record.save_as_title", n=number), t("record.save_as", n=number)
        confirm(form.shell, title, "\n".join(lines), action, save_after, cancel=t("record.not_yet"), danger=False)
        page.update()
