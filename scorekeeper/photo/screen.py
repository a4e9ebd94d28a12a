"""Count a hand's pips from a photo: pick it, read it off the UI thread, show the marks, tap to fix, use.

The reading itself is ``scorekeeper.photo`` (pure: numpy, Pillow and OpenCV); this module
only asks for the photo, draws what was found over it and forwards taps to a
``Correction``, whose total the "Use" button puts in the form.
"""

from __future__ import annotations

import asyncio
import io
import weakref
from typing import TYPE_CHECKING

import flet as ft
import flet.canvas as cv

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.rules import team_of
from scorekeeper.core.tiles import Tile
from scorekeeper.photo import PhotoReading, read_tiles
from scorekeeper.photo.colour import warm_up
from scorekeeper.photo.decode import decode
from scorekeeper.photo.edit import Correction
from scorekeeper.photo.halves_screen import HalvesChooser
from scorekeeper.photo.reader import MIN_SIDE, WORK_SIDE
from scorekeeper.session import phrases
from scorekeeper.ui.theme import TOUCH
from scorekeeper.ui.widgets import icon_button, show_error

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell
    from scorekeeper.ui.views.record import RecordForm

SHOWN = 300  # the photo's shown width (and at most its height), logical pixels


def _prepare(data: bytes) -> tuple[PhotoReading, bytes | None]:
    """Read the photo and make a small JPEG to show (a 12 MP original is too heavy to send).

    One guarded decode serves both: the reader's working size is larger than the shown one.
    """
    decoded = decode(data, WORK_SIDE, min_side=MIN_SIDE)
    reading = read_tiles(decoded)
    if decoded.image is None:
        return reading, None
    shown = decoded.image.copy()
    shown.thumbnail((2 * SHOWN, 2 * SHOWN))
    out = io.BytesIO()
    shown.save(out, "JPEG", quality=85)
    return reading, out.getvalue()


# The sessions reading a photo now: one at a time each (a second tap, or a client that sends the
# event again past the modal dialog, is told to wait rather than queue a second decode).
_reading: weakref.WeakSet[Shell] = weakref.WeakSet()


async def count_from_photo(form: RecordForm, seat: int) -> None:
    """The whole flow for one seat's pips field."""
    shell, t = form.shell, form.t
    page = shell.page
    if shell in _reading:
        shell.messages.notify(t("photo.busy"), error=True)
        page.update()
        return
    warming = asyncio.create_task(asyncio.to_thread(warm_up))  # while the user picks the photo
    photo = await shell.files.pick_image()
    await warming
    if photo is None:
        return
    if shell in _reading:  # a second picker answered while the first photo is still being read
        shell.messages.notify(t("photo.busy"), error=True)
        page.update()
        return
    reading_note = ft.AlertDialog(
        modal=True,
        content=ft.Row([ft.ProgressRing(), ft.Text(t("photo.reading"))], tight=True, spacing=16),
    )
    _reading.add(shell)
    page.show_dialog(reading_note)
    page.update()
    try:
        reading, shown = await asyncio.to_thread(_prepare, photo)  # the server stays responsive
    finally:
        _reading.discard(shell)
    page.pop_dialog()
    PhotoDialog(form, seat, reading, shown).open()
    page.update()


def photo_button(form: RecordForm, seat: int, name: str) -> ft.Control:
    """The camera button beside a pips field."""
    label = f"{form.t('photo.count')}: {name}"

    async def clicked(e) -> None:
        form.steer.stop()  # the player's own choice: the keyboard is not sent back under the camera
        await count_from_photo(form, seat)

    return icon_button(ft.Icons.PHOTO_CAMERA, label, clicked)


