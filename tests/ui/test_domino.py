"""Tiles drawn as tiles: the picker's badge on a tile in another hand shows whose it is."""

from __future__ import annotations

import flet as ft

from scorekeeper.tiles import Tile
from scorekeeper.ui.domino import picker_face


def texts(control: ft.Control) -> list[str]:
    """Every Text value drawn inside ``control``, depth first."""
    found = [str(control.value)] if isinstance(control, ft.Text) else []
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for part in child if isinstance(child, list) else [child]:
            if isinstance(part, ft.Control):
                found += texts(part)
    return found


def test_a_taken_tile_shows_the_initial_of_the_hand_it_is_in():
    # the badge's Text was once passed positionally to Semantics, whose first field is a tooltip: an empty pill
    assert texts(picker_face(Tile(6, 4), "taken", "#1565C0", 32, badge="S")) == ["S"]


def test_a_free_tile_has_no_badge():
    assert texts(picker_face(Tile(6, 4), "free", "#1565C0", 32)) == []
