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


FIGURES = (
    "stats.played",
    "stats.won",
    "stats.rounds_won",
    "stats.dominoes",
    "stats.blocked",
    "stats.average",
    "stats.biggest_col",
)
#: A figure's box: three in a row on a 360 px phone, more on a wider screen; never a word cut.
FIGURE_WIDTH = 84


def _figures(t, tally: stats.Tally) -> list[str]:
    return [
        t.num(tally.matches_played),
        t.num(tally.matches_won),
        t.num(tally.rounds_won),
        t.num(tally.domino_wins),
        t.num(tally.blocked_wins),
        "-" if tally.average_points is None else t.num(f"{tally.average_points:.1f}"),
        "-" if tally.biggest is None else t.num(tally.biggest.points),
    ]


def _card(t, name: str, tally: stats.Tally) -> ft.Control:
    """One player or partnership: the name on top, its figures below as labelled boxes that wrap.

    A table seven columns wide needs twice a phone's width (its headings were cut and it scrolled
    unseen); boxes that wrap show every figure with its label at any width, and a screen reader
    hears each as "label: value".
    """
    boxes: list[ft.Control] = [
        ft.Semantics(
            label=f"{t(key)}: {value}",
            container=True,
            exclude_semantics=True,
            content=ft.Container(
                ft.Column(
                    [
                        ft.Text(value, size=20, weight=ft.FontWeight.BOLD),
                        ft.Text(t(key), size=12, max_lines=2, text_align=ft.TextAlign.CENTER),
                    ],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    tight=True,
                ),
                width=FIGURE_WIDTH,
                padding=ft.Padding.symmetric(vertical=6, horizontal=2),
            ),
        )
        for key, value in zip(FIGURES, _figures(t, tally), strict=True)
    ]
    return ft.Card(
        ft.Container(
            ft.Column(
                [
                    ft.Text(name, size=17, weight=ft.FontWeight.BOLD),
                    # numbers on one line across a row, whether a label under them takes one line or two
                    ft.Row(boxes, wrap=True, spacing=4, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.START),
                ],
                spacing=6,
            ),
            padding=12,
        )
    )


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    insight = shell.insight
    figures = insight.quick() if insight else stats.compute(state.reads.all_matches())
    controls: list[ft.Control] = []
    if figures is None:  # years of rounds to read first: off the UI thread, then this screen again
        controls.append(ft.Row([ft.ProgressRing(), ft.Text(t("stats.working"), expand=True)]))

        async def finish() -> None:
            if insight is not None:  # always: only the cache answers "not yet"
                await asyncio.to_thread(insight.statistics)
            if shell.nav.route == route:
                shell.render()

        shell.page.run_task(finish)
    elif not figures.matches:
        controls.append(ft.Text(t("stats.none")))
    else:
        controls += summary_lines(t, figures, "stats.summary")
        controls += [
            section(t("stats.players")),
            *(_card(t, p.name, p) for p in figures.players),
            section(t("stats.partnerships")),
            *(_card(t, t.names(p.partners, " & "), p) for p in figures.partnerships),
        ]
    return screen(route, t("stats.title"), controls)
