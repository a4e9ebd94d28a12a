"""Statistics over every stored match: per player, per partnership, per evening."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper import stats
from scorekeeper.ui.views.figures import summary_lines
from scorekeeper.ui.widgets import screen, section

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def _table(t, rows: list[tuple[str, stats.Tally]]) -> ft.Control:
    columns = [
        "stats.name",
        "stats.played",
        "stats.won",
        "stats.rounds_won",
        "stats.dominoes",
        "stats.blocked",
        "stats.average",
        "stats.biggest_col",
    ]
    table = ft.DataTable(
        columns=[
            ft.DataColumn(ft.Text(t(key), weight=ft.FontWeight.BOLD), numeric=i > 0) for i, key in enumerate(columns)
        ],
        rows=[
            ft.DataRow(
                cells=[
                    ft.DataCell(ft.Text(value))
                    for value in (
                        name,
                        t.num(tally.matches_played),
                        t.num(tally.matches_won),
                        t.num(tally.rounds_won),
                        t.num(tally.domino_wins),
                        t.num(tally.blocked_wins),
                        "-" if tally.average_points is None else t.num(f"{tally.average_points:.1f}"),
                        "-" if tally.biggest is None else t.num(tally.biggest.points),
                    )
                ]
            )
            for name, tally in rows
        ],
        column_spacing=18,
        heading_row_height=40,
    )
    return ft.Row([table], scroll=ft.ScrollMode.AUTO)  # wide tables scroll sideways on a phone


def view(shell: Shell, route: str) -> ft.View:
    state = shell.state
    t = state.t
    figures = shell.insight.quick() if shell.insight else stats.compute(state.all_matches())
    controls: list[ft.Control] = []
    if figures is None:  # years of rounds to read first: off the UI thread, then this screen again
        controls.append(ft.Row([ft.ProgressRing(), ft.Text(t("stats.working"), expand=True)]))

        async def finish() -> None:
            await asyncio.to_thread(shell.insight.statistics)
            if shell.route == route:
                shell.render()

        shell.page.run_task(finish)
    elif not figures.matches:
        controls.append(ft.Text(t("stats.none")))
    else:
        controls += summary_lines(t, figures, "stats.summary")
        controls += [
            section(t("stats.players")),
            _table(t, [(p.name, p) for p in figures.players]),
            section(t("stats.partnerships")),
            _table(t, [(" & ".join(p.partners), p) for p in figures.partnerships]),
        ]
    return screen(route, t("stats.title"), controls)
