"""The protocol guard, against the real server with raw Flet frames: what a phone may send, how much, how fast.

Each test drives one attack through the websocket and checks what the server did
with it; the other phones at the table go on being served.
"""

from __future__ import annotations

import time
import urllib.request

import msgpack

from tests.security.wsclient import CONTROL_EVENT, UPDATE_CONTROL_PROPS, FletClient, frame


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
