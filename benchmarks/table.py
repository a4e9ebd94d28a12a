"""The shared table under load and under attack: fan-out, a flood, churned sessions, a stop.

    python benchmarks/table.py [--changes 20] [--churn 300] [--flood 5000]

One real server (``python -m scorekeeper --web`` on 127.0.0.1, fresh data folder),
raw Flet websocket clients (msgpack frames, tests/security/wsclient.py; an asyncio
twin here for the many viewers), all on one clock (this process's monotonic clock):

- **fan-out**: 1, 10 and 50 viewers on the watch link, in the same run; the scorer
  (raw client on 127.0.0.1, a match to 1000) records ``--changes`` blocked rounds per
  viewer count; each viewer's delay is from the scorer's Save tap (its click frame
  leaving) to that viewer's next screen patch arriving, beside the scorer's own
  screen patch. p50 and p95 over every viewer and round.
  Target: p95 for 50 viewers <= 3x p95 for 1.
- **flood**: ``GET /`` every 20 ms before (the baseline), during and after one
  viewer sends ``--flood`` events for controls that do not exist, as fast as its
  socket takes them; worst and p50 of each phase. Target: <= 0.5 s worst.
- **churn**: the server's RSS (VmRSS) before and after ``--churn`` viewer sessions
  each opened, drawn and closed, then after the viewer timeout and Flet's sweep
  (guard.VIEWER_TIMEOUT + 15 s). Target: growth <= 10 MB after the timeout.
- **stop**: seconds from SIGTERM (then SIGINT, a second server) to exit, with a
  scorer, two viewers and a silent connection open. Target: <= 2 s.

The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import msgpack
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.ui.guard import VIEWER_TIMEOUT
from tests.security.server import Server
from tests.security.wsclient import (
    CONTROL_EVENT,
    INVOKE_METHOD,
    PATCH_CONTROL,
    PHONE_PAGE,
    REGISTER_CLIENT,
    FletClient,
    frame,
)

SWEEP = 15  # Flet's sweep of expired sessions runs every 10 s


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Viewer:
    """One watching phone on the event loop: registers, answers the server's calls, stamps each patch."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.patches: list[float] = []

    async def open(self) -> Viewer:
        host = self.url.split("//", 1)[1]
        self.ws = await connect(f"ws://{host}/ws", origin=self.url, max_size=None)
        page = {**PHONE_PAGE, "route": "/watch"}
        await self.ws.send(frame(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page}))
        self.task = asyncio.create_task(self.read())
        while not self.patches:
            await asyncio.sleep(0.02)
        return self

    async def read(self) -> None:
        try:
            async for data in self.ws:
                stamp = time.monotonic()
                if not isinstance(data, bytes) or data[:1] != b"\x00":
                    continue
                action, body = msgpack.unpackb(data[1:], strict_map_key=False)
                if action == PATCH_CONTROL:
                    self.patches.append(stamp)
                elif action == INVOKE_METHOD:
                    answer = {"control_id": body["control_id"], "call_id": body["call_id"], "result": None, "error": ""}
                    await self.ws.send(frame(INVOKE_METHOD, answer))
        except Exception:
            pass

    def first_after(self, t0: float) -> float | None:
        later = [t for t in self.patches if t >= t0]
        return later[0] if later else None

    async def close(self) -> None:
        await self.ws.close()
        self.task.cancel()


PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def tap(client: FletClient, label: str) -> None:
    if not client.wait_for(lambda: client.button(label) is not None):
        raise LookupError(label)
    client.event(client.button(label), "click")


def type_field(client: FletClient, label: str, value: str) -> None:
    if not client.wait_for(lambda: client.field(label) is not None):
        raise LookupError(label)
    client.type_into(client.field(label), value)


