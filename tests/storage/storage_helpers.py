"""Shared helpers for the storage tests: a fake clock and rounds."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from scorekeeper.core.match import Round

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
YEMEN = timezone(timedelta(hours=3))


class Clock:
    """A settable clock that ticks one second per call."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 3, 14, 20, 0, tzinfo=YEMEN)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now

    def set(self, *args: int) -> None:
        self.now = datetime(*args, tzinfo=YEMEN)


def dom(winner: int, *pips: int | None) -> Round:
    return Round("domino", tuple(pips), winner)


def block(*pips: int) -> Round:
    return Round("blocked", tuple(pips))


REDEAL = Round("redeal")
#: A round worth 3 points to team A.
A3 = dom(2, None, 23, 0, 14)
#: A round worth 7 points to team A (blocked).
A7 = block(12, 30, 25, 18)
