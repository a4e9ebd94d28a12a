"""How a file leaves or enters one session's phone: the file picker, the share sheet, and which of them fits.

Both are Flet page services, made when the session starts (``start``) and
kept referenced here for the session's life. A phone or tablet has a share
sheet, so a picture goes there; a desktop has none, so it downloads (a
browser) or opens a save dialog instead. Text is shared by ``ShareText``, a
client action the browser runs during the tap itself (``widgets.share_row``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.i18n import Translator
from scorekeeper.ui.messages import Messages


class Files:
    """One session's file picker and share sheet; ``save`` says where the file went."""

    def __init__(self, page: Any, messages: Messages, t: Callable[[], Translator]) -> None:
        self.page = page
        self.messages = messages
        self.t = t  # the session's language of the moment
        self.picker: ft.FilePicker | None = None
        self.sheet: ft.Share | None = None  # the phone's share sheet, for a picture

    def start(self) -> None:
        """Make the page's services (a page must be there)."""
        self.picker = ft.FilePicker()
        self.sheet = ft.Share()

    @property
    def mobile(self) -> bool:
        """A phone or tablet (app or browser): it has a share sheet; a desktop copies or downloads instead."""
        platform = getattr(self.page, "platform", None)
        return platform is not None and platform.is_mobile()

    def _picker(self) -> ft.FilePicker:
        if self.picker is None:
            raise RuntimeError("the session has not started: no file picker yet")
        return self.picker

    async def save(self, name: str, data: bytes) -> None:
        """Hand an export to the user: a download in a browser, a save dialog on desktop and phone."""
        await self._picker().save_file(file_name=name, src_bytes=data)
        self.messages.notify(self.t()("history.exported", name=name))
        self.page.update()

    async def share_picture(self, name: str, png: bytes, text: str) -> None:
        """A picture to the share sheet on a phone, saved as a file on a desktop."""
        if self.mobile and self.sheet is not None:
            await self.sheet.share_files([ft.ShareFile.from_bytes(png, mime_type="image/png", name=name)], text=text)
        else:
            await self.save(name, png)

    async def pick_json(self) -> bytes | None:
        """Ask for a JSON file to import; its bytes, or None when the user cancelled."""
        picked = await self._picker().pick_files(allowed_extensions=["json"], with_data=True)
        return picked[0].bytes if picked else None

    async def pick_image(self) -> bytes | None:
        """Ask for a photo (the camera on a phone); its bytes, or None when the user cancelled."""
        picked = await self._picker().pick_files(file_type=ft.FilePickerFileType.IMAGE, with_data=True)
        return picked[0].bytes if picked else None
