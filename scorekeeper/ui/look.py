"""The page-wide look of one session: theme, language and darkness, sent to the page only when they change.

They reach the whole page (its themes, fonts, direction and Flutter's own
words), so sending them on every render would re-send all of it; the palette
is what the views draw their team colours with, for the brightness on screen.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.ui import theme


class Look:
    """What was last applied to the page, and the palette that goes with it."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._applied: tuple[str, str, bool] | None = None  # theme, language and darkness last applied
        self.palette = theme.LIGHT

    def apply(self, t: Translator, chosen: str) -> bool:
        """Apply the chosen theme in ``t``'s language if either (or the device's brightness) changed; whether it did.

        A change of look drops every screen built in the old one: the caller builds them again.
        """
        page = self.page
        look = (chosen, t.language, theme.is_dark(page, chosen))
        if look == self._applied:
            return False
        self._applied = look
        self.palette = theme.palette(look[2])
        if page.views:  # every screen's colours change: build them all again
            page.views.clear()
        theme.apply(page, look[0])
        page.rtl = t.rtl
        page.title = t("app.title")
        # Flutter's own words (the back button, "Working...") follow the chosen language too
        page.locale_configuration = _locales(t.language)
        return True


_LOCALES: dict[str, ft.LocaleConfiguration] = {}


def _locales(language: str) -> ft.LocaleConfiguration:
    """The page's locales for ``language``: one value per language for every session (it never changes)."""
    found = _LOCALES.get(language)
    if found is None:
        found = _LOCALES[language] = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(language)
        )
    return found
