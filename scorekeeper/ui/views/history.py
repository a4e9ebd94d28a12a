"""Past evenings, newest first, a page at a time; export and import of everything."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import exchange
from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.session import phrases
from scorekeeper.ui.theme import TOUCH
from scorekeeper.ui.widgets import big_button, screen

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell

PAGE = 30


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    listing = ft.Column(spacing=0)
    more = ft.TextButton(t("history.more"), icon=ft.Icons.EXPAND_MORE, height=TOUCH)
    shown = [0]

    def load_page(e=None) -> None:
        """Read one more page of evenings; the list never loads the whole history at once."""
        evenings = state.reads.evenings(shown[0], PAGE)
        shown[0] += len(evenings)
        for evening in evenings:
            # "Lions: 2 wins", not "Lions 2": the number says what it counts
            wins = t("list_sep").join(t("history.wins", team=name, n=n) for name, n in evening.wins.items())
            listing.controls.append(
                ft.ListTile(
                    leading=ft.Icon(ft.Icons.NIGHTLIGHT_ROUND),
                    title=ft.Text(t.num(evening.evening)),
                    subtitle=ft.Text(
                        " · ".join(
                            x for x in (t("history.line", matches=evening.matches, rounds=evening.rounds), wins) if x
                        )
                    ),
                    on_click=lambda e, d=evening.evening: shell.nav.go(f"/evening/{d}"),
                )
            )
        more.visible = len(evenings) == PAGE
        if e is not None:
            shell.page.update()

    more.on_click = load_page
    load_page()
    if not listing.controls:
        listing.controls.append(ft.Text(t("history.none")))

    async def export(kind: str) -> None:
        def build() -> bytes:  # seconds for years of rounds: off the UI thread, the other phones stay live
            matches = list(state.reads.all_matches())
            return exchange.to_csv(matches) if kind == "csv" else exchange.to_json(matches)

        await shell.files.save(f"scorekeeper-all.{kind}", await asyncio.to_thread(build))

    async def import_file(e) -> None:
        data = await shell.files.pick_json()
        if data is None:
            return
        # The button itself says it is busy: a modal dialog opened and closed within one frame (a small
        # file) can stay on a phone's screen, the close arriving before the dialog is up.
        importing.content, importing.icon, importing.disabled = t("history.importing"), ft.Icons.HOURGLASS_TOP, True
        shell.page.update()
        try:
            # seconds for years of rounds (reading, checking every round, writing): off the event loop,
            # so the other phones at the table are served meanwhile
            report = await asyncio.to_thread(state.archive.import_json, data)
        except ScorekeeperError as err:
            shell.messages.notify(phrases.error_text(state.prefs.t, err, state.scoring.match), error=True)
            shell.render()
            return
        shell.messages.notify(t("history.imported", added=len(report.added), skipped=len(report.skipped)))
        shell.render()

    async def export_csv(e) -> None:
        await export("csv")

    async def export_json(e) -> None:
        await export("json")

    importing = ft.OutlinedButton(t("history.import"), icon=ft.Icons.UPLOAD, on_click=import_file, height=TOUCH)
    controls = [
        big_button(t("history.stats"), lambda e: shell.nav.go("/stats"), icon=ft.Icons.BAR_CHART),
        ft.Row(
            [
                ft.OutlinedButton(t("history.export_csv"), icon=ft.Icons.TABLE_VIEW, on_click=export_csv, height=TOUCH),
                ft.OutlinedButton(t("history.export_json"), icon=ft.Icons.DOWNLOAD, on_click=export_json, height=TOUCH),
                importing,
            ],
            wrap=True,
        ),
        listing,
        more,
    ]
    return screen(route, t("history.title"), controls)
