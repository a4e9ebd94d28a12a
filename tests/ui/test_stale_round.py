"""Two scorer phones and a new round: a round saved meanwhile on the other phone is never followed unasked.

Phone A opens the record form for round N and fills it; phone B saves its own
round N; A's form says so at once, and A's Save asks before storing A's round
as round N+1. The state refuses a stale new round itself, whatever a screen
does. Driven on a real store, the form without a page.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

from scorekeeper.core.errors import ScorekeeperError, TableError
from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from scorekeeper.ui import theme
from scorekeeper.ui.kept import Kept
from scorekeeper.ui.shell import Shell
from scorekeeper.ui.views import record
from tests.ui import words

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def blocked(*pips):
    return Draft("blocked", pips=[str(p) for p in pips])


class Page:
    """What the form asks of the page: dialogs shown, tasks run (noted, and run on request)."""

    def __init__(self) -> None:
        self.dialogs: list = []
        self.tasks: list = []

    def show_dialog(self, dialog) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        dialog = self.dialogs.pop()
        if dialog.on_dismiss is not None:
            dialog.on_dismiss(None)

    def update(self) -> None:
        pass

    def run_task(self, handler, *args) -> None:
        self.tasks.append((handler, args))


def run(handler, *args) -> None:
    """Await a handler as Flet does, on a loop of its own (a browser test may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(handler(*args))).result()


def attempt(action, on_error=None):
    try:
        action()
    except ScorekeeperError as err:
        on_error(str(err))
        return False
    return True


def phone(store: Store, language: str = "en") -> SimpleNamespace:
    state = TableState(store, language)
    went: list[str] = []
    shell = SimpleNamespace(
        state=state,
        open_state=state,
        look=SimpleNamespace(palette=theme.LIGHT),
        page=Page(),
        kept=Kept(),
        device=None,  # no screen to keep on, no tick: a page without those services
        nav=SimpleNamespace(route="/record", go=went.append),
        messages=SimpleNamespace(attempt=attempt, notify=lambda message, error=False: None),
        went=went,
        t=state.prefs.t,
    )
    return shell


@pytest.fixture
def phones(store):
    a, b = phone(store), phone(store)
    a.state.scoring.start(PLAYERS, ["", ""], 101)
    for pips in ((12, 30, 25, 18), (30, 12, 25, 18)):
        a.state.scoring.save_round(blocked(*pips))
    b.state.hear()
    return a, b


def fill(form, *pips) -> None:
    form.draft.end = "blocked"
    form.draft.pips = [str(p) for p in pips]


def test_a_new_round_saved_meanwhile_is_asked_about_and_nothing_is_saved_until_confirmed(phones, store):
    a, b = phones
    form = record.RecordForm(a, None)  # phone A opens round 3 and fills it
    fill(form, 5, 6, 7, 8)
    b.state.scoring.save_round(blocked(12, 30, 25, 18))  # phone B saves its round 3: Team A +7
    run(form.on_save, None)
    assert len(store.match(a.state.scoring.match.id).entries) == 3  # B's round only: A's is not stored yet
    (question,) = a.page.dialogs
    assert question.title.value == "Save this round as round 4?"
    assert question.content.value == "Round 3 was just saved on another phone: Team A +7."
    assert [button.content for button in question.actions] == ["Not yet", "Save as round 4"]
    assert (
        form.elsewhere.notice.visible
        and form.elsewhere.text.value == "Round 3 was just saved on another phone: Team A +7."
    )
    question.actions[1].on_click(None)  # A confirms
    (task,) = a.page.tasks
    run(task[0], *task[1])
    stored = store.match(a.state.scoring.match.id)
    assert len(stored.entries) == 4 and stored.rounds[3].pips == (5, 6, 7, 8)
    assert stored.rounds[2].pips == (12, 30, 25, 18)  # B's round stays round 3
    assert a.went == ["/match"]


def test_not_yet_keeps_the_form_and_saves_nothing(phones, store):
    a, b = phones
    form = record.RecordForm(a, None)
    fill(form, 5, 6, 7, 8)
    b.state.scoring.save_round(blocked(12, 30, 25, 18))
    run(form.on_save, None)
    a.page.dialogs[0].actions[0].on_click(None)  # "Not yet"
    assert a.page.tasks == [] and a.went == [] and len(store.match(a.state.scoring.match.id).entries) == 3
    assert form.unsaved()  # the input is still there, not lost


