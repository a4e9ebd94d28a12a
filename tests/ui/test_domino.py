"""Tiles drawn as tiles: the picker's badge on a tile in another hand shows whose it is."""

from __future__ import annotations

from scorekeeper.core.tiles import Tile
from scorekeeper.ui.domino import picker_face
from tests.ui.controls import texts


def test_a_taken_tile_shows_the_initial_of_the_hand_it_is_in():
    # the badge's Text was once passed positionally to Semantics, whose first field is a tooltip: an empty pill
    assert texts(picker_face(Tile(6, 4), "taken", "#1565C0", 32, badge="S")) == ["S"]


def test_a_free_tile_has_no_badge():
    assert texts(picker_face(Tile(6, 4), "free", "#1565C0", 32)) == []
