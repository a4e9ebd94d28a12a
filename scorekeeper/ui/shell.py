"""One browser session: routes to views, renders them from the state, hears other sessions.

Views are rebuilt from the state object on every navigation (fresh controls,
so nothing stale is drawn); only the record form updates in place while the
scorer types.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import flet as ft

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import LANGUAGES, Translator, pick_language
from scorekeeper.storage import Store
from scorekeeper.ui import theme
from scorekeeper.ui.state import TableState

log = logging.getLogger(__name__)

#: Where "back" leads from each screen (the rest go home).
PARENT = {"/record": "/match", "/round": "/match", "/winner": "/match"}
CHANGED = "changed"


class Shell:
    """Routing, rendering and messages for one page; the state object does the work."""

    def __init__(
        self, page: ft.Page, store: Store | None, startup: Callable[[Translator], list[str]] | None = None
    ) -> None:
        self.page = page
        self.store = store
        self.startup_for = startup or (lambda t: [])
        self.startup: list[str] = []
        self.route = "/"
        self.state: TableState | None = None
        self.fallback_t = Translator()

    async def start(self) -> None:
        page = self.page
        language = None
        try:
            info = await page.get_device_info()
            language = getattr(info, "language", None)
        except Exception:  # device info is a nicety; never block the table on it
            log.debug("no device info", exc_info=True)
        if self.store is not None:
            self.state = TableState(self.store, language, on_change=self._broadcast)
        self.fallback_t = Translator(pick_language(language))
        self.startup = self.startup_for(self.t)
        page.on_route_change = self._on_route_change
        page.on_view_pop = self._on_view_pop
        page.pubsub.subscribe(self._on_message)
        page.on_close = lambda: page.pubsub.unsubscribe()
        self.route = page.route if page.route not in ("", None) else "/"
        self.render()
        if self.state:  # without a store the trouble screen itself says it
            for message in self.startup:
                self.notify(message, error=True)

    @property
    def t(self) -> Translator:
        """The session's language: the settings' once the data is open, else the device's."""
        return self.state.t if self.state else self.fallback_t

    # --- navigation -------------------------------------------------------------

    def go(self, route: str) -> None:
        """Show ``route`` now and tell the browser, so back/forward keep working."""
        self.route = route
        self.render()
        self.page.navigate(route)

    def back(self) -> None:
        self.go(self.parent(self.route))

    @staticmethod
    def parent(route: str) -> str:
        head = "/" + route.strip("/").split("/")[0]
        return PARENT.get(head, "/")

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        route = e.route or "/"
        if route != self.route:
            self.route = route
            self.render()

    def _on_view_pop(self, e: ft.ViewPopEvent) -> None:
        self.back()

    # --- rendering --------------------------------------------------------------

    def render(self) -> None:
        from scorekeeper.ui.views import view_for  # views import the shell's helpers

        page = self.page
        state = self.state
        theme.apply(page, state.settings.get("theme", "system") if state else "system")
        t = self.t
        page.rtl = t.rtl
        page.title = t("app.title")
        # Flutter's own words (the back button, "Working...") follow the chosen language too
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(t.language)
        )
        chain = []
        route = self.route
        while True:
            chain.append(route)
            if route == "/":
                break
            route = self.parent(route)
        page.views.clear()
        for route in reversed(chain):
            page.views.append(view_for(self, route))
        page.update()

    def notify(self, message: str, *, error: bool = False) -> None:
        """A short message at the bottom of the screen."""
        self.page.show_dialog(
            ft.SnackBar(ft.Text(message), bgcolor=ft.Colors.ERROR_CONTAINER if error else None, duration=4000)
        )

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

    # --- other sessions -----------------------------------------------------------

    def _broadcast(self) -> None:
        self.page.pubsub.send_others(CHANGED)

    async def _on_message(self, message: object) -> None:
        """Another phone changed the score: re-read it, unless this one is mid-entry."""
        if message != CHANGED or self.state is None:
            return
        self.state.reload()
        if not self.route.startswith(("/record", "/round", "/new", "/settings")):
            self.render()
