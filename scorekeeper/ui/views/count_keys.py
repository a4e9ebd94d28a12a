"""The keyboard's way through the record form's pips fields: one count after another, then Save.

One-handed at the table, a blocked round is Record, Blocked, and four counts
each ended by the action key: six taps besides the digits. A phone may take
the keyboard back to the count just ended (its field's blur and the next
field's focus race); ``Steer`` notices, and the move is asked for again until
it got there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.session.entry import Draft
from scorekeeper.session.steer import WAIT, WATCH, Move, Steer

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


class CountKeys:
    """The pips fields on screen by seat, the first empty one, and the moves of the keyboard between them."""

    def __init__(self, shell: Shell, draft: Draft, steer: Steer, save: Callable[[], Awaitable[None]]) -> None:
        self.shell = shell  # its page runs the moves (read when a move is made: a form is built before it is shown)
        self.draft = draft
        self.steer = steer  # the form's: it stops it too (a picker, Save, Cancel)
        self.save = save
        self.fields: dict[int, ft.TextField] = {}
        self.first: int | None = None  # the first empty count, which takes the keyboard as the counts appear

    def typed_seats(self) -> list[int]:
        """The pips fields that take typing (not those filled by picked tiles), in order on screen."""
        return [s for s in self.draft.seats_needed() if self.draft.tiles[s] is None]

    def laid_out(self) -> None:
        """The fields were built anew: the first empty count takes the keyboard at once."""
        self.steer.stop()
        typed = self.typed_seats()
        self.first = typed[0] if typed and self.draft.pips[typed[0]] == "" else None
        if self.first is not None:
            self.fields[self.first].autofocus = True

    def shown(self) -> None:
        """The new layout is on screen: its first empty count's autofocus is followed until the keyboard is there."""
        if self.first is not None:
            self.shell.page.run_task(self.follow, self.steer.start(self.first), False)

    async def on_submit(self, seat: int) -> None:
        """The keyboard's action key: on to the next count, and from the last one, save."""
        later = [s for s in self.typed_seats() if s > seat]
        if later:
            ft.context.disable_auto_update()  # only the keyboard moves: nothing on screen to diff
            self.shell.page.run_task(self.follow, self.steer.start(later[0], seat))
        else:
            self.steer.stop()
            await self.save()

    async def on_focus(self, seat: int) -> None:
        """A field took the keyboard: if the count just ended took it back, send it on again (see ``Steer``)."""
        move = self.steer.move
        if self.steer.focused(seat) and move is not None and move.target in self.fields:
            await self.fields[move.target].focus()

    async def follow(self, move: Move, ask: bool = True) -> None:
        """Ask for ``move`` (unless autofocus asked already), and again whenever it is overdue, for ``WATCH`` checks."""
        for _ in range(WATCH):
            field = self.fields.get(move.target)
            if field is None or move is not self.steer.move:
                return
            if ask:
                try:  # the call waits for the field to be built on the phone; a form gone meanwhile ends it
                    await asyncio.wait_for(field.focus(), timeout=10 * WAIT)
                except (RuntimeError, TimeoutError):
                    return
            await asyncio.sleep(WAIT)
            ask = self.steer.overdue(move)
