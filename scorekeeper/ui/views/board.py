"""Scoreboard: both totals large, progress to the target, who starts, the round log.

The scoreboard is kept while its match is open and changed in place (``Board.show``).
The record form opens inside it (``Board.cover``), the totals moving to the title
bar above it: the scorer sees the standing while counting, Save stays in a phone's
reach, and the round log stays built on the phone under the form (Flet builds a
control hidden and shown again from scratch, at a cost that grows with the log; the
UI benchmark measures it). Save shows the new totals
first, alone in their frame (``Board.show_totals``), then the form folds away and
the new row appears on top of the log: what goes to the phone is what changed,
however long the log has grown.

The server's share of a save stays flat too: a row is formatted only when its round
is new or changed, and rows are isolated controls (never changed after they are
made, only replaced), so Flet's diff of the screen does not walk into every row.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.rules import TEAMS
from scorekeeper.session import phrases
from scorekeeper.ui.theme import BAR_ICON
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.widgets import big_button, column_of, icon_button, page_column, section, tip

if TYPE_CHECKING:
    from scorekeeper.core.records import MatchRecord
    from scorekeeper.ui.shell import Shell

#: Seconds the phone may take to answer the scroll to a form just opened; a page gone meanwhile leaves no task.
SCROLL_ANSWER = 10.0


def view(shell: Shell, route: str) -> ft.View:
    """The session's scoreboard: the kept one brought up to date, or a new one for another match or look."""
    board = shell.kept.scoreboard
    if board is None or board.key != Board.key_for(shell):
        board = shell.kept.scoreboard = Board(shell)
    else:
        board.show()
    return board.view


