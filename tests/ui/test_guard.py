"""The web front door and the route parser, driven with real ASGI messages and real route strings."""

from __future__ import annotations

import asyncio
import threading

from scorekeeper.ui.guard import Guard
from scorekeeper.ui.guard.crowd import Crowd
from scorekeeper.ui.routes import split


async def inner(scope, receive, send) -> None:
    """Stands for Flet's app: accepts websockets, answers HTTP with the wildcard CORS header Flet adds."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.accept"})
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"access-control-allow-origin", b"*")]})
    await send({"type": "http.response.body", "body": b"ok"})


def call(scope: dict) -> list[dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        sent.append(message)

    # a thread of its own: the end-to-end tests' Playwright keeps an event loop running in this one
    worker = threading.Thread(target=asyncio.run, args=(Guard(inner)(scope, receive, send),))
    worker.start()
    worker.join()
    return sent


def ws(origin: str | None, host: str = "127.0.0.1:8550") -> list[dict]:
    headers = [(b"host", host.encode())] + ([(b"origin", origin.encode())] if origin else [])
    return call({"type": "websocket", "path": "/ws", "headers": headers})


def test_a_websocket_from_another_site_is_refused_and_the_apps_own_accepted():
    assert ws("http://evil.example")[0] == {"type": "websocket.close", "code": 1008}
    assert ws(None)[0]["type"] == "websocket.close"
    assert ws("http://127.0.0.1:9999")[0]["type"] == "websocket.close"  # another port is another site
    assert ws("http://127.0.0.1:8550")[0]["type"] == "websocket.accept"
    assert ws("http://192.168.1.5:8550", "192.168.1.5:8550")[0]["type"] == "websocket.accept"


def test_a_dns_rebound_name_is_refused_even_when_origin_and_host_agree():
    assert ws("http://evil.example:8550", "evil.example:8550")[0]["type"] == "websocket.close"
    page = call({"type": "http", "path": "/", "headers": [(b"host", b"evil.example:8550")]})
    assert page[0]["status"] == 421


def test_pages_carry_no_wildcard_cors_and_forbid_framing_and_referrers():
    start = call({"type": "http", "path": "/", "headers": [(b"host", b"127.0.0.1:8550")]})[0]
    headers = dict(start["headers"])
    assert b"access-control-allow-origin" not in headers
    assert headers[b"x-frame-options"] == b"SAMEORIGIN"
    assert headers[b"content-security-policy"] == b"frame-ancestors 'self'"
    assert headers[b"referrer-policy"] == b"no-referrer"


def test_routes_too_long_or_unknown_are_not_routes():
    assert split("/evening/" + "x" * 300) is None
    assert split("/evening/2026-03-14") == ("evening", "2026-03-14")
    assert split("/evening/../../etc") is None
    assert split("/evening/..") is None
    assert split("/nowhere") is None
    assert split("/round/abc123") == ("round", "abc123")
    assert split("/") == ("", None)
    assert split("/share") == ("share", None)


def test_the_connection_banner_goes_into_html_pages_only():
    async def pages(scope, receive, send) -> None:
        kind = b"text/html; charset=utf-8" if scope["path"] == "/" else b"image/png"
        body = b"<html><head><title>t</title></head><body></body></html>"
        headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def get(path: str) -> list[dict]:
        sent: list[dict] = []

        async def receive() -> dict:
            return {"type": "http.request"}

        async def send(message: dict) -> None:
            sent.append(message)

        guard = Guard(pages, page_script=lambda: b"<script>banner()</script>")
        scope = {"type": "http", "path": path, "headers": [(b"host", b"127.0.0.1:8550")]}
        worker = threading.Thread(target=asyncio.run, args=(guard(scope, receive, send),))
        worker.start()
        worker.join()
        return sent

    start, body = get("/")
    assert body["body"] == b"<html><head><title>t</title><script>banner()</script></head><body></body></html>"
    assert dict(start["headers"])[b"content-length"] == str(len(body["body"])).encode()
    start, body = get("/favicon.png")
    assert b"banner" not in body["body"]


def test_a_patch_for_a_phone_that_just_went_is_dropped_not_raised():
    """uvicorn raises ClientDisconnected (an OSError) for a send after the phone closed: Flet's handler ended
    with a logged traceback (and every source line it showed kept in memory); the guard drops that message."""
    delivered: list[str] = []

    async def app(scope, receive, send) -> None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"\x00patch"})  # the phone is gone by now
        delivered.append("went on")

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        if message["type"] == "websocket.send":
            raise ConnectionResetError("client disconnected")

    headers = [(b"host", b"127.0.0.1:8550"), (b"origin", b"http://127.0.0.1:8550")]
    scope = {"type": "websocket", "path": "/ws", "headers": headers, "client": ("127.0.0.1", 5)}
    failed: list[BaseException] = []

    def serve() -> None:
        try:
            asyncio.run(Guard(app)(scope, receive, send))
        except BaseException as err:  # reported below
            failed.append(err)

    worker = threading.Thread(target=serve)
    worker.start()
    worker.join()
    assert not failed and delivered == ["went on"]


def test_an_address_holds_its_share_of_connections_and_this_computer_is_not_counted():
    crowd = Crowd(cap=2)
    assert crowd.enter("10.0.0.5") and crowd.enter("10.0.0.5")
    assert not crowd.enter("10.0.0.5")  # full: turned away, and not counted
    assert crowd.enter("10.0.0.6")  # the phone beside it
    crowd.leave("10.0.0.5")
    assert crowd.enter("10.0.0.5")  # a place came free
    assert all(crowd.enter(address) for address in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] * 3)
    assert crowd.enter(None) and crowd.enter(None) and not crowd.enter(None)  # unknown addresses share one
