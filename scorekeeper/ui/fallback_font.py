"""Answer the web engine's fallback-font downloads with the font the app bundles.

On every Arabic page Flutter's web engine meets Arabic letters in a font
that lacks them (text laid out before the bundled font is registered, it
seems: every letter the page shows is in that font) and downloads a Noto font
for them from ``fontFallbackBaseUrl``. With ``no_cdn`` (no internet at the
table) that is this server's ``assets/fonts/``, where Flet ships Roboto only:
the download got a 404, and the engine Flet 1.0 carries then lays the text
out again and asks again, at times without end (flutter/flutter#184449). Such
a page keeps the phone's processor busy and answers taps late or never; on
the shared test machine it was the Arabic screens that timed out or hung.

The bundled font holds Latin and Arabic, which is all the app writes, so it
is the answer to any fallback the engine asks for; a request for anything
else goes on to Flet unchanged."""

from __future__ import annotations

import re
from functools import cache

from scorekeeper.ui.guard.asgi import ASGI
from scorekeeper.ui.guard.origin import Scope
from scorekeeper.ui.theme import FONT, FONTS, assets_dir

#: Where the engine looks for a fallback font under ``assets/fonts/``: its own table's family, version
#: and file name (e.g. ``notosansarabic/v28/nwpx….woff2``; a large font comes in numbered parts).
FALLBACK_PATH = re.compile(r"/assets/fonts/noto[a-z0-9]*/v\d+/[\w-]+(\.\d+)?\.(woff2|ttf)", re.ASCII)


@cache
def bundled_font() -> bytes:
    """The app's own font file (read once: every Arabic page asks for it)."""
    return (assets_dir() / FONTS[FONT]).read_bytes()


def with_fallback_font(app: ASGI) -> ASGI:
    """``app`` with the engine's fallback-font requests answered by :func:`bundled_font`."""

    async def serve(scope: Scope, receive, send) -> None:
        asked = scope["type"] == "http" and scope.get("method") in ("GET", "HEAD")
        if not (asked and FALLBACK_PATH.fullmatch(scope.get("path", ""))):
            await app(scope, receive, send)
            return
        body = bundled_font()
        headers = [
            (b"content-type", b"font/ttf"),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"public, max-age=86400"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})

    return serve