def start_match(scorer: FletClient) -> None:
    tap(scorer, "New match")
    for seat, name in enumerate(PLAYERS, start=1):
        type_field(scorer, f"Player {seat}", name)
    type_field(scorer, "Other target", "1000")
    time.sleep(0.5)
    tap(scorer, "Start match")
    scorer.wait_for(lambda: scorer.button("Record round") is not None)


def fill_round(server: Server, number: int) -> FletClient:
    """A scorer's phone opens the record form and types a blocked round; Save is not tapped yet.

    A fresh session per round: the raw client does not follow the form's in-place reuse of its
    fields from one round to the next, which a browser does.
    """
    scorer = FletClient(server.url, "/record").connect().wait_registered().wait_rendered()
    tap(scorer, "Blocked")
    pips = [12, 30, 25, 18] if number % 2 else [30, 12, 25, 18]
    for name, value in zip(PLAYERS, pips, strict=True):
        type_field(scorer, f"Pips of {name}", str(value))
    time.sleep(0.5)  # the preview is computed and drawn before the tap, as at the table
    return scorer


def fan_out(server: Server, counts: list[int], changes: int) -> tuple[dict[int, list[float]], list[float]]:
    """Per viewer count: each viewer's delay (s) from the Save tap to its board's patch; the scorer's own echo."""
    setup = FletClient(server.url, "/").connect().wait_registered().wait_rendered()
    start_match(setup)
    setup.close()
    delays: dict[int, list[float]] = {}
    echo: list[float] = []
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(coro):
        return asyncio.run_coroutine_threadsafe(coro, loop).result(120)

    async def open_all(n: int) -> list[Viewer]:
        return list(await asyncio.gather(*(Viewer(server.url).open() for _ in range(n))))

    async def close_all(viewers: list[Viewer]) -> None:
        await asyncio.gather(*(v.close() for v in viewers))

    number = 0
    for n in counts:
        viewers = run(open_all(n))
        time.sleep(1)
        delays[n] = []
        for _ in range(changes):
            number += 1
            scorer = fill_round(server, number)
            before = scorer.patches()
            t0 = time.monotonic()
            tap(scorer, "Save round")
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and any(v.first_after(t0) is None for v in viewers):
                time.sleep(0.002)
            delays[n] += [(v.first_after(t0) or deadline) - t0 for v in viewers]
            scorer.wait_for(lambda s=scorer, before=before: s.patches() > before)
            echo.append(scorer.patch_times[before] - t0)
            scorer.close()
            time.sleep(0.3)
        run(close_all(viewers))
    loop.call_soon_threadsafe(loop.stop)
    return delays, echo


def get_ms(url: str) -> float:
    t0 = time.monotonic()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
    return (time.monotonic() - t0) * 1000


def poll(url: str, until: threading.Event, out: list[float]) -> None:
    while not until.is_set():
        out.append(get_ms(url))
        time.sleep(0.02)


def flood(server: Server, events: int) -> dict[str, list[float]]:
    home = server.url + "/"
    before = [get_ms(home) for _ in range(30)]
    flooder = FletClient(server.url, "/watch").connect().wait_registered().wait_rendered()
    done, during = threading.Event(), []
    poller = threading.Thread(target=poll, args=(home, done, during))
    poller.start()
    sent = 0
    for n in range(events):
        if not flooder.send_raw(frame(CONTROL_EVENT, {"target": 100_000 + n, "name": "click", "data": None})):
            break
        sent += 1
    flooder.closed.wait(30)
    time.sleep(0.5)
    done.set()
    poller.join()
    after = [get_ms(home) for _ in range(30)]
    return {"before": before, "during": during, "after": after, "sent": [sent]}


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def churn_once(server: Server) -> None:
    client = FletClient(server.url, "/watch").connect().wait_registered().wait_rendered()
    client.close()


