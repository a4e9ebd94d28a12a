"""The web server's front door: who a connection is, what it may send, and which pages may hold it.

Flet's web server trusts its clients further than a shared table can: it
applies any client's UPDATE_CONTROL_PROPS message to any control of that
session (the page's ``client_ip`` and ``route`` included, even fields that
start with ``_``), dispatches events to any control id, takes messages up
to the server's limit from anyone, and keeps no count. This ASGI wrapper
sits in front of it and decides, per connection, before Flet sees a frame:

- **Who is connecting** comes from the connection itself: the peer address
  in the ASGI scope, read when the websocket opens, before any await (a
  proxy's ``X-Forwarded-For`` only when the user named that proxy, see
  ``serve_web``), and the route the client first registered with. Both
  live in a :class:`Connection` handed to the session's code through a
  context variable: tasks Flet starts for the connection inherit it, and no
  message can reach it. The session then takes a :class:`Seat` (its page
  and whether it may write now); a phone coming back after a sleep finds
  its seat again by its Flet session id.
- **What it may send** (:class:`Policy`): a property patch only for what a
  person changes on that screen (a field's value, the page's size and
  theme as the client reports them; never ``client_ip`` or ``route``, and
  for a viewer nothing but the page's own reports), an event only for a
  control of that session that has that handler, a message no bigger than
  its role needs, and no more messages than a burst and then a steady rate
  no thumb exceeds. A flooding or oversized connection is closed with a log
  line; everything else not allowed is dropped quietly.
- **Which pages may hold it**: a websocket upgrade is refused (HTTP 403)
  unless its ``Origin`` names the very host and port the request was sent
  to, and that host is one this server answers to (an IP address,
  ``localhost``, this machine's name): a page on another site, or a
  DNS-rebound name, cannot open a session. Flet's wildcard CORS header is
  dropped, pages may not be framed by other sites and send no ``Referer``
  (the score link's secret stays out of other sites' logs).
"""

from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import logging
import re
import socket
import time
import weakref
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import msgpack

from scorekeeper.ui.memory import TRIMMER

log = logging.getLogger(__name__)

Scope = dict[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[dict]], Callable[[dict], Awaitable[None]]], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]
DROPPED = {b"access-control-allow-origin"}

# Flet's wire actions (flet.messaging.protocol.MessageAction), as the client sends them.
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 3, 4, 5


def _any(value: Any) -> bool:
    return True


def _closing(value: Any) -> bool:
    return value is False


def _dismissed(value: Any) -> bool:
    return value is True


#: What the page's client reports about itself (logged from the real web client in e2e runs): its size,
#: insets and brightness, and the address it shows. ``route`` is only where the phone is: a role comes
#: from the route it registered with, never from this.
PAGE_PROPS = dict.fromkeys(
    (
        *("width", "height", "media", "platform_brightness", "platform", "web", "pwa", "debug", "wasm", "test"),
        *("multi_view", "multi_views", "window", "pyodide", "locale_configuration", "route"),
    ),
    _any,
)
#: What a person changes on a screen, by control type: a field's value and selection, a choice; a dialog
#: or a message closed by a tap outside it or by its timer (never opened by the client).
INPUT_PROPS = {
    "TextField": {"value": _any, "selection": _any},
    "Dropdown": {"value": _any, "text": _any},
    "Switch": {"value": _any},  # Settings' keep-the-screen-on and haptics: the value comes before the change event
}
DIALOG_PROPS = {
    kind: {"open": _closing, "_dismissed": _dismissed} for kind in ("AlertDialog", "SnackBar", "BottomSheet", "Banner")
}
#: Events the server raises itself, about the connection: never taken from a client.
SERVER_EVENTS = frozenset({"connect", "disconnect", "close"})
#: A page event Flet acts on without a handler (it tracks whether the tab is visible).
PAGE_EVENTS = frozenset({"app_lifecycle_state_change"})
EVENT_NAME = re.compile(r"[a-z][a-z_]{0,39}")
#: The biggest websocket message (a picked file's bytes) the web server takes, the scorer's limit: a photo
#: or an import up to this size gets an answer (read, or "too large"; imports stop at 8 MB).
WS_MAX_BYTES = 64 * 1024 * 1024
#: The biggest message a viewer needs (its page's size report, an event): anything bigger closes it.
VIEWER_MAX_BYTES = 64 * 1024
#: How long a disconnected session waits for its phone. The scorer's: an hour, the length of a long
#: break, so a phone that slept comes back to its screen and its role (a score link's secret has left
#: the address bar; a new session would be a viewer). A viewer's: long enough for a Wi-Fi blip; after
#: it the phone simply gets a fresh board (its address is the watch link), and the server's memory is
#: given back (Flet's own sweep runs every 10 s).
SCORER_TIMEOUT, VIEWER_TIMEOUT = 3600, 20
#: A burst of messages, then a steady rate per second: a thumb typing fast sends a few dozen.
BURST, RATE = 200, 40.0


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


