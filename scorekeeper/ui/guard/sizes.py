"""How big a message each role may send, held in the websocket layer as well as by the guard.

A viewer only reports its page's size and sends events, so it needs small
messages; the scorer sends a picked photo or import in one message. uvicorn
takes one limit for every connection (``ws_max_size``, the scorer's), and
buffers a whole message before the app sees it: a viewer could make it hold
64 MiB. So each connection's own limit is also set where uvicorn reads it as
each frame begins (:func:`frame_limit`): a viewer's frame over its limit is
refused from its header on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from scorekeeper.ui.guard.seats import Seat

#: The biggest websocket message (a picked file's bytes) the web server takes, the scorer's limit: a photo
#: or an import up to this size gets an answer (read, or "too large"; imports stop at 8 MB).
WS_MAX_BYTES = 64 * 1024 * 1024
#: The biggest message a viewer needs (its page's size report, an event): anything bigger closes it.
VIEWER_MAX_BYTES = 64 * 1024
#: The close code of a websocket message over the connection's limit (RFC 6455).
MESSAGE_TOO_BIG = 1009


def role_limit(seat: Seat | None) -> int:
    """The scorer's limit for a seated scorer; a viewer's for everyone else, a session not yet seated too."""
    return WS_MAX_BYTES if seat is not None and seat.scorer else VIEWER_MAX_BYTES


def frame_limit(receive: Callable[[], Awaitable[dict]]) -> Callable[[int], None] | None:
    """Where this connection's own message limit is set in the websocket layer, if the server allows it.

    uvicorn's websockets-sansio protocol (``receive`` is its method) reads the limit of its
    ``conn`` as each frame begins; another server gets None, and the guard's own check alone.
    """
    conn = getattr(getattr(receive, "__self__", None), "conn", None)
    if conn is None or not isinstance(getattr(conn, "max_message_size", None), int):
        return None

    def set_limit(size: int) -> None:
        conn.max_message_size = size

    return set_limit
