"""The phone itself at the table: its screen kept on during a match, a short tick on Save.

Flet's ``Wakelock`` and ``HapticFeedback`` services do the work on the device; a
browser or desktop without them answers with an error, which is dropped (neither is
worth a message at the table). Each can be turned off in Settings.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import flet as ft

from scorekeeper.core.settings import Settings


class Page(Protocol):
    web: bool

    def run_task(self, handler: Callable[..., Awaitable[Any]], *args: Any) -> Any: ...


def wants_awake(settings: Settings, match: Any) -> bool:
    """Whether the screen should stay on: a match being played, and the setting not turned off."""
    return settings.keep_awake and match is not None and not match.finished


class Device:
    """One session's wakelock and haptics; ``keep_awake`` sends only a change, never the same state twice."""

    def __init__(self, page: Page, wakelock: Any = None, haptics: Any = None) -> None:
        self.page = page
        self.wakelock = wakelock if wakelock is not None else ft.Wakelock()
        self.haptics = haptics if haptics is not None else ft.HapticFeedback()
        self.awake: bool | None = None  # what the device was last told (None: nothing yet)

    def keep_awake(self, wanted: bool) -> None:
        if wanted == self.awake:
            return
        self.awake = wanted
        self.page.run_task(self._call, self.wakelock.enable if wanted else self.wakelock.disable)

    def tick(self, settings: Settings) -> None:
        """A short tick where the device has one (after Save), unless turned off.

        Not in a browser: Flutter's haptics do nothing on the web, and the call would be one
        more message on the socket right after every Save.
        """
        if settings.haptics and not self.page.web:
            self.page.run_task(self._call, self.haptics.light_impact)

    @staticmethod
    async def _call(method: Callable[[], Awaitable[Any]]) -> None:
        with contextlib.suppress(Exception):  # no such service here (a desktop browser): nothing to do
            await method()
