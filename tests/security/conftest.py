"""Servers for the raw-protocol tests: the real app, a fresh data folder each."""

from __future__ import annotations

import pytest

from tests.security.server import Server


@pytest.fixture
def serve(tmp_path):
    """Start the app on 127.0.0.1 with the given options; stopped after the test."""
    servers: list[Server] = []

    def start(*args: str, **kwargs) -> Server:
        server = Server(tmp_path / f"data{len(servers)}", args=args, **kwargs).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
