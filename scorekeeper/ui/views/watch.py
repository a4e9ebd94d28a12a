"""The table board for viewers: a phone propped on the table or a TV, read from across the table.

Team names and totals in very large digits, progress to the target, the last
round in words, who starts next, tonight's matches. Nothing on it changes
data: a viewer session has no buttons, and the state object refuses its
writes anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.theme import TEAM_COLORS

if TYPE_CHECKING:
    from scorekeeper.storage import MatchRecord
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    state = shell.state
    t = state.t
    match = state.on_the_table()
    controls: list[ft.Control] = []
    if match is None:
        controls.append(ft.Text(t("watch.waiting"), size=28, text_align=ft.TextAlign.CENTER))
    else:
        controls += _score(shell, match)
    tonight = [m for m in state.tonight() if m.finished and (match is None or m.id != match.id)]
    if tonight:
        controls.append(ft.Text(t("home.tonight"), size=18, weight=ft.FontWeight.BOLD))
        for done in reversed(tonight):
            a, b = done.totals
            controls.append(ft.Text(t("match.won_by", team=done.winner_name, a=a, b=b), size=16))
    board = ft.Container(
        ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.symmetric(horizontal=16, vertical=16),
        col={"xs": 12, "md": 10, "lg": 8},
    )
    return ft.View(
        route=route,
        scroll=ft.ScrollMode.AUTO,
        controls=[ft.ResponsiveRow([board], alignment=ft.MainAxisAlignment.CENTER)],
    )


def _score(shell: Shell, match: MatchRecord) -> list[ft.Control]:
    state, t = shell.state, shell.state.t
    totals = match.totals
    panels = []
    for i, team in enumerate("AB"):
        color = TEAM_COLORS[team]
        name = match.team_names[i]
        panels.append(
            ft.Container(
                ft.Column(
                    [
                        ft.Text(
                            name,
                            size=24,
                            weight=ft.FontWeight.BOLD,
                            color=color,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                            text_align=ft.TextAlign.CENTER,
                        ),
                        ft.Text(
                            t.num(totals[i]),
                            size=96,
                            weight=ft.FontWeight.BOLD,
                            color=color,
                            text_align=ft.TextAlign.CENTER,
                            semantics_label=f"{name}: {t.num(totals[i])}",
                        ),
                        ft.ProgressBar(
                            value=min(totals[i] / match.target, 1.0),
                            color=color,
                            bar_height=10,
                            border_radius=ft.BorderRadius.all(5),
                        ),
                    ],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=2,
                ),
                padding=10,
                border=ft.Border.all(3, color),
                border_radius=ft.BorderRadius.all(18),
                expand=True,
            )
        )
    lines: list[ft.Control] = [
        ft.Row(panels, spacing=12),
        ft.Text(t("board.target", target=match.target), size=18, text_align=ft.TextAlign.CENTER),
    ]
    if match.finished:
        lines.append(
            ft.Text(
                t("winner.title", team=match.winner_name),
                size=30,
                weight=ft.FontWeight.BOLD,
                color=TEAM_COLORS[match.winner],
                text_align=ft.TextAlign.CENTER,
            )
        )
    else:
        state.match = match  # the starter and round lines read the session's match
        lines.append(ft.Text(state.starter_text(), size=20, text_align=ft.TextAlign.CENTER))
    if match.rounds:
        last = len(match.rounds)
        lines.append(
            ft.Text(
                f"{t('board.round_n', n=t.num(last))} · {state.round_line(last - 1, match)}",
                size=20,
                text_align=ft.TextAlign.CENTER,
            )
        )
    else:
        lines.append(ft.Text(t("board.no_rounds"), size=18, text_align=ft.TextAlign.CENTER))
    return lines
