"""How a session hears that another phone changed the table (one session at a time, none while away), and tells.

Flet starts every session's handler at once, each on its own task, and a
session's patch goes out from its own send task, queued behind all of them:
the first phone would wait for the fiftieth's redraw. Taking turns, and
letting the loop run between turns, sends each phone its patch as soon as it
is drawn. A session whose phone is away (asleep, its tab closed) draws
nothing, since nothing could be sent to it: it catches up when the phone is
back (Flet sends the phone its whole page, then says "connect").
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any

#: What a session tells the others (by pubsub) when it changed the table.
CHANGED = "changed"

#: Per event loop (one per server), the turn every session takes to redraw after a change.
_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


def _turn() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _TURNS.get(loop)
    if lock is None:
        lock = _TURNS[loop] = asyncio.Lock()
    return lock


def session_of(page: Any) -> Any:
    """A page's Flet session, None once it is gone (Flet raises then) or without a page."""
    try:
        return getattr(page, "session", None)
    except RuntimeError:  # "An attempt to fetch destroyed session."
        return None


class Hearing:
    """One session's ear: ``catch_up`` (re-read and redraw) in its turn, or when its phone is back; ``tell``."""

    def __init__(self, page: Any, catch_up: Callable[[], None], ready: Callable[[], bool]) -> None:
        self.page = page
        self.catch_up = catch_up
        self.ready = ready  # whether there is data to re-read (none if the store could not be opened)
        #: Another phone changed the data while this one was away: redraw when it is back.
        self.missed = False

    def tell(self) -> None:
        """This session changed the table: every other session hears it."""
        self.page.pubsub.send_others(CHANGED)

    @property
    def away(self) -> bool:
        """The phone's connection is gone, its session kept for its return."""
        session = session_of(self.page)
        return session is not None and session.connection is None

    async def heard(self, message: object) -> None:
        """A pubsub message: another phone changed the table (``CHANGED``)."""
        if message != CHANGED or not self.ready():
            return
        if self.away:
            self.missed = True
            return
        async with _turn():
            if self.away:  # it went while waiting for its turn
                self.missed = True
                return
            self.missed = False
            self.catch_up()
            await asyncio.sleep(0)  # this session's send task goes before the next session draws

    def connected(self, e: object) -> None:
        """The phone is back: show what other phones changed while it was away."""
        if self.missed and self.ready():
            self.missed = False
            self.catch_up()
