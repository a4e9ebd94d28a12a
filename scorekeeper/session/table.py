"""What every session of one server shares: who may score, and the links that let phones join.

Roles: the scorer records rounds; everyone else watches a live, read-only
board. A session may score when it comes from the machine that runs the app
(loopback address; switched off by ``--no-local-scorer``, e.g. behind a
reverse proxy where every client looks local) or when it opened the score
link, which carries a secret from ``secrets.token_urlsafe``. Revoking the
link draws a new secret: phones that joined with the old one are viewers
from their next change on. The watch link always makes a viewer, even on the
scorer's own machine (a TV plugged into the laptop).
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass

WATCH = "/watch"
SCORE = "/score/"


def is_loopback(address: str | None) -> bool:
    """Whether a client address is this machine (127.0.0.0/8, ::1, or IPv4-mapped loopback)."""
    try:
        ip = ipaddress.ip_address((address or "").strip("[]"))
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or bool(mapped and mapped.is_loopback)


def lan_address() -> str:
    """This machine's address on the local network, as phones would reach it (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


@dataclass(frozen=True)
class Access:
    """How one session joined: whether it may write (asked at every change) and where it starts."""

    may_write: Callable[[], bool]
    route: str
    note: str | None = None  # an i18n key to say once, e.g. that a score link was revoked
    by_link: bool = False  # joined with the score link (so revoking it from here keeps this phone scoring)


def _never() -> bool:
    return False


def _always() -> bool:
    return True


class Table:
    """The process-wide part of the shared table: the score link's secret and the role of each session."""

    def __init__(self, *, web: bool, host: str | None = None, port: int = 0, local_scorer: bool = True):
        self.web = web
        self.host = host or "127.0.0.1"
        self.port = port
        self.local_scorer = local_scorer
        self.secret = secrets.token_urlsafe(18)

    @property
    def networked(self) -> bool:
        """Whether phones on the network can reach this server (bound beyond loopback)."""
        return self.web and not is_loopback(self.host) and self.host != "localhost"

    def base_url(self) -> str:
        host = self.host
        if host in ("0.0.0.0", "::", "*", ""):
            host = lan_address()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}" if self.port else f"http://{host}"

    def watch_url(self) -> str:
        return self.base_url() + WATCH

    def score_url(self) -> str:
        return self.base_url() + SCORE + self.secret

    def valid(self, secret: str) -> bool:
        return secrets.compare_digest(secret.encode(), self.secret.encode())

    def revoke(self) -> Callable[[], bool]:
        """A new secret: the old score link, and every phone that joined with it, can no longer score.

        Returns the new link's permission, for the phone that revoked (it keeps scoring).
        """
        self.secret = secret = secrets.token_urlsafe(18)
        return lambda: self.valid(secret)

    def admit(self, client_ip: str | None, route: str | None) -> Access:
        """Decide a new session's role from the link it opened and the address it came from."""
        route = route or "/"
        if not self.web:  # the desktop window: the app's own machine, no network
            return Access(_always, route)
        if route == WATCH or route.startswith(WATCH + "/"):
            return Access(_never, WATCH)
        if route.startswith(SCORE):
            secret = route[len(SCORE) :].strip("/")
            if secret and self.valid(secret):
                return Access(lambda: self.valid(secret), "/", by_link=True)
            return Access(_never, WATCH, "share.link_revoked")
        if self.local_scorer and is_loopback(client_ip):
            return Access(_always, route)
        return Access(_never, WATCH)
