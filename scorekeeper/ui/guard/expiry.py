"""How long a disconnected session waits for its phone, by role, and the release of a viewer's.

The scorer's: an hour, the length of a long break, so a phone that slept comes
back to its screen and its role (a score link's secret has left the address
bar; a new session would be a viewer). A viewer's: long enough for a Wi-Fi
blip; after it the phone simply gets a fresh board (its address is the watch
link), and the server's memory is given back (Flet's own sweep runs every
10 s). Flet keeps one timeout for every session (``FLET_SESSION_TIMEOUT``, set
to the scorer's by ``serve_web``), so the guard shortens a viewer's as its
connection ends.
"""

from __future__ import annotations

import logging

from scorekeeper.ui.guard.seats import Seat
from scorekeeper.ui.memory import TRIMMER

log = logging.getLogger(__name__)

SCORER_TIMEOUT, VIEWER_TIMEOUT = 3600, 20


async def release(seat: Seat | None) -> None:
    """A viewer's session, now disconnected, expires after ``VIEWER_TIMEOUT`` rather than Flet's hour."""
    session = getattr(seat.page, "session", None) if seat is not None else None
    if session is None or seat is None or seat.scorer or session.connection is not None:
        return
    try:
        await session.disconnect(VIEWER_TIMEOUT)  # sets the expiry Flet's sweep reads (the connection is gone)
    except Exception:  # the session went already
        log.debug("releasing a viewer's session", exc_info=True)
    TRIMMER.released(VIEWER_TIMEOUT)  # its memory goes back to the system once Flet has swept it
