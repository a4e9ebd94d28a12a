"""Real Flet sessions without a browser: a connection that packs each message as flet_web does and keeps it.

For what only shows in the wire traffic of several sessions of one server (one
board patch for every viewer, nothing drawn for a phone that is away). The
pubsub hub runs on the caller's event loop, as the server's does.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from scorekeeper.ui.shell import Shell
from tests.security.wsclient import PATCH_CONTROL, PHONE_PAGE

_encode = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    """One phone's connection: every message the server sends it, packed as on the wire, then read back."""

    def __init__(self, hub: PubSubHub) -> None:
        super().__init__()
        self.pubsubhub = hub
        self.frames: list[bytes] = []

    def send_message(self, message: Any) -> None:
        self.frames.append(b"\x00" + msgpack.packb([message.action, message.body], default=_encode))

    def messages(self) -> list[tuple[int, Any]]:
        """Every message sent since the last ``clear``, decoded: its action and body, in the order sent."""
        return [tuple(msgpack.unpackb(data[1:], strict_map_key=False)) for data in self.frames]

    def patches(self) -> list[Any]:
        """The screen patches sent since the last ``clear``, decoded."""
        return [body for action, body in self.messages() if action == PATCH_CONTROL]

    def clear(self) -> None:
        self.frames.clear()


def scorer(store: Store, hub: PubSubHub) -> tuple[Shell, Session, Wire]:
    """The scorer's session on its scoreboard, drawn and sent (call on the hub's loop: its tasks run there)."""
    wire = Wire(hub)
    wire.loop = asyncio.get_running_loop()  # page.run_task's loop, as the server's connection has it
    session = Session(wire)
    session.apply_page_patch({**PHONE_PAGE, "route": "/match"})
    wire.send_message(SimpleNamespace(action=1, body=session.get_page_patch()))  # the register answer
    shell = Shell(session.page, store)
    shell.state = TableState(store, "en")
    shell.admission.access = SimpleNamespace(by_link=False)
    shell.nav.route = "/match"
    shell.render()
    wire.clear()
    return shell, session, wire


def viewer(store: Store, hub: PubSubHub) -> tuple[Shell, Session, Wire]:
    """A watching phone's session, its board drawn and sent, as the server seats one (call on the hub's loop)."""
    wire = Wire(hub)
    session = Session(wire)
    session.apply_page_patch({**PHONE_PAGE, "route": "/watch"})
    wire.send_message(SimpleNamespace(action=1, body=session.get_page_patch()))  # the register answer
    shell = Shell(session.page, store)
    shell.state = TableState(store, "en", may_write=lambda: False)
    shell.admission.access = SimpleNamespace(by_link=False)
    session.page.on_connect = shell.hearing.connected  # as Shell.start wires it
    shell.render()
    wire.clear()
    return shell, session, wire
