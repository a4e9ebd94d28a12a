"""Settings: language, digits, theme, default target — saved with the data, applied at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.i18n import LANGUAGES
from scorekeeper.ui.widgets import Choices, error_text, screen, section, show_error

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.state
    t = state.t
    settings = state.settings

    def segmented(key: str, options: list[tuple[str, str]], current: str) -> ft.Control:
        def changed(value: str) -> None:
            if shell.attempt(lambda: state.save_settings(**{key: value})):
                shell.render()

        return Choices(options, current, changed)

    problem = error_text()

    def target_changed(e) -> None:
        text = (e.control.value or "").strip()
        if text.isdecimal() and int(text) >= 1:
            show_error(problem, None)
            shell.attempt(lambda: state.save_settings(default_target=int(text)))
        else:
            show_error(problem, t("error.target_invalid"))
        shell.page.update()

    controls = [
        section(t("settings.language")),
        segmented("language", [(lang, t(f"lang.{lang}")) for lang in LANGUAGES], t.language),
    ]
    if t.language == "ar":
        controls += [
            section(t("settings.digits")),
            segmented(
                "digits", [("latin", "0123456789"), ("arabic", "٠١٢٣٤٥٦٧٨٩")], t.digits  # samples, not words
            ),
        ]
    controls += [
        section(t("settings.theme")),
        segmented(
            "theme",
            [(x, t(f"settings.theme_{x}")) for x in ("system", "light", "dark")],
            settings.get("theme") or "system",
        ),
        section(t("settings.default_target")),
        ft.TextField(
            value=str(settings.get("default_target") or 11),
            keyboard_type=ft.KeyboardType.NUMBER,
            width=160,
            on_change=target_changed,
            label=t("settings.default_target"),
        ),
        problem,
    ]
    return screen(route, t("settings.title"), controls)
