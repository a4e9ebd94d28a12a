"""What one connection may send, decided per frame before Flet sees it: pass it, drop it, trim it, or close.

Flet's web server applies any client's UPDATE_CONTROL_PROPS message to any
control of that session (the page's ``client_ip`` and ``route`` included, even
fields that start with ``_``), dispatches events to any control id, and keeps
no count. A shared table cannot trust a phone that far, so a patch passes only
for what a person changes on that screen (a field's value, the page's size and
theme as the client reports them; never ``client_ip`` or ``route``, and for a
viewer nothing but the page's own reports), an event only for a control of
that session that has that handler, a message no bigger than its role needs
(``sizes.py``), and no more messages than its budget (``rate.py``). What
breaks the rules outright (a flood, an oversized or malformed message, a
second registration) is :class:`Refused` and closes the connection; anything
else not allowed is dropped quietly, since a real client sends such frames
too (a patch for a control just removed).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from scorekeeper.ui.guard.seats import Connection
from scorekeeper.ui.guard.sizes import role_limit
from scorekeeper.ui.guard.wire import CONTROL_EVENT, INVOKE_METHOD, REGISTER_CLIENT, UPDATE_CONTROL_PROPS, pack, unpack

log = logging.getLogger(__name__)

PASS, DROP = "pass", "drop"


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


class Refused(Exception):
    """A connection the guard closes (its reason goes to the log)."""


class Policy:
    """What one connection may send, decided per frame: pass it, drop it, rewrite it, or close."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def limit(self) -> int:
        """The biggest message this connection may send now: its role can change while it is open."""
        return role_limit(self.connection.seat)

    def check(self, data: bytes) -> str | bytes:
        """``PASS``, ``DROP``, the frame to pass instead, or raise :class:`Refused` to close the connection."""
        connection = self.connection
        if len(data) > self.limit():
            raise Refused(f"a {len(data)}-byte message")
        if not connection.bucket.take():
            raise Refused("a flood of messages")
        if not data or data[0] != 0x00:  # data channels: this app opens none
            return DROP
        try:
            action, body = unpack(data)
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
        return pack(REGISTER_CLIENT, {**body, "page": kept})

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
        return pack(UPDATE_CONTROL_PROPS, {**body, "props": kept})
