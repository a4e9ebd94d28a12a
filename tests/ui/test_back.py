"""What the back button may drop without asking: the record form's idea of unsaved input.

The form is built without a page (Flet controls need none until shown) on a
real state object and a real store in a temp folder; the browser tests in
tests/e2e/test_phone.py press the back arrow itself.
"""

from types import SimpleNamespace

import pytest

from scorekeeper.core.tiles import Tile
from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from scorekeeper.ui import theme
from scorekeeper.ui.views.record import RecordForm


@pytest.fixture
def shell(tmp_path):
    store = Store.open(tmp_path / "data")
    state = TableState(store, "en-US")
    state.scoring.start(["Ahmed", "Salem", "Ghanim", "Yahya"], ["", ""], 11)
    yield SimpleNamespace(state=state, open_state=state, page=None, look=SimpleNamespace(palette=theme.LIGHT))
    store.close()


def test_an_untouched_new_round_goes_back_without_asking(shell):
    assert RecordForm(shell, None).unsaved() is False


@pytest.mark.parametrize(
    "change",
    [
        lambda d: setattr(d, "end", "redeal"),
        lambda d: d.pips.__setitem__(1, "23"),
        lambda d: d.toggle_tile(2, Tile(6, 6)),
    ],
    ids=["an end chosen", "pips typed", "a tile picked"],
)
def test_anything_entered_in_a_new_round_is_unsaved(shell, change):
    form = RecordForm(shell, None)
    change(form.draft)
    assert form.unsaved() is True


def test_editing_a_round_is_unsaved_only_once_it_differs(shell):
    shell.state.scoring.save_round(Draft("blocked", pips=["12", "30", "25", "18"]))
    form = RecordForm(shell, shell.state.scoring.match.entries[0].id)
    assert form.unsaved() is False
    form.draft.pips[3] = "19"
    assert form.unsaved() is True
    form.draft.pips[3] = "18"  # typed back as it was
    assert form.unsaved() is False


def test_a_saved_round_is_not_unsaved_input(shell):
    form = RecordForm(shell, None)
    form.draft.end = "redeal"
    shell.state.scoring.save_round(form.draft)
    assert form.unsaved() is False
