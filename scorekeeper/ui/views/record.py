"""Record or edit a round: how it ended, who went out, the pips, a live preview.

Nothing is saved until the core accepts the round; the preview line shows the
score or the reason for refusing it while the scorer types.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.rules import ENDS, team_of
from scorekeeper.core.tiles import SEATS, hand_pips
from scorekeeper.photo.screen import photo_button
from scorekeeper.session import phrases
from scorekeeper.session.entry import Draft
from scorekeeper.session.scoring import NewRoundRef, RoundRef
from scorekeeper.session.steer import Steer
from scorekeeper.ui.domino import tile_face
from scorekeeper.ui.theme import TOUCH
from scorekeeper.ui.views.confirm import confirm
from scorekeeper.ui.views.count_keys import CountKeys
from scorekeeper.ui.views.elsewhere import Elsewhere
from scorekeeper.ui.views.picker import TilePicker
from scorekeeper.ui.widgets import Choices, big_button, error_text, icon_button, screen, section, show_error

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell

#: Seconds between a save's new totals and the form folding away: the totals get a frame of their
#: own (a phone draws one in well under this), and the eye sees them change before the form goes.
FOLD = 0.15


class RecordForm:
    """The form's controls and its draft; re-lays only the part that depends on the choices."""

    def __init__(self, shell: Shell, round_id: str | None) -> None:
        self.shell = shell
        self.state = shell.open_state
        self.t = self.state.prefs.t
        index = self.state.scoring.round_index(round_id) if round_id is not None else None
        self.index = index
        # the form names the match as it saw it (an edit, its round too): a change made meanwhile on another
        # phone refuses the save instead of landing on whatever round is now in this place, or after it unasked
        self.ref: RoundRef | NewRoundRef = (
            self.state.scoring.round_ref(index) if index is not None else self.state.scoring.new_round_ref()
        )
        match = self.state.scoring.current()
        self.draft = Draft.of(match.rounds[index]) if index is not None else Draft()
        self.original = Draft.of(match.rounds[index]) if index is not None else Draft()  # to tell unsaved input
        self.number = (index if index is not None else len(match.rounds)) + 1
        self.ends = Choices([(end, self.t(f"end.{end}")) for end in ENDS], self.draft.end, self.on_end)
        self.help = ft.Text("", size=13)
        self.choices = ft.Column(spacing=10)
        self.preview = ft.Text("", size=20, weight=ft.FontWeight.BOLD)
        self.problem = error_text()
        self.elsewhere = Elsewhere(self)  # what other phones changed while this form is open
        self.steer = Steer()  # the keyboard's way to the next count, kept until it got there
        self.keys = CountKeys(shell, self.draft, self.steer, lambda: self.on_save(None))
        self.lay_out()

    # --- layout -------------------------------------------------------------------

    def lay_out(self) -> None:
        t, draft = self.t, self.draft
        names = self.state.scoring.current().players
        self.help.value = t(f"end.{draft.end}_help") if draft.end else ""  # the heading asks already
        self.help.visible = bool(draft.end)
        controls: list[ft.Control] = []
        if draft.end == "domino":
            controls.append(section(t("record.who")))
            buttons = [self.winner_button(seat, names[seat]) for seat in range(SEATS)]
            controls += [ft.Row(buttons[:2], spacing=10), ft.Row(buttons[2:], spacing=10)]
        self.keys.fields = {}
        for seat in draft.seats_needed():
            controls.append(self.pips_field(seat, names[seat]))
        self.keys.laid_out()
        self.choices.controls = controls
        self.refresh()

    def winner_button(self, seat: int, name: str) -> ft.Control:
        color = self.shell.look.palette.team[team_of(seat)]
        chosen = self.draft.winner == seat
        kind = ft.FilledButton if chosen else ft.OutlinedButton
        button = kind(
            content=ft.Text(name, text_align=ft.TextAlign.CENTER),
            icon=ft.Icons.CHECK if chosen else None,
            height=TOUCH,
            # half the usual side padding: a long name wraps between its words, not inside one, at 320 px
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
            expand=True,
            on_click=lambda e, s=seat: self.on_winner(s),
        )
        if isinstance(button, ft.FilledButton):  # the chosen one, filled in its team's colour
            button.bgcolor = color
            button.color = self.shell.look.palette.on_team
        return button

    def pips_field(self, seat: int, name: str) -> ft.Control:
        """A typed total, or the tiles picked for this hand (then the total is theirs)."""
        t = self.t
        hand = self.draft.tiles[seat]

        def changed(e, s=seat) -> None:
            self.steer.typed(s)
            self.draft.pips[s] = e.control.value or ""
            self.refresh()
            # only the two lines below the fields change: send just them, not a diff of the whole form
            self.preview.update()
            self.problem.update()

        async def submitted(e, s=seat) -> None:  # Flet awaits only a coroutine function, not a lambda's coroutine
            await self.keys.on_submit(s)

        # Focus and blur change nothing on screen: no update after them. Flet would otherwise diff the
        # whole screen after each (its auto-update), and the blur that a tap on Save brings first would
        # hold the save back by that diff (tens of ms on a busy machine, the log's rows included).
        async def focused(e, s=seat) -> None:
            ft.context.disable_auto_update()
            await self.keys.on_focus(s)

        async def blurred(e, s=seat) -> None:  # on the event loop, as focus is: the two keep their order
            ft.context.disable_auto_update()
            self.steer.blurred(s)

        field = ft.TextField(
            # the name alone fits a phone's narrow field whole; a screen reader still hears "Pips of <name>"
            label=ft.Text(name, semantics_label=t("record.pips", name=name), max_lines=2),
            suffix="\u00a0" + t("record.pips_unit"),  # a space apart from the digits, on either side
            suffix_style=ft.TextStyle(size=16),
            value=self.draft.pips[seat] if hand is None else t.num(hand_pips(hand)),
            read_only=hand is not None,
            keyboard_type=ft.KeyboardType.NUMBER,
            border_color=self.shell.look.palette.team[team_of(seat)],
            text_size=22,
            text_align=ft.TextAlign.END,  # the digits beside their unit: "12 pips"
            on_change=changed,
            on_submit=submitted,
            on_focus=focused,
            on_blur=blurred,
            expand=True,
        )
        self.keys.fields[seat] = field
        key, icon, action = (
            ("record.pick_tiles", ft.Icons.GRID_VIEW, self.open_picker)
            if hand is None
            else ("record.type_total", ft.Icons.KEYBOARD, self.type_total)
        )
        # icon buttons (named for a screen reader, a tooltip for the eye) leave the field the width its label needs
        switch = icon_button(icon, f"{t(key)}: {name}", lambda e, s=seat: action(s))
        photo = photo_button(self, seat, name)
        row = ft.Row([field, switch, photo], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        rows: list[ft.Control] = [row]
        if hand:  # the picked tiles themselves, small; tap to change them (named: "Tiles of Ahmed: 6-4, 5-5")
            tiles = ft.Row([tile_face(tile, 18) for tile in hand], spacing=4, wrap=True, rtl=False)
            chips = ft.Container(tiles, on_click=lambda e, s=seat: self.open_picker(s))
            named = f"{t('picker.title', name=name)}: {t('list_sep').join(str(tile) for tile in hand)}"
            rows.append(ft.Semantics(content=chips, label=named, button=True, container=True))
        return ft.Column(rows, spacing=6)

    # --- the tile picker ---------------------------------------------------------

    def open_picker(self, seat: int) -> None:
        self.steer.stop()  # the player's own choice: the keyboard is not sent back under the picker
        match = self.state.scoring.current()
        opened = match.match.opens_with_double_six(len(match.rounds) if self.index is None else self.index)
        TilePicker(self.shell, self.draft, seat, self.picked, opened).open()

    def picked(self) -> None:
        """The picker closed: show the hand's new total and tiles."""
        self.lay_out()
        self.relaid()

    def type_total(self, seat: int) -> None:
        self.draft.type_total(seat)
        self.lay_out()
        self.relaid()

    def relaid(self) -> None:
        """Show the new layout; its first empty count's autofocus is followed until the keyboard is there."""
        self.shell.page.update()
        self.keys.shown()

    def refresh(self) -> None:
        preview = phrases.preview(self.t, self.state.scoring.match, self.draft, self.index)
        self.preview.value = preview.text
        self.preview.color = ft.Colors.ERROR if preview.error else None
        show_error(self.problem, None)

    # --- events ---------------------------------------------------------------------

    def on_end(self, end: str) -> None:
        self.draft.end = end
        if self.draft.end != "domino":
            self.draft.winner = None
        self.lay_out()
        self.relaid()

    def on_winner(self, seat: int) -> None:
        self.draft.winner = seat
        self.lay_out()
        self.relaid()

    async def on_save(self, e) -> None:
        """Save, then show it: the new totals first, in a frame of their own, then the form folds away.

        The totals sit in the title bar above the form (see ``views/board.py``); sent
        alone they are on screen as fast as a keystroke's echo. The fold (the form's fields
        going, the actions and the new row coming) follows ``FOLD`` seconds later, unless
        the scorer has left the form meanwhile.
        """
        self.steer.stop()
        saved = self.shell.messages.attempt(
            lambda: self.state.scoring.save_round(self.draft, self.ref), self.elsewhere.refused
        )
        if not saved:
            return
        route, board = self.shell.nav.route, self.shell.kept.scoreboard
        covered = board is not None and board.covered == route
        if board is not None and covered:
            board.show_totals()
        if self.shell.device is not None:  # after the totals are sent, on its own task: the totals are not held
            self.shell.device.tick(self.state.reads.settings())
        if board is not None and covered:
            await asyncio.sleep(FOLD)
            if self.shell.nav.route != route or board is not self.shell.kept.scoreboard or board.covered != route:
                return  # the scorer went on already (Cancel, back): that screen stands
        self.shell.nav.go("/winner" if self.state.scoring.current().finished else "/match")

    def on_delete(self, e) -> None:
        t, ref = self.t, self.ref
        if not isinstance(ref, RoundRef):  # only an edit offers Delete (see controls), and an edit names its round
            raise LookupError("no round to delete: the form records a new one")

        def delete() -> None:
            if self.shell.messages.attempt(lambda: self.state.scoring.delete_round(ref), self.elsewhere.refused):
                self.shell.nav.go("/match")

        confirm(self.shell, t("record.delete"), t("record.confirm_delete", n=self.number), t("record.confirm"), delete)

    def on_cancel(self, e) -> None:
        self.steer.stop()
        self.shell.nav.back()

    def unsaved(self) -> bool:
        """Input the scorer would lose by going back: anything chosen, typed or picked that is not stored."""
        return not self.draft.saved and self.draft != self.original

    def controls(self) -> list[ft.Control]:
        t = self.t
        editing = self.index is not None
        controls = [
            section(t("record.how")),
            self.ends,
            self.help,
            self.choices,
            self.preview,
            self.problem,
            self.elsewhere.notice,
            big_button(t("record.save_edit" if editing else "record.save"), self.on_save, icon=ft.Icons.CHECK),
        ]
        if editing:
            controls.append(big_button(t("record.delete"), self.on_delete, icon=ft.Icons.DELETE, primary=False))
        controls.append(big_button(t("record.cancel"), self.on_cancel, primary=False))
        return controls


def view(shell: Shell, route: str, round_id: str | None) -> ft.View:
    form = RecordForm(shell, round_id)
    shell.on_screen.unsaved = form.unsaved
    shell.on_screen.heard = form.elsewhere.heard
    t = shell.open_state.prefs.t
    return screen(route, t("record.title", n=form.number), form.controls())
