"""Crash soak: a child saves rounds in a loop and is SIGKILLed at random moments.

After every kill the data folder is reopened and checked: every change the
child reported as saved (its save call had returned) must be there exactly,
allowing only the one change that was in flight when it died; the data must
open without any recovery. ``tests/storage/test_kill.py`` runs the same
trials at a smaller scale.

The child's journal bound is small (``--bound``, 4 kB), so that a save
often compacts its evening instead of appending; the child says when a
compaction starts and ends, so the kills that land inside one are counted
(``killed_mid_compaction``). Opening the store compacts an evening a kill
left with a journal, so kills right after the start land in those too.

A kill lands between system calls, so it seldom cuts one ``pwrite`` short;
a power cut can. With ``--torn`` the child writes every journal append in
halves with a pause between (the Storage writes the rest itself, as after a
short write), so kills land inside records; before each reopen the harness
counts the evening files whose last record is torn (``torn_tails``), which
the reopen must drop without losing anything confirmed.

    python benchmarks/crash_soak.py --kills 1000

The last line printed is one JSON object: kills, confirmed_lost, unreadable,
and how many kills landed while a save, and while a compaction, was in flight.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import signal
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.match import DOUBLE_SIX_OPENS, Round
from scorekeeper.storage import StorageError, Store, journal
from tests.play import as_round, play_round

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
ZONE = timezone(timedelta(hours=3))


def random_round(rng: random.Random) -> Round:
    """A round that could have happened: dealt and played (opened with the 6-6, so it fits after any round)."""
    return as_round(play_round(rng, DOUBLE_SIX_OPENS), rng)


def sig(rnd: Round) -> str:
    return json.dumps([rnd.end, list(rnd.pips), rnd.winner], separators=(",", ":"))


def _say(fd: int, **line: Any) -> None:
    os.write(fd, (json.dumps(line, separators=(",", ":")) + "\n").encode())


#: The child's journal bound: small, so that saves often compact instead of appending.
SOAK_BOUND = 4096


def watch_compactions(fd: int) -> None:
    """Have the child say when a compaction starts and ends (it only observes: the rewrite itself is the real one)."""
    rewrite = journal.JournalStorage._rewrite

    def said(self: journal.JournalStorage, tables: Any) -> None:
        _say(fd, compacting=1)
        rewrite(self, tables)
        _say(fd, compacted=1)

    journal.JournalStorage._rewrite = said  # type: ignore[method-assign]


def tear_appends() -> None:
    """Every write to an evening file in halves, 2 ms apart (the caller writes the rest: a short write)."""
    real = os.pwrite

    def halves(fd: int, data: bytes, offset: int) -> int:
        if len(data) < 64 or "/evenings/" not in os.readlink(f"/proc/self/fd/{fd}"):
            return real(fd, data, offset)
        written = real(fd, data[: len(data) // 2], offset)
        time.sleep(0.002)
        return written

    os.pwrite = halves


def torn_tails(folder: Path) -> int:
    """How many evening files end in a torn record (read as the Storage reads them, nothing written)."""
    torn = 0
    for path in sorted((folder / "evenings").glob("*.json")):
        storage = journal.JournalStorage(path, read_only=True)
        try:
            storage.read()
        except Exception:  # damage: the reopen reports it
            continue
        torn += storage.torn_bytes > 0
    return torn


def child(folder: Path, fd: int, seed: int, day: int, bound: int = SOAK_BOUND, torn: bool = False) -> None:
    """The saving loop (in a forked child): announce each change, make it, confirm it."""
    journal.JOURNAL_BOUND = bound
    watch_compactions(fd)
    if torn:
        tear_appends()
    rng = random.Random(seed)
    moment = [datetime(2026, 1, 1, 20, 0, tzinfo=ZONE) + timedelta(days=day)]

    def clock() -> datetime:
        moment[0] += timedelta(minutes=3)
        return moment[0]

    store = Store.open(folder, clock=clock)
    _say(fd, ready=1)
    rec = store.current_match()
    while True:
        if rec is None or rec.finished:
            _say(fd, op="new")
            rec = store.new_match(PLAYERS, rng.choice((11, 21, 31)))
            _say(fd, done="new", id=rec.id)
            continue
        choice = rng.random()
        if choice < 0.08 and rec.entries:
            index = rng.randrange(len(rec.entries))
            rnd = random_round(rng)
            _say(fd, op="replace", id=rec.id, index=index, sig=sig(rnd))
            try:
                rec = store.replace_round(rec.id, index, rnd)
            except ScorekeeperError:
                _say(fd, done="refused")
                continue
        elif choice < 0.12 and rec.entries:
            index = rng.randrange(len(rec.entries))
            _say(fd, op="delete", id=rec.id, index=index)
            rec = store.delete_round(rec.id, index)
        else:
            rnd = random_round(rng)
            _say(fd, op="add", id=rec.id, sig=sig(rnd))
            rec = store.add_round(rec.id, rnd)
        _say(fd, done="ok")


def apply(state: dict[str, list[str]], op: dict[str, Any]) -> None:
    rounds = state.setdefault(op["id"], [])
    if op["op"] == "add":
        rounds.append(op["sig"])
    elif op["op"] == "replace":
        rounds[op["index"]] = op["sig"]
    elif op["op"] == "delete":
        del rounds[op["index"]]


def trial(
    folder: Path,
    rng: random.Random,
    day: int,
    max_delay: float,
    state: dict[str, list[str]],
    bound: int = SOAK_BOUND,
    torn: bool = False,
) -> dict[str, Any]:
    """One fork, run, SIGKILL, reopen and check; updates ``state`` (what the child confirmed)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child only ends by SIGKILL
        try:
            os.close(read)
            child(folder, write, rng.randrange(2**32), day, bound, torn)
        finally:
            os._exit(3)
    os.close(write)
    chunks = []
    waited = rng.random() < 0.8
    if waited:  # mostly: let it open and confirm a first save, so a busy machine still kills it amid saving
        deadline = time.monotonic() + 10
        while b'"done":"ok"' not in b"".join(chunks) and time.monotonic() < deadline:
            if select.select([read], [], [], 0.1)[0]:
                chunk = os.read(read, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    time.sleep(rng.uniform(0, max_delay))  # otherwise anywhere, from the open on
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    while chunk := os.read(read, 1 << 16):
        chunks.append(chunk)
    os.close(read)
    lines = b"".join(chunks).decode().split("\n")[:-1]  # the last piece may be a torn line
    touched: set[str] = set()
    pending: dict[str, Any] | None = None
    saves = 0
    compacting = False
    compactions = 0
    for line in map(json.loads, lines):
        if "compacting" in line:
            compacting = True
            continue
        if "compacted" in line:
            compacting = False
            compactions += 1
            continue
        if "op" in line:
            pending = line
        elif "ready" in line:
            continue
        elif line.get("done") == "new":
            state[line["id"]] = []
            touched.add(line["id"])
            pending = None
        elif line.get("done") == "ok":
            assert pending is not None
            apply(state, pending)
            touched.add(pending["id"])
            saves += 1
            pending = None
        else:
            pending = None
    in_flight = pending is not None and pending["op"] != "new"
    result = {
        "saves": saves,
        "lost": 0,
        "unreadable": 0,
        "in_flight": int(in_flight),
        "died_early": 0,
        "waited": int(waited),
        "after_a_save": int(saves > 0),
        "mid_compaction": int(compacting),
        "compactions": compactions,
        "torn": torn_tails(folder),
    }
    if os.WIFEXITED(status):  # the child stopped on its own: an error, not our kill
        result["died_early"] = 1
    try:
        store = Store.open(folder)
    except Exception as err:  # the data did not open at all
        print(f"unreadable after kill: {err!r}", file=sys.stderr)
        result["unreadable"] = 1
        return result
    with store:
        if not store.report.ok:
            print(f"open needed recovery: {store.report}", file=sys.stderr)
            result["unreadable"] = 1
        for mid in touched | ({pending["id"]} if in_flight else set()):
            expected = state.get(mid, [])
            try:
                got = [sig(e.round) for e in store.match(mid).entries]
            except StorageError:
                got = []
            if got == expected:
                continue
            if in_flight and pending["id"] == mid:
                landed = {k: list(v) for k, v in state.items() if k == mid}
                apply(landed, pending)
                if got == landed[mid]:
                    state[mid] = got  # the change in flight made it to disk
                    continue
            missing = sum(1 for i, s in enumerate(expected) if i >= len(got) or got[i] != s)
            print(f"match {mid}: expected {expected}, found {got}", file=sys.stderr)
            result["lost"] += max(missing, 1)
            state[mid] = got
    return result


def soak(
    folder: Path, kills: int, seed: int = 1, max_delay: float = 0.03, bound: int = SOAK_BOUND, torn: bool = False
) -> dict[str, Any]:
    rng = random.Random(seed)
    state: dict[str, list[str]] = {}
    totals = {"kills": 0, "confirmed_lost": 0, "unreadable": 0, "saves_confirmed": 0, "killed_mid_save": 0}
    totals["died_early"] = 0
    totals["waited_for_a_save"] = 0
    totals["killed_after_a_confirmed_save"] = 0  # from the child's confirmations, not from the coin flip
    totals["killed_mid_compaction"] = 0  # between the child's "compacting" and "compacted"
    totals["compactions_confirmed"] = 0
    totals["torn_tails"] = 0  # evening files found ending in a torn record after a kill
    started = time.perf_counter()
    for number in range(kills):
        result = trial(folder, rng, number, max_delay, state, bound, torn)
        totals["kills"] += 1
        totals["confirmed_lost"] += result["lost"]
        totals["unreadable"] += result["unreadable"]
        totals["saves_confirmed"] += result["saves"]
        totals["killed_mid_save"] += result["in_flight"]
        totals["died_early"] += result["died_early"]
        totals["waited_for_a_save"] += result["waited"]
        totals["killed_after_a_confirmed_save"] += result["after_a_save"]
        totals["killed_mid_compaction"] += result["mid_compaction"]
        totals["compactions_confirmed"] += result["compactions"]
        totals["torn_tails"] += result["torn"]
    with Store.open(folder) as store:  # finally every evening, old ones included, must read cleanly
        matches = sum(1 for _ in store.all_matches())
        totals["unreadable"] += len(store.report.recovered)
    totals["matches"] = matches
    totals["seconds"] = round(time.perf_counter() - started, 1)
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay-ms", type=float, default=30.0)
    parser.add_argument("--folder", type=Path, default=None, help="default: a fresh temp folder")
    parser.add_argument("--bound", type=int, default=SOAK_BOUND, help="the child's journal bound in bytes")
    parser.add_argument("--torn", action="store_true", help="write journal appends in halves (kills inside records)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="crash-soak-") as tmp:
        folder = args.folder or Path(tmp)
        totals = soak(folder, args.kills, args.seed, args.max_delay_ms / 1000, args.bound, args.torn)
    print(json.dumps(totals))


if __name__ == "__main__":
    main()
