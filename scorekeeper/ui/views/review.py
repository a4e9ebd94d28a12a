"""A past match: the score chart, every round with its picked tiles, export and delete."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import exchange, stats
from scorekeeper.core.rules import TEAMS
from scorekeeper.session import phrases
from scorekeeper.session.phrases import match_text
from scorekeeper.ui.chart import progression_chart, trimmed
from scorekeeper.ui.domino import tile_face
from scorekeeper.ui.theme import TOUCH
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.views.figures import export_buttons
from scorekeeper.ui.widgets import big_button, screen, section, share_row

if TYPE_CHECKING:
    from scorekeeper.core.records import MatchRecord
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str, match_id: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    match = state.reads.match(match_id)
    a, b = match.totals
    line = t("match.line", team_a=match.team_names[0], a=a, b=b, team_b=match.team_names[1])
    progress = stats.progression(match)
    key = ft.Row(
        [
            *(
                _key(t.team(name), shell.look.palette.team[team])
                for name, team in zip(match.team_names, TEAMS, strict=True)
            ),
            _key(t("review.target_line", target=t.num(match.target)), ft.Colors.OUTLINE),
        ],
        wrap=True,
    )
    # The picture a chat gets: the score line, the chart and its key, on the surface colour (not
    # transparent), so it says on its own whose lines these are.
    picture = ft.Screenshot(
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(line, size=16, weight=ft.FontWeight.BOLD),
                    progression_chart(
                        progress,
                        f"{t('review.chart')}: {line}. {t('review.target_line', target=match.target)}",
                        shell.look.palette.team,
                    ),
                    key,
                ],
                spacing=8,
            ),
            bgcolor=ft.Colors.SURFACE,
            padding=ft.Padding.all(8),
        )
    )

    async def share_chart(e) -> None:
        """The chart as a PNG: the share sheet on a phone, a download (or save dialog) on a desktop."""
        png = trimmed(await picture.capture(pixel_ratio=2.0))  # a float: the client refuses an int here
        name = f"scorekeeper-{match.evening}-{match.id[:8]}.png"
        await shell.files.share_picture(name, png, line)

    controls: list[ft.Control] = [
        ft.Text(line, size=22, weight=ft.FontWeight.BOLD),
        ft.Text(t.names(match.players), size=14),
        section(t("review.chart")),
        picture,
        section(t("board.rounds")),
    ]
    problems = match.match.problems  # stored before the stricter checks: shown, never refused
    for index, rnd in enumerate(match.rounds):
        result = match.match.state.results[index]
        rows: list[ft.Control] = [
            ft.Text(
                f"{t('board.round_n', n=t.num(index + 1))} · {phrases.round_line(t, match, index)}",
                size=15,
                color=ft.Colors.ERROR if index in problems else None,
            )
        ]
        if index in problems:
            rows.append(ft.Text(phrases.error_text(t, problems[index], match), size=13, color=ft.Colors.ERROR))
            rows.append(big_button(t("review.fix", n=t.num(index + 1)), _fixer(shell, match, index), primary=False))
        for seat, hand in enumerate(rnd.tiles or ()):
            if hand:
                rows.append(
                    ft.Row(
                        [
                            ft.Text(match.players[seat], size=13, width=80),
                            ft.Row([tile_face(tile, 14) for tile in hand], spacing=3, wrap=True, rtl=False),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    )
                )
        controls.append(
            ft.Container(
                ft.Column(rows, spacing=4),
                padding=8,
                border_radius=ft.BorderRadius.all(8),
                border=ft.Border.only(
                    left=ft.BorderSide(4, shell.look.palette.team[result.team] if result.team else ft.Colors.OUTLINE)
                ),
            )
        )

    async def export_csv(e) -> None:
        await shell.files.save(f"scorekeeper-{match.evening}-{match.id[:8]}.csv", exchange.to_csv([match]))

    async def export_json(e) -> None:
        await shell.files.save(f"scorekeeper-{match.evening}-{match.id[:8]}.json", exchange.to_json([match]))

    def delete(e) -> None:
        def yes() -> None:
            if shell.messages.attempt(lambda: state.archive.delete_match(match.id)):
                shell.nav.go(f"/evening/{match.evening}")
                shell.messages.notify(t("review.deleted"))

        confirm(shell, t("review.delete"), t("review.confirm_delete", line=line), t("record.confirm"), yes)

    mobile = shell.files.mobile
    chart_key, chart_icon = ("sharing.chart", ft.Icons.SHARE) if mobile else ("sharing.chart_download", ft.Icons.IMAGE)
    controls += [
        ft.OutlinedButton(t(chart_key), icon=chart_icon, on_click=share_chart, height=TOUCH),
        share_row(shell, match_text(t, match), f"scorekeeper-{match.evening}-{match.id[:8]}.txt"),
        export_buttons(t, export_csv, export_json),
        big_button(t("review.delete"), delete, icon=ft.Icons.DELETE, primary=False),
    ]
    return screen(route, t("review.title", date=match.evening), controls)


def _fixer(shell: Shell, match: MatchRecord, index: int):
    """Open round ``index`` of this match in the record form, where the preview says what is wrong."""

    def fix(e) -> None:
        if shell.messages.attempt(lambda: shell.open_state.scoring.open(match.id)):
            shell.nav.go(f"/round/{match.entries[index].id}")

    return fix


def _key(label: str, color: str) -> ft.Control:
    return ft.Row([ft.Container(width=14, height=4, bgcolor=color), ft.Text(label, size=13)], spacing=6, tight=True)