class Board:
    """The scoreboard's controls, and the lines they show, so a change touches only what differs."""

    @staticmethod
    def key_for(shell: Shell) -> tuple:
        """What the whole board is built for: a change of match, language, digits or colours builds it anew."""
        state = shell.open_state
        t = state.prefs.t
        return (state.scoring.current().id, t.language, t.digits, shell.look.palette)

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.key = self.key_for(shell)
        state, colors = shell.open_state, shell.look.palette
        t, match = state.prefs.t, state.scoring.current()
        self.totals: list[ft.Text] = []
        self.bars: list[ft.ProgressBar] = []
        self.scores: list[ft.Text] = []  # the totals again, in the title bar while a form is open
        panels: list[ft.Control] = []
        scores: list[ft.Control] = []
        for i, team in enumerate(TEAMS):
            color = colors.team[team]
            total = ft.Text(size=60, weight=ft.FontWeight.BOLD, color=color, text_align=ft.TextAlign.CENTER)
            bar = ft.ProgressBar(color=color, bar_height=8, border_radius=ft.BorderRadius.all(4))
            self.totals.append(total)
            self.bars.append(bar)
            panels.append(self._panel(color, t.team(match.team_names[i]), match, i, total, bar))
            # the total again, small, in the title bar while a form is open (its team's colour tells which)
            score = ft.Text(size=18, weight=ft.FontWeight.BOLD, color=colors.on_team)
            self.scores.append(score)
            scores.append(
                ft.Container(
                    score,
                    bgcolor=color,
                    padding=ft.Padding.symmetric(horizontal=10, vertical=4),
                    border_radius=ft.BorderRadius.all(12),
                )
            )
        self.actions = ft.Column(spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.starter = ft.Text(expand=True, size=15, color=ft.Colors.ON_SECONDARY_CONTAINER)
        self.undo = big_button(t("board.undo"), lambda e: undo_last(shell), icon=ft.Icons.UNDO, primary=False)
        self.finished: bool | None = None  # what ``actions`` holds now
        self.empty = ft.Text(t("board.no_rounds"))
        self.log = ft.Column(spacing=0)
        self.lines: list[tuple[str, str, str | None]] = []  # per round shown, oldest first: its id, line and team
        self.keys: list[tuple] = []  # per round shown: what its line is made of (see _show_rounds)
        self.panels = ft.Row(panels, spacing=12)
        self.target = ft.Text(t("board.target", target=match.target), text_align=ft.TextAlign.CENTER, size=15)
        # while a record form is open: the totals in the title bar (a phone keeps Save in reach without
        # scrolling), the form in place of the panels and actions; the log stays built below
        self.strip = ft.Row(scores, spacing=6, tight=True, visible=False)
        self.form = ft.Container(visible=False)
        self.covered: str | None = None  # the route of the form shown in the board, if one is
        controls: list[ft.Control] = [
            self.panels,
            self.target,
            self.form,
            self.actions,
            section(t("board.rounds")),
            self.empty,
            self.log,
        ]
        rules = icon_button(ft.Icons.MENU_BOOK, t("home.rules"), lambda e: shell.nav.go("/rules"), BAR_ICON)
        self.title = ft.Text(t("board.title"))
        self.view = ft.View(
            route="/match",
            appbar=ft.AppBar(title=self.title, actions=[self.strip, rules]),
            scroll=ft.ScrollMode.AUTO,
            controls=[page_column(controls)],
        )
        self.show()

    def cover(self, form: ft.View) -> None:
        """Open a record form (built as a screen of its own) in this screen, in place of the panels.

        The panels and actions make way for it and the totals show in the title bar; the
        log stays built on the phone, so opening and closing the form rebuilds no row.
        """
        bar = form.appbar
        if bar is None or not isinstance(bar.title, ft.Text):
            raise TypeError("a record form is a screen(): a page column under a title bar")
        self.form.content = column_of(form)
        self.form.visible = self.strip.visible = True
        self.panels.visible = self.target.visible = self.actions.visible = False
        self.covered = form.route
        self.title.value = bar.title.value

    async def to_form(self) -> None:
        """Scroll the screen to its top, where the form just opened in it begins.

        The form takes the place of the panels in this same scrolling screen, which keeps
        its offset: opened from a row low in a long log, the form would start above the
        screen, its fields out of sight, Save, Cancel and the log under the thumb. A tap
        meant for a field, made while the screen is scrolled to it on a slow phone, then
        lands on whatever moved under the finger (Cancel, another round's row). Sent after
        the form itself, without animation: nothing moves under a tap.
        """
        with contextlib.suppress(RuntimeError, TimeoutError):  # the phone went (or never answers): nothing to show
            await asyncio.wait_for(self.view.scroll_to(offset=0), timeout=SCROLL_ANSWER)

    def show_totals(self) -> None:
        """The title bar's totals over an open form, sent alone: the first thing a save changes."""
        self.set_totals()
        self.strip.update()

    def set_totals(self) -> None:
        state = self.shell.open_state
        t, match = state.prefs.t, state.scoring.current()
        for i, total in enumerate(self.totals):
            name = t.team(match.team_names[i])
            total.value = t.num(match.totals[i])
            total.semantics_label = f"{name}: {t.num(match.totals[i])}"
            self.bars[i].value = min(match.totals[i] / match.target, 1.0)
            self.scores[i].value = total.value
            self.scores[i].semantics_label = total.semantics_label

    @staticmethod
    def _panel(color: str, name: str, match: MatchRecord, i: int, total: ft.Text, bar: ft.ProgressBar) -> ft.Control:
        """A team's name, partners and total in its own colour, large enough to read across a table."""
        players = (match.players[i], match.players[i + 2])
        return ft.Container(
            ft.Column(
                [
                    ft.Text(
                        name,
                        size=18,
                        weight=ft.FontWeight.BOLD,
                        color=color,
                        text_align=ft.TextAlign.CENTER,
                        max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    # a long name wraps onto a line of its own rather than be dropped
                    ft.Text("\n".join(players), size=13, text_align=ft.TextAlign.CENTER),
                    total,
                    bar,
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=4,
            ),
            padding=12,
            border=ft.Border.all(2, color),
            border_radius=ft.BorderRadius.all(16),
            expand=True,
        )

    def show(self) -> None:
        """Bring every figure up to date with the open match; unchanged rows are left as they are."""
        state = self.shell.open_state
        t, match = state.prefs.t, state.scoring.current()
        if self.covered is not None:  # the form folds away, the actions come back
            self.form.content, self.form.visible, self.strip.visible = None, False, False
            self.panels.visible = self.target.visible = self.actions.visible = True
            self.covered = None
            self.title.value = t("board.title")
        self.set_totals()
        if self.finished != match.finished:
            self.finished = match.finished
            self.actions.controls = self._actions()
        if not match.finished:
            self.starter.value = phrases.starter_text(t, match)
            self.undo.visible = bool(match.rounds)
        self._show_rounds()

    def _actions(self) -> list[ft.Control]:
        shell, state, colors = self.shell, self.shell.open_state, self.shell.look.palette
        t, match = state.prefs.t, state.scoring.current()
        if match.finished:
            winner = match.winner
            if winner is None:  # a finished match has a winner (the core ends a match only then)
                raise LookupError("a finished match without a winner")
            return [
                big_button(
                    t("winner.title", team=match.winner_name),
                    lambda e: shell.nav.go("/winner"),
                    icon=ft.Icons.EMOJI_EVENTS,
                    color=colors.team[winner],
                    on_color=colors.on_team,
                )
            ]
        note = ft.Container(
            ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE, color=ft.Colors.ON_SECONDARY_CONTAINER), self.starter]),
            padding=10,
            border_radius=ft.BorderRadius.all(10),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )
        return [note, big_button(t("board.record"), lambda e: shell.nav.go("/record"), icon=ft.Icons.ADD), self.undo]

    def _show_rounds(self) -> None:
        """The log, newest first: new rounds are added on top, a changed round's row is redrawn alone."""
        state = self.shell.open_state
        match = state.scoring.current()
        results, problems = match.match.state.results, match.match.problems
        # what a row's line is made of (the language, digits and names are the board's key): a row is
        # formatted again only when these differ, so a save formats one line, not the whole log
        keys = [(entry.id, entry.round, results[i], i in problems) for i, entry in enumerate(match.entries)]
        lines = [
            self.lines[i]
            if i < len(self.keys) and self.keys[i] == key
            else (key[0], phrases.round_line(state.prefs.t, match, i), results[i].team)
            for i, key in enumerate(keys)
        ]
        self.keys = keys
        if lines[: len(self.lines)] != self.lines or len(lines) < len(self.lines):
            changed = [i for i, (old, new) in enumerate(zip(self.lines, lines, strict=False)) if old != new]
            if len(lines) == len(self.lines):  # a round edited: redraw its row alone
                for i in changed:
                    self.log.controls[len(lines) - 1 - i] = self._row(i, *lines[i])
            else:  # a round removed (undo, delete): draw the log again
                self.log.controls = [self._row(i, *lines[i]) for i in reversed(range(len(lines)))]
        else:
            self.log.controls[0:0] = [self._row(i, *lines[i]) for i in reversed(range(len(self.lines), len(lines)))]
        self.lines = lines
        self.empty.visible = not lines

    def _row(self, index: int, round_id: str, line: str, team: str | None) -> ft.Control:
        shell, t, colors = self.shell, self.shell.open_state.prefs.t, self.shell.look.palette
        return RoundRow(
            leading=ft.CircleAvatar(
                content=ft.Text(t.num(index + 1)),
                bgcolor=colors.team[team] if team else colors.neutral,
                color=colors.on_team if team else colors.on_neutral,
            ),
            title=ft.Text(line, size=15),
            trailing=ft.Icon(ft.Icons.EDIT),
            # the round itself, wherever it stands then; a form open above with input asks first
            on_click=lambda e: shell.nav.leave_to(f"/round/{round_id}"),
            tooltip=tip(t("board.edit_round", n=t.num(index + 1)), named=True),
        )


