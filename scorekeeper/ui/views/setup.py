"""New match: four players round a table, team names, the target."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import flet as ft

from scorekeeper.core.rules import team_of
from scorekeeper.core.tiles import SEATS
from scorekeeper.ui.theme import SEED, TOUCH
from scorekeeper.ui.widgets import BAR, Choices, big_button, error_text, screen, section, show_error

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell

QUICK_TARGETS = (5, 11, 21)


def view(shell: Shell, route: str) -> ft.View:
    state = shell.open_state
    t = state.prefs.t
    previous = state.scoring.match
    players = [
        ft.TextField(
            label=t("setup.player", n=t.num(seat + 1)),
            border_color=shell.look.palette.team[team_of(seat)],
            text_align=ft.TextAlign.CENTER,
            dense=False,
            expand=True,
        )
        for seat in range(SEATS)
    ]
    if previous is not None:  # offer last match's seating
        for field, name in zip(players, previous.players, strict=True):
            field.value = name
    team_fields = [
        ft.TextField(
            # "Team A" alone fits half a 320 px phone whole ("Name of Team|A" did not); read out in full
            label=ft.Text(t(f"team_default_{x}"), semantics_label=t("setup.team_name", team=t(f"team_default_{x}"))),
            # the last match's team names with its seats (a default one in today's language), else the defaults
            value=(t.team(previous.team_names[i]) if previous is not None else "") or t(f"team_default_{x}"),
            border_color=shell.look.palette.team[x.upper()],
            expand=True,
        )
        for i, x in enumerate("ab")
    ]
    default_target = state.reads.settings().default_target

    def on_quick(value: str) -> None:
        custom.value = ""
        custom.update()

    # thumb-sized choices (a segmented button is 40 px high, less on a desktop)
    quick = Choices(
        [(str(n), t.num(n)) for n in QUICK_TARGETS],
        str(default_target) if default_target in QUICK_TARGETS else None,
        on_quick,
    )
    custom = ft.TextField(
        label=t("setup.target_custom"),
        keyboard_type=ft.KeyboardType.NUMBER,
        width=140,
        value="" if default_target in QUICK_TARGETS else str(default_target),
    )

    def on_custom(e) -> None:
        quick.value = None
        quick.draw()
        quick.update()
        clear_problem(e)

    custom.on_change = on_custom

    problem = error_text()

    def clear_problem(e) -> None:
        """A refusal answers the last tap on Start; once the scorer types again it is out of date."""
        if problem.visible:
            show_error(problem, None)
            problem.update()

    for field in [*players, *team_fields]:
        field.on_change = clear_problem

    def known_chip(name: str) -> ft.Control:
        def fill(e) -> None:
            for field in players:
                if not (field.value or "").strip():
                    field.value = name
                    break
            show_error(problem, None)
            shell.page.update()

        # a button, not a chip: it acts (fills the next empty seat) and a chip is 32 px high
        return ft.OutlinedButton(name, on_click=fill, height=BAR)

    known = state.reads.known_players()[:12]

    def start(e) -> None:
        text = (custom.value or "").strip()
        target: int | str | None = int(text) if text.isdecimal() else (text or None)
        if target is None:
            target = int(quick.value) if quick.value else default_target
        # Text that is no whole number goes on as typed: the core refuses it in the user's words,
        # after the players are checked (so the messages come in the same order as ever).
        chosen = cast(int, target)

        def begin() -> None:
            state.scoring.start([f.value or "" for f in players], [f.value or "" for f in team_fields], chosen)

        if shell.messages.attempt(begin, lambda message: show_error(problem, message)):
            shell.nav.go("/match")

    table = ft.Container(
        ft.Icon(ft.Icons.ROTATE_LEFT, color=ft.Colors.WHITE, size=40),  # play runs counter-clockwise
        bgcolor=SEED,
        border_radius=ft.BorderRadius.all(48),
        height=96,
        expand=True,
        alignment=ft.Alignment.CENTER,
    )
    for seat in (0, 2):  # near and far seats: a name's width, centred, like chairs at the table's ends
        players[seat].expand = False
        players[seat].width = 180
    # Seats drawn as at the table seen from above: 1 near you, then counter-clockwise
    # (right, far, left). A map, not text: a Row follows the page's direction (``rtl=False``
    # on it does not force left-to-right), so in Arabic the middle row is given in the
    # mirrored order and still shows seat 2 on the right; an e2e test checks the geometry.
    middle: list[ft.Control] = [players[3], table, players[1]]
    if t.rtl:
        middle.reverse()
    seating = ft.Column(
        [
            ft.Row([players[2]], alignment=ft.MainAxisAlignment.CENTER),
            ft.Row(middle, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row([players[0]], alignment=ft.MainAxisAlignment.CENTER),
        ]
    )
    controls: list[ft.Control] = [seating, ft.Text(t("setup.table_hint"), size=13, text_align=ft.TextAlign.CENTER)]
    if known:
        controls += [section(t("setup.known")), ft.Row([known_chip(n) for n in known], wrap=True)]
    controls += [
        ft.Row([*team_fields]),
        section(t("setup.target")),
        ft.Row([quick, custom], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        problem,
        big_button(t("setup.start"), start, icon=ft.Icons.PLAY_ARROW),
    ]
    for field in players:
        field.height = TOUCH + 8

    def entered() -> tuple:
        return tuple(f.value or "" for f in (*players, *team_fields, custom)), quick.value

    as_built = entered()
    shell.on_screen.unsaved = lambda: entered() != as_built  # typed names or a changed target are not lost to Back
    return screen(route, t("setup.title"), controls)
