"""Where one session is, and every way it moves: a tap, Back (phone, title bar, browser), a typed address.

A move away from a form holding input not saved yet asks first (``OnScreen``);
every other move shows the new screen at once and tells the browser, so its
back and forward keep working.

The browser answers each address it is told with a route change of its own,
a round trip later. By then the scorer may have tapped on: that answer
confirms an address, it is no move, or a quick second tap would be undone.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.on_screen import OnScreen

#: Asked before leaving a form with input: ``(leave, stay)``, one of which runs once the scorer chose.
AskToLeave = Callable[[Callable[[], None], Callable[[], None]], None]


class Navigator:
    """The route on screen and the moves between routes; ``render`` draws the route it settles on."""

    def __init__(
        self,
        page: ft.Page,
        on_screen: OnScreen,
        render: Callable[[], None],
        ask_to_leave: AskToLeave,
        leaving: Callable[[], None],
        parent: Callable[[str], str],
    ) -> None:
        self.page = page
        self.route = "/"
        self._on_screen = on_screen
        self._render = render
        self._ask_to_leave = ask_to_leave
        self._leaving = leaving  # the last screen's message goes with it
        self.parent = parent
        self._address: str | None = None  # what the browser's address bar says, as far as this session knows
        self._told: deque[str] = deque(maxlen=8)  # addresses told to the browser, its answer not back yet

    def listen(self) -> None:
        """Take the page's route changes and back gestures (once the session has started)."""
        self._address = self.page.route
        self.page.on_route_change = self._on_route_change
        self.page.on_view_pop = self._on_view_pop

    def go(self, route: str) -> None:
        """Show ``route`` now and tell the browser, so back/forward keep working.

        A message about the last screen ("Round 7 removed.") goes with it, rather than
        following onto the next one and covering its buttons.
        """
        self._leaving()
        self.route = route
        self._render()
        self.tell(route)

    def tell(self, route: str) -> None:
        """Move the browser's address to ``route`` (a history entry), without moving the screen."""
        if route == self._address:
            return  # no change, so no answer would come back
        self._address = route
        self._told.append(route)
        self.page.navigate(route)

    def back(self) -> None:
        """One screen back, at once (the form's own Cancel button: the scorer chose to drop the input)."""
        self.go(self.parent(self.route))

    def back_pressed(self, to: str | None = None, *, address_moved: bool = False) -> None:
        """The phone's back button, the title bar's arrow or the browser's Back: one screen back,
        but a form with input not saved yet asks first instead of dropping it."""
        self.leave_to(to or self.parent(self.route), address_moved=address_moved)

    def leave_to(self, to: str, *, address_moved: bool = False) -> None:
        """Go to ``to``; a form with input not saved yet asks first (a round's row tapped under an open form)."""
        if not self._on_screen.holds_input():
            self.go(to)
            return

        def leave() -> None:
            if address_moved:  # the address already says where to: show it, without a second history entry
                self.route = to
                self._render()
            else:
                self.go(to)

        def stay() -> None:
            if address_moved:  # the browser's Back already changed the address: put the form's back
                self.tell(self.route)

        self._ask_to_leave(leave, stay)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        route = (e.route or "/")[: routes.MAX_ROUTE + 1]  # longer is "not found" anyway
        if route in self._told:  # the browser confirming an address it was told, maybe after later taps
            while self._told.popleft() != route:
                pass
            return
        self._address = route
        if route == self.route:
            return
        if self._on_screen.holds_input():  # the browser's Back or Forward away from a form
            self.back_pressed(route, address_moved=True)
            return
        self.route = route
        self._render()

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.back_pressed()

    async def on_confirm_pop(self, e: ft.Event[ft.View]) -> None:
        """A form's view holds the back gesture (``can_pop=False``): Flutter asks here; this session decides.

        Only forms hold it: their view is never rebuilt while shown, so the
        question always reaches the view on screen (an event for a view just
        replaced would find no control and be lost).
        """
        with contextlib.suppress(Exception):  # unanswered, Flutter's wait times out and keeps the view: the same
            await e.control.confirm_pop(False)
        self.back_pressed()