# ft.control's overload for keyword arguments alone leaves its class type unbound (mypy reads
# type[Never] and refuses any class): naming the decorator's type binds it
_isolated: Callable[[type[ft.ListTile]], type[ft.ListTile]] = ft.control(isolated=True)


@_isolated
class RoundRow(ft.ListTile):
    """One line of the round log. Never changed once made (a changed round gets a new row), so it
    is isolated: a diff of the screen compares the row itself, not its avatar, texts and icon,
    and a save's diff stays flat as the log grows."""


def undo_last(shell: Shell, then: str | None = None) -> None:
    """Take back the last round, after saying which one: a stray tap must not cost a round.

    ``then`` is the screen to go to once it is taken back (the winner screen's Undo goes back
    to the scoreboard: the match is no longer won); None stays on this one.
    """
    state = shell.open_state
    t, last = state.prefs.t, len(state.scoring.current().rounds)
    ref = state.scoring.round_ref(last - 1)  # the round named in the question is the one taken back, or none

    def undo() -> None:
        if shell.messages.attempt(lambda: state.scoring.undo_last(ref)):
            if then is None:
                shell.render()
            else:
                shell.nav.go(then)
            shell.messages.notify(t("board.undone", n=t.num(last)))
        else:
            shell.render()  # refused: show the match as it is now, under the reason

    confirm(
        shell,
        t("board.undo"),
        t("board.confirm_undo", n=t.num(last), line=phrases.round_line(t, state.scoring.current(), last - 1)),
        t("board.undo_action"),
        undo,
    )