def churn(server: Server, sessions: int) -> dict[str, float]:
    for _ in range(20):  # warm-up: the first boards load what every later one shares
        churn_once(server)
    time.sleep(VIEWER_TIMEOUT + SWEEP)
    start = rss_mb(server.proc.pid)
    for _ in range(sessions):
        churn_once(server)
    right_after = rss_mb(server.proc.pid)
    time.sleep(VIEWER_TIMEOUT + SWEEP)
    freed = rss_mb(server.proc.pid)
    return {"rss_start_mb": start, "rss_right_after_mb": right_after, "rss_after_timeout_mb": freed}


def stop_seconds(work: Path, sig: signal.Signals) -> float:
    server = Server(work / f"data-stop-{sig.name}").start()
    phones = [FletClient(server.url, route).connect().wait_registered().wait_rendered() for route in ("/", "/watch")]
    phones.append(FletClient(server.url, "/watch").connect().wait_registered().wait_rendered())
    FletClient(server.url, "/").connect(register=False)
    t0 = time.monotonic()
    server.proc.send_signal(sig)
    server.proc.wait(60)
    took = time.monotonic() - t0
    server.log.close()
    return took


def summary(values: list[float]) -> str:
    return f"p50 {statistics.median(values):7.1f}  p95 {percentile(values, 0.95):7.1f}  worst {max(values):7.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--viewers", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--flood", type=int, default=5000)
    parser.add_argument("--churn", type=int, default=300)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="table-bench-"))
    figures: dict[str, float | int] = {}
    try:
        server = Server(work / "data").start()
        try:
            delays, echo = fan_out(server, args.viewers, args.changes)
            print("fan-out: the scorer taps Save round -> each viewer's board patch arrives, ms")
            print(f"  the scorer's own screen ({len(echo):3d} saves)        {summary([e * 1000 for e in echo])}")
            for n, values in delays.items():
                values_ms = [v * 1000 for v in values]
                print(f"  {n:3d} viewers ({len(values_ms):5d} deliveries)  {summary(values_ms)}")
                figures[f"fanout_p50_ms_{n}"] = round(statistics.median(values_ms), 1)
                figures[f"fanout_p95_ms_{n}"] = round(percentile(values_ms, 0.95), 1)
            first, last = args.viewers[0], args.viewers[-1]
            figures["fanout_p95_ratio"] = round(figures[f"fanout_p95_ms_{last}"] / figures[f"fanout_p95_ms_{first}"], 2)
            print(f"  p95 {last} viewers / p95 {first} viewer: {figures['fanout_p95_ratio']}x (target <= 3x)")

            phases = flood(server, args.flood)
            print(f"flood: GET / while one viewer sends {phases['sent'][0]} events for controls that do not exist, ms")
            for phase in ("before", "during", "after"):
                print(f"  {phase:6s} ({len(phases[phase]):3d} requests)  {summary(phases[phase])}")
                figures[f"get_worst_ms_{phase}"] = round(max(phases[phase]), 1)
            figures["flood_events_sent"] = phases["sent"][0]
            print("  target: worst during and after <= 500 ms")

            rss = churn(server, args.churn)
            growth = rss["rss_after_timeout_mb"] - rss["rss_start_mb"]
            print(f"churn: {args.churn} viewer sessions opened, drawn, closed; server RSS, MB")
            print(
                f"  start {rss['rss_start_mb']:.1f}  right after {rss['rss_right_after_mb']:.1f}  "
                f"after the {VIEWER_TIMEOUT} s viewer timeout + sweep {rss['rss_after_timeout_mb']:.1f}  "
                f"growth {growth:+.1f} (target <= 10)"
            )
            figures |= {k: round(v, 1) for k, v in rss.items()}
            figures["rss_growth_mb"] = round(growth, 1)
        finally:
            server.stop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            took = stop_seconds(work, sig)
            print(
                f"stop: {sig.name} with 3 sessions and a silent connection open -> exit in {took:.2f} s (target <= 2)"
            )
            figures[f"stop_s_{sig.name}"] = round(took, 2)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
