"""Where a request comes from: the peer address its connection gives, and whether its page is this server's.

A phone's role is decided from the peer address, so it is read from what the
server itself saw (the ASGI scope), never from a message; a proxy's
``X-Forwarded-For`` counts only when the user named that proxy (``serve_web``).
The ``Host`` and ``Origin`` checks keep other sites out: a page elsewhere, or a
DNS-rebound name pointing at this machine, can neither open a session nor be
served a page, since a browser would let that site read what it gets.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

Scope = dict[str, Any]


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header (``name`` in lower case), as the bytes came."""
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def own_names(extra: Iterable[str] = ()) -> set[str]:
    """Host names this server answers to besides IP addresses."""
    name = socket.gethostname().lower()
    return {"localhost", name, f"{name}.local", *(n.lower() for n in extra if n)}


def host_allowed(host: str, names: set[str]) -> bool:
    """Whether a ``Host`` is an IP address or one of ``names``: a rebound name is neither."""
    hostname = (urlsplit(f"//{host}").hostname or "").lower()
    try:
        ipaddress.ip_address(hostname)
        return True
    except ValueError:
        return hostname in names


def same_origin(scope: Scope, names: set[str]) -> bool:
    """Whether a request's Origin is the server it reached, under a name this server answers to."""
    origin, host = header(scope, b"origin"), header(scope, b"host")
    if not origin or not host:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower() and host_allowed(host, names)


def peer_address(scope: Scope, proxies: frozenset[str] = frozenset()) -> str | None:
    """The connection's peer address from the scope; None when it is a named proxy that forwarded no client.

    uvicorn already replaced the scope's client with the ``X-Forwarded-For`` address when the
    connection came from a proxy it was told to trust (and only then: ``serve_web``).
    """
    client = scope.get("client")
    address = client[0] if client else None
    if address is None or address in proxies:
        return None
    return str(address)