# --- who is connecting ------------------------------------------------------------------


@dataclass(eq=False)
class Seat:
    """One Flet session as the server sees it: its page and whether it may write now.

    Held by the session's shell; found again by Flet session id when the phone
    reconnects. ``may_write`` is asked at every message, so a revoked score
    link makes the phone a viewer for the guard too.
    """

    page: Any
    may_write: Callable[[], bool]

    @property
    def scorer(self) -> bool:
        return self.may_write()


#: Every seated session, by Flet session id: a reconnecting phone's new connection finds its seat here.
SEATS: weakref.WeakValueDictionary[str, Seat] = weakref.WeakValueDictionary()


@dataclass(eq=False)
class Connection:
    """One websocket: its peer address and registered route, fixed by the server, and its seat."""

    peer: str | None
    route: str | None = None
    seat: Seat | None = None
    registered: bool = False
    closed: str | None = None  # why the guard closed it
    answered: bool = False  # the server's first frame (its register answer) has gone out
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def take_token(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


CURRENT: contextvars.ContextVar[Connection | None] = contextvars.ContextVar("scorekeeper_connection", default=None)


def current() -> Connection | None:
    """The connection the running session code serves (None outside the web server: desktop, tests)."""
    return CURRENT.get()


def take_seat(page: Any, may_write: Callable[[], bool]) -> Seat:
    """Seat a new session on its connection; the caller keeps the seat (the registry holds it weakly)."""
    seat = Seat(page, may_write)
    session_id = getattr(getattr(page, "session", None), "id", None)
    if session_id:
        SEATS[session_id] = seat
    connection = CURRENT.get()
    if connection is not None:
        connection.seat = seat
    return seat


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


# --- what it may send ------------------------------------------------------------------------

PASS, DROP = "pass", "drop"


def _ext(code: int, data: bytes) -> msgpack.ExtType:
    return msgpack.ExtType(code, data)


def _pack(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


class Policy:
    """What one connection may send, decided per frame: pass it, drop it, rewrite it, or close."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def limit(self) -> int:
        seat = self.connection.seat
        return WS_MAX_BYTES if seat is not None and seat.scorer else VIEWER_MAX_BYTES

    def check(self, data: bytes) -> str | bytes:
        """``PASS``, ``DROP``, the frame to pass instead, or raise :class:`Refused` to close the connection."""
        connection = self.connection
        if len(data) > self.limit():
            raise Refused(f"a {len(data)}-byte message")
        if not connection.take_token():
            raise Refused("a flood of messages")
        if not data or data[0] != 0x00:  # data channels: this app opens none
            return DROP
        try:
            frame = msgpack.unpackb(data[1:], ext_hook=_ext, strict_map_key=False)
            action, body = frame
        except Exception as err:
            raise Refused("a malformed message") from err
        if not isinstance(body, dict):
            return DROP
        if action == REGISTER_CLIENT:
            return self._register(body)
        if not connection.registered:
            return DROP
        if action == CONTROL_EVENT:
            return PASS if self._event_allowed(body) else DROP
        if action == UPDATE_CONTROL_PROPS:
            return self._props(body)
        if action == INVOKE_METHOD:  # a client's answer to the server's own call (device info, a picked file)
            return PASS
        return DROP

    def _register(self, body: dict) -> str | bytes:
        connection = self.connection
        if connection.registered:
            raise Refused("a second registration")
        page = body.get("page")
        if not isinstance(page, dict):
            raise Refused("a registration without a page")
        route = page.get("route")
        connection.route = route if isinstance(route, str) else "/"
        connection.registered = True
        kept = {k: v for k, v in page.items() if k in PAGE_PROPS}
        if len(kept) != len(page):
            log.debug("dropped %s of a registration", sorted(set(page) - set(kept)))
        if len(kept) == len(page):
            return PASS
        return _pack(REGISTER_CLIENT, {**body, "page": kept})

    def _control(self, control_id: Any) -> Any:
        seat = self.connection.seat
        if seat is None or not isinstance(control_id, int):  # not seated yet: nothing of it exists for this client
            return None
        session = getattr(seat.page, "session", None)
        return session.index.get(control_id) if session is not None else None

    def _event_allowed(self, body: dict) -> bool:
        name = body.get("name")
        if not isinstance(name, str) or not EVENT_NAME.fullmatch(name) or name in SERVER_EVENTS:
            return False
        control = self._control(body.get("target"))
        if control is None:
            return False
        seat = self.connection.seat
        if seat is not None and control is seat.page and name in PAGE_EVENTS:
            return True
        return getattr(control, f"on_{name}", None) is not None

    def _props(self, body: dict) -> str | bytes:
        props = body.get("props")
        control = self._control(body.get("id"))
        if control is None or not isinstance(props, dict):
            return DROP
        seat = self.connection.seat
        assert seat is not None  # _control found the control in the seat's session
        kind = type(control).__name__
        if control is seat.page:
            allowed = PAGE_PROPS
        elif kind in DIALOG_PROPS:
            allowed = DIALOG_PROPS[kind]
        elif seat.scorer:
            allowed = INPUT_PROPS.get(kind, {})
        else:
            allowed = {}  # a viewer's screen has nothing it may change
        kept = {k: v for k, v in props.items() if k in allowed and allowed[k](v)}
        if len(kept) != len(props):
            log.debug("dropped %s of a %s patch", sorted(set(props) - set(kept)), kind)
        if not kept:
            return DROP
        if len(kept) == len(props):
            return PASS
        return _pack(UPDATE_CONTROL_PROPS, {**body, "props": kept})


class Refused(Exception):
    """A connection the guard closes (its reason goes to the log)."""


def _seat_from_response(data: bytes) -> Seat | None:
    """The seat a register response names (a reconnecting phone's session), if that session has one."""
    try:
        action, body = msgpack.unpackb(data[1:], ext_hook=_ext, strict_map_key=False)
    except Exception:
        return None
    if action != REGISTER_CLIENT or not isinstance(body, dict):
        return None
    session_id = body.get("session_id")
    return SEATS.get(session_id) if isinstance(session_id, str) else None


# --- the ASGI wrapper ---------------------------------------------------------------------------


class Guard:
    """ASGI middleware around the Flet app (see the module docstring)."""

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

    async def __call__(self, scope: Scope, receive, send) -> None:
        if scope["type"] == "websocket":
            if not same_origin(scope, self.names):
                await send({"type": "websocket.close", "code": 1008})  # before accept: the server answers 403
                return
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host") or ""
        if not _host_allowed(host, self.names):  # a DNS-rebound name: not this server's page
            await _plain(send, 421, b"Misdirected request")
            return

        held: list[dict] = []  # an HTML page's start and body, held to put the script in
        page_script = self.page_script

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED]
                message = {**message, "headers": headers + SECURITY_HEADERS}
                if page_script is not None and message.get("status") == 200 and _is_html(headers):
                    held.append(message)
                    return
            elif held and page_script is not None and message["type"] == "http.response.body":
                held.append(message)
                if message.get("more_body"):
                    return
                start, *bodies = held
                body = _with_script(b"".join(m.get("body", b"") for m in bodies), page_script())
                headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
                await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
                message = {"type": "http.response.body", "body": body}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _websocket(self, scope: Scope, receive, send) -> None:
        connection = Connection(peer_address(scope, self.proxies))  # from the connection, before any await
        CURRENT.set(connection)  # this task's context: Flet's tasks for the connection inherit it
        policy = Policy(connection)

        app: asyncio.Task | None = None

        def ended(message: dict) -> dict:
            # Flet's handler waits on its send queue forever when a connection ends before it registered
            # (nothing stops its send loop): end that handler, or each such connection would stay.
            if not connection.registered and app is not None:
                asyncio.get_running_loop().call_soon(app.cancel)
            return message

        set_limit = _frame_limit(receive)

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
                connection.seat = connection.seat or _seat_from_response(message["bytes"])
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
            await _release(connection.seat)


#: The close code of a websocket message over the connection's limit (RFC 6455).
MESSAGE_TOO_BIG = 1009


def _frame_limit(receive: Callable[[], Awaitable[dict]]) -> Callable[[int], None] | None:
    """Where this connection's own message limit is set in the websocket layer, if the server allows it.

    uvicorn takes one limit for every connection (``ws_max_size``, the scorer's), and buffers a
    whole message before the app sees it: a viewer could make it hold 64 MiB. Its websockets-sansio
    protocol (``receive`` is its method) reads the limit of its ``conn`` as each frame begins, so
    a viewer's frames are held to a viewer's limit there, refused from their header on.
    """
    conn = getattr(getattr(receive, "__self__", None), "conn", None)
    if conn is None or not isinstance(getattr(conn, "max_message_size", None), int):
        return None

    def set_limit(size: int) -> None:
        conn.max_message_size = size

    return set_limit


async def _release(seat: Seat | None) -> None:
    """A viewer's session, now disconnected, expires after ``VIEWER_TIMEOUT`` rather than Flet's hour."""
    session = getattr(seat.page, "session", None) if seat is not None else None
    if session is None or seat is None or seat.scorer or session.connection is not None:
        return
    try:
        await session.disconnect(VIEWER_TIMEOUT)  # sets the expiry Flet's sweep reads (the connection is gone)
    except Exception:  # the session went already
        log.debug("releasing a viewer's session", exc_info=True)
    TRIMMER.released(VIEWER_TIMEOUT)  # its memory goes back to the system once Flet has swept it


def _is_html(headers: list[tuple[bytes, bytes]]) -> bool:
    return any(k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers)


def _with_script(page: bytes, script: bytes) -> bytes:
    """The page with ``script`` at the end of its head: before Flutter's bootstrap opens the websocket."""
    at = page.find(b"</head>")
    return page if at < 0 else page[:at] + script + page[at:]


async def _plain(send, status: int, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), *SECURITY_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": body})
