"""Review-past-evenings benchmark: the history list and the statistics over a 100,000-round history.

    python benchmarks/review.py [--rounds 100000] [--runs 7]

Builds the history with the storage benchmark's generator (``history_matches``
and ``write_history``: evenings of ~3 matches x ~15 rounds, written in bulk
through the store's serialiser) in a temp folder, then times, over several
runs, each on a freshly opened store:

(a) the history list: ``Store.open`` + ``evenings(limit=50)`` (what the
    "past evenings" screen shows first);
(b) the statistics: ``all_matches()`` (reads and validates every evening)
    + ``stats.compute`` -- with the two parts also timed apart, and
    ``compute`` alone on matches already in memory;
(c) the statistics screen as the app serves it: ``scorekeeper.session.insight.StatsCache``
    (one ``stats.partial`` per evening, kept with the store's revision of it),
    warmed up once as the app does at start, then timed after a durable round
    saved tonight: only that evening is read again;
plus the JSON and CSV export of everything, for scale.

The last line printed is one JSON object with the figures the targets name.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import history_matches, write_history

from scorekeeper.core import stats
from scorekeeper.core.exchange import to_csv, to_json
from scorekeeper.core.match import Round
from scorekeeper.session.insight import StatsCache
from scorekeeper.storage import Store


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def p50(values: list[float]) -> float:
    return statistics.median(values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="review-bench-", dir=os.environ.get("BENCH_DIR")) as tmp:
        folder = Path(tmp) / "data"
        t0 = time.perf_counter()
        built = history_matches(args.rounds)
        write_history(folder, built)
        rounds = sum(len(m.entries) for m in built)
        evenings = len({m.evening for m in built})
        print(
            f"history: {rounds} rounds, {len(built)} matches, {evenings} evenings "
            f"(built in {ms_since(t0) / 1000:.1f} s)",
            flush=True,
        )
        compute_mem = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            stats.compute(built)
            compute_mem.append(ms_since(t0))
        del built

        open_ms, list_ms, history_ms = [], [], []
        load_ms, compute_ms, stats_ms = [], [], []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            store = Store.open(folder)
            opened = ms_since(t0)
            t1 = time.perf_counter()
            page = store.evenings(limit=50)
            listed = ms_since(t1)
            open_ms.append(opened)
            list_ms.append(listed)
            history_ms.append(opened + listed)
            assert len(page) == min(50, evenings) and store.report.ok, store.report
            store.close()

            store = Store.open(folder)
            t0 = time.perf_counter()
            matches = list(store.all_matches())
            loaded = ms_since(t0)
            t1 = time.perf_counter()
            figures = stats.compute(matches)
            computed = ms_since(t1)
            load_ms.append(loaded)
            compute_ms.append(computed)
            stats_ms.append(loaded + computed)
            assert figures.rounds == rounds
            store.close()

        store = Store.open(folder)
        cache = StatsCache(store)
        cache.statistics()  # the app's warm-up at start
        parts = store.evening_names()
        tonight = store.current_match() or store.new_match(["Ahmed", "Salem", "Ghanim", "Yahya"], 10**6)
        cached_ms = []
        for _ in range(args.runs):
            store.add_round(tonight.id, Round("redeal"))  # a round saved tonight: its evening changes
            t0 = time.perf_counter()
            again = cache.statistics()
            cached_ms.append(ms_since(t0))
            assert again == stats.compute(store.all_matches())
        store.close()

        t0 = time.perf_counter()
        as_json = to_json(matches)
        json_ms = ms_since(t0)
        t0 = time.perf_counter()
        as_csv = to_csv(matches)
        csv_ms = ms_since(t0)

    print(
        f"(a) history list p50 {p50(history_ms):.1f} ms = open {p50(open_ms):.1f} + evenings(limit=50) "
        f"{p50(list_ms):.1f} (min {min(history_ms):.1f}, max {max(history_ms):.1f}; n={args.runs})"
    )
    print(
        f"(b) statistics p50 {p50(stats_ms):.1f} ms = all_matches {p50(load_ms):.1f} + compute {p50(compute_ms):.1f} "
        f"(min {min(stats_ms):.1f}, max {max(stats_ms):.1f}; n={args.runs}); compute alone on matches in memory "
        f"p50 {p50(compute_mem):.1f} ms"
    )
    print(
        f"(c) statistics from per-evening parts, newest evening re-read: p50 {p50(cached_ms):.1f} ms "
        f"({len(parts)} parts; min {min(cached_ms):.1f}, max {max(cached_ms):.1f})"
    )
    print(
        f"export of everything: JSON {json_ms:.0f} ms ({len(as_json) / 1e6:.1f} MB), "
        f"CSV {csv_ms:.0f} ms ({len(as_csv) / 1e6:.1f} MB)"
    )
    print(
        json.dumps(
            {
                "history_list_p50_ms": round(p50(history_ms), 1),
                "stats_p50_ms": round(p50(stats_ms), 1),
                "all_matches_p50_ms": round(p50(load_ms), 1),
                "compute_p50_ms": round(p50(compute_ms), 1),
                "compute_in_memory_p50_ms": round(p50(compute_mem), 1),
                "stats_cached_parts_p50_ms": round(p50(cached_ms), 1),
                "rounds": rounds,
            }
        )
    )


if __name__ == "__main__":
    main()
