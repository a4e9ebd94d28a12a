"""Storage benchmark: durable round-save latency against history size, side by side with baselines.

    python benchmarks/storage.py [--saves 300] [--sizes 0,1000,10000,100000] [--naive-max 10000]

For each history size (past rounds) it builds a realistic data folder --
evenings of ~3 matches x ~15 rounds, written in bulk with the store's own
serialiser -- then, in a fresh child process (so that its peak RSS is the
store's alone), opens it up to the home screen's data (settings, current
match, tonight's matches) and times ``Store.add_round`` (each one returns
only after its journal record is fsynced, or, when the journal is past its
bound, after the compaction's temp file, rename and folder are). Closing the
store compacts the evenings written: that is timed too. In the same run it times the
equivalent insert in stdlib sqlite3 (WAL, synchronous=FULL) and in a plain
single-file TinyDB (default JSONStorage, which does not even fsync).

The last line printed is one JSON object with the figures the targets name.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crash_soak import PLAYERS, random_round

from scorekeeper.core.codec import match_to_doc, round_to_doc
from scorekeeper.core.match import Match
from scorekeeper.core.records import MatchRecord, RoundEntry, evening_of
from scorekeeper.storage import Store
from scorekeeper.storage.atomic import encode
from scorekeeper.storage.schema import DEFAULT_SETTINGS, meta_tables, shard_tables

NAMES = ["Ahmed", "Salem", "Ghanim", "Yahya", "Ali", "Omar", "Saleh", "Nasser", "Fuad", "Hamid"]
TARGET = 61  # ~15 rounds a match with the generator's mix of dominoes and blocked games


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- building a history fast -----------------------------------------------


def history_matches(rounds: int, seed: int = 7) -> list[MatchRecord]:
    """Matches totalling ``rounds`` rounds, 3 an evening, ending yesterday; the last one unfinished."""
    rng = random.Random(seed)
    matches: list[MatchRecord] = []
    evenings = max(1, -(-rounds // 45))
    day = datetime.now().astimezone().replace(hour=20, minute=0, second=0, microsecond=0) - timedelta(days=evenings)
    left = rounds
    while left > 0:
        for slot in range(3):
            if left <= 0:
                break
            start = day + timedelta(minutes=75 * slot)
            players = tuple(rng.sample(NAMES, 4))
            match = Match(players, TARGET)
            entries: list[RoundEntry] = []
            moment = start
            while left > 0 and not match.finished:
                rnd = random_round(rng)
                match = match.add_round(rnd)
                moment += timedelta(minutes=4)
                entries.append(RoundEntry(rnd, moment.isoformat()))
                left -= 1
            finished_at = entries[-1].recorded_at if match.finished else None
            rec = MatchRecord(
                os.urandom(16).hex(),
                evening_of(start),
                start.isoformat(),
                finished_at,
                players,
                ("A", "B"),
                TARGET,
                tuple(entries),
                match.winner,
                match,
            )
            matches.append(rec)
        day += timedelta(days=1)
    return matches


def write_history(folder: Path, matches: list[MatchRecord]) -> None:
    """Write the shard files and meta.json directly, in bulk, through the store's serialiser."""
    shards = folder / "evenings"
    shards.mkdir(parents=True, exist_ok=True)
    by_evening: dict[str, list[dict[str, Any]]] = {}
    players: dict[str, str] = {}
    open_matches = []
    for rec in matches:
        by_evening.setdefault(rec.evening, []).append(match_to_doc(rec))
        for name in rec.players:
            players[name] = rec.started_at
        if not rec.finished:
            open_matches.append({"id": rec.id, "evening": rec.evening, "started_at": rec.started_at})
    for evening, docs in by_evening.items():
        (shards / f"{evening}.json").write_bytes(encode(shard_tables(docs), kind="evening"))
    meta = meta_tables(DEFAULT_SETTINGS, players, open_matches)
    (folder / "meta.json").write_bytes(encode(meta, kind="meta"))
    os.sync()


# --- ours (in a child process) ------------------------------------------------


class EveningClock:
    """Real time from now on, but every third new match starts the next evening (~45 rounds an evening)."""

    def __init__(self) -> None:
        self.shift = timedelta(0)

    def next_evening(self) -> None:
        self.shift += timedelta(days=1)

    def __call__(self) -> datetime:
        return datetime.now().astimezone() + self.shift


