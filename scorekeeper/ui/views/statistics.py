"""Statistics over every stored match: per player, per partnership, per evening."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import stats
from scorekeeper.ui.views.figures import summary_lines
from scorekeeper.ui.widgets import screen, section

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


COLUMNS = (
    "stats.played",
    "stats.won",
    "stats.rounds_won",
    "stats.dominoes",
    "stats.blocked",
    "stats.average",
    "stats.biggest_col",
)
ROW = 52  # every row the same height in both halves, so names and their figures stay side by side
HEAD = 44


def _table(t, rows: list[tuple[str, stats.Tally]]) -> ft.Control:
    """Names in a column of their own that stays put; the figures beside them scroll sideways on a phone."""
    names = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text(t("stats.name"), weight=ft.FontWeight.BOLD))],
        rows=[
            ft.DataRow(cells=[ft.DataCell(ft.Text(name, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, width=110))])
            for name, _ in rows
        ],
        column_spacing=0,
        horizontal_margin=4,
        heading_row_height=HEAD,
        data_row_min_height=ROW,
        data_row_max_height=ROW,
    )
    figures = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text(t(key), weight=ft.FontWeight.BOLD), numeric=True) for key in COLUMNS],
        rows=[
            ft.DataRow(
                cells=[
                    ft.DataCell(ft.Text(value))
                    for value in (
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
            for _, tally in rows
        ],
        column_spacing=18,
        horizontal_margin=8,
        heading_row_height=HEAD,
        data_row_min_height=ROW,
        data_row_max_height=ROW,
    )
    return ft.Row(
        [names, ft.Row([figures], scroll=ft.ScrollMode.AUTO, expand=True)],
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.t
    insight = shell.insight
    figures = insight.quick() if insight else stats.compute(state.all_matches())
    controls: list[ft.Control] = []
    if figures is None:  # years of rounds to read first: off the UI thread, then this screen again
        controls.append(ft.Row([ft.ProgressRing(), ft.Text(t("stats.working"), expand=True)]))

        async def finish() -> None:
            if insight is not None:  # always: only the cache answers "not yet"
                await asyncio.to_thread(insight.statistics)
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
    return screen(route, t("stats.title"), controls, wide=True)
