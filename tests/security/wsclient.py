"""A minimal raw Flet client: msgpack frames over a websocket, as flet_web speaks them.

Each binary frame is ``0x00`` + msgpack ``[action, body]`` (flet.messaging.protocol):
the client registers (1), the server sends the page and patches (1, 2) and asks
for things (5); the client sends events (3), property patches (4) and answers (5).
Nothing here trusts the app: it records every control the server ever described
(``_c`` type, ``_i`` id) and every string it ever sent, so a test can ask "did
this phone get the share screen" or "is there a text field to type into".
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD, SESSION_CRASHED = 1, 2, 3, 4, 5, 6
#: What a phone's Flet web client reports about its page when it registers (sizes of a phone in portrait).
PHONE_PAGE = {"width": 360.0, "height": 740.0, "platform": "android", "web": True, "platform_brightness": "light"}


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def _walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk(item)


class FletClient:
    """One phone's connection: register with a route, then send whatever a test wants."""

    def __init__(
        self,
        base_url: str,
        route: str = "/",
        *,
        page: dict | None = None,
        on_invoke: Callable[[FletClient, dict], None] | None = None,
        headers: dict[str, str] | None = None,
        source: str | None = None,
    ) -> None:
        parts = urlsplit(base_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.ws_url = f"ws://{parts.netloc}/ws"
        self.route = route
        self.page = {**PHONE_PAGE, **(page or {}), "route": route}
        self.on_invoke = on_invoke
        self.headers = headers or {}
        self.source = source  # the address this phone connects from (a second one inside netns.py)
        self.controls: dict[int, dict] = {}
        self.strings: set[str] = set()
        self.frames: list[tuple[int, Any]] = []
        self.patch_times: list[float] = []  # when each screen patch arrived (monotonic clock)
        self.session_id: str | None = None
        self.page_id: int | None = None
        self.closed = threading.Event()
        self.registered = threading.Event()
        self.invoked: list[dict] = []
        self._lock = threading.Lock()

    # --- connection ----------------------------------------------------------------

    def connect(self, register: bool = True) -> FletClient:
        opened = connect(
            self.ws_url,
            origin=self.origin,
            max_size=None,
            additional_headers=self.headers,
            open_timeout=20,
            **({"source_address": (self.source, 0)} if self.source else {}),
        )
        self.ws = opened.__enter__()  # closed in close(); a test's phone outlives any one block
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        if register:
            self.send(REGISTER_CLIENT, {"session_id": self.session_id or "", "page_name": "", "page": self.page})
        return self

    def wait_registered(self, timeout: float = 30) -> FletClient:
        if not self.registered.wait(timeout):
            raise TimeoutError("the server never answered the registration")
        return self

    def wait_rendered(self, timeout: float = 30) -> FletClient:
        """Until the session's first screen arrives (the app's first patch after the registration)."""
        if not self.wait_for(lambda: any(action == PATCH_CONTROL for action, _ in self.frames), timeout):
            raise TimeoutError("the server never drew a screen")
        return self

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        self.closed.wait(5)

    def send(self, action: int, body: Any) -> bool:
        """Send one frame; False once the server has closed the connection."""
        return self.send_raw(frame(action, body))

    def send_raw(self, data: bytes) -> bool:
        try:
            self.ws.send(data)
            return True
        except ConnectionClosed:
            return False

    def _read(self) -> None:
        try:
            while True:
                data = self.ws.recv()
                if not isinstance(data, bytes) or not data or data[0] != 0:
                    continue
                stamp = time.monotonic()
                action, body = msgpack.unpackb(data[1:], strict_map_key=False)
                if action == PATCH_CONTROL:
                    self.patch_times.append(stamp)
                self._take(action, body)
        except ConnectionClosed:
            pass
        finally:
            self.closed.set()

    def _take(self, action: int, body: Any) -> None:
        with self._lock:
            self.frames.append((action, body))
            for value in _walk(body):
                if isinstance(value, str):
                    self.strings.add(value)
                elif isinstance(value, dict) and isinstance(value.get("_i"), int) and "_c" in value:
                    known = self.controls.setdefault(value["_i"], {})
                    known.update({k: v for k, v in value.items() if not isinstance(v, (dict, list))})
                    for part in ("content", "label"):
                        inner = value.get(part)
                        if isinstance(inner, dict) and isinstance(inner.get("_i"), int):
                            known[f"{part}_id"] = inner["_i"]
        if action == REGISTER_CLIENT:
            self.session_id = body.get("session_id")
            patch = body.get("page_patch")
            if isinstance(patch, dict):
                self.page_id = patch.get("_i")
            self.registered.set()
        elif action == INVOKE_METHOD:
            self.invoked.append(body)
            if self.on_invoke is not None:
                self.on_invoke(self, body)
            self.answer(body)
            route = (body.get("args") or {}).get("route")
            if body.get("name") == "push_route" and isinstance(route, str) and self.page_id is not None:
                self.patch(self.page_id, route=route)  # what the browser does once its address moved
                self.go(route)

    def answer(self, call: dict, result: Any = None) -> None:
        self.send(
            INVOKE_METHOD,
            {"control_id": call["control_id"], "call_id": call["call_id"], "result": result, "error": ""},
        )

    # --- what a phone does -------------------------------------------------------------

    def event(self, target: int, name: str, data: Any = None) -> bool:
        return self.send(CONTROL_EVENT, {"target": target, "name": name, "data": data})

    def patch(self, control_id: int, **props: Any) -> bool:
        return self.send(UPDATE_CONTROL_PROPS, {"id": control_id, "props": props})

    def go(self, route: str) -> bool:
        """What the browser sends when its address changes."""
        assert self.page_id is not None
        return self.event(self.page_id, "route_change", {"route": route})

    def type_into(self, control_id: int, value: str) -> None:
        self.patch(control_id, value=value)
        self.event(control_id, "change", value)

    # --- what a test asks ----------------------------------------------------------------

    def saw(self, text: str) -> bool:
        with self._lock:
            return any(text in s for s in self.strings)

    def find(self, kind: str, **props: Any) -> list[int]:
        with self._lock:
            return [
                i
                for i, c in self.controls.items()
                if c.get("_c") == kind and all(c.get(k) == v for k, v in props.items())
            ]

    def button(self, label: str) -> int | None:
        """The newest control with a click handler whose content is the text ``label`` (a redraw makes new ids)."""
        with self._lock:
            found = [
                i
                for i, c in self.controls.items()
                if c.get("on_click")
                and label in (c.get("content"), self.controls.get(c.get("content_id", -1), {}).get("value"))
            ]
        return max(found) if found else None

    def field(self, label: str) -> int | None:
        """The newest text field labelled ``label`` (a plain label, or a label text's words or spoken name)."""
        with self._lock:
            found = []
            for i, c in self.controls.items():
                inner = self.controls.get(c.get("label_id", -1), {})
                names = (c.get("label"), inner.get("value"), inner.get("semantics_label"))
                if c.get("_c") == "TextField" and label in names:
                    found.append(i)
        return max(found) if found else None

    def patches(self) -> int:
        """How many screen changes the server has sent so far."""
        with self._lock:
            return sum(1 for action, _ in self.frames if action == PATCH_CONTROL)

    def crashed(self) -> list[str]:
        with self._lock:
            return [str(body) for action, body in self.frames if action == SESSION_CRASHED]

    def wait_for(self, test: Callable[[], bool], timeout: float = 20) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if test():
                return True
            time.sleep(0.05)
        return test()
