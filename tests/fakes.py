"""A page for the views' handlers without a browser: it keeps the dialogs shown, and updates nothing."""

from __future__ import annotations


class Page:
    def __init__(self) -> None:
        self.dialogs: list[object] = []

    def show_dialog(self, dialog) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()

    def update(self) -> None:
        pass
