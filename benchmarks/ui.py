"""UI benchmark: how long after tapping "Save round" the new team total is on screen, with a round-trip baseline.

    python benchmarks/ui.py [--rounds 40] [--warmup 3] [--keep]

It starts the real app (``python -m scorekeeper --web``, through the end-to-end
harness) on a fresh temporary data folder, opens a phone-size page (360x740) in
Debian's headless Chromium with Flutter's accessibility tree on, sets up a
match to 1000 (so it never ends) and records ``--rounds`` blocked rounds,
alternating 12/30/25/18 (team A +7) and 30/12/25/18 (team B +7), so one
total changes on every save. The first ``--warmup`` rounds are discarded.

What is measured, per round, all in the browser's own clock (``performance.now``):

* save -> visible: from the ``pointerdown`` of the tap on "Save round" (a
  capture listener on ``window``, the first code to see the input) to the
  moment the new total (e.g. "Team A: 14") is in the accessibility tree
  (``flt-semantics-host``'s ``innerText``, checked in a MutationObserver
  callback, i.e. right after Flutter writes the frame's semantics, which it does
  in the same frame as it paints). This spans: tap -> Flet client -> WebSocket
  -> ``RecordForm.on_save`` (core check, durable write with fsync) ->
  ``Board.show_totals`` (the two totals in the title bar above the open form,
  sent alone) -> patch back -> Flutter's frame.
* save -> folded: from the same tap to the board whole again ("Record round"
  back in the tree): the form folds away ``record.FOLD`` (0.15 s) after the
  totals were sent, the actions and the new row of the log come back. Not the
  issue's target, printed so the fold's cost is seen too.
* baseline, keystroke -> echo: from the ``keydown`` of the last digit typed in
  the last "Pips of ..." field to the server-computed preview line (e.g.
  "Lowest: Ahmed · Team A +7") showing in the tree. The field's ``on_change``
  does almost nothing on the server (``phrases.preview`` and one Text's new
  value, sent by Flet's auto-update), so this is the Flet/WebSocket/Flutter
  round trip of the same app, page and moment, without our save and without a
  whole new screen. save - baseline ~= what our save path and the re-render cost.
* nav: from the tap on "Record round" to the form's heading ("Round N"): a
  full re-render of the route chain (home, scoreboard, form) with no write. So
  save - nav ~= the storage write, nav - baseline ~= rebuilding screens.

Why not Python's ``time.perf_counter`` around ``locator.click()`` and the wait:
Playwright's click first checks actionability (the element must be *stable*
over two animation frames), then makes CDP round trips, and its waits poll;
that adds tens of milliseconds that belong to the harness, not to the app. The
wall-clock figure (perf_counter from before ``click()`` until
``wait_for_function(..., polling="raf")`` returns) is still printed, for
reference.

Where the time goes: the probe also timestamps the page's WebSocket traffic, so
each save and each echo splits into input -> request sent (Flutter's input
handling), request -> first reply (network, Python, for a save the durable
write) and last reply -> visible (Flutter applying the patch and building,
laying out, painting the frame and writing its semantics). They are printed as
a table and as ``save_*_p50_ms`` / ``echo_*_p50_ms`` in the JSON line.

Save changes the screen in two steps (see ``scorekeeper/ui/views/board.py``):
the record form opens inside the kept scoreboard, under its totals, which sit in
the title bar while the form is open. Save sends those two totals alone, so their
frame is as small as the echo's (one line); the fold (form out, panels, actions
and the new row in) follows 0.15 s later in a frame of its own. The board is never
taken down and rebuilt on the phone: the log's rows stay built under the form.

What it was before (measured with this script, same machine): the form covered
the board and Save uncovered it in one frame, which rebuilt the whole board on
the phone (a Flet control made visible again is built from scratch): quiet
machine 60.9 ms against a 26.9 ms echo (2.26x), growth 1.43 as the log grew;
loaded, 3.35-3.52x. Its frame (reply -> visible) was 37 ms against the echo's 14;
the durable write and the rest of the server's work ~7 ms more than the echo's.
After: save's reply -> visible ~13 ms, like the echo's, and flat.

Server memory: VmRSS and VmHWM (peak) from ``/proc/<pid>/status`` of the server
subprocess (plus any children it has), at start, after setup, after all rounds.

The last line printed is one JSON object with the figures the targets name
(target: save_to_visible_p50_ms within 1.5x baseline_p50_ms of
the same run, and growth_ratio, second half over first half, <= 1.2).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.harness import (
    CHROMIUM_ARGS,
    INSTALL_HINT,
    PHONE,
    AppServer,
    PlaywrightTimeout,
    chromium_path,
    open_page,
    type_into,
)

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]  # seats 0..3: team A = Ahmed & Ghanim, team B = Salem & Yahya
#: The two alternating rounds: pips per player, the team that scores, the preview line once all pips are in.
KINDS = (
    ({"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18}, "A", "Lowest: Ahmed · Team A +7"),
    ({"Ahmed": 30, "Salem": 12, "Ghanim": 25, "Yahya": 18}, "B", "Lowest: Salem · Team B +7"),
)
POINTS = 7
#: The preview while Yahya's "18" is half typed ("1"): Yahya lowest, (12+30+25)//10 for team B.
HALF_TYPED = "Lowest: Yahya · Team B +6"
TARGET = 1000

#: Browser side: arm() starts watching for a line of the accessibility tree, timed from the next input event.
#: The app's WebSocket is watched too (``send`` on the prototype reaches the socket Flet already opened; the
#: first send hooks its incoming messages), so each span splits into: input -> request sent (Flutter),
#: request -> first reply (network, Python, the durable write), last reply -> visible (Flutter's frame).
PROBE = r"""
() => {
  const send = WebSocket.prototype.send;
  window.__ws = [];
  WebSocket.prototype.send = function (data) {
    if (!this.__benchHooked) {
      this.__benchHooked = true;
      this.addEventListener('message', () => window.__ws.push(['r', performance.now()]));
    }
    window.__ws.push(['s', performance.now()]);
    return send.call(this, data);
  };
  window.__bench = {
    arm(startEvent, pattern, then) {
      const host = document.querySelector('flt-semantics-host');
      const re = new RegExp(pattern, 'm');
      const after = then ? new RegExp(then, 'm') : null;
      window.__ws.length = 0;
      const m = window.__bench.m = {t0: null, t1: null, t2: null, up: null, then: !!then};
      window.addEventListener(startEvent, () => { if (m.t0 === null) m.t0 = performance.now(); },
                              {capture: true, once: true});
      window.addEventListener('pointerup', () => { if (m.up === null) m.up = performance.now(); },
                              {capture: true, once: true});
      const check = () => {
        if (m.t0 === null) return;
        const text = host.innerText;
        if (m.t1 === null && re.test(text)) m.t1 = performance.now();
        if (m.t1 !== null && after && m.t2 === null && after.test(text)) m.t2 = performance.now();
        if (m.t1 !== null && (!after || m.t2 !== null)) observer.disconnect();
      };
      const observer = new MutationObserver(check);
      observer.observe(host, {subtree: true, childList: true, characterData: true});
    },
  };
}
"""
DONE = "() => window.__bench.m.t1 !== null && (window.__bench.m.t2 !== null || !window.__bench.m.then)"


def line(value: str) -> str:
    """A pattern for one whole line of the tree's innerText."""
    return "^" + re.escape(value) + "$"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


