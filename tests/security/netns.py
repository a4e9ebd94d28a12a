"""Run an attack from a real non-loopback address: a private network namespace with 10.199.0.1 on its lo.

``run(name, folder)`` starts ``unshare -n python -m tests.security.netns name folder``: inside, the
namespace's loopback comes up with 10.199.0.1, the app serves there, and the phone connects there,
so the server sees a peer that is not this machine. The observations come back as JSON on the last
line; the test asserts on them. Nothing leaves the namespace.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.security import attacks
from tests.security.server import ROOT, Server

ADDRESS = "10.199.0.1"
SECOND = "10.199.0.2"  # a second phone on the same network


def run(name: str, folder: Path, *args: str) -> dict:
    done = subprocess.run(
        ["unshare", "-n", sys.executable, "-m", "tests.security.netns", name, str(folder), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the namespace run failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def scenarios(server: Server, name: str, args: list[str]) -> dict:
    if name == "forged_address":
        return {address: attacks.forged_address(server, args[0], address) for address in args[1:]}
    if name == "score_link":
        return attacks.score_link(server)
    if name == "crowd":
        return attacks.crowd(server, SECOND)
    raise ValueError(name)


def main(argv: list[str]) -> int:
    name, folder, *args = argv
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    for address in (ADDRESS, SECOND):
        subprocess.run(["ip", "addr", "add", f"{address}/32", "dev", "lo"], check=True)
    server = Server(Path(folder) / "data", host=ADDRESS).start()
    try:
        result = scenarios(server, name, args)
    finally:
        server.stop()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
