"""The photo flow of one session: one photo read at a time, a second request told to wait in its language."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorekeeper.i18n import Translator
from scorekeeper.photo import screen
from tests.aio import run_alone
from tests.fakes import Page

PHOTO = (Path(__file__).parent / "fixtures" / "five-blank.jpg").read_bytes()


class Shell:
    """The session's side of the flow: its page, its file picker (answering with a photo) and its messages."""

    def __init__(self) -> None:
        self.page = Page()
        self.files = SimpleNamespace(pick_image=self.pick_image)
        self.messages = SimpleNamespace(notify=self.notify)
        self.notes: list[tuple[str, bool]] = []

    async def pick_image(self):
        return PHOTO

    def notify(self, message: str, *, error: bool = False) -> None:
        self.notes.append((message, error))


def _form(language: str):
    shell = Shell()
    return SimpleNamespace(shell=shell, t=Translator(language)), shell.notes


@pytest.mark.parametrize("language", ["en", "ar", "nl"])
def test_a_second_photo_while_one_is_read_is_told_to_wait_and_not_decoded(monkeypatch, language):
    form, notes = _form(language)
    started, release = threading.Event(), threading.Event()
    prepared: list[bytes] = []
    opened: list[int] = []

    def prepare(data):
        prepared.append(data)
        started.set()
        release.wait(10)
        return screen.read_tiles(data), None

    monkeypatch.setattr(screen, "_prepare", prepare)
    monkeypatch.setattr(
        screen, "PhotoDialog", lambda form, seat, reading, shown: SimpleNamespace(open=lambda: opened.append(seat))
    )

    async def both():
        first = asyncio.create_task(screen.count_from_photo(form, 0))
        for _ in range(1000):
            if started.is_set() or first.done():
                break
            await asyncio.sleep(0.01)
        assert started.is_set()
        await screen.count_from_photo(form, 1)  # the second tap, or the event sent again past the modal dialog
        assert len(prepared) == 1 and notes == [(form.t("photo.busy"), True)]
        release.set()
        await first

    run_alone(both)
    assert opened == [0] and len(prepared) == 1
    run_alone(lambda: screen.count_from_photo(form, 1))  # once the first is read, the next photo is read
    assert opened == [0, 1] and len(prepared) == 2


def test_two_sessions_each_read_their_own_photo(monkeypatch):
    (first, _), (second, notes) = _form("en"), _form("en")
    monkeypatch.setattr(screen, "PhotoDialog", lambda form, seat, reading, shown: SimpleNamespace(open=lambda: None))

    async def both():
        await asyncio.gather(screen.count_from_photo(first, 0), screen.count_from_photo(second, 0))

    run_alone(both)
    assert notes == []


def test_opencvs_lab_tables_are_built_while_the_user_picks_the_photo(monkeypatch):
    form, _ = _form("en")
    warmed = threading.Event()
    seen_while_picking: list[bool] = []

    async def pick_image():
        for _ in range(500):  # the user looks for the photo; the tables are built meanwhile
            if warmed.is_set():
                break
            await asyncio.sleep(0.01)
        seen_while_picking.append(warmed.is_set())
        return None  # and then cancels: nothing is read

    monkeypatch.setattr(screen, "warm_up", warmed.set)
    form.shell.files = SimpleNamespace(pick_image=pick_image)
    run_alone(lambda: screen.count_from_photo(form, 0))
    assert seen_while_picking == [True]
