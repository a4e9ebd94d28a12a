"""The kept scoreboard, changed in place: a save adds one row and formats one line, however long the log.

Driven without a page (the controls are plain objects until they are sent) on a real store.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.session import phrases
from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from scorekeeper.ui import theme
from scorekeeper.ui.kept import Kept
from scorekeeper.ui.on_screen import OnScreen
from scorekeeper.ui.views import record
from scorekeeper.ui.views.board import Board
from scorekeeper.ui.widgets import column_of
from tests.aio import run_alone
from tests.security.wsclient import INVOKE_METHOD, PATCH_CONTROL, _walk
from tests.ui import words
from tests.ui.controls import texts
from tests.ui.sessions import scorer

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def blocked(*pips):
    return Draft("blocked", pips=[str(p) for p in pips])


@pytest.fixture
def board(store):
    state = TableState(store, "en")
    state.scoring.start(PLAYERS, ["", ""], 1000)
    shell = SimpleNamespace(
        state=state,
        open_state=state,
        look=SimpleNamespace(palette=theme.LIGHT),
        nav=SimpleNamespace(go=lambda route: None, route="/match"),
        on_screen=OnScreen(),
        kept=Kept(),
        device=None,
    )
    board = Board(shell)
    shell.kept.scoreboard = board
    return board


def shown(board):
    """The log's lines as on screen, newest first."""
    return [row.title.value for row in board.log.controls]


def expected(board):
    state = board.shell.state
    return [words.line(state, i) for i in reversed(range(len(state.scoring.match.rounds)))]


def test_a_save_adds_one_row_and_formats_one_line(board, monkeypatch):
    state = board.shell.state
    for k in range(6):
        state.scoring.save_round(blocked(12, 30, 25, 18) if k % 2 == 0 else blocked(30, 12, 25, 18))
        board.show()
    assert shown(board) == expected(board)
    kept = list(board.log.controls)
    formatted = []
    real = phrases.round_line
    monkeypatch.setattr(phrases, "round_line", lambda t, match, i: formatted.append(i) or real(t, match, i))
    state.scoring.save_round(blocked(12, 30, 25, 18))
    board.show()
    assert formatted == [6]  # the new round's line only, not the six already shown
    assert board.log.controls[1:] == kept and all(a is b for a, b in zip(board.log.controls[1:], kept, strict=True))
    assert shown(board) == expected(board)
    assert board.totals[0].value == "28" and board.totals[0].semantics_label == "Team A: 28"


def test_an_edited_round_gets_a_new_row_and_the_others_stay(board):
    state = board.shell.state
    for _ in range(3):
        state.scoring.save_round(blocked(12, 30, 25, 18))
        board.show()
    before = list(board.log.controls)
    state.scoring.save_round(blocked(30, 12, 25, 18), state.scoring.round_ref(0))  # round 1 re-entered: now team B's
    board.show()
    assert shown(board) == expected(board)
    assert shown(board)[-1] == "Blocked · lowest: Salem · 30 / 12 / 25 / 18 · Team B +7"
    assert board.log.controls[-1] is not before[-1]
    assert all(a is b for a, b in zip(board.log.controls[:-1], before[:-1], strict=True))


def test_undo_draws_the_log_again_and_rows_are_isolated(board):
    state = board.shell.state
    for _ in range(3):
        state.scoring.save_round(blocked(12, 30, 25, 18))
        board.show()
    state.scoring.undo_last(state.scoring.round_ref(2))
    board.show()
    assert shown(board) == expected(board) and len(shown(board)) == 2
    # rows never change once made, so a diff of the screen need not walk into them
    assert all(row.is_isolated() for row in board.log.controls)
    assert not board.log.is_isolated() and not board.view.is_isolated()


def form_on(board, route="/record"):
    """A record form built as its screen, opened inside the board as the shell does."""
    shell = board.shell
    shell.nav.route, shell.on_screen.unsaved = route, None
    form_view = record.view(shell, route, None)
    board.cover(form_view)
    return form_view


