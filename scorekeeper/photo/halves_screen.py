"""Set a read tile's halves outright: its label as a button, tapped, opens 0-6 for each half.

For what taps on the photo cannot fix well: a half washed out by glare, or a
pip the camera saw twice. The choice goes to ``Correction.set_halves``; the
dialog redraws from the Correction, so the total follows.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.i18n import Translator
from scorekeeper.photo.edit import MAX_HALF, Correction
from scorekeeper.ui.theme import TOUCH


class HalvesChooser:
    """One button per tile (its label); the open tile shows two rows of numbers, one per half."""

    def __init__(self, fixing: Correction, t: Translator, on_change: Callable[[], None]) -> None:
        self.fixing, self.t, self.on_change = fixing, t, on_change
        self.open_index: int | None = None
        self.view = ft.Column(spacing=4, tight=True)
        self.rebuild()

    def rebuild(self) -> None:
        """The controls for the Correction as it is now."""
        t = self.t
        buttons: list[ft.Control] = [
            ft.OutlinedButton(
                t.num(tile.label),
                tooltip=t("photo.set_tile", n=i + 1),
                on_click=lambda e, i=i: self.toggle(i),
                height=TOUCH,
            )
            for i, tile in enumerate(self.fixing.tiles)
        ]
        controls: list[ft.Control] = [ft.Row(buttons, wrap=True)] if buttons else []
        if self.open_index is not None:
            pair = self.fixing.tiles[self.open_index].pair
            for half, current in enumerate(pair):
                choices: list[ft.Control] = [ft.Text(t("photo.half_a" if half == 0 else "photo.half_b"), size=13)]
                for value in range(MAX_HALF + 1):
                    kind = ft.FilledButton if value == current else ft.OutlinedButton
                    choices.append(
                        kind(
                            t.num(value),
                            tooltip=t(f"photo.set_half_{'ab'[half]}", n=self.open_index + 1, pips=value),
                            on_click=lambda e, h=half, v=value: self.choose(h, v),
                            width=TOUCH,
                            height=TOUCH,
                        )
                    )
                controls.append(ft.Row(choices, wrap=True, spacing=4))
        self.view.controls = controls

    def toggle(self, index: int) -> None:
        """Open a tile's number rows, or close them when it is open already."""
        self.open_index = None if self.open_index == index else index
        self.rebuild()
        self.on_change()

    def choose(self, half: int, value: int) -> None:
        """Set one half of the open tile; the other keeps what it shows."""
        if self.open_index is None:
            return
        a, b = self.fixing.tiles[self.open_index].pair
        a, b = (value, b) if half == 0 else (a, value)
        self.fixing.set_halves(self.open_index, a, b)
        self.rebuild()
        self.on_change()
