"""The kept scoreboard, changed in place: a save adds one row and formats one line, however long the log.

Driven without a page (the controls are plain objects until they are sent) on a real store.
"""

from types import SimpleNamespace

import pytest

from scorekeeper.ui import theme
from scorekeeper.ui.entry import Draft
from scorekeeper.ui.state import TableState
from scorekeeper.ui.views.board import Board

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def blocked(*pips):
    return Draft("blocked", pips=[str(p) for p in pips])


@pytest.fixture
def board(store):
    state = TableState(store, "en")
    state.start_match(PLAYERS, ["", ""], 1000)
    shell = SimpleNamespace(state=state, open_state=state, palette=theme.LIGHT, go=lambda route: None)
    board = Board(shell)
    shell.board = board
    return board


def shown(board):
    """The log's lines as on screen, newest first."""
    return [row.title.value for row in board.log.controls]


def expected(board):
    state = board.shell.state
    return [state.round_line(i) for i in reversed(range(len(state.match.rounds)))]


def test_a_save_adds_one_row_and_formats_one_line(board, monkeypatch):
    state = board.shell.state
    for k in range(6):
        state.save_round(blocked(12, 30, 25, 18) if k % 2 == 0 else blocked(30, 12, 25, 18))
        board.show()
    assert shown(board) == expected(board)
    kept = list(board.log.controls)
    formatted = []
    real = state.round_line
    monkeypatch.setattr(state, "round_line", lambda i, match=None: formatted.append(i) or real(i, match))
    state.save_round(blocked(12, 30, 25, 18))
    board.show()
    assert formatted == [6]  # the new round's line only, not the six already shown
    assert board.log.controls[1:] == kept and all(a is b for a, b in zip(board.log.controls[1:], kept, strict=True))
    assert shown(board) == expected(board)
    assert board.totals[0].value == "28" and board.totals[0].semantics_label == "Team A: 28"


def test_an_edited_round_gets_a_new_row_and_the_others_stay(board):
    state = board.shell.state
    for _ in range(3):
        state.save_round(blocked(12, 30, 25, 18))
        board.show()
    before = list(board.log.controls)
    state.save_round(blocked(30, 12, 25, 18), state.round_ref(0))  # round 1 re-entered: now team B's
    board.show()
    assert shown(board) == expected(board)
    assert shown(board)[-1] == "Blocked · lowest: Salem · 30 / 12 / 25 / 18 · Team B +7"
    assert board.log.controls[-1] is not before[-1]
    assert all(a is b for a, b in zip(board.log.controls[:-1], before[:-1], strict=True))


def test_undo_draws_the_log_again_and_rows_are_isolated(board):
    state = board.shell.state
    for _ in range(3):
        state.save_round(blocked(12, 30, 25, 18))
        board.show()
    state.undo_last(state.round_ref(2))
    board.show()
    assert shown(board) == expected(board) and len(shown(board)) == 2
    # rows never change once made, so a diff of the screen need not walk into them
    assert all(row.is_isolated() for row in board.log.controls)
    assert not board.log.is_isolated() and not board.view.is_isolated()
