"""Small building blocks shared by the views: big buttons, team panels, messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.ui.theme import TOUCH

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell

BAR = 48  # px: Material's minimum target, for buttons where a row of them needs the room
#: A tooltip waits this long under a resting mouse pointer (ms): a pointer passing on its way to a button shows none.
TIP_WAIT = 600


def tip(message: str, *, named: bool = False) -> ft.Tooltip:
    """A desktop tooltip that never stands in a tap's way.

    A tooltip that dismisses on a tap takes that tap itself: one lingering over Back ate the
    click meant for it. So it never takes a tap, waits for a resting pointer, and goes the
    moment the pointer leaves. ``named``: the tooltip is also the control's name for a screen
    reader (a row without a label of its own); otherwise it stays out of the tree.
    """
    return ft.Tooltip(
        message=message, exclude_from_semantics=not named, tap_to_dismiss=False, wait_duration=TIP_WAIT, exit_duration=0
    )


def big_button(
    text: str,
    on_click: Callable,
    *,
    icon: ft.IconData | None = None,
    primary: bool = True,
    color: str | None = None,
    on_color: str | None = None,
) -> ft.Control:
    """A full-width button of thumb height; ``color`` fills it, ``on_color`` is its text (a contrasting pair)."""
    if not primary:
        return ft.Row([ft.OutlinedButton(content=text, icon=icon, on_click=on_click, height=TOUCH, expand=True)])
    button = ft.FilledButton(content=text, icon=icon, on_click=on_click, height=TOUCH, expand=True)
    if color:
        button.bgcolor = color
        button.color = on_color
    return ft.Row([button])


def icon_button(icon: ft.IconData, label: str, on_click: Callable, size: int = TOUCH) -> ft.Control:
    """A thumb-sized icon button named for a screen reader (the button itself, not a tooltip beside it).

    Flutter gives a tooltip its own node, leaving the button nameless; the icon's label names it instead,
    and the tooltip, for a long press or a hover, stays out of the tree. In an app bar, ``size`` 48 (the
    bar's own icon size) leaves the title its room.
    """
    return ft.IconButton(
        ft.Icon(icon, semantics_label=label),
        tooltip=tip(label),
        width=size,
        height=size,
        on_click=on_click,
    )


def page_column(controls: list[ft.Control], wide: bool = False) -> ft.Control:
    """The view's content: one column, full width on a phone, centred and no wider than reads well on a desktop.

    ``wide`` screens (tables) take most of a desktop's width, so no column is cut while space is free.
    """
    column = ft.Container(
        ft.Column(controls, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.symmetric(horizontal=16, vertical=12),
        col={"xs": 12, "lg": 11} if wide else {"xs": 12, "md": 9, "lg": 6},
    )
    return ft.ResponsiveRow([column], alignment=ft.MainAxisAlignment.CENTER)


def screen(
    route: str, title: str, controls: list[ft.Control], actions: list[ft.Control] | None = None, wide: bool = False
) -> ft.View:
    """A whole screen: the title bar and the scrolling page column every view uses."""
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(title), actions=actions),
        scroll=ft.ScrollMode.AUTO,
        controls=[page_column(controls, wide)],
    )


def column_of(view: ft.View) -> ft.Column:
    """The column of a ``screen()``'s controls, for a screen shown inside another one."""
    body = view.controls[0] if view.controls else None
    box = body.controls[0] if isinstance(body, ft.ResponsiveRow) and body.controls else None
    column = box.content if isinstance(box, ft.Container) else None
    if not isinstance(column, ft.Column):
        raise TypeError("not a screen(): a page column under a title bar")
    return column


def error_text() -> ft.Text:
    """An initially empty line for a refusal, in the theme's error colour."""
    return ft.Text("", color=ft.Colors.ERROR, size=15, visible=False)


def show_error(control: ft.Text, message: str | None) -> None:
    control.value = message or ""
    control.visible = bool(message)


def section(title: str) -> ft.Text:
    return ft.Text(title, size=16, weight=ft.FontWeight.BOLD)


class Choices(ft.Row):
    """One choice of a few, as whole-word buttons that wrap onto a new line rather than break a word.

    A segmented button squeezes its segments to equal widths, which cut "Opnieuw delen" and broke
    "Nederlands" mid-word on a phone; buttons of their natural width, wrapping, never do.
    """

    def __init__(self, options: list[tuple[str, str]], selected: str | None, on_change: Callable[[str], None]) -> None:
        super().__init__(wrap=True, spacing=8, run_spacing=8)
        self.options, self.value, self.on_pick = options, selected, on_change
        self.draw()

    def draw(self) -> None:
        self.controls = [
            (ft.FilledButton if value == self.value else ft.OutlinedButton)(
                content=ft.Text(label, no_wrap=True),
                icon=ft.Icons.CHECK if value == self.value else None,
                height=TOUCH,
                on_click=lambda e, v=value: self.pick(v),
            )
            for value, label in self.options
        ]

    def pick(self, value: str) -> None:
        if value == self.value:
            return
        self.value = value
        self.draw()
        self.on_pick(value)


def client_action(make: Callable[[], ft.ClientAction]) -> ft.ClientAction | None:
    """A client action (share sheet, clipboard) bound to this page; None while no page is there (a test's view).

    The browser lets a page share or copy only while it handles the tap itself: the
    client does it at once, instead of waiting for the server's answer to the click.
    """
    try:
        return make()
    except RuntimeError:
        return None


def share_row(shell: Shell, text: str, file_name: str) -> ft.Control:
    """Share ``text``: the share sheet on a phone; Copy and Download on a desktop, which has no sheet."""
    t = shell.t
    if shell.files.mobile:
        sheet = client_action(lambda: ft.ShareText(text))
        return ft.Row(
            [ft.FilledButton(t("sharing.share"), icon=ft.Icons.SHARE, action=sheet, height=TOUCH, expand=True)]
        )

    def copied(e) -> None:
        shell.messages.notify(t("sharing.copied"))

    async def download(e) -> None:
        await shell.files.save(file_name, text.encode("utf-8"))

    copy = client_action(lambda: ft.CopyToClipboard(text))
    # half a phone's width each: half the usual side padding, so "Downloaden" stays one word
    narrow = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))

    def half(key: str, icon: ft.IconData, **events: Any) -> ft.Control:
        words = ft.Text(t(key), no_wrap=True)
        return ft.OutlinedButton(content=words, icon=icon, height=TOUCH, expand=True, style=narrow, **events)

    return ft.Row(
        [
            half("sharing.copy", ft.Icons.COPY, action=copy, on_click=copied),
            half("sharing.download", ft.Icons.DOWNLOAD, on_click=download),
        ]
    )