#: The parts of a span, from the WebSocket's timestamps (see PROBE): browser ms each.
PARTS = ("request", "server", "frame")


def split(m: dict, traffic: list) -> dict[str, float]:
    """``request``: input -> first message sent; ``server``: that -> first reply; ``frame``: last reply -> visible.

    Whatever is not covered (messages in between) is left out, so the parts may sum to less than the span.
    """
    t0, t1 = m["t0"], m["t1"]
    sent = [t for kind, t in traffic if kind == "s" and t0 <= t <= t1]
    if not sent:
        return {}
    got = [t for kind, t in traffic if kind == "r" and sent[0] <= t <= t1]
    if not got:
        return {}
    return {"request": sent[0] - t0, "server": got[0] - sent[0], "frame": t1 - got[-1]}


def timed(page, start_event: str, pattern: str, act, then: str | None = None) -> tuple[float, float, dict[str, float]]:
    """Run ``act`` and wait for ``pattern``: (browser ms from the input event, Python wall ms, its parts).

    With ``then``, wait on until that shows as well; its time from the input event is the parts' ``then``.
    """
    page.evaluate("([e, p, t]) => window.__bench.arm(e, p, t)", [start_event, pattern, then])
    t0 = time.perf_counter()
    act()
    page.wait_for_function(DONE, polling="raf")
    wall = (time.perf_counter() - t0) * 1000
    m, traffic = page.evaluate("() => [window.__bench.m, window.__ws]")
    parts = split(m, traffic)
    if m["up"] is not None and m["up"] >= m["t0"]:  # a tap: how long the press itself lasted (the harness's)
        parts["press"] = m["up"] - m["t0"]
    if then:
        parts["then"] = m["t2"] - m["t0"]
    return m["t1"] - m["t0"], wall, parts