def run_ours(folder: Path, saves: int) -> dict[str, Any]:
    """In a fresh process: open to the home screen's data, then time ``saves`` durable round saves."""
    rng = random.Random(os.getpid())
    clock = EveningClock()
    started = time.perf_counter()
    store = Store.open(folder, clock=clock)
    store.settings()
    current = store.current_match()
    tonight = store.matches_on(evening_of(clock()))
    open_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    page = store.evenings(0, 20)
    evenings_ms = (time.perf_counter() - started) * 1000
    assert store.report.ok, store.report
    assert current is not None or not page  # a history ends with one unfinished match
    rec = current or store.new_match(PLAYERS, TARGET)
    started_matches = 1
    times = []
    finishing = []
    for _ in range(saves):
        rnd = random_round(rng)
        t0 = time.perf_counter()
        rec = store.add_round(rec.id, rnd)
        elapsed = (time.perf_counter() - t0) * 1000
        times.append(elapsed)
        if rec.finished:
            finishing.append(elapsed)
            if started_matches % 3 == 0:
                clock.next_evening()
            rec = store.new_match(PLAYERS, TARGET)
            started_matches += 1
    started = time.perf_counter()
    store.close()  # folds the evenings written into bare snapshots: the compaction a session ends with
    close_ms = (time.perf_counter() - started) * 1000
    return {
        "close_ms": close_ms,
        "open_ms": open_ms,
        "evenings_page_ms": evenings_ms,
        "tonight": len(tonight),
        "times": times,
        "finishing": finishing,
        "peak_rss_mb": peak_rss_mb(),
    }


