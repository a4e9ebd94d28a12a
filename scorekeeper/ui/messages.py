"""The short messages one session shows at the bottom of the screen, and the changes whose refusal becomes one.

A message belongs to the screen it was shown on: the navigator closes it when
the screen is left, so the one on display is kept here. A change a view asks
for (``attempt``) may be refused by the core or the store; the refusal is said
in the user's language, never raised into Flet, which would end the session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.session import phrases
from scorekeeper.session.state import TableState


class Messages:
    """One session's messages: the one on screen, ``notify`` for a new one, ``attempt`` for a change."""

    def __init__(self, page: Any, state: Callable[[], TableState | None]) -> None:
        self.page = page
        self.state = state  # the open data (None without a store), for a refusal in its language
        self.shown: ft.SnackBar | None = None  # the message on screen, closed when the screen changes

    def notify(self, message: str, *, error: bool = False) -> None:
        """A short message at the bottom of the screen."""
        self.shown = ft.SnackBar(
            ft.Text(message, color=ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_INVERSE_SURFACE),
            bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.INVERSE_SURFACE,
            duration=4000,
        )
        self.page.show_dialog(self.shown)

    def close(self) -> None:
        """The message about the screen being left goes with it."""
        if self.shown is not None and self.shown.open:
            self.shown.open = False
            self.shown.update()

    def attempt(self, action: Callable[[], object], on_error: Callable[[str], None] | None = None) -> bool:
        """Run a change; a refusal (bad input, storage trouble) is shown, never raised."""
        try:
            action()
        except ScorekeeperError as err:
            state = self.state()
            message = phrases.error_text(state.prefs.t, err, state.scoring.match) if state else str(err)
            if on_error:
                on_error(message)
            else:
                self.notify(message, error=True)
            self.page.update()
            return False
        return True
