"""The server stops on SIGTERM or SIGINT with phones connected, and gives its data back (the lock released)."""

from __future__ import annotations

import signal

import pytest

from tests.security.server import Server
from tests.security.wsclient import FletClient


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_server_stops_with_phones_connected(serve, sig):
    server = serve()
    phones = [FletClient(server.url, route).connect().wait_registered().wait_rendered() for route in ("/", "/watch")]
    phones.append(FletClient(server.url, "/").connect(register=False))  # a phone that opened and said nothing
    server.proc.send_signal(sig)
    server.proc.wait(timeout=15)  # raises if it is still serving: the figure (stop time) is in benchmarks/table.py
    assert server.proc.returncode == 0, server.output()
    assert "Traceback" not in server.output()
    again = Server(server.data).start()  # a new server opens the same data folder: the lock was given back
    try:
        assert "locked" not in again.output()
        assert FletClient(again.url, "/").connect().wait_registered().session_id
    finally:
        again.stop()
