"""The table board for viewers: a phone propped on the table or a TV, read from across the table.

Team names and totals in very large digits, progress to the target, the last
round in words, who starts next, tonight's matches. Nothing on it changes
data: a viewer session has no buttons, and the state object refuses its
writes anyway.

Every viewer of one table in one language sees the same board, so they share
one: one set of controls (:class:`SharedBoard`), filled once per change from
one :class:`~scorekeeper.session.board.BoardFacts`, diffed once, and the one
patch sent to every viewer's phone. Fifty phones cost the server one board's
diff and fifty sends, not fifty redraws. Each viewer's own screen
(:class:`WatchBoard`) holds only what is its own (an old link's notice) and the
shared board, isolated so that a viewer's own diff never walks into it.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

from scorekeeper.core.rules import TEAMS
from scorekeeper.session.board import BoardFacts, board_facts
from scorekeeper.session.reads import on_the_table
from scorekeeper.ui.hearing import session_of
from scorekeeper.ui.theme import TEAM_COLORS

if TYPE_CHECKING:
    from scorekeeper.core.records import MatchRecord
    from scorekeeper.i18n import Translator
    from scorekeeper.session.reads import Reads
    from scorekeeper.ui.shell import Shell

ROUTE = "/watch"

# ft.control's overload for keyword arguments alone leaves its class type unbound (mypy reads
# type[Never] and refuses any class): naming the decorator's type binds it
_isolated: Callable[[type[ft.Column]], type[ft.Column]] = ft.control(isolated=True)


@_isolated
class BoardColumn(ft.Column):
    """The shared board's controls: isolated, so a viewer's own screen diff stops at it (it is
    patched once for every viewer by :meth:`SharedBoard.show`)."""


class SharedBoard:
    """The board's controls for every viewer of one store in one language and digit style."""

    def __init__(self) -> None:
        self.names: list[ft.Text] = []
        self.totals: list[ft.Text] = []
        self.bars: list[ft.ProgressBar] = []
        panels: list[ft.Control] = []
        for team in TEAMS:
            color = TEAM_COLORS[team]
            name = ft.Text(
                "",
                size=24,
                weight=ft.FontWeight.BOLD,
                color=color,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER,
            )
            total = ft.Text("", size=96, weight=ft.FontWeight.BOLD, color=color, text_align=ft.TextAlign.CENTER)
            bar = ft.ProgressBar(value=0, color=color, bar_height=10, border_radius=ft.BorderRadius.all(5))
            self.names.append(name)
            self.totals.append(total)
            self.bars.append(bar)
            panels.append(
                ft.Container(
                    ft.Column([name, total, bar], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=2),
                    padding=10,
                    border=ft.Border.all(3, color),
                    border_radius=ft.BorderRadius.all(18),
                    expand=True,
                )
            )
        self.scores = ft.Row(panels, spacing=12)
        self.target = ft.Text("", size=18, text_align=ft.TextAlign.CENTER)
        self.status = ft.Text("", size=20, text_align=ft.TextAlign.CENTER)
        self.last = ft.Text("", size=20, text_align=ft.TextAlign.CENTER)
        self.waiting = ft.Text("", size=28, text_align=ft.TextAlign.CENTER)
        self.tonight_title = ft.Text("", size=18, weight=ft.FontWeight.BOLD)
        self.tonight = ft.Column(spacing=6)
        self.content = BoardColumn(
            [self.waiting, self.scores, self.target, self.status, self.last, self.tonight_title, self.tonight],
            spacing=12,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self.facts: BoardFacts | None = None
        self.source: tuple[MatchRecord | None, ...] = ()  # the records ``facts`` were made from
        self.viewers: weakref.WeakSet[WatchBoard] = weakref.WeakSet()

    def bring_up_to_date(self, t: Translator, match: MatchRecord | None, tonight: list[MatchRecord]) -> None:
        """Show ``match`` among ``tonight``'s; the first viewer to hear of a change does it for all.

        The store hands out the same record objects until they change, so the board is
        worked out again only when one of them is another object.
        """
        source = (match, *tonight)
        if len(source) == len(self.source) and all(a is b for a, b in zip(source, self.source, strict=True)):
            return
        self.source = source
        self.show(board_facts(t, match, tonight))

    def show(self, facts: BoardFacts) -> None:
        """Fill the controls from ``facts`` and send what changed to every viewer's phone at once."""
        if facts == self.facts:
            return
        self.facts = facts
        playing = bool(facts.panels)
        self.waiting.value, self.waiting.visible = facts.waiting, not playing
        for control in (self.scores, self.target, self.status, self.last):
            control.visible = playing
        for panel, name, total, bar in zip(facts.panels, self.names, self.totals, self.bars, strict=False):
            name.value = panel.name
            total.value, total.semantics_label = panel.total, panel.label
            bar.value = panel.progress
        self.target.value = facts.target
        self.status.value = facts.status
        if facts.winner is not None:
            self.status.color, self.status.weight = TEAM_COLORS[facts.winner], ft.FontWeight.BOLD
        else:
            self.status.color, self.status.weight = None, None
        self.last.value = facts.last
        self.tonight_title.value = facts.tonight_title
        self.tonight_title.visible = bool(facts.tonight)
        if [line.value for line in self.tonight.controls if isinstance(line, ft.Text)] != list(facts.tonight):
            self.tonight.controls = [ft.Text(line, size=16) for line in facts.tonight]
        self._send()

    def _send(self) -> None:
        """One diff of the board, its patch sent to every viewer whose phone is connected.

        Flet would diff the board once per session; the board is one object tree (one set of
        control ids) on every phone, so one patch fits them all. A phone away gets the whole
        page, board included, when it comes back: Flet sends it then, and seats the session on
        its new connection before any other task runs, so no change falls in between.
        """
        content = self.content
        patch, added, removed = ObjectPatch.from_diff(content, content, control_cls=BaseControl)
        operations = patch.to_message()
        if len(operations) <= 1:
            return
        message = Message(MessageAction.PATCH_CONTROL, PatchControlBody(content._i, operations))
        for viewer in list(self.viewers):
            session = viewer.session()
            # only a phone that has the board (a new viewer's screen, not sent yet, will carry it whole)
            if session is None or session.connection is None or session.index.get(content._i) is not content:
                continue
            for control in removed:  # tonight's lines, replaced: as Flet's own patch would, per session
                session.index.pop(control._i, None)
            for control in added:
                session.index[control._i] = control
            session.connection.send_message(message)


#: The shared boards of each store, by language and digits (a handful: one per language in use).
_SHARED: weakref.WeakKeyDictionary[Reads, dict[tuple[str, str], SharedBoard]] = weakref.WeakKeyDictionary()


def shared_board(store: Reads, t: Translator) -> SharedBoard:
    boards = _SHARED.setdefault(store, {})
    key = (t.language, t.digits)
    board = boards.get(key)
    if board is None:
        board = boards[key] = SharedBoard()
    return board


class WatchBoard:
    """One viewer's screen: its own notice above the board it shares with every viewer in its language."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.shared: SharedBoard | None = None
        self.drawn: tuple[str | None, str, str] | None = None  # the notice and language this screen shows
        #: Whether the last ``show`` changed this screen's own part (else there is nothing of its own to send).
        self.changed = True
        # What this phone must hear until it says it has (an old or revoked score link): on the board
        # itself, not a message that times out, in the table's language of the moment. Built only for
        # a phone that has one: most never do, and every control of a session is memory it holds.
        self.notice: ft.Container | None = None
        self.notice_text = ft.Text("", size=18, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)
        self.dismiss = ft.TextButton("", on_click=self._dismissed)
        self.column = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        board = ft.Container(
            self.column, padding=ft.Padding.symmetric(horizontal=16, vertical=16), col={"xs": 12, "md": 10, "lg": 8}
        )
        self.view = ft.View(
            route=ROUTE,
            scroll=ft.ScrollMode.AUTO,
            controls=[ft.ResponsiveRow([board], alignment=ft.MainAxisAlignment.CENTER)],
        )

    def session(self) -> Any:
        """This phone's Flet session; None once it is gone, or without a page (the views' unit tests)."""
        return session_of(self.shell.page)

    def show(self) -> ft.View:
        """Fill the board from the shared data as it is now; returns its (same) view."""
        state = self.shell.open_state
        t = state.prefs.t
        match = on_the_table(state.reads)
        drawn = (self.shell.admission.notice, t.language, t.digits)
        self.changed, self.drawn = drawn != self.drawn, drawn
        if self.shell.admission.notice is not None:
            if self.notice is None:
                self.notice = ft.Container(
                    ft.Row(
                        [ft.Icon(ft.Icons.LINK_OFF, color=ft.Colors.ON_ERROR_CONTAINER), self.notice_text, self.dismiss]
                    ),
                    bgcolor=ft.Colors.ERROR_CONTAINER,
                    border_radius=ft.BorderRadius.all(12),
                    padding=12,
                )
                self.column.controls.insert(0, self.notice)
            self.notice_text.value = t(self.shell.admission.notice)
            self.dismiss.content = t("watch.dismiss")
        if self.notice is not None:
            self.notice.visible = self.shell.admission.notice is not None
        shared = shared_board(state.reads, t)
        if shared is not self.shared:  # first shown, or the table's language changed
            if self.shared is not None:
                self.shared.viewers.discard(self)
                self.column.controls.remove(self.shared.content)
            shared.viewers.add(self)
            self.shared = shared
            self.column.controls.append(shared.content)
        shared.bring_up_to_date(t, match, state.reads.tonight())
        return self.view

    def _dismissed(self, e: ft.Event) -> None:
        self.shell.admission.notice = None
        self.show()
        self.view.update()


def view(shell: Shell, route: str) -> ft.View:
    """The viewer's board, built on first use and updated in place afterwards."""
    board = shell.kept.table_board  # its own: a scorer demoted to a viewer still holds its scoreboard
    if board is None:
        board = shell.kept.table_board = WatchBoard(shell)
    return board.show()
