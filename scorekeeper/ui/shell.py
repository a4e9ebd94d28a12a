"""One browser session: routes to views, renders them from the state, hears other sessions.

Most views are built afresh from the state object on every navigation, so
nothing stale is drawn. Two are kept and changed in place instead, because
rebuilding them would cost a phone a frame that grows with the match: the
scoreboard while its match is open (``views/board.py``: the record form opens
inside it) and a viewer's table board (``views/watch.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.settings import Settings
from scorekeeper.i18n import LANGUAGES, Translator, pick_language
from scorekeeper.session.insight import StatsCache
from scorekeeper.session.state import TableState
from scorekeeper.session.table import Table
from scorekeeper.storage import Store
from scorekeeper.ui import guard, routes, theme
from scorekeeper.ui.device import Device, wants_awake

if TYPE_CHECKING:
    from scorekeeper.ui.views.board import Board
    from scorekeeper.ui.views.watch import WatchBoard

log = logging.getLogger(__name__)

CHANGED = "changed"

#: Per event loop (one per server), the turn every session takes to redraw after a change: see ``_on_message``.
_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()


_LOCALES: dict[str, ft.LocaleConfiguration] = {}


def _locales(language: str) -> ft.LocaleConfiguration:
    """The page's locales for ``language``: one value per language for every session (it never changes)."""
    found = _LOCALES.get(language)
    if found is None:
        found = _LOCALES[language] = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(language)
        )
    return found


def _turn() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _TURNS.get(loop)
    if lock is None:
        lock = _TURNS[loop] = asyncio.Lock()
    return lock


