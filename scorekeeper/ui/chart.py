"""A match's score progression drawn with flet-charts: both teams' totals round by round, the target line."""

from __future__ import annotations

import io

import flet as ft
import flet_charts as fc
from PIL import Image

from scorekeeper.core.rules import TEAMS
from scorekeeper.core.stats import Progression


def progression_chart(progress: Progression, label: str, colors: dict[str, str], height: float = 240) -> ft.Control:
    """Team A and team B as lines in their colours, the target as a dashed line across."""
    last = max(1, progress.points[-1][0])
    top = max(progress.target, *(max(a, b) for _, a, b in progress.points)) + 1

    def line(index: int, team: str) -> fc.LineChartData:
        return fc.LineChartData(
            points=[fc.LineChartDataPoint(n, totals[index]) for n, *totals in progress.points],
            color=colors[team],
            stroke_width=3,
            point=True,
        )

    target = fc.LineChartData(
        points=[fc.LineChartDataPoint(0, progress.target), fc.LineChartDataPoint(last, progress.target)],
        color=ft.Colors.OUTLINE,
        stroke_width=1.5,
        dash_pattern=[6, 4],
    )
    chart = fc.LineChart(
        data_series=[*(line(i, team) for i, team in enumerate(TEAMS)), target],
        min_x=0,
        max_x=last,
        min_y=0,
        max_y=top,
        left_axis=fc.ChartAxis(label_size=32, label_spacing=max(1, top // 5)),
        bottom_axis=fc.ChartAxis(label_size=24, label_spacing=max(1, last // 8)),
        horizontal_grid_lines=fc.ChartGridLines(interval=max(1, top // 5), color=ft.Colors.OUTLINE_VARIANT, width=0.5),
        interactive=False,
        height=height,
    )
    return ft.Semantics(
        label=label, container=True, content=ft.Container(chart, padding=ft.Padding.only(right=12)), rtl=False
    )


def trimmed(png: bytes) -> bytes:
    """A captured picture cut to what was drawn.

    In a browser the capture comes back the size of the whole page, the chart in its
    top corner and the rest transparent: a chat would show a big empty picture.
    """
    with Image.open(io.BytesIO(png)) as image:
        box = image.getchannel("A").getbbox() if "A" in image.getbands() else None
        if box is None or box == (0, 0, *image.size):
            return png
        out = io.BytesIO()
        image.crop(box).save(out, format="PNG")
        return out.getvalue()