def test_a_round_saved_while_the_question_is_open_asks_again(phones, store):
    a, b = phones
    form = record.RecordForm(a, None)
    fill(form, 5, 6, 7, 8)
    b.state.scoring.save_round(blocked(12, 30, 25, 18))
    run(form.on_save, None)
    b.state.scoring.save_round(blocked(30, 12, 25, 18))  # another one, while A reads the question
    a.page.dialogs[0].actions[1].on_click(None)
    (task,) = a.page.tasks
    run(task[0], *task[1])
    assert len(store.match(a.state.scoring.match.id).entries) == 4  # still not stored after B's second round
    assert a.page.dialogs[-1].title.value == "Save this round as round 5?"
    assert a.page.dialogs[-1].content.value == "Round 4 was just saved on another phone: Team B +7."


def test_the_state_refuses_a_stale_new_round_whatever_the_screen_does(phones, store):
    a, b = phones
    ref = a.state.scoring.new_round_ref()
    b.state.scoring.save_round(blocked(12, 30, 25, 18))
    with pytest.raises(TableError) as err:
        a.state.scoring.save_round(blocked(5, 6, 7, 8), ref)
    assert (err.value.code, err.value.values) == ("round_added", {"n": 3, "next": 4})
    assert words.error(a.state, err.value) == "Another phone saved a round meanwhile: this one was not saved."
    assert len(store.match(a.state.scoring.match.id).entries) == 3
    assert len(a.state.scoring.match.entries) == 3  # the session sees the match as it is now
    a.state.scoring.save_round(
        blocked(5, 6, 7, 8), a.state.scoring.new_round_ref()
    )  # asked and confirmed: saved after it
    assert len(store.match(a.state.scoring.match.id).entries) == 4


def test_an_open_form_says_at_once_what_another_phone_saved(phones):
    """The shell hears the other phone's change (pubsub) and tells the open form: the notice, input kept."""
    a, b = phones
    shell = Shell(a.page, None)
    shell.state, shell.nav.route = a.state, "/record"
    shell.admission.access = SimpleNamespace(by_link=False)  # this machine's own scorer
    a.kept.scoreboard = None
    form = record.RecordForm(a, None)
    shell.on_screen.heard = form.elsewhere.heard
    fill(form, 5, 6, 7, 8)
    assert not form.elsewhere.notice.visible
    b.state.scoring.save_round(blocked(12, 30, 25, 18))
    run(shell._on_message, "changed")  # what page.pubsub delivers to phone A
    assert form.elsewhere.notice.visible
    assert form.elsewhere.text.value == "Round 3 was just saved on another phone: Team A +7."
    assert form.draft.pips == ["5", "6", "7", "8"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda s: s.scoring.delete_round(s.scoring.round_ref(0)), ["The match was changed on another phone."]),
        (
            lambda s: s.scoring.save_round(blocked(5, 6, 7, 9), s.scoring.round_ref(1)),
            ["The match was changed on another phone."],
        ),
        (
            lambda s: (s.scoring.save_round(Draft("redeal")), s.scoring.save_round(blocked(30, 12, 25, 18))),
            [
                "Round 3 was just saved on another phone: no score.",
                "Round 4 was just saved on another phone: Team B +7.",
            ],
        ),
    ],
    ids=["deleted", "edited", "two_saved"],
)
def test_what_changed_is_said(phones, change, expected):
    a, b = phones
    ref = a.state.scoring.new_round_ref()
    change(b.state)
    a.state.hear()
    assert a.state.scoring.changes_since(ref) == expected


def test_when_the_other_phones_round_ended_the_match_nothing_is_asked(store):
    a, b = phone(store), phone(store)
    a.state.scoring.start(PLAYERS, ["", ""], 7)
    b.state.hear()
    form = record.RecordForm(a, None)
    fill(form, 5, 6, 7, 8)
    b.state.scoring.save_round(blocked(12, 30, 25, 18))  # Team A +7: the match is won
    run(form.on_save, None)
    assert a.page.dialogs == [] and len(store.match(a.state.scoring.match.id).entries) == 1
    assert form.problem.visible and form.problem.value == (
        "Round 1 was just saved on another phone: Team A +7. "
        "The match is over: no round can follow the one that reached the target."
    )


def test_in_arabic(phones, store):
    a, b = phones
    a.state.prefs.save(language="ar")
    a.t = a.state.prefs.t
    form = record.RecordForm(a, None)
    fill(form, 5, 6, 7, 8)
    b.state.scoring.save_round(blocked(12, 30, 25, 18))
    run(form.on_save, None)
    (question,) = a.page.dialogs
    assert question.title.value == "أتحفظ هذه الجولة جولةً رقم 4؟"
    assert question.content.value.startswith("سُجّلت الجولة 3 للتو على هاتف آخر: ")
