"""Flet's websocket frames as its web client and server exchange them: a zero byte, then msgpack ``[action, body]``.

The guard reads every frame a client sends and the server's first answer, and
packs again a frame it trimmed, so the framing is written here once. The
action codes are Flet's own (``flet.messaging.protocol.MessageAction``).
"""

from __future__ import annotations

from typing import Any

import msgpack

# Flet's wire actions, as the client sends them.
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 3, 4, 5


def _ext(code: int, data: bytes) -> msgpack.ExtType:
    return msgpack.ExtType(code, data)


def unpack(data: bytes) -> Any:
    """A frame's ``[action, body]``; raises on anything msgpack cannot read."""
    return msgpack.unpackb(data[1:], ext_hook=_ext, strict_map_key=False)


def pack(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def registered_session(data: bytes) -> str | None:
    """The session id the server's register answer names (a reconnecting phone's session), if it is one."""
    try:
        action, body = unpack(data)
    except Exception:
        return None
    if action != REGISTER_CLIENT or not isinstance(body, dict):
        return None
    session_id = body.get("session_id")
    return session_id if isinstance(session_id, str) else None
