"""Setting a read tile's halves by its label: the controls, and the Correction they change."""

from pathlib import Path

import flet as ft

from scorekeeper.i18n import Translator
from scorekeeper.photo import read_tiles
from scorekeeper.photo.edit import Correction
from scorekeeper.photo.halves_screen import HalvesChooser

PHOTO = Path(__file__).resolve().parents[1] / "photo" / "fixtures" / "one-four-blue-gold.jpg"


def _chooser(language: str = "en", digits: str = "latin") -> tuple[HalvesChooser, Correction, list[int]]:
    fixing = Correction(read_tiles(PHOTO.read_bytes()))
    changes: list[int] = []
    chooser = HalvesChooser(fixing, Translator(language, digits), lambda: changes.append(fixing.total))
    return chooser, fixing, changes


def _number_rows(chooser: HalvesChooser) -> list[list[ft.Control]]:
    return [row.controls[1:] for row in chooser.view.controls[1:]]


def test_each_tile_has_a_button_with_its_label_and_nothing_open():
    chooser, fixing, _ = _chooser()
    (row,) = chooser.view.controls
    assert [b.content for b in row.controls] == [tile.label for tile in fixing.tiles] == ["1-4"]
    assert row.controls[0].tooltip == "Set the halves of tile 1"


def test_tapping_a_label_opens_0_to_6_for_each_half_with_the_read_values_chosen():
    chooser, _, changes = _chooser()
    chooser.view.controls[0].controls[0].on_click(None)
    rows = _number_rows(chooser)
    assert [[b.content for b in row] for row in rows] == [[str(v) for v in range(7)]] * 2
    assert [[type(b) is ft.FilledButton for b in row].index(True) for row in rows] == [1, 4]
    assert changes == [5]
    chooser.view.controls[0].controls[0].on_click(None)  # tapped again: closed
    assert len(chooser.view.controls) == 1


def test_choosing_a_number_sets_that_half_and_the_total_follows():
    chooser, fixing, changes = _chooser()
    chooser.toggle(0)
    _number_rows(chooser)[1][6].on_click(None)  # the other half: 6, not 4
    assert fixing.pairs == [(1, 6)]
    assert fixing.total == 7
    assert changes == [5, 7]
    assert chooser.view.controls[0].controls[0].content == "1-6"
    _number_rows(chooser)[0][0].on_click(None)  # one half: blank
    assert fixing.pairs == [(0, 6)]
    assert [[type(b) is ft.FilledButton for b in row].index(True) for row in _number_rows(chooser)] == [0, 6]


def test_arabic_digits_on_the_buttons():
    chooser, _, _ = _chooser("ar", "arabic")
    chooser.toggle(0)
    assert chooser.view.controls[0].controls[0].content == "١-٤"
    assert [b.content for b in _number_rows(chooser)[0]][:3] == ["٠", "١", "٢"]
