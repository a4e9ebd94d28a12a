"""How many connections one address may hold open at once: a table's share of the server, not all of it.

Each open session holds server memory (300 held viewer sessions took one
server from 62 to 105 MB), so one phone opening session after session could
starve the table. A phone needs one connection, two while a reconnect
overlaps the old socket, a few more for tabs: the cap is far above that and
far below harm. This computer's own address is not counted: its user runs
the server anyway (and a reverse proxy on it should be named, ``--proxy``,
so that its phones are told apart).
"""

from __future__ import annotations

from collections import Counter

from scorekeeper.session.table import is_loopback

#: Open websocket connections one address other than this computer's may hold at once.
SESSIONS_PER_ADDRESS = 16


class Crowd:
    """The open connections per peer address; one more from a full address is turned away."""

    def __init__(self, cap: int = SESSIONS_PER_ADDRESS) -> None:
        self.cap = cap
        self._open: Counter[str] = Counter()

    def enter(self, peer: str | None) -> bool:
        """Count a new connection from ``peer``; False (and nothing counted) if that address is full."""
        if is_loopback(peer):
            return True
        key = peer or "?"  # no address known: such connections share one allowance
        if self._open[key] >= self.cap:
            return False
        self._open[key] += 1
        return True

    def leave(self, peer: str | None) -> None:
        """The connection from ``peer`` that ``enter`` let in has ended."""
        if is_loopback(peer):
            return
        key = peer or "?"
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]