class PhotoDialog:
    """The photo with each tile outlined and labelled, each pip marked, the total large."""

    def __init__(self, form: RecordForm, seat: int, reading: PhotoReading, shown: bytes | None) -> None:
        self.form, self.seat, self.t = form, seat, form.t
        self.page = form.shell.page
        self.fixing = Correction(reading)
        self.reason = reading.reason
        self.unread = reading.unread  # face-like places the reader could not read: marked for a look
        # the theme's team colour: the light one's deep orange is 2.6:1 on a dark dialog
        self.color = form.shell.look.palette.team[team_of(seat)]
        width, height = max(1, reading.width), max(1, reading.height)
        self.scale = min(SHOWN / width, SHOWN / height)
        self.size = (width * self.scale, height * self.scale)
        self.canvas = cv.Canvas(width=self.size[0], height=self.size[1])
        self.total = ft.Text("", size=32, weight=ft.FontWeight.BOLD, color=self.color)
        self.labels = ft.Text("", size=16)
        self.problem = ft.Text("", color=ft.Colors.ERROR, visible=False)
        self.check = ft.Text(self.t("photo.check"), color=ft.Colors.AMBER_400, weight=ft.FontWeight.BOLD, visible=False)
        self.shown = shown
        self.chooser = HalvesChooser(self.fixing, self.t, self.changed)

    def open(self) -> None:
        t = self.t
        name = self.form.shell.open_state.scoring.current().players[self.seat]
        body: list[ft.Control] = []
        if self.shown is not None:
            picture = ft.Stack(
                [
                    ft.Image(
                        src=self.shown,
                        width=self.size[0],
                        height=self.size[1],
                        fit=ft.BoxFit.FILL,
                        semantics_label=t("photo.title", name=name),
                    ),
                    self.canvas,
                ],
                width=self.size[0],
                height=self.size[1],
            )
            body.append(ft.GestureDetector(content=picture, on_tap_down=self.on_tap))
        body += [
            self.total,
            self.labels,
            self.check,
            self.chooser.view,
            ft.Text(t("photo.help"), size=13),
            self.problem,
        ]
        self.draw()
        self.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(t("photo.title", name=name)),
                content=ft.Column(body, tight=True, scroll=ft.ScrollMode.AUTO, width=SHOWN),
                actions=[
                    ft.OutlinedButton(t("photo.cancel"), on_click=lambda e: self.page.pop_dialog(), height=TOUCH),
                    ft.FilledButton(t("photo.use"), on_click=self.on_use, height=TOUCH),
                ],
                scrollable=True,
                inset_padding=ft.Padding.all(8),
                content_padding=ft.Padding.all(12),
            )
        )

    def draw(self) -> None:
        """Outlines, labels and pip marks over the photo; the total and the tiles as text."""
        t, k = self.t, self.scale
        shapes: list[cv.Shape] = []
        outline = ft.Paint(color=ft.Colors.GREEN_ACCENT_400, stroke_width=2, style=ft.PaintingStyle.STROKE)
        doubt = ft.Paint(color=ft.Colors.AMBER_400, stroke_width=4, style=ft.PaintingStyle.STROKE)
        mark = ft.Paint(color=ft.Colors.RED_ACCENT_400, stroke_width=2, style=ft.PaintingStyle.STROKE)
        for tile in self.fixing.tiles:
            corners = [(x * k, y * k) for x, y in tile.outline]
            elements: list[cv.Path.PathElement] = [cv.Path.MoveTo(*corners[0])]
            elements += [cv.Path.LineTo(x, y) for x, y in corners[1:]]
            elements.append(cv.Path.Close())
            shapes.append(cv.Path(elements, paint=doubt if tile.unsure else outline))
            cx = sum(x for x, _ in corners) / 4
            cy = sum(y for _, y in corners) / 4
            shade = ft.Colors.with_opacity(0.55, ft.Colors.BLACK)
            style = ft.TextStyle(size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE, bgcolor=shade)
            label = f"{tile.label} ?" if tile.unsure else tile.label
            shapes.append(cv.Text(cx, cy, label, style=style, alignment=ft.Alignment.CENTER))
            for x, y in (*tile.a, *tile.b):
                shapes.append(cv.Circle(x * k, y * k, 6, paint=mark))
        for place in self.unread:
            corners = [(x * k, y * k) for x, y in place]
            around: list[cv.Path.PathElement] = [cv.Path.MoveTo(*corners[0])]
            around += [cv.Path.LineTo(x, y) for x, y in corners[1:]]
            around.append(cv.Path.Close())
            shapes.append(cv.Path(around, paint=doubt))
            cx = sum(x for x, _ in corners) / 4
            cy = sum(y for _, y in corners) / 4
            style = ft.TextStyle(size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.AMBER_400)
            shapes.append(cv.Text(cx, cy, "?", style=style, alignment=ft.Alignment.CENTER))
        self.canvas.shapes = shapes
        self.total.value = t("photo.total", pips=t.num(self.fixing.total))
        if self.reason:
            self.labels.value = t(f"photo.reason.{self.reason}")
        else:
            self.labels.value = " · ".join(
                f"{tile.label} ?" if tile.unsure else tile.label for tile in self.fixing.tiles
            )
        self.check.visible = bool(self.unread) or any(tile.unsure for tile in self.fixing.tiles)
        self.chooser.rebuild()

    def changed(self) -> None:
        """A tile's halves were set (or its numbers opened): redraw the marks and the total."""
        self.draw()
        self.page.update()

    def on_tap(self, e: ft.TapEvent) -> None:
        if e.local_position is None:
            return
        x, y = e.local_position.x / self.scale, e.local_position.y / self.scale
        self.fixing.tap(x, y, reach=12 / self.scale)
        self.draw()
        self.page.update()

    def on_use(self, e) -> None:
        """Fill the pips field; with every tile read, the tiles too, so the picker's rules check them."""
        form, seat, draft = self.form, self.seat, self.form.draft
        pairs = self.fixing.pairs
        draft.tiles[seat] = None
        draft.pips[seat] = str(self.fixing.total)
        refused = None
        if pairs and not self.reason:
            try:
                for a, b in pairs:
                    draft.toggle_tile(seat, Tile.of(a, b))
            except InvalidRound as err:  # e.g. a tile already in another hand: keep the total, say why
                draft.tiles[seat] = None
                refused = phrases.error_text(form.t, err, form.state.scoring.match)
            hand = draft.tiles[seat]
            if hand is not None and len(hand) != len(pairs):
                draft.tiles[seat] = None  # the same tile read twice: the total alone
        self.page.pop_dialog()
        form.lay_out()
        if refused:
            show_error(form.problem, refused)
        self.page.update()
