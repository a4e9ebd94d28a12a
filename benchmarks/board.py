"""Board benchmark: the scorer taps "Save round"; how long until the new total is on 1, 4 and 10 viewer boards.

    python benchmarks/board.py [--viewers 1 4 10] [--rounds 12] [--warmup 2]

For each viewer count it starts the real app (``python -m scorekeeper --web``
on a fresh temporary data folder, through the end-to-end harness), opens the
scorer's page and that many viewer pages (each its own browser context on the
watch link, phone size) in Debian's headless Chromium, sets up a match to 1000
and records ``--rounds`` blocked rounds alternating team A +7 and team B +7.

Per round, on one clock: every page of one Chromium shares the machine's
clock through ``performance.timeOrigin + performance.now()``. t0 is the
``pointerdown`` of the tap on "Save round" in the scorer's page; each page
(scorer and viewers) records when the new total ("Team A: 14") appears in its
accessibility tree (a MutationObserver on ``flt-semantics-host``). Printed side
by side, same run: the scorer's own save -> visible (the baseline) and the
viewers' save -> visible (every viewer, every round), p50 and p90.

Target (DESIGN.md): with 10 viewers, the viewers' p50 within 2x the scorer's own p50.
The last line is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.ui import KINDS, POINTS, line, percentile, set_up
from tests.e2e.harness import CHROMIUM_ARGS, INSTALL_HINT, PHONE, AppServer, chromium_path, open_page, type_into

#: Watches one page's accessibility tree for a line; the time it appears, on the machine's clock.
ARM = r"""
(pattern) => {
  const host = document.querySelector('flt-semantics-host');
  const re = new RegExp(pattern, 'm');
  const m = window.__board = {t1: null};
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    if (m.t1 === null && re.test(host.innerText)) { m.t1 = now(); observer.disconnect(); }
  };
  const observer = new MutationObserver(check);
  observer.observe(host, {subtree: true, childList: true, characterData: true});
}
"""
#: The scorer's page: also the moment of the tap.
TAP = r"""
() => {
  const m = window.__tap = {t0: null};
  window.addEventListener('pointerdown', () => {
    if (m.t0 === null) m.t0 = performance.timeOrigin + performance.now();
  }, {capture: true, once: true});
}
"""


def fill_round(page, number: int) -> tuple[dict[str, int], str, str]:
    """Open the form and type round ``number``'s pips, up to the preview; Save is not tapped yet."""
    pips, team, preview = KINDS[(number - 1) % 2]
    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Blocked", exact=True).click()
    for name, value in pips.items():
        type_into(page, page.get_by_role("textbox", name=f"Pips of {name}"), str(value))
    page.wait_for_function(
        "p => new RegExp(p, 'm').test(document.querySelector('flt-semantics-host').innerText)",
        arg=line(preview),
        polling="raf",
    )
    return pips, team, preview


def run(browser, viewers: int, rounds: int, warmup: int, work: Path) -> dict[str, list[float]]:
    """One server, one scorer, ``viewers`` boards: per-round latencies (ms) of the scorer and of every viewer."""
    server = AppServer(work / f"data-{viewers}", work / f"server-{viewers}.log")
    own: list[float] = []
    boards: list[float] = []
    try:
        server.start()
        scorer = open_page(browser, server.url, viewport=dict(PHONE))
        scorer.set_default_timeout(120_000)
        scorer.get_by_role("button", name="New match").wait_for()
        set_up(scorer)
        pages = []
        for _ in range(viewers):
            board = open_page(browser, server.url + "watch", viewport=dict(PHONE))
            board.set_default_timeout(120_000)
            board.get_by_text("Play to 1000").wait_for()
            pages.append(board)
        totals = {"A": 0, "B": 0}
        for number in range(1, rounds + 1):
            _, team, _ = fill_round(scorer, number)
            totals[team] += POINTS
            pattern = line(f"Team {team}: {totals[team]}")
            for page in [scorer, *pages]:
                page.evaluate(ARM, pattern)
            scorer.evaluate(TAP)
            scorer.get_by_role("button", name="Save round").click()
            for page in [scorer, *pages]:
                page.wait_for_function("() => window.__board.t1 !== null", polling=100)
            t0 = scorer.evaluate("() => window.__tap.t0")
            mine = scorer.evaluate("() => window.__board.t1") - t0
            theirs = [page.evaluate("() => window.__board.t1") - t0 for page in pages]
            print(
                f"{viewers:2d} viewers  round {number:3d}  scorer {mine:7.1f} ms  viewers p50 "
                f"{statistics.median(theirs):7.1f} max {max(theirs):7.1f} ms"
                + ("  [warm-up]" if number <= warmup else ""),
                flush=True,
            )
            if number > warmup:
                own.append(mine)
                boards += theirs
        for page in [scorer, *pages]:
            page.context.close()
    finally:
        server.stop()
    return {"own": own, "boards": boards}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--viewers", type=int, nargs="+", default=[1, 4, 10])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:
        raise SystemExit(INSTALL_HINT) from err
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-board-bench-"))
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                for n in args.viewers:
                    results[n] = run(browser, n, args.rounds, args.warmup, work)
            finally:
                browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    print(f"save -> total visible, ms ({args.rounds - args.warmup} rounds each, first {args.warmup} discarded)")
    print(
        f"{'viewers':>8s} {'scorer p50':>11s} {'scorer p90':>11s} {'boards p50':>11s} {'boards p90':>11s} {'ratio':>6s}"
    )
    summary = {}
    for n, r in results.items():
        own50, own90 = statistics.median(r["own"]), percentile(r["own"], 0.9)
        b50, b90 = statistics.median(r["boards"]), percentile(r["boards"], 0.9)
        print(f"{n:8d} {own50:11.1f} {own90:11.1f} {b50:11.1f} {b90:11.1f} {b50 / own50:6.2f}")
        summary[str(n)] = {
            "scorer_p50_ms": round(own50, 1),
            "scorer_p90_ms": round(own90, 1),
            "boards_p50_ms": round(b50, 1),
            "boards_p90_ms": round(b90, 1),
            "ratio_p50": round(b50 / own50, 2),
        }
    if "10" in summary:
        ok = summary["10"]["ratio_p50"] <= 2
        print(f"target: 10 viewers' p50 within 2x the scorer's own: {'met' if ok else 'NOT met'}")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
