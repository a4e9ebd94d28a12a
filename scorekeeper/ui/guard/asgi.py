"""The guard as ASGI middleware around Flet's app: each request checked and each websocket watched.

Every part of the decision lives in a module of its own (``origin``,
``crowd``, ``seats``, ``policy``, ``sizes``, ``expiry``, ``pages``); this one
only wires them into the three ASGI message streams: it refuses a request from
another site or from an address holding its share of connections, feeds each client frame through the connection's
:class:`~scorekeeper.ui.guard.policy.Policy` before Flet reads it, watches the
server's first answer for a reconnecting phone's seat, and, when the
connection ends, closes a refused one and releases a viewer's session.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable

from scorekeeper.ui.guard.crowd import Crowd
from scorekeeper.ui.guard.expiry import release
from scorekeeper.ui.guard.origin import Scope, header, host_allowed, own_names, peer_address, same_origin
from scorekeeper.ui.guard.pages import plain, secured
from scorekeeper.ui.guard.policy import DROP, PASS, Policy, Refused
from scorekeeper.ui.guard.seats import CURRENT, Connection, seat_of
from scorekeeper.ui.guard.sizes import MESSAGE_TOO_BIG, frame_limit
from scorekeeper.ui.guard.wire import registered_session

log = logging.getLogger(__name__)

ASGI = Callable[[Scope, Callable[[], Awaitable[dict]], Callable[[dict], Awaitable[None]]], Awaitable[None]]


class Guard:
    """ASGI middleware around the Flet app (see the package docstring)."""

    def __init__(
        self,
        app: ASGI,
        names: Iterable[str] = (),
        proxies: Iterable[str] = (),
        page_script: Callable[[], bytes] | None = None,
    ) -> None:
        self.app = app
        self.names = own_names(names)
        self.proxies = frozenset(proxies)
        #: A ``<script>`` block put into every HTML page (the phone's own connection-lost banner).
        self.page_script = page_script
        self.crowd = Crowd()

    async def __call__(self, scope: Scope, receive, send) -> None:
        if scope["type"] == "websocket":
            if not same_origin(scope, self.names):
                await send({"type": "websocket.close", "code": 1008})  # before accept: the server answers 403
                return
            peer = peer_address(scope, self.proxies)  # from the connection, before any await
            if not self.crowd.enter(peer):
                log.warning("refused a connection from %s: %d open from there already", peer or "?", self.crowd.cap)
                await send({"type": "websocket.close", "code": 1008})
                return
            try:
                await self._websocket(peer, scope, receive, send)
            finally:
                self.crowd.leave(peer)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not host_allowed(header(scope, b"host") or "", self.names):  # a DNS-rebound name: not this server's
            await plain(send, 421, b"Misdirected request")
            return
        await self.app(scope, receive, secured(send, self.page_script))

    async def _websocket(self, peer: str | None, scope: Scope, receive, send) -> None:
        connection = Connection(peer)
        CURRENT.set(connection)  # this task's context: Flet's tasks for the connection inherit it
        policy = Policy(connection)

        app: asyncio.Task | None = None

        def ended(message: dict) -> dict:
            # Flet's handler waits on its send queue forever when a connection ends before it registered
            # (nothing stops its send loop): end that handler, or each such connection would stay.
            if not connection.registered and app is not None:
                asyncio.get_running_loop().call_soon(app.cancel)
            return message

        set_limit = frame_limit(receive)

        async def guarded_receive() -> dict:
            while True:
                if set_limit is not None:  # the role's limit at the websocket layer, for the frames to come
                    set_limit(policy.limit())
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    if message.get("code") == MESSAGE_TOO_BIG:
                        log.warning("closed a connection from %s: a message over %d bytes", connection.peer or "?",
                                    policy.limit())  # fmt: skip
                    return ended(message)
                if message["type"] != "websocket.receive" or connection.closed:
                    return message
                data = message.get("bytes")
                if data is None:  # a text frame: Flet speaks binary only
                    continue
                try:
                    verdict = policy.check(data)
                except Refused as refusal:
                    connection.closed = str(refusal)
                    log.warning("closed a connection from %s: %s", connection.peer or "?", refusal)
                    return ended({"type": "websocket.disconnect", "code": 1008})
                if verdict == PASS:
                    return message
                if verdict == DROP:
                    log.debug("dropped a message from %s: %.200r", connection.peer, data)
                else:
                    return {**message, "bytes": verdict}

        async def watched_send(message: dict) -> None:
            if not connection.answered and message["type"] == "websocket.send" and message.get("bytes"):
                connection.answered = True  # a reconnecting phone's session is seated already: find its seat
                connection.seat = connection.seat or seat_of(registered_session(message["bytes"]))
            try:
                await send(message)
            except OSError:  # uvicorn's ClientDisconnected: the phone went while a patch was on its way
                if message["type"] != "websocket.send":
                    raise
                # Dropped: Flet hears of the disconnect from its receive loop. Raised, it ended the whole
                # handler with a logged traceback (formatting one keeps every source line it shows).
                log.debug("a message to %s after it went", connection.peer)

        app = asyncio.ensure_future(self.app(scope, guarded_receive, watched_send))  # inherits the context
        try:
            await asyncio.shield(app)
        except asyncio.CancelledError:
            if not app.cancelled():  # this task itself was cancelled (the server stopping): stop the app too
                app.cancel()
                raise
        finally:
            if connection.closed:  # Flet never closes a websocket itself: close the one refused
                try:
                    await send({"type": "websocket.close", "code": 1008})
                except Exception:  # already gone
                    log.debug("closing a refused connection", exc_info=True)
            await release(connection.seat)