# --- memory of the server process ---------------------------------------------------


def _status(pid: int) -> dict[str, int]:
    fields = {}
    try:
        for row in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, rest = row.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(rest.split()[0])  # kB
    except OSError:
        pass
    return fields


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                children = [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                children = []
            found += children
            todo += children
    return found


def memory(pid: int) -> dict[str, float]:
    """Server RSS and peak RSS in MB (the process itself, and with any children it started)."""
    own = _status(pid)
    children = [_status(c) for c in _descendants(pid)]
    mb = 1 / 1024
    return {
        "rss": own.get("VmRSS", 0) * mb,
        "hwm": own.get("VmHWM", 0) * mb,
        "children": len(children),
        "children_rss": sum(c.get("VmRSS", 0) for c in children) * mb,
    }


# --- driving the app -------------------------------------------------------------------


def set_up(page) -> None:
    page.get_by_role("button", name="New match").click()
    for seat, name in enumerate(PLAYERS):
        type_into(page, page.get_by_role("textbox", name=f"Player {seat + 1}"), name)
    type_into(page, page.get_by_role("textbox", name="Other target"), str(TARGET))
    page.get_by_role("button", name="Start match").click()
    page.get_by_role("button", name="Record round").wait_for()
    page.get_by_text(f"Play to {TARGET}", exact=True).wait_for()


def one_round(page, number: int, totals: dict[str, int]) -> dict[str, float]:
    """Record round ``number`` (1-based); returns its timings."""
    pips, team, preview = KINDS[(number - 1) % 2]
    nav, nav_wall, _ = timed(
        page, "pointerdown", line(f"Round {number}"), page.get_by_role("button", name="Record round").click
    )
    page.get_by_role("button", name="Blocked", exact=True).click()
    names = list(pips)
    last = names[-1]
    digits = str(pips[last])
    for attempt in range(3):
        # Under load Flutter can drop a key sent while it wires up a newly focused field (see the e2e
        # tests' type_pips): the field then holds the number, the app never got it, and the preview
        # never reads HALF_TYPED. The app's preview says whether it got them all; else type them again.
        for name in names[:-1]:
            type_into(page, page.get_by_role("textbox", name=f"Pips of {name}"), str(pips[name]))
        type_into(page, page.get_by_role("textbox", name=f"Pips of {last}"), digits[:-1])
        try:
            page.wait_for_function(
                "p => new RegExp(p, 'm').test(document.querySelector('flt-semantics-host').innerText)",
                arg=line(HALF_TYPED),
                polling="raf",
                timeout=10_000 if attempt < 2 else None,
            )
            break
        except PlaywrightTimeout:
            continue
    echo, echo_wall, echo_parts = timed(page, "keydown", line(preview), lambda: page.keyboard.press(digits[-1]))
    totals[team] += POINTS
    save, save_wall, save_parts = timed(
        page,
        "pointerdown",
        line(f"Team {team}: {totals[team]}"),
        page.get_by_role("button", name="Save round").click,
        then=line("Record round"),  # the form folded away, the board whole again
    )
    folded = save_parts.pop("then")
    return {
        "save": save,
        "save_wall": save_wall,
        "folded": folded,
        "echo": echo,
        "echo_wall": echo_wall,
        "nav": nav,
        "nav_wall": nav_wall,
        **{f"save_{k}": v for k, v in save_parts.items()},
        **{f"echo_{k}": v for k, v in echo_parts.items()},
    }


def summary(values: list[float]) -> dict[str, float]:
    return {
        "p50": statistics.median(values),
        "p90": percentile(values, 0.9),
        "min": min(values),
        "max": max(values),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds to record (40 for the report)")
    parser.add_argument("--warmup", type=int, default=3, help="first rounds left out of the figures")
    parser.add_argument("--keep", action="store_true", help="keep the temporary data folder and server log")
    args = parser.parse_args(argv)
    if args.rounds <= args.warmup:
        parser.error("--rounds must be larger than --warmup")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:
        raise SystemExit(INSTALL_HINT) from err

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-ui-bench-"))
    server = AppServer(work / "data", work / "server.log")
    rows: list[dict[str, float]] = []
    try:
        server.start()
        pid = server.proc.pid
        mem_start = memory(pid)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                page = open_page(browser, server.url, viewport=dict(PHONE))
                page.set_default_timeout(60_000)  # a loaded machine is slow, not broken
                page.get_by_role("button", name="New match").wait_for()
                set_up(page)
                mem_setup = memory(pid)
                page.evaluate(PROBE)
                totals = {"A": 0, "B": 0}
                for number in range(1, args.rounds + 1):
                    row = one_round(page, number, totals)
                    rows.append(row)
                    print(
                        f"round {number:3d}  save->visible {row['save']:7.1f} ms (wall {row['save_wall']:6.1f})"
                        f"  key->echo {row['echo']:6.1f} ms  nav {row['nav']:6.1f} ms"
                        + ("  [warm-up]" if number <= args.warmup else ""),
                        flush=True,
                    )
                mem_end = memory(pid)
            finally:
                browser.close()
    finally:
        server.stop()
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)

    measured = rows[args.warmup :]
    keys = dict.fromkeys(key for r in measured for key in r)  # a part is missing when its messages were not seen
    stats = {key: summary([r[key] for r in measured if key in r]) for key in keys}
    labels = {
        "save": "save -> total visible",
        "folded": "save -> form folded away",
        "echo": "baseline: key -> preview echo",
        "nav": "Record round -> form heading",
        "save_wall": "save, Python wall clock",
        "echo_wall": "baseline, Python wall clock",
        "nav_wall": "nav, Python wall clock",
    }
    print()
    print(f"{len(measured)} rounds measured (first {args.warmup} discarded); browser clock unless marked; ms")
    print(f"{'':32s} {'p50':>8s} {'p90':>8s} {'min':>8s} {'max':>8s}")
    for key, label in labels.items():
        s = stats[key]
        print(f"{label:32s} {s['p50']:8.1f} {s['p90']:8.1f} {s['min']:8.1f} {s['max']:8.1f}")
    print()
    print("where the time goes, p50 ms   input -> request   request -> reply   reply -> visible")
    for kind, label in (("save", "save"), ("echo", "baseline (echo)")):
        parts = [stats.get(f"{kind}_{part}", {}).get("p50", float("nan")) for part in PARTS]
        print(f"  {label:26s} {parts[0]:16.1f} {parts[1]:18.1f} {parts[2]:18.1f}")
    half = len(measured) // 2
    early = statistics.median(r["save"] for r in measured[:half])
    late = statistics.median(r["save"] for r in measured[half:])
    echo_early = statistics.median(r["echo"] for r in measured[:half])
    echo_late = statistics.median(r["echo"] for r in measured[half:])
    print(f"save p50, first half vs second half of the match: {early:.1f} vs {late:.1f} ms (round log grows)")
    print(f"echo p50, the same halves (the baseline's own drift): {echo_early:.1f} vs {echo_late:.1f} ms")
    print()
    for label, m in (("start", mem_start), ("after setup", mem_setup), ("after rounds", mem_end)):
        extra = f"  (+{m['children']} children, {m['children_rss']:.1f} MB)" if m["children"] else ""
        print(f"server RSS {label:13s} {m['rss']:7.1f} MB   peak (VmHWM) {m['hwm']:7.1f} MB{extra}")
    result = {
        "save_to_visible_p50_ms": round(stats["save"]["p50"], 1),
        "save_to_visible_p90_ms": round(stats["save"]["p90"], 1),
        "save_to_visible_min_ms": round(stats["save"]["min"], 1),
        "save_to_visible_max_ms": round(stats["save"]["max"], 1),
        "baseline_p50_ms": round(stats["echo"]["p50"], 1),
        "save_over_baseline": round(stats["save"]["p50"] / stats["echo"]["p50"], 2),
        "growth_ratio": round(late / early, 2),  # save p50, second half of the match over the first
        "baseline_growth_ratio": round(echo_late / echo_early, 2),  # the same for the echo: the machine's drift
        "baseline_p90_ms": round(stats["echo"]["p90"], 1),
        "nav_p50_ms": round(stats["nav"]["p50"], 1),
        "save_to_folded_p50_ms": round(stats["folded"]["p50"], 1),
        **{
            f"{kind}_{part}_p50_ms": round(stats[f"{kind}_{part}"]["p50"], 1)
            for kind in ("save", "echo")
            for part in PARTS
            if f"{kind}_{part}" in stats
        },
        "save_wall_p50_ms": round(stats["save_wall"]["p50"], 1),
        "save_press_p50_ms": round(stats["save_press"]["p50"], 1) if "save_press" in stats else None,
        "rounds": len(rows),
        "measured_rounds": len(measured),
        "server_rss_mb_start": round(mem_start["rss"], 1),
        "server_rss_mb_setup": round(mem_setup["rss"], 1),
        "server_rss_mb_end": round(mem_end["rss"], 1),
        "server_peak_rss_mb": round(mem_end["hwm"], 1),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
