"""The web server's front door: same-origin websockets only, no cross-site framing, no referrers.

Flet's FastAPI app answers the websocket upgrade for any Origin and adds
``Access-Control-Allow-Origin: *`` to every response, so any web page the
scorer visits could drive the app, even on 127.0.0.1. This ASGI wrapper sits
in front of it:

- a websocket upgrade is refused (HTTP 403) unless its ``Origin`` names the
  very host and port the request was sent to, and that host is one this
  server answers to (an IP address, ``localhost``, this machine's name): a
  page on another site, or a DNS-rebound name, cannot open a session;
- the wildcard CORS header is dropped (the app needs no cross-origin reads);
- pages may not be framed by other sites (``X-Frame-Options`` and CSP
  ``frame-ancestors 'self'``) and send no ``Referer`` (the score link's secret
  stays out of other sites' logs).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

Scope = dict[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[dict]], Callable[[dict], Awaitable[None]]], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]
DROPPED = {b"access-control-allow-origin"}


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def own_names(extra: Iterable[str] = ()) -> set[str]:
    """Host names this server answers to besides IP addresses."""
    name = socket.gethostname().lower()
    return {"localhost", name, f"{name}.local", *(n.lower() for n in extra if n)}


def _host_allowed(host: str, names: set[str]) -> bool:
    hostname = (urlsplit(f"//{host}").hostname or "").lower()
    try:
        ipaddress.ip_address(hostname)
        return True
    except ValueError:
        return hostname in names


def same_origin(scope: Scope, names: set[str]) -> bool:
    """Whether a request's Origin is the server it reached, under a name this server answers to."""
    origin, host = _header(scope, b"origin"), _header(scope, b"host")
    if not origin or not host:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower() and _host_allowed(host, names)


class Guard:
    """ASGI middleware around the Flet app (see the module docstring)."""

    def __init__(self, app: ASGI, names: Iterable[str] = ()) -> None:
        self.app = app
        self.names = own_names(names)

    async def __call__(self, scope: Scope, receive, send) -> None:
        if scope["type"] == "websocket" and not same_origin(scope, self.names):
            await send({"type": "websocket.close", "code": 1008})  # before accept: the server answers 403
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host") or ""
        if not _host_allowed(host, self.names):  # a DNS-rebound name: not this server's page
            await _plain(send, 421, b"Misdirected request")
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED]
                message = {**message, "headers": headers + SECURITY_HEADERS}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _plain(send, status: int, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), *SECURITY_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": body})
