"""The protocol guard, against the real server with raw Flet frames: what a phone may send, how much, how fast.

Each test drives one attack through the websocket and checks what the server did
with it; the other phones at the table go on being served.
"""

from __future__ import annotations

import base64
import os
import socket
import time
import urllib.request

import msgpack

from tests.security.wsclient import (
    CONTROL_EVENT,
    PHONE_PAGE,
    REGISTER_CLIENT,
    UPDATE_CONTROL_PROPS,
    FletClient,
    frame,
)


def viewer(server) -> FletClient:
    return FletClient(server.url, "/watch").connect().wait_registered().wait_rendered()


def scorer(server) -> FletClient:
    return FletClient(server.url, "/").connect().wait_registered().wait_rendered()


def get_home(server, timeout: float = 60) -> int:
    with urllib.request.urlopen(server.url + "/", timeout=timeout) as response:
        return response.status


def test_a_viewer_sending_the_servers_own_close_event_still_follows_the_table(serve):
    server = serve()
    board = viewer(server)
    for name in ("close", "disconnect", "connect"):  # what Flet's server raises when a connection ends or returns
        board.event(board.page_id, name)
    time.sleep(1)
    before = board.patches()
    phone = scorer(server)
    phone.go("/settings")
    assert phone.wait_for(lambda: phone.button("Nederlands") is not None)
    phone.event(phone.button("Nederlands"), "click")  # every board follows the table's language
    assert board.wait_for(lambda: board.patches() > before), "the board stopped hearing the table"
    assert not board.closed.is_set()


def test_an_oversized_message_closes_a_viewer_but_not_the_scorer(serve):
    server = serve()
    board = viewer(server)
    board.patch(board.page_id, width=1.0, media="x" * 1_000_000)  # a megabyte: no viewer ever needs one
    assert board.closed.wait(20), "the server kept a viewer sending megabytes"
    phone = scorer(server)
    phone.patch(phone.page_id, media="x" * 3_000_000)  # a scorer may send a photo's worth
    time.sleep(1)
    assert phone.send(UPDATE_CONTROL_PROPS, {"id": phone.page_id, "props": {"width": 360.0}})
    assert not phone.closed.is_set()
    assert "closed a connection from 127.0.0.1" in server.output()


def test_a_flood_of_events_closes_that_session_and_the_server_answers_everyone_else(serve):
    server = serve()
    other = viewer(server)
    flooder = viewer(server)
    sent = 0
    for n in range(5000):  # events for controls that do not exist, as fast as the socket takes them
        if not flooder.send_raw(frame(CONTROL_EVENT, {"target": 100_000 + n, "name": "click", "data": None})):
            break
        sent += 1
    assert flooder.closed.wait(30), f"{sent} events and the session is still open"
    assert get_home(server) == 200
    assert "a flood of messages" in server.output()
    late = viewer(server)  # a new phone is still served
    assert late.session_id and not other.closed.is_set()


def test_malformed_frames_and_a_second_registration_close_the_connection(serve):
    server = serve()
    for junk in (b"\x00\xc1", b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": {}}])):
        board = viewer(server)
        board.send_raw(junk)
        assert board.closed.wait(20), junk
    assert get_home(server) == 200


def test_a_viewer_is_freed_soon_after_it_leaves_and_a_scorer_comes_back_to_its_session(serve):
    server = serve()
    phone, board = scorer(server), viewer(server)
    phone_id, board_id = phone.session_id, board.session_id
    phone.close()
    board.close()
    time.sleep(35)  # the viewer's timeout and Flet's 10-second sweep
    back = FletClient(server.url, "/")
    back.session_id = phone_id
    back.connect().wait_registered()
    assert back.session_id == phone_id  # the scorer's phone woke up to its own session
    again = FletClient(server.url, "/watch")
    again.session_id = board_id
    again.connect().wait_registered()
    assert again.session_id != board_id  # the viewer's was freed: it gets a fresh board


def _masked(payload: bytes, length: int | None = None) -> bytes:
    """A client's binary frame (masked, as RFC 6455 asks of clients) announcing ``length`` bytes."""
    size = len(payload) if length is None else length
    head = bytes([0x82])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 1 << 16:
        head += bytes([0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + size.to_bytes(8, "big")
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def _close_code(stream: bytes) -> int | None:
    """The code of the server's close frame in ``stream`` (its frames, unmasked), None until it has come."""
    at = 0
    while at + 2 <= len(stream):
        opcode, size, head = stream[at] & 0x0F, stream[at + 1] & 0x7F, 2
        if size == 126:
            size, head = int.from_bytes(stream[at + 2 : at + 4], "big"), 4
        elif size == 127:
            size, head = int.from_bytes(stream[at + 2 : at + 10], "big"), 10
        if at + head + size > len(stream):
            return None
        if opcode == 0x8:
            return int.from_bytes(stream[at + head : at + head + 2], "big")
        at += head + size
    return None


def test_a_viewers_huge_message_is_refused_from_its_header_not_read_whole(serve):
    """uvicorn took any message up to the scorer's 64 MiB, buffering it whole before the guard saw it."""
    server = serve()
    host = f"127.0.0.1:{server.port}"
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (
                f"GET /ws HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        page = {**PHONE_PAGE, "route": "/watch"}
        sock.sendall(_masked(frame(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page})))
        # a message announced as 32 MiB (under the server's 64 MiB), of which only the first 64 KiB come
        sock.sendall(_masked(b"\x00" * 65536, length=32 * 1024 * 1024)[: 14 + 65536])
        received, code = b"", None
        while code is None:
            try:
                data = sock.recv(65536)
            except TimeoutError:
                break
            if not data:
                break
            received += data
            code = _close_code(received)
    assert code is not None, "the server went on waiting for the rest of the 32 MiB"
    assert code == 1009  # message too big
    said = "closed a connection from 127.0.0.1: a message over 65536 bytes"
    deadline = time.monotonic() + 30  # the close frame leaves before the guard hears of it and logs
    while said not in server.output() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert said in server.output()
