"""What the guard changes in the pages it serves: safe headers on every response, the phone's script in HTML.

Flet's wildcard CORS header is dropped (no other site may read a page), pages
may not be framed by other sites (no tapping through an invisible scoreboard)
and send no ``Referer`` (the score link's secret stays out of other sites'
logs). An HTML page also gets the app's own script at the end of its head:
Flet's client shows only "Working..." while the server is away, and the
script must be in the page before Flutter's bootstrap opens the websocket.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

Send = Callable[[dict], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]
DROPPED = {b"access-control-allow-origin"}


def secured(send: Send, page_script: Callable[[], bytes] | None) -> Send:
    """``send`` for one HTTP response, with the headers above and, in a 200 HTML page, ``page_script()``.

    An HTML page's start and body are held until the last body part, so that its
    ``content-length`` can be set for the page with the script in it.
    """
    held: list[dict] = []

    async def send_with_headers(message: dict) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED]
            message = {**message, "headers": headers + SECURITY_HEADERS}
            if page_script is not None and message.get("status") == 200 and is_html(headers):
                held.append(message)
                return
        elif held and page_script is not None and message["type"] == "http.response.body":
            held.append(message)
            if message.get("more_body"):
                return
            start, *bodies = held
            body = with_script(b"".join(m.get("body", b"") for m in bodies), page_script())
            headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
            await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
            message = {"type": "http.response.body", "body": body}
        await send(message)

    return send_with_headers


def is_html(headers: list[tuple[bytes, bytes]]) -> bool:
    return any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers)


def with_script(page: bytes, script: bytes) -> bytes:
    """The page with ``script`` at the end of its head: before Flutter's bootstrap opens the websocket."""
    at = page.find(b"</head>")
    return page if at < 0 else page[:at] + script + page[at:]


async def plain(send: Send, status: int, body: bytes) -> None:
    """A short plain-text answer of the guard's own (a refused request), with the same safe headers."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), *SECURITY_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": body})
