"""One browser session: the parts that serve it, rendering the route on screen, hearing other sessions.

The shell is composed of parts named for their jobs: ``nav`` (where the
session is and how it moves, ``navigator.py``), ``look`` (the page-wide
theme and language, ``look.py``), ``on_screen`` (what the screen on display
declares, ``on_screen.py``), ``kept`` (the screens kept and changed in
place, ``kept.py``), ``messages`` (the message on screen and the changes
whose refusal becomes one, ``messages.py``), ``files`` (the file picker
and the share sheet, ``files.py``), ``admission`` (how the session joined
the shared table, ``admission.py``) and ``hearing`` (other phones' changes,
``hearing.py``); the data is the session's ``TableState``. Views call the
part that does the job (``shell.messages.notify``, ``shell.files.save``),
so the shell relays nothing. Every screen but the kept ones is built
afresh from the state on each render, so nothing stale is drawn; why the
kept ones are kept is said by their views.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.settings import Settings
from scorekeeper.i18n import Translator, pick_language
from scorekeeper.session.insight import StatsCache
from scorekeeper.session.reads import on_the_table
from scorekeeper.session.state import TableState
from scorekeeper.session.table import Table
from scorekeeper.storage import Store
from scorekeeper.ui import guard, routes
from scorekeeper.ui.admission import Admission
from scorekeeper.ui.device import Device, wants_awake
from scorekeeper.ui.files import Files
from scorekeeper.ui.hearing import Hearing
from scorekeeper.ui.kept import Kept
from scorekeeper.ui.look import Look
from scorekeeper.ui.messages import Messages
from scorekeeper.ui.navigator import Navigator
from scorekeeper.ui.on_screen import OnScreen

if TYPE_CHECKING:
    from scorekeeper.ui.views.board import Board

log = logging.getLogger(__name__)


class Shell:
    """One page's session: its parts, and ``render``, which shows the route from the state."""

    def __init__(
        self,
        page: ft.Page,
        store: Store | None,
        startup: Callable[[Translator], list[str]] | None = None,
        insight: StatsCache | None = None,
        table: Table | None = None,
    ) -> None:
        self.page = page
        self.store = store
        self.insight = insight
        self.startup_for = startup or (lambda t: [])
        self.startup: list[str] = []
        self.state: TableState | None = None
        self.fallback_t = Translator()
        self.on_screen = OnScreen()
        self.kept = Kept()
        self.look = Look(page)
        self.messages = Messages(page, lambda: self.state)
        self.files = Files(page, self.messages, lambda: self.t)
        self.nav = Navigator(page, self.on_screen, self.render, self._ask_to_leave, self.messages.close, self._parent)
        self.hearing = Hearing(page, self._catch_up, lambda: self.state is not None)  # other phones' changes
        self.admission = Admission(table or Table(web=False), lambda: self.state, self.hearing.tell)
        # set once the page is there (``start``): its seat at the guard, the phone's own services
        self.seat: guard.Seat | None = None
        self.device: Device | None = None  # the screen kept on, the tick on Save
        self._on_message = self.hearing.heard  # what pubsub delivers: redrawn in turn, not while away

    async def start(self) -> None:
        page = self.page
        # The role, before any await: from the connection the guard saw (its peer address and the route
        # it registered with), never from page fields a client can patch (client_ip, route).
        connection = guard.current()
        peer, route = (connection.peer, connection.route) if connection else (None, page.route)
        access = self.admission.admit(peer, route)
        # the guard asks at every message; a revoked link (revoke_score_link) changes the state's answer
        self.seat = guard.take_seat(page, lambda: self.state.access.allowed() if self.state else access.may_write())
        language = None
        try:
            info = await page.get_device_info()
            language = getattr(info, "language", None)
        except Exception:  # device info is a nicety; never block the table on it
            log.debug("no device info", exc_info=True)
        if self.store is not None:
            self.state = TableState(self.store, language, on_change=self.hearing.tell, may_write=access.may_write)
        self.fallback_t = Translator(pick_language(language))
        self.startup = self.startup_for(self.t)
        if access.note and self.state is None:
            self.startup.append(self.t(access.note))
        self.files.start()
        self.device = Device(page)
        self.nav.listen()
        page.on_platform_brightness_change = lambda e: self.render()  # "system" theme: the device changed
        page.pubsub.subscribe(self._on_message)
        page.on_close = lambda: page.pubsub.unsubscribe()
        page.on_connect = self.hearing.connected
        self.nav.route = access.route if access.route not in ("", None) else "/"
        self.nav.tell(self.nav.route)  # a joining link leaves the address bar (and the secret with it)
        self.render()
        if self.state:  # without a store the trouble screen itself says it
            for message in self.startup:
                self.messages.notify(message, error=True)

    @property
    def viewer(self) -> bool:
        """A session that may only watch: it gets the table board and nothing that changes data."""
        return self.state is not None and not self.state.access.allowed()

    @property
    def open_state(self) -> TableState:
        """The open data, for a view: routes.view_for shows the trouble screen instead while there is none."""
        if self.state is None:
            raise RuntimeError("no data is open: only the trouble screen can be shown")
        return self.state

    @property
    def t(self) -> Translator:
        """The session's language: the settings' once the data is open, else the device's."""
        return self.state.prefs.t if self.state else self.fallback_t

    def _parent(self, route: str) -> str:
        return routes.parent(self, route)

    def _ask_to_leave(self, leave: Callable[[], None], stay: Callable[[], None]) -> None:
        from scorekeeper.ui.views.confirm import confirm  # views import the shell's helpers

        t = self.t
        confirm(self, t("leave.title"), t("leave.body"), t("leave.action"), leave, stay, t("leave.stay"))

    # --- rendering --------------------------------------------------------------

    def render(self) -> None:
        page = self.page
        t = self.t
        if self.device is not None and self.state is not None:  # the screen stays on while a match is played
            match = on_the_table(self.state.reads) if self.viewer else self.state.scoring.match
            self.device.keep_awake(wants_awake(self.state.reads.settings(), match))
        changed_look = self.look.apply(t, (self.state.reads.settings() if self.state else Settings()).theme)
        # Home lies under every screen, so Flutter shows a back arrow; back goes to the parent route.
        # Under another screen home is hidden: it is built fresh only when it is shown (or missing),
        # so a save re-sends just the scoreboard, not an invisible home screen as well.
        if self.viewer:  # one screen, updated in place (see views/watch.py)
            watching = self._build("/watch")
            if len(page.views) == 1 and page.views[0] is watching and not changed_look:
                if self.kept.table_board is None or self.kept.table_board.changed:  # the shared board sent itself
                    watching.update()
                return
            if len(page.views) != 1 or page.views[0] is not watching:
                page.views[:] = [watching]
            page.update()
            return
        route = self.nav.route
        if route == "/" or not page.views or page.views[0].route != "/" or self._stale_language():
            page.views[:] = [self._build("/")]
        self.on_screen.clear()  # a form view sets its hooks again while it is built
        top = [] if route == "/" else [self._build(route)]
        held = bool(top) and self.on_screen.unsaved is not None
        board = self.board_for_form() if top and top[0].route.startswith(("/record", "/round")) else None
        if board is not None:
            # The form covers the scoreboard in the scoreboard's own screen: Save or Cancel uncovers
            # it, changed in place, so what goes to the phone is the new total and row, not a new screen.
            board.cover(top[0])
            top = [board.view]
        if top:
            # Android's back button and the arrow would pop a form with input: hold it and ask (on_confirm_pop).
            # Set on the screen actually shown, every time: the board's screen holds a form only while covered.
            top[0].can_pop = not held
            top[0].on_confirm_pop = self.nav.on_confirm_pop if held else None
        if top and len(page.views) == 2 and page.views[1] is top[0] and not changed_look:
            top[0].update()  # the same screen, changed in place (the board after Save): diff just it
        else:
            page.views[1:] = top
            page.update()
        if board is not None:  # the form opened in the board starts at the top, wherever the log was scrolled
            page.run_task(board.to_form)

    def board_for_form(self) -> Board | None:
        """Build (or bring up to date) the scoreboard a record form covers; None if there is none to cover."""
        view = self._build("/match")
        board = self.kept.scoreboard
        return board if board is not None and view is board.view else None

    def _build(self, route: str) -> ft.View:
        """The view for ``route``; a screen that fails to build shows "not found", never ends the session."""
        from scorekeeper.ui.views import missing, watch  # views import the shell's helpers

        try:
            return watch.view(self, route) if self.viewer else routes.view_for(self, route)
        except Exception:
            log.exception("could not show %.200r", route)
            return missing.view(self, route)

    def _stale_language(self) -> bool:
        """Home was built in another language or direction (settings changed): build it again."""
        built = self.page.views[0].data if self.page.views else None
        return built != (self.t.language, self.t.digits)

    # --- other sessions -----------------------------------------------------------

    def _catch_up(self) -> None:
        """Re-read the shared data and show it, unless this phone is mid-entry (its form says what changed)."""
        self.open_state.hear()
        if self.admission.by_link and self.viewer and self.kept.table_board is None:  # its link was just revoked
            self.admission.notice = "share.link_revoked"
        if self.viewer or not self.nav.route.startswith(("/record", "/round", "/new", "/settings")):
            self.render()
        elif self.on_screen.heard is not None:  # a record form stays as typed, and says what changed
            self.on_screen.heard()