class Shell:
    """Routing, rendering and messages for one page; the state object does the work."""

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
        self.table = table or Table(web=False)
        self.startup_for = startup or (lambda t: [])
        self.startup: list[str] = []
        self.route = "/"
        self.state: TableState | None = None
        self.fallback_t = Translator()
        self._look: tuple[str, str, bool] | None = None  # theme, language and darkness last applied to the page
        self.palette = theme.LIGHT  # the colours views draw with, for the brightness on screen
        self._snack: ft.SnackBar | None = None  # the message on screen, closed when the screen changes
        self.board: Board | None = None  # the open match's scoreboard, kept and changed in place
        self.watch_board: WatchBoard | None = None  # a viewer's table board, its own: a demoted scorer has both
        #: What the viewer's board tells this phone until it is dismissed (an i18n key): an old score link.
        self.notice: str | None = None
        #: Set by a form while it is on screen: does it hold input not saved yet?
        self.unsaved: Callable[[], bool] | None = None
        #: Set by a record form while it is on screen: told when another phone changed the match.
        self.heard: Callable[[], None] | None = None
        self.device: Device | None = None  # the screen kept on, the tick on Save (set once the page is there)
        self.sharing: ft.Share | None = None  # the phone's share sheet, for a picture (text goes by ShareText)
        #: Another phone changed the data while this one was away (asleep, its tab closed): redraw when it is back.
        self.missed = False

    async def start(self) -> None:
        page = self.page
        # The role, before any await: from the connection the guard saw (its peer address and the route
        # it registered with), never from page fields a client can patch (client_ip, route).
        connection = guard.current()
        peer, route = (connection.peer, connection.route) if connection else (None, page.route)
        self.access = access = self.table.admit(peer, route)
        self.notice = access.note
        # the guard asks at every message; a revoked link (revoke_score_link) changes the state's answer
        self.seat = guard.take_seat(page, lambda: self.state.can_write if self.state else access.may_write())
        language = None
        try:
            info = await page.get_device_info()
            language = getattr(info, "language", None)
        except Exception:  # device info is a nicety; never block the table on it
            log.debug("no device info", exc_info=True)
        if self.store is not None:
            self.state = TableState(self.store, language, on_change=self._broadcast, may_write=access.may_write)
        self.fallback_t = Translator(pick_language(language))
        self.startup = self.startup_for(self.t)
        if access.note and self.state is None:
            self.startup.append(self.t(access.note))
        self.files = ft.FilePicker()  # a page service: kept referenced here for the session's life
        self.device = Device(page)
        self.sharing = ft.Share()
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.on_platform_brightness_change = lambda e: self.render()  # "system" theme: the device changed
        page.pubsub.subscribe(self._on_message)
        page.on_close = lambda: page.pubsub.unsubscribe()
        page.on_connect = self._on_connect
        self.route = access.route if access.route not in ("", None) else "/"
        if self.route != page.route:  # a joining link leaves the address bar (and the secret with it)
            page.navigate(self.route)
        self.render()
        if self.state:  # without a store the trouble screen itself says it
            for message in self.startup:
                self.notify(message, error=True)

    @property
    def viewer(self) -> bool:
        """A session that may only watch: it gets the table board and nothing that changes data."""
        return self.state is not None and not self.state.can_write

    @property
    def open_state(self) -> TableState:
        """The open data, for a view: routes.view_for shows the trouble screen instead while there is none."""
        if self.state is None:
            raise RuntimeError("no data is open: only the trouble screen can be shown")
        return self.state

    @property
    def t(self) -> Translator:
        """The session's language: the settings' once the data is open, else the device's."""
        return self.state.t if self.state else self.fallback_t

    # --- navigation -------------------------------------------------------------

    def go(self, route: str) -> None:
        """Show ``route`` now and tell the browser, so back/forward keep working.

        A message about the last screen ("Round 7 removed.") goes with it, rather than
        following onto the next one and covering its buttons.
        """
        if self._snack is not None and self._snack.open:
            self._snack.open = False
            self._snack.update()
        self.route = route
        self.render()
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
        if self.unsaved is None or not self.unsaved():
            self.go(to)
            return
        from scorekeeper.ui.views.confirm import confirm  # views import the shell's helpers

        def leave() -> None:
            if address_moved:  # the address already says where to: show it, without a second history entry
                self.route = to
                self.render()
            else:
                self.go(to)

        def stay() -> None:
            if address_moved:  # the browser's Back already changed the address: put the form's back
                self.page.navigate(self.route)

        t = self.t
        confirm(self, t("leave.title"), t("leave.body"), t("leave.action"), leave, stay, t("leave.stay"))

    def parent(self, route: str) -> str:
        return routes.parent(self, route)

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        route = (e.route or "/")[: routes.MAX_ROUTE + 1]  # longer is "not found" anyway
        if route == self.route:
            return
        if self.unsaved is not None and self.unsaved():  # the browser's Back or Forward away from a form
            self.back_pressed(route, address_moved=True)
            return
        self.route = route
        self.render()

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.back_pressed()

    async def _on_confirm_pop(self, e: ft.Event[ft.View]) -> None:
        """A form's view holds the back gesture (``can_pop=False``): Flutter asks here; this shell decides.

        Only forms hold it: their view is never rebuilt while shown, so the
        question always reaches the view on screen (an event for a view just
        replaced would find no control and be lost).
        """
        with contextlib.suppress(Exception):  # unanswered, Flutter's wait times out and keeps the view: the same
            await e.control.confirm_pop(False)
        self.back_pressed()

    # --- rendering --------------------------------------------------------------

    def render(self) -> None:
        page = self.page
        t = self.t
        if self.device is not None and self.state is not None:  # the screen stays on while a match is played
            match = self.state.on_the_table() if self.viewer else self.state.match
            self.device.keep_awake(wants_awake(self.state.settings, match))
        chosen = (self.state.settings if self.state else Settings()).theme
        look = (chosen, t.language, theme.is_dark(page, chosen))
        changed_look = look != self._look
        if changed_look:  # page-wide settings: sent again only when the user changed them
            self._look = look
            self.palette = theme.palette(look[2])
            if page.views:  # every screen's colours change: build them all again
                page.views.clear()
            theme.apply(page, look[0])
            page.rtl = t.rtl
            page.title = t("app.title")
            # Flutter's own words (the back button, "Working...") follow the chosen language too
            page.locale_configuration = _locales(t.language)
        # Home lies under every screen, so Flutter shows a back arrow; back goes to the parent route.
        # Under another screen home is hidden: it is built fresh only when it is shown (or missing),
        # so a save re-sends just the scoreboard, not an invisible home screen as well.
        if self.viewer:  # one screen, updated in place (see views/watch.py)
            watching = self._build("/watch")
            if len(page.views) == 1 and page.views[0] is watching and not changed_look:
                # the shared board sent itself; diff this screen (not the page's themes and fonts too)
                # only if its own part changed
                if self.watch_board is None or self.watch_board.changed:
                    watching.update()
                return
            if len(page.views) != 1 or page.views[0] is not watching:
                page.views[:] = [watching]
            page.update()
            return
        if self.route == "/" or not page.views or page.views[0].route != "/" or self._stale_language():
            page.views[:] = [self._build("/")]
        self.unsaved = self.heard = None  # a form view sets them again while it is built
        top = [] if self.route == "/" else [self._build(self.route)]
        held = bool(top) and self.unsaved is not None
        board = self.board_for_form() if top and top[0].route.startswith(("/record", "/round")) else None
        if board is not None:
            # The form covers the scoreboard in the scoreboard's own screen: Save or Cancel uncovers
            # it, changed in place, so what goes to the phone is the new total and row, not a new screen.
            board.cover(top[0])
            top = [board.view]
        if top:
            # Android's back button and the arrow would pop a form with input: hold it and ask (_on_confirm_pop).
            # Set on the screen actually shown, every time: the board's screen holds a form only while covered.
            top[0].can_pop = not held
            top[0].on_confirm_pop = self._on_confirm_pop if held else None
        if top and len(page.views) == 2 and page.views[1] is top[0] and not changed_look:
            top[0].update()  # the same screen, changed in place (the board after Save): diff just it
            return
        page.views[1:] = top
        page.update()

    def board_for_form(self) -> Board | None:
        """Build (or bring up to date) the scoreboard a record form covers; None if there is none to cover."""
        view = self._build("/match")
        return self.board if self.board is not None and view is self.board.view else None

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

    def notify(self, message: str, *, error: bool = False) -> None:
        """A short message at the bottom of the screen."""
        self._snack = ft.SnackBar(
            ft.Text(message, color=ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_INVERSE_SURFACE),
            bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.INVERSE_SURFACE,
            duration=4000,
        )
        self.page.show_dialog(self._snack)

    def attempt(self, action: Callable[[], object], on_error: Callable[[str], None] | None = None) -> bool:
        """Run a change; a refusal (bad input, storage trouble) is shown, never raised."""
        try:
            action()
        except ScorekeeperError as err:
            message = self.state.error_text(err) if self.state else str(err)
            if on_error:
                on_error(message)
            else:
                self.notify(message, error=True)
            self.page.update()
            return False
        return True

    @property
    def mobile(self) -> bool:
        """A phone or tablet (app or browser): it has a share sheet; a desktop copies or downloads instead."""
        platform = getattr(self.page, "platform", None)
        return platform is not None and platform.is_mobile()

    # --- files ---------------------------------------------------------------------

    async def save_file(self, name: str, data: bytes) -> None:
        """Hand an export to the user: a download in a browser, a save dialog on desktop and phone."""
        await self.files.save_file(file_name=name, src_bytes=data)
        self.notify(self.t("history.exported", name=name))
        self.page.update()

    async def pick_json(self) -> bytes | None:
        """Ask for a JSON file to import; its bytes, or None when the user cancelled."""
        picked = await self.files.pick_files(allowed_extensions=["json"], with_data=True)
        if not picked:
            return None
        return picked[0].bytes

    # --- other sessions -----------------------------------------------------------

    def _broadcast(self) -> None:
        self.page.pubsub.send_others(CHANGED)

    @property
    def away(self) -> bool:
        """The phone's connection is gone (asleep, its tab closed), its session kept for its return."""
        from scorekeeper.ui.views.watch import session_of  # views import the shell's helpers

        session = session_of(self.page)
        return session is not None and session.connection is None

    async def _on_message(self, message: object) -> None:
        """Another phone changed the score: re-read it and redraw, one session at a time.

        Flet starts every session's handler at once, each on its own task, and a session's
        patch goes out from its own send task, queued behind all of them: the first phone
        would wait for the fiftieth's redraw. Taking turns, and letting the loop run between
        turns, sends each phone its patch as soon as it is drawn. A session whose phone is
        away draws nothing (it could not be sent): it catches up when the phone is back.
        """
        if message != CHANGED or self.state is None:
            return
        if self.away:
            self.missed = True
            return
        async with _turn():
            if self.away:  # it went while waiting for its turn
                self.missed = True
                return
            self._catch_up()
            await asyncio.sleep(0)  # this session's send task goes before the next session draws

    def _on_connect(self, e: ft.Event[ft.Page]) -> None:
        """The phone is back: show what other phones changed while it was away."""
        if self.missed and self.state is not None:
            self._catch_up()

    def _catch_up(self) -> None:
        """Re-read the shared data and show it, unless this phone is mid-entry (its form says what changed)."""
        self.missed = False
        state = self.open_state
        state.hear()
        if self.access.by_link and self.viewer and self.watch_board is None:  # its link was just revoked
            self.notice = "share.link_revoked"
        if self.viewer or not self.route.startswith(("/record", "/round", "/new", "/settings")):
            self.render()
        elif self.heard is not None:  # a record form stays as typed, and says what changed
            self.heard()

    def revoke_score_link(self) -> bool:
        """A new score link; phones that joined with the old one become viewers at once."""
        if not self.state or not self.state.can_write:
            return False
        keep = self.table.revoke()
        if self.access.by_link:  # the phone that revoked keeps scoring, on the new link
            self.state.may_write = keep
        self._broadcast()
        return True
