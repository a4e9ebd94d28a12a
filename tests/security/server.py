"""The real app served on a given address, for the raw-protocol tests (loopback or a private namespace)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCORE_LINE = re.compile(r"score \(keep it to the scorer\):\s+(\S+)")


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class Server:
    """``python -m scorekeeper --web`` on ``host``, a free port and a fresh data folder."""

    def __init__(self, data: Path, host: str = "127.0.0.1", args: tuple[str, ...] = (), env: dict | None = None):
        self.data = data
        self.host = host
        self.port = free_port(host)
        self.url = f"http://{host}:{self.port}"
        self.args = args
        self.env = env or {}
        self.log_path = data.parent / f"server-{self.port}.log"

    def start(self, timeout: float = 60) -> Server:
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1", PYTHONUNBUFFERED="1", **self.env)
        env.pop("DISPLAY", None)
        self.log = open(self.log_path, "w")  # noqa: SIM115 - closed in stop()
        command = [sys.executable, "-m", "scorekeeper", "--web", "--host", self.host, "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*command, "--data", str(self.data), *self.args],
            env=env,
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited with {self.proc.returncode}:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200 and SCORE_LINE.search(self.output()):
                        return self
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the app did not answer on {self.url}:\n{self.output()}")

    def output(self) -> str:
        return self.log_path.read_text()

    @property
    def score_route(self) -> str:
        """The score link's path, as the server printed it for the scorer."""
        found = SCORE_LINE.search(self.output())
        assert found, self.output()
        return found.group(1).split(str(self.port), 1)[1]

    def settings_text(self) -> str:
        """meta.json as it is on disk (settings live there)."""
        path = self.data / "meta.json"
        return path.read_text() if path.exists() else ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
