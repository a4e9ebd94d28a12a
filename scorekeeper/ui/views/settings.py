"""Settings: language, digits, theme, default target — saved with the data, applied at once."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.settings import THEMES
from scorekeeper.i18n import LANGUAGES
from scorekeeper.ui.theme import TOUCH
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.widgets import Choices, error_text, screen, section, show_error

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    settings = state.reads.settings()

    def segmented(key: str, options: list[tuple[str, str]], current: str) -> ft.Control:
        def changed(value: str) -> None:
            if shell.messages.attempt(lambda: state.prefs.save(**{key: value})):
                shell.render()

        return Choices(options, current, changed)

    problem = error_text()

    def toggle(key: str, label: str) -> ft.Control:
        """An on/off setting of the device at the table (the screen kept on, the tick on Save)."""

        def changed(e) -> None:
            if shell.messages.attempt(lambda: state.prefs.save(**{key: bool(e.control.value)})):
                shell.render()  # the screen's wakelock follows at once

        return ft.Switch(label=label, value=bool(getattr(settings, key)), on_change=changed, height=TOUCH)

    def target_changed(e) -> None:
        text = (e.control.value or "").strip()
        if text.isdecimal() and int(text) >= 1:
            show_error(problem, None)
            shell.messages.attempt(lambda: state.prefs.save(default_target=int(text)))
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
                "digits",
                [("latin", "0123456789"), ("arabic", "٠١٢٣٤٥٦٧٨٩")],
                t.digits,  # samples, not words
            ),
        ]
    controls += [
        section(t("settings.theme")),
        segmented(
            "theme",
            [(x, t(f"settings.theme_{x}")) for x in THEMES],
            settings.theme,
        ),
        section(t("settings.default_target")),
        ft.TextField(
            value=str(settings.default_target),
            keyboard_type=ft.KeyboardType.NUMBER,
            width=160,
            on_change=target_changed,
            label=t("settings.default_target"),
        ),
        problem,
        section(t("settings.table")),
        *(toggle(key, t(f"settings.{key}")) for key in ("keep_awake", "haptics")),
        *data_section(shell),
    ]
    return screen(route, t("settings.title"), controls)


def data_section(shell: Shell) -> list[ft.Control]:
    """Where the data is, its size, the last backup, and going back to a backup (asked first)."""
    state, t = shell.open_state, shell.open_state.prefs.t
    info = state.reads.folder_info()
    # in Arabic the path is isolated left-to-right, or its leading "/" jumps to its far end
    folder = f"\u2066{info.folder}\u2069" if t.rtl else str(info.folder)
    when = {p: t.num(datetime.fromisoformat(p).astimezone().strftime("%Y-%m-%d %H:%M")) for p in info.restore_points}
    controls: list[ft.Control] = [
        section(t("settings.data")),
        ft.Text(t("settings.data_folder", folder=folder), selectable=True),
        ft.Text(t("settings.data_size", size=t.num(max(1, round(info.size_bytes / 1024))))),
    ]
    if not info.restore_points:
        return [*controls, ft.Text(t("settings.no_backup"))]
    pick = ft.Dropdown(
        options=[ft.DropdownOption(key=p, text=when[p]) for p in info.restore_points],
        value=info.restore_points[0],
        label=t("settings.last_backup", when=when[info.restore_points[0]]),
    )

    def restore() -> None:
        point = pick.value or info.restore_points[0]
        if shell.messages.attempt(lambda: state.archive.restore_backup(point)):
            shell.messages.notify(t("settings.restored", when=when[point]))
            shell.render()

    def ask(e) -> None:
        point = pick.value or info.restore_points[0]
        title = t("settings.restore_title", when=when[point])
        confirm(shell, title, t("settings.restore_body"), t("settings.restore"), restore)

    restore_button = ft.OutlinedButton(t("settings.restore"), icon=ft.Icons.RESTORE, on_click=ask, height=TOUCH)
    return [*controls, pick, restore_button]
