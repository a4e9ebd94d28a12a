"""Domino tiles drawn as tiles: two halves, pips where a real tile has them.

People recognise a tile by its pattern faster than by reading "6-4", so the
picker shows the set as it lies on the table.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.core.tiles import Tile

#: Pip positions on a 3x3 grid (column, row) per number, as on a real tile.
PATTERNS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}
IVORY = "#FBF7EC"
PIP = "#1B1B1B"


def half(number: int, size: float, pip_color: str = PIP) -> ft.Control:
    """One square half of a tile with ``number`` pips."""
    dot = size * 0.2
    step = (size - 3 * dot) / 4
    dots: list[ft.Control] = [
        ft.Container(
            width=dot,
            height=dot,
            bgcolor=pip_color,
            border_radius=ft.BorderRadius.all(dot / 2),
            left=step + col * (dot + step),
            top=step + row * (dot + step),
        )
        for col, row in PATTERNS[number]
    ]
    return ft.Stack(dots, width=size, height=size)


def tile_face(
    tile: Tile, size: float = 36, *, color: str = IVORY, border: str = "#5D5D5D", pip_color: str = PIP
) -> ft.Control:
    """A standing tile: high half on top, a dividing line, low half below."""
    return ft.Container(
        ft.Column(
            [
                half(tile.high, size, pip_color),
                ft.Container(height=1.5, width=size * 0.8, bgcolor=border),
                half(tile.low, size, pip_color),
            ],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        bgcolor=color,
        border=ft.Border.all(1.5, border),
        border_radius=ft.BorderRadius.all(size * 0.18),
        padding=ft.Padding.symmetric(vertical=2),
    )


#: A picker tile's width: at least Material's 48 px thumb target, six in a row (314 px) in the picker on a 360 px phone.
TILE_TARGET = 49


def picker_face(tile: Tile, state: str, accent: str, size: float, badge: str | None = None) -> ft.Control:
    """The look of a tile in the picker: free, picked (in this hand), taken (in another, with its initial)
    or on the table (the double-six a round opened with: faded, in no hand)."""
    if state == "table":
        return ft.Container(tile_face(tile, size, color="#D0D0D0", border="#9E9E9E", pip_color="#9E9E9E"), opacity=0.4)
    if state == "picked":
        face = tile_face(tile, size, color=accent, border=accent, pip_color="#FFFFFF")
    elif state == "taken":
        face = tile_face(tile, size, color="#D0D0D0", border="#9E9E9E", pip_color="#7A7A7A")
    else:
        face = tile_face(tile, size)
    if not badge:
        return face
    label = ft.Container(
        # the badge is drawn only: the tile's own label says whose it is
        ft.Semantics(
            content=ft.Text(badge, size=11, color="#FFFFFF", weight=ft.FontWeight.BOLD), exclude_semantics=True
        ),
        bgcolor="#616161",
        border_radius=ft.BorderRadius.all(8),
        padding=ft.Padding.symmetric(horizontal=4),
        right=0,
        bottom=0,
    )
    return ft.Stack([face, label])


class PickerTile(ft.Semantics):
    """A tappable tile, named for screen readers and tests ("6-4"), redrawn in place when its state changes."""

    def __init__(self, tile: Tile, accent: str, on_tap: Callable[[Tile], None], size: float = 40) -> None:
        self.tile, self.accent, self.size = tile, accent, size
        self.pick = on_tap  # not "on_tap": that is a Semantics event of its own
        self.box = ft.Container(
            padding=2,
            width=TILE_TARGET,
            alignment=ft.Alignment.CENTER,
            border_radius=ft.BorderRadius.all(8),
            on_click=lambda e: self.pick(tile) if self.button else None,
        )
        super().__init__(label=str(tile), button=True, container=True, content=self.box)
        self.show("free")

    def show(self, state: str, owner: str | None = None, note: str | None = None) -> None:
        """Redraw as free, picked, taken or on the table; a taken tile shows its holder's initial and
        says their name, a tile on the table says ``note`` and takes no tap."""
        self.selected = state == "picked"
        self.button = state != "table"
        self.label = note if state == "table" and note else (f"{self.tile}, {owner}" if owner else str(self.tile))
        self.box.content = picker_face(self.tile, state, self.accent, self.size, owner[:1] if owner else None)
