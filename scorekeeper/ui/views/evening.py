"""One evening: its summary, its matches, export and delete."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import exchange, stats
from scorekeeper.session.phrases import evening_text, won_line
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.views.figures import export_buttons, summary_lines
from scorekeeper.ui.widgets import big_button, screen, share_row

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str, date: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    matches = state.reads.matches_on(date)
    controls: list[ft.Control] = []
    summary = stats.compute(matches).evenings
    if summary:
        controls += summary_lines(t, summary[0], "evening.summary")
    for match in matches:
        a, b = match.totals
        line = t("match.line", team_a=match.team_names[0], a=a, b=b, team_b=match.team_names[1])
        status = t("review.in_progress") if not match.finished else won_line(t, match)
        controls.append(
            ft.ListTile(
                leading=ft.Icon(
                    ft.Icons.EMOJI_EVENTS if match.finished else ft.Icons.HOURGLASS_TOP,
                    color=shell.look.palette.team[match.winner] if match.winner else None,
                ),
                title=ft.Text(status if match.finished else f"{line} · {status}"),
                subtitle=ft.Text(t.names(match.players)),
                on_click=lambda e, m=match.id: shell.nav.go(f"/review/{m}"),
            )
        )

    async def export_csv(e) -> None:
        await shell.files.save(f"scorekeeper-{date}.csv", exchange.to_csv(matches))

    async def export_json(e) -> None:
        await shell.files.save(f"scorekeeper-{date}.json", exchange.to_json(matches))

    def delete(e) -> None:
        def yes() -> None:
            if shell.messages.attempt(lambda: state.archive.delete_evening(date)):
                shell.nav.go("/history")
                shell.messages.notify(t("evening.deleted", date=date))

        confirm(
            shell, t("evening.delete"), t("evening.confirm_delete", date=date, n=len(matches)), t("record.confirm"), yes
        )

    controls += [
        share_row(shell, evening_text(t, date, matches), f"scorekeeper-{date}.txt"),
        export_buttons(t, export_csv, export_json),
        big_button(t("evening.delete"), delete, icon=ft.Icons.DELETE, primary=False),
    ]
    return screen(route, t("evening.title", date=date), controls)
