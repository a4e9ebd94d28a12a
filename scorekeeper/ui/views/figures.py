"""Pieces the review screens share: the figures line, the biggest round, the export buttons."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.ui.theme import TOUCH


def summary_lines(t, figures, key: str) -> list[ft.Control]:
    """Counts of matches, rounds, ties and redeals, and the biggest round, for an evening or for everything."""
    lines: list[ft.Control] = [
        ft.Text(
            t(key, matches=figures.matches, rounds=figures.rounds, ties=figures.ties, redeals=figures.redeals), size=15
        )
    ]
    if figures.biggest:
        b = figures.biggest
        lines.append(
            ft.Text(t("stats.biggest", team=b.team_name, points=b.points, date=b.evening, n=b.round_number), size=15)
        )
    return lines


def export_buttons(t, export_csv: Callable, export_json: Callable) -> ft.Control:
    return ft.Row(
        [
            ft.OutlinedButton(t("review.export_csv"), icon=ft.Icons.TABLE_VIEW, on_click=export_csv, height=TOUCH),
            ft.OutlinedButton(t("review.export_json"), icon=ft.Icons.DOWNLOAD, on_click=export_json, height=TOUCH),
        ],
        wrap=True,
    )
