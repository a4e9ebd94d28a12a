"""The photo screen marks what the reader doubts: an unsure tile and an unread place, with a '?' and a note."""

from __future__ import annotations

from types import SimpleNamespace

import flet.canvas as cv

from scorekeeper.photo import FoundTile, PhotoReading
from scorekeeper.photo.screen import PhotoDialog
from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from scorekeeper.ui.theme import DARK


def _tile(x: float, a: int, b: int, confidence: float) -> FoundTile:
    """A tile at x with its pips marked (the screen's counts follow the marks)."""
    pips_a = tuple((x + 5.0 + 4 * i, 20.0) for i in range(a))
    pips_b = tuple((x + 5.0 + 4 * i, 55.0) for i in range(b))
    outline = ((x, 10.0), (x + 30, 10.0), (x + 30, 70.0), (x, 70.0))
    return FoundTile(a, b, outline, (x + 15, 40.0), pips_a, pips_b, confidence)


SURE = _tile(10, 1, 2, 0.9)
DOUBT = _tile(60, 3, 4, 0.2)
PLACE = ((120.0, 10.0), (150.0, 10.0), (150.0, 70.0), (120.0, 70.0))


def _dialog(tmp_path, reading: PhotoReading) -> PhotoDialog:
    store = Store.open(tmp_path / "data")
    state = TableState(store, "en-US")
    state.scoring.start(["Ahmed", "Salem", "Ghanim", "Yahya"], ["", ""], 11)
    form = SimpleNamespace(
        shell=SimpleNamespace(page=None, look=SimpleNamespace(palette=DARK)), t=state.prefs.t, state=state
    )
    dialog = PhotoDialog(form, 0, reading, None)
    dialog.chooser.rebuild = lambda: None  # the halves chooser is not under test here
    dialog.draw()
    return dialog


def _texts(dialog: PhotoDialog) -> list[str]:
    return [str(s.value) for s in dialog.canvas.shapes if isinstance(s, cv.Text)]


def test_an_unsure_tile_is_labelled_with_a_question_mark_and_the_note_shows(tmp_path):
    dialog = _dialog(tmp_path, PhotoReading(200, 100, found=(SURE, DOUBT)))
    assert "1-2" in _texts(dialog) and "3-4 ?" in _texts(dialog)
    assert dialog.check.visible
    assert dialog.labels.value == "1-2 · 3-4 ?"


def test_a_sure_reading_shows_no_note(tmp_path):
    dialog = _dialog(tmp_path, PhotoReading(200, 100, found=(SURE,)))
    assert not dialog.check.visible
    assert all("?" not in t for t in _texts(dialog))


def test_an_unread_place_is_outlined_and_noted(tmp_path):
    dialog = _dialog(tmp_path, PhotoReading(200, 100, found=(SURE,), unread=(PLACE,)))
    assert "?" in _texts(dialog)
    assert dialog.check.visible
