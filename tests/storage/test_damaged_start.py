"""The real server (``scorekeeper --web``) starts on damaged folders: it serves, says what it found, no traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from .test_damage import SCENARIOS, build

STARTS = [
    "tonight-binary_garbage",
    "meta-nested_100000_deep",
    "old-started_in_year_1",
    "meta-schema_key_missing",
    "evenings_a_file",
    "tonight-a_folder",
    "tonight-no_matches",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serves(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
            return answer.status == 200
    except OSError:
        return False


@pytest.mark.parametrize("scenario", STARTS)
def test_the_server_starts_on_a_damaged_folder(tmp_path, scenario):
    data, out = tmp_path / "data", tmp_path / "outside"
    out.mkdir()
    (out / "garbage.bin").write_bytes(b"\xff")
    build(data)
    SCENARIOS[scenario](data, out)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--web", "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = server.stdout.readline()  # printed once the data is open, just before serving
        assert "serving at" in first, first + server.stderr.read()
        deadline = time.monotonic() + 120  # a condition with a generous bound, never a fixed sleep
        while not serves(port):
            assert server.poll() is None, server.stderr.read()
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.2)
    finally:
        server.terminate()
        try:
            _, err = server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            _, err = server.communicate()
    assert "Traceback" not in err, err
    if not scenario.startswith("old-"):  # an old evening is checked when first browsed, not at start
        assert err.strip(), "the damage was not mentioned"  # startup messages are logged as warnings
