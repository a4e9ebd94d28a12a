"""Who a connection is to the session code: its peer and route, fixed by the server, and the session's seat.

The guard makes a :class:`Connection` when the websocket opens, before any
await, and hands it to the session's code through a context variable: tasks
Flet starts for the connection inherit it, and no message can reach it. The
session then takes a :class:`Seat` (its page and whether it may write now).
A phone coming back after a sleep opens a new connection whose context knows
nothing yet, so its seat is found again by its Flet session id.
"""

from __future__ import annotations

import contextvars
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.ui.guard.rate import Bucket


@dataclass(eq=False)
class Seat:
    """One Flet session as the server sees it: its page and whether it may write now.

    Held by the session's shell; found again by Flet session id when the phone
    reconnects. ``may_write`` is asked at every message, so a revoked score
    link makes the phone a viewer for the guard too.
    """

    page: Any
    may_write: Callable[[], bool]

    @property
    def scorer(self) -> bool:
        return self.may_write()


#: Every seated session, by Flet session id: a reconnecting phone's new connection finds its seat here.
SEATS: weakref.WeakValueDictionary[str, Seat] = weakref.WeakValueDictionary()


@dataclass(eq=False)
class Connection:
    """One websocket: its peer address and registered route, fixed by the server, and its seat."""

    peer: str | None
    route: str | None = None
    seat: Seat | None = None
    registered: bool = False
    closed: str | None = None  # why the guard closed it
    answered: bool = False  # the server's first frame (its register answer) has gone out
    bucket: Bucket = field(default_factory=Bucket)  # the messages it may still send now


CURRENT: contextvars.ContextVar[Connection | None] = contextvars.ContextVar("scorekeeper_connection", default=None)


def current() -> Connection | None:
    """The connection the running session code serves (None outside the web server: desktop, tests)."""
    return CURRENT.get()


def take_seat(page: Any, may_write: Callable[[], bool]) -> Seat:
    """Seat a new session on its connection; the caller keeps the seat (the registry holds it weakly)."""
    seat = Seat(page, may_write)
    session_id = getattr(getattr(page, "session", None), "id", None)
    if session_id:
        SEATS[session_id] = seat
    connection = CURRENT.get()
    if connection is not None:
        connection.seat = seat
    return seat


def seat_of(session_id: str | None) -> Seat | None:
    """The seat of a Flet session that took one, if it is still held."""
    return SEATS.get(session_id) if session_id is not None else None
