"""Giving the memory of expired sessions back to the system once Flet has swept them away.

A disconnected viewer's session is freed after ``guard.VIEWER_TIMEOUT`` by Flet's
sweep, which runs every 10 s. Its objects are then free, but a process keeps
its peak: glibc's malloc holds freed pages for reuse until ``malloc_trim`` asks
it to return them (Python's own small-object arenas go back only when wholly
empty, which no call can force). So once the sweep is past the last viewer
that left, the cycles are collected and glibc is asked to trim. On other C
libraries (macOS, musl) there is no ``malloc_trim`` and only the collection runs.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

#: Flet's sweep of expired sessions runs every 10 s: past the last one's expiry, and a little more.
SWEEP_S = 12.0
#: Under steady churn the trim is not put off for ever.
AT_MOST_EVERY_S = 60.0


def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):  # no glibc: nothing to trim
        return None


class Trimmer:
    """One pending trim per server: put off until every session released so far has been swept."""

    def __init__(self, trim: Callable[[int], int] | None = None) -> None:
        self.trim = trim if trim is not None else _malloc_trim()
        self.due = 0.0  # when the last released session will have been swept (monotonic clock)
        self.last = time.monotonic()
        self.pending: asyncio.TimerHandle | None = None
        self.runs = 0

    def released(self, timeout: float) -> None:
        """A session was released to expire after ``timeout`` seconds: trim once it is swept."""
        self.due = max(self.due, time.monotonic() + timeout + SWEEP_S)
        if self.pending is None:
            self._schedule()

    def _schedule(self) -> None:
        loop = asyncio.get_running_loop()
        self.pending = loop.call_at(loop.time() + max(0.0, self.due - time.monotonic()), self._fire)

    def _fire(self) -> None:
        self.pending = None
        now = time.monotonic()
        if now < self.due and now - self.last < AT_MOST_EVERY_S:  # more left since: wait for them too
            self._schedule()
            return
        self.last, self.runs = now, self.runs + 1
        gc.collect()
        if self.trim is not None:
            self.trim(0)
        log.debug("collected and trimmed after expired sessions")


TRIMMER = Trimmer()