def test_the_form_opens_under_the_totals_and_the_board_stays_built(board):
    state = board.shell.state
    state.scoring.save_round(blocked(12, 30, 25, 18))
    board.show()
    column = column_of(board.view)
    before = list(column.controls)
    rows = list(board.log.controls)
    form_on(board)
    assert column.controls == before and all(a is b for a, b in zip(column.controls, before, strict=True))
    assert column.controls.index(board.form) == column.controls.index(board.panels) + 2  # under totals and target
    assert board.form.visible and board.covered == "/record" and not board.actions.visible
    # the totals in the title bar (Save stays in a phone's reach); the log stays as it was
    assert board.strip.visible and not board.panels.visible and not board.target.visible
    assert [s.value for s in board.scores] == ["7", "0"] and board.scores[0].semantics_label == "Team A: 7"
    assert board.log.visible and board.log.controls == rows
    assert "How did the round end?" in texts(board.form) and board.title.value == "Round 2"
    board.show()  # the form folds away; the actions come back
    assert not board.form.visible and board.form.content is None and board.covered is None
    assert board.actions.visible and board.panels.visible and board.target.visible and not board.strip.visible
    assert board.title.value == "Scoreboard"


def test_a_round_opened_from_low_in_the_log_shows_its_form_from_the_top(store):
    """The form opens in the board's own scrolling screen, which keeps its offset on the phone: tapped
    low in a long log, the form would start above the screen, its fields out of sight. Once the form is
    sent, the phone is told to scroll that screen to its top at once (no animation moves a tap)."""

    async def table():
        shell, _session, wire = scorer(store, PubSubHub(asyncio.get_running_loop()))
        shell.open_state.scoring.start(PLAYERS, ["", ""], 1000)
        for _ in range(8):
            shell.open_state.scoring.save_round(blocked(12, 30, 25, 18))
        shell.render()
        wire.clear()
        shell.nav.go(f"/round/{shell.open_state.scoring.match.entries[0].id}")  # round 1's row, at the bottom
        for _ in range(10):  # the tasks the move started take their turn
            await asyncio.sleep(0)
        return shell.kept.scoreboard, wire.messages()

    board, sent = run_alone(table)
    scrolls = [
        (n, body) for n, (action, body) in enumerate(sent) if action == INVOKE_METHOD and body["name"] == "scroll_to"
    ]
    assert [(body["control_id"], body["args"]["offset"], body["args"]["duration"]) for _, body in scrolls] == [
        (board.view._i, 0, 0)
    ]
    form = [n for n, (action, body) in enumerate(sent) if action == PATCH_CONTROL and "Round 1" in list(_walk(body))]
    assert form and form[0] < scrolls[0][0]  # the form is there before the screen moves to it


class Sent:
    """What a save sends to the phone, in order (the page itself is Flet's; here its calls are noted)."""

    def __init__(self, board):
        self.events = []
        board.strip.update = lambda: self.events.append(("scores", [t.value for t in board.scores]))
        board.panels.update = lambda: self.events.append(("panels", [t.value for t in board.totals]))
        board.shell.nav.go = lambda route: self.events.append(("go", route))


def run(handler) -> None:
    """Await an event handler as Flet does, on a loop of its own (a browser test may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(handler(None))).result()


def attempt(action, on_error=None):
    """The shell's attempt, without a page: a refusal goes to on_error."""
    try:
        action()
    except ScorekeeperError as err:
        on_error(str(err))
        return False
    return True


@pytest.fixture
def saving(board, monkeypatch):
    monkeypatch.setattr(record, "FOLD", 0.01)
    board.shell.messages = SimpleNamespace(attempt=attempt)
    return Sent(board)


def fill(form, *pips):
    form.draft.end = "blocked"
    form.draft.pips = [str(p) for p in pips]


def test_a_save_sends_the_new_totals_before_the_form_folds(board, saving):
    form_on(board)
    form = record.RecordForm(board.shell, None)
    fill(form, 12, 30, 25, 18)
    run(form.on_save)
    assert saving.events == [("scores", ["7", "0"]), ("go", "/match")]  # the title bar's totals, then the fold
    assert board.totals[0].semantics_label == board.scores[0].semantics_label == "Team A: 7"


def test_a_form_left_during_the_fold_stays_left(board, saving):
    form_on(board)
    form = record.RecordForm(board.shell, None)
    fill(form, 12, 30, 25, 18)
    real = board.strip.update

    def cancelled_meanwhile():
        real()
        board.shell.nav.route = "/match"  # Cancel or back tapped while the totals showed
        board.show()

    board.strip.update = cancelled_meanwhile
    run(form.on_save)
    assert saving.events == [("scores", ["7", "0"])]  # no second trip to the board on top of the first


def test_a_refused_save_sends_nothing(board, saving):
    form_on(board)
    form = record.RecordForm(board.shell, None)
    fill(form, 70, 1, 2, 3)
    form.problem.update = lambda: None
    run(form.on_save)
    assert saving.events == [] and board.covered == "/record" and board.scores[0].value == "0"
    assert form.problem.visible and "70" in form.problem.value
