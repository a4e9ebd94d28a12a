"""Whether this session may change data, and the one way every change runs.

A viewer never writes; a phone that joined with a score link writes until the
link is revoked (``may_write`` is asked at every change, and replaced when the
phone that revoked the link keeps scoring on the new one). Every change of
every session runs under one process-wide lock and is then announced, so the
other sessions pick it up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from scorekeeper.core.errors import TableError

#: One store per process, so one lock: a check ("is round 3 still the round I opened?") and
#: the write it guards happen together, whichever session or thread sends them.
WRITE_LOCK = threading.RLock()
T = TypeVar("T")


def _always() -> bool:
    return True


def _nobody() -> None:
    return None


class WriteAccess:
    """One session's right to write, and ``run``, the door every one of its changes goes through."""

    def __init__(self, may_write: Callable[[], bool] | None = None, on_change: Callable[[], None] | None = None):
        self.may_write = may_write or _always
        self.on_change = on_change or _nobody

    def allowed(self) -> bool:
        """Whether this session may change data now."""
        return self.may_write()

    def check(self) -> None:
        """Refuse a viewer before any work is done (an import is refused before its file is parsed)."""
        if not self.may_write():
            raise TableError("viewer_read_only", "this session may only watch the table")

    def run(self, action: Callable[[], T]) -> T:
        """Run one change: refused for a viewer, serialised with every other session's, then announced."""
        self.check()
        with WRITE_LOCK:
            result = action()
        self.on_change()
        return result