def peak_rss_mb() -> float:
    """This process's peak RSS: VmHWM (ru_maxrss would include the parent's peak before exec)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ours(folder: Path, saves: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(folder), "--saves", str(saves)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# --- baselines ----------------------------------------------------------------


def new_round_doc(rng: random.Random) -> dict[str, Any]:
    return round_to_doc(RoundEntry(random_round(rng), datetime.now().astimezone().isoformat()))


class SqliteBaseline:
    """The equivalent insert in sqlite3: one row per round (match id, index, the same JSON), WAL + FULL."""

    def __init__(self, folder: Path, matches: list[MatchRecord]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.con = sqlite3.connect(folder / "rounds.sqlite", isolation_level=None)
        self.con.execute("PRAGMA journal_mode=WAL")
        self.con.execute("PRAGMA synchronous=FULL")
        self.con.execute("CREATE TABLE rounds (id INTEGER PRIMARY KEY, match_id TEXT, idx INTEGER, data TEXT)")
        self.con.execute("CREATE INDEX rounds_match ON rounds (match_id, idx)")
        self.con.execute("BEGIN")
        self.con.executemany(
            "INSERT INTO rounds (match_id, idx, data) VALUES (?, ?, ?)",
            (
                (rec.id, i, json.dumps(round_to_doc(entry), separators=(",", ":")))
                for rec in matches
                for i, entry in enumerate(rec.entries)
            ),
        )
        self.con.execute("COMMIT")
        self.rng = random.Random(11)
        self.count = 0

    def saves(self, n: int) -> list[float]:
        times = []
        for _ in range(n):
            doc = json.dumps(new_round_doc(self.rng), separators=(",", ":"))
            self.count += 1
            t0 = time.perf_counter()
            self.con.execute("INSERT INTO rounds (match_id, idx, data) VALUES (?, ?, ?)", ("tonight", self.count, doc))
            times.append((time.perf_counter() - t0) * 1000)
        return times


class NaiveTinyDB:
    """Plain single-file TinyDB (default JSONStorage): one document per round, ``insert`` each."""

    def __init__(self, folder: Path, matches: list[MatchRecord]) -> None:
        from tinydb import TinyDB

        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "naive.json"
        rows = ((rec, i, entry) for rec in matches for i, entry in enumerate(rec.entries))
        docs = {str(n): {"match_id": rec.id, "idx": i, **round_to_doc(e)} for n, (rec, i, e) in enumerate(rows, 1)}
        path.write_text(json.dumps({"_default": docs}))
        self.db = TinyDB(path)
        self.rng = random.Random(11)

    def saves(self, n: int) -> list[float]:
        times = []
        for i in range(n):
            doc = {"match_id": "tonight", "idx": i, **new_round_doc(self.rng)}
            t0 = time.perf_counter()
            self.db.insert(doc)
            times.append((time.perf_counter() - t0) * 1000)
        return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0,1000,10000,100000")
    parser.add_argument("--saves", type=int, default=400, help="timed saves per size (over all passes)")
    parser.add_argument("--passes", type=int, default=4, help="sizes take turns, so load spikes hit all alike")
    parser.add_argument("--naive-max", type=int, default=10000, help="largest history for plain TinyDB")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_ours(args.child, args.saves)))
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    per_pass = max(1, args.saves // args.passes)
    with tempfile.TemporaryDirectory(prefix="storage-bench-", dir=os.environ.get("BENCH_DIR")) as tmp:
        rows: dict[int, dict[str, Any]] = {}
        for size in sizes:
            base = Path(tmp) / f"h{size}"
            t0 = time.perf_counter()
            matches = history_matches(size) if size else []
            write_history(base / "ours", matches)
            built = time.perf_counter() - t0
            rows[size] = {
                "rounds": sum(len(m.entries) for m in matches),
                "evenings": len({m.evening for m in matches}),
                "matches": len(matches),
                "build_s": round(built, 1),
                "sqlite": SqliteBaseline(base / "sqlite", matches),
                "naive": NaiveTinyDB(base / "naive", matches) if size <= args.naive_max else None,
                "ours": [],
                "sqlite_times": [],
                "naive_times": [],
            }
            del matches
        for _ in range(args.passes):
            for size in sizes:
                row = rows[size]
                row["ours"].append(ours(Path(tmp) / f"h{size}" / "ours", per_pass))
                row["sqlite_times"] += row["sqlite"].saves(per_pass)
                if row["naive"] is not None:
                    naive_n = per_pass if size <= 1000 else max(5, per_pass // 10)
                    row["naive_times"] += row["naive"].saves(naive_n)
        for size in sizes:
            row = rows[size]
            runs = row["ours"]
            times = [t for r in runs for t in r["times"]]
            finishing = [t for r in runs for t in r["finishing"]]
            row["p50"], row["p90"], row["p99"] = (percentile(times, q) for q in (0.5, 0.9, 0.99))
            row["finishing_p50"] = statistics.median(finishing) if finishing else 0.0
            row["open_ms"] = statistics.median(r["open_ms"] for r in runs)
            row["close_ms"] = statistics.median(r["close_ms"] for r in runs)
            row["evenings_page_ms"] = statistics.median(r["evenings_page_ms"] for r in runs)
            row["peak_rss_mb"] = max(r["peak_rss_mb"] for r in runs)
            row["sqlite_p50"], row["sqlite_p90"] = (percentile(row["sqlite_times"], q) for q in (0.5, 0.9))
            naive = row["naive_times"]
            row["naive_p50"] = percentile(naive, 0.5) if naive else None
            naive_text = (
                f"tinydb 1 file p50 {row['naive_p50']:.3f} p90 {percentile(naive, 0.9):.3f} ms (n={len(naive)})"
                if naive
                else "tinydb 1 file: skipped"
            )
            print(
                f"{row['rounds']:>7} rounds ({row['evenings']} evenings, {row['matches']} matches, "
                f"built in {row['build_s']}s): ours p50 {row['p50']:.3f} p90 {row['p90']:.3f} "
                f"p99 {row['p99']:.3f} ms (n={len(times)}; match-finishing round p50 {row['finishing_p50']:.3f} ms) | "
                f"sqlite p50 {row['sqlite_p50']:.3f} p90 {row['sqlite_p90']:.3f} ms | {naive_text} | "
                f"open {row['open_ms']:.1f} ms, close (compaction) {row['close_ms']:.1f} ms, "
                f"evenings page {row['evenings_page_ms']:.1f} ms, "
                f"peak RSS {row['peak_rss_mb']:.1f} MB",
                flush=True,
            )
    largest, smallest = max(sizes), min(sizes)
    naive_size = max((s for s in sizes if rows[s]["naive_p50"] is not None), default=None)
    big = rows[largest]
    summary = {
        "save_p50_ms": round(big["p50"], 3),
        "save_p90_ms": round(big["p90"], 3),
        "save_p50_ms_empty": round(rows[smallest]["p50"], 3),
        "flat_ratio": round(big["p50"] / rows[smallest]["p50"], 2),
        "sqlite_p50_ms": round(big["sqlite_p50"], 3),
        "vs_sqlite": round(big["p50"] / big["sqlite_p50"], 2),
        "naive_tinydb_p50_ms": round(rows[naive_size]["naive_p50"], 3) if naive_size is not None else None,
        "naive_tinydb_rounds": rows[naive_size]["rounds"] if naive_size is not None else None,
        "open_100k_ms": round(big["open_ms"], 1),
        "compaction_at_close_ms": round(big["close_ms"], 1),
        "save_p99_ms": round(big["p99"], 3),
        "save_p99_ms_empty": round(rows[smallest]["p99"], 3),
        "evenings_page_ms": round(big["evenings_page_ms"], 1),
        "peak_rss_mb": round(big["peak_rss_mb"], 1),
        "history_rounds": big["rounds"],
        "saves_per_size": sum(len(r["times"]) for r in big["ours"]),
        "loadavg_1min_at_end": round(os.getloadavg()[0], 2),  # other work on the machine skews every figure
        "cpus": os.cpu_count(),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
