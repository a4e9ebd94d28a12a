"""The most pips the three players left after a domino keep, proved table by table.

    nice -n 19 python tools/kept_pips_search.py --opening any --most 39 --fast > any.jsonl
    nice -n 19 python tools/kept_pips_search.py --opening 66 --most 50 --fast > 66.jsonl
    python tools/kept_pips_search.py --certificate any.jsonl 66.jsonl > tests/kept_pips_sweep.json
    python tools/extreme_games.py --into tests/extreme_games.json any.jsonl 66.jsonl

The three hands keep 168 pips less the table, so the question is the lightest
table a legal game can end with in a domino. ``tools/bounds_search.py`` asked it
as "most pips held" and could not finish; here it is turned round. Every table
of a domino is one line of at least ``7 + FEWEST_LAID["after_domino"]`` tiles
(the winner's seven and the others' fewest, proved by ``bounds_search``):
connected, with at most two numbers showing an odd count of halves
(``core.line``), and holding the 6-6 when it opened the round. So:

1. list every such set of tiles up to a weight (``candidate_tables``);
2. for each set and each winner seat, search every legal game that ends in
   that seat's domino with exactly that table (``TableSearch``).

Knowing the table makes each search small: the winner holds only tiles of it,
every other tile is kept by one of the three others, and a pass that leaves
some kept tile nobody may hold ends the line of play at once (Hall's
condition over the seats, as in ``bounds_search``). The lazy deal of
``bounds_search`` makes every legal game one path: a seat that lays a tile is
dealt it then, a seat that passes is dealt nothing showing either end.

If every set lighter than W pips fails for every seat and one of W pips has a
game, the most kept is exactly 168 - W: the sweep is the proof, the game the
witness. ``--fast`` runs the same search in C (``tools/kept_pips_search.c``:
the same positions in the same order, the same node counts, about thirty times
faster); ``tests/test_bounds.py`` holds the two to each other on sample tables.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core.line import FEWEST_LAID, line_problem
from scorekeeper.core.tiles import HAND_SIZE, SEATS, SET
from tools.bounds_search import ALL, DOUBLE_SIX_AT, HALVES, LIGHT_FIRST, SUIT, WEIGHT, dealable

N = len(SET)
#: the shortest table of a domino: the winner's seven and the fewest the others lay
FEWEST_TILES = HAND_SIZE + FEWEST_LAID["after_domino"]
C_SOURCE = Path(__file__).with_suffix(".c")


def candidate_tables(most: int, opened: bool, least: int = 0) -> list[int]:
    """Every tile set (a bit mask over SET) a domino's table can be, ``least`` to ``most`` pips, lightest first.

    At least ``FEWEST_TILES`` tiles, one line (``core.line.line_problem``), the 6-6 in it when it opened.
    """
    order = sorted(range(N), key=lambda i: WEIGHT[i])
    found: list[tuple[int, int]] = []

    def walk(k: int, need: int, pips: int, mask: int) -> None:
        if need == 0:
            tiles = (SET[i] for i in range(N) if mask >> i & 1)
            six_six_ok = not opened or mask >> DOUBLE_SIX_AT & 1
            if least <= pips and six_six_ok and line_problem(tiles, blocked=False) is None:
                found.append((pips, mask))
            return
        if N - k < need or pips + sum(WEIGHT[order[j]] for j in range(k, k + need)) > most:
            return
        walk(k + 1, need - 1, pips + WEIGHT[order[k]], mask | 1 << order[k])
        walk(k + 1, need, pips, mask)

    for size in range(FEWEST_TILES, N + 1):
        walk(0, size, 0, 0)
    return [mask for _pips, mask in sorted(found)]


def lightest(mask: int, count: int) -> tuple[int, int]:
    """Pips of the ``count`` lightest tiles in ``mask`` and the weight of the heaviest of them (-1, -1: too few)."""
    if count <= 0:
        return 0, 0
    total = 0
    for i in LIGHT_FIRST:
        if mask >> i & 1:
            total += WEIGHT[i]
            count -= 1
            if not count:
                return total, WEIGHT[i]
    return -1, -1


class TableSearch:
    """Every legal game that ends in ``winner``'s domino with ``table`` on the table (seat 0 opens).

    ``may[p]`` is what seat p may still hold: tiles not on the table, none
    showing a number it passed on. The memo keeps every position searched and
    failed (the table is fixed, so a failed position fails wherever it is met).
    ``table=ALL`` with a ``budget`` asks for any table of at most that weight
    (the search before the sets were listed; slower, kept for spot checks).
    """

    def __init__(self, winner: int, table: int, opened: bool, budget: int | None = None, fewest: int = 0) -> None:
        self.winner = winner
        self.only = table
        self.opened = opened
        self.budget = sum(WEIGHT[i] for i in range(N) if table >> i & 1) if budget is None else budget
        self.fewest = fewest  # the three others lay at least this many (only for table=ALL)
        self.failed: set[tuple[int, ...]] = set()
        self.path: list[tuple[int, int, int]] = []
        self.nodes = 0
        self.found: list[tuple[int, int, int]] | None = None

    def feasible(self, table: int, pips: int, laid: list[int], may: list[int]) -> bool:
        """Can the game still end in the winner's domino within the budget? (necessary conditions only)"""
        w = self.winner
        left = ALL & ~table
        caps = [HAND_SIZE - k for k in laid]
        allowed = list(may)
        by_targets = 0
        laid_t = caps_t = 0
        for p in range(SEATS):
            if p != w:
                by_targets |= allowed[p]
                laid_t += laid[p]
                caps_t += caps[p]
        forced = left & ~by_targets  # nobody else may hold them: the winner holds and lays them
        if forced & ~allowed[w]:
            return False
        n_forced = forced.bit_count()
        if n_forced > caps[w]:
            return False
        more = max(0, self.fewest - laid_t)
        slack = self.budget - pips
        f_pips = sum(WEIGHT[i] for i in range(N) if forced >> i & 1)
        own, _ = lightest(allowed[w] & ~forced, caps[w] - n_forced)
        if own < 0 or f_pips + own > slack:
            return False
        total, heaviest = lightest(left, caps[w] + more)
        if total < 0 or total > slack:
            return False
        # a tile heavier than the budget lets anyone lay is kept by one of the three others
        cut = slack - total + heaviest
        keep = 0
        for i in range(N):
            if WEIGHT[i] > cut and left >> i & 1:
                keep |= 1 << i
        if keep & ~by_targets or keep.bit_count() > caps_t - more:
            return False
        allowed[w] &= ~keep
        return dealable(left, caps, allowed)

    def run(
        self, table: int, pips: int, e1: int, e2: int, turn: int, laid: list[int], may: list[int], passes: int
    ) -> bool:
        self.nodes += 1
        key = (table, min(e1, e2), max(e1, e2), turn, passes, *laid, *may)
        if key in self.failed:
            return False
        if not self.feasible(table, pips, laid, may):
            self.failed.add(key)
            return False
        p = turn
        moves = may[p] & (SUIT[e1] | SUIT[e2]) & self.only
        nxt = (p + 1) % SEATS
        for i in LIGHT_FIRST:
            if not moves >> i & 1 or pips + WEIGHT[i] > self.budget:
                continue
            a, b = HALVES[i]
            options = []
            if e1 in (a, b):
                options.append((b if a == e1 else a, e2, 0))
            if e1 != e2 and e2 in (a, b):
                options.append((e1, b if a == e2 else a, 1))
            if len(options) == 2 and options[0][:2] == options[1][:2]:
                options.pop()  # both ends alike after the move: one position
            nmay = [m & ~(1 << i) for m in may]
            for n1, n2, side in options:
                laid[p] += 1
                self.path.append((p, i, side))
                if laid[p] == HAND_SIZE:
                    done = table | 1 << i
                    if p == self.winner and self.only in (ALL, done) and self._leaf(done, laid, nmay):
                        return True
                elif self.run(table | 1 << i, pips + WEIGHT[i], n1, n2, nxt, laid, nmay, 0):
                    return True
                self.path.pop()
                laid[p] -= 1
        if passes + 1 < SEATS:  # four passes would block the game: not a domino
            old = may[p]
            may[p] = old & ~(SUIT[e1] | SUIT[e2])
            self.path.append((p, -1, 0))
            if self.run(table, pips, e1, e2, nxt, laid, may, passes + 1):
                return True
            self.path.pop()
            may[p] = old
        self.failed.add(key)
        return False

    def _leaf(self, table: int, laid: list[int], may: list[int]) -> bool:
        left = ALL & ~table
        if not dealable(left, [HAND_SIZE - k for k in laid], [m & left for m in may]):
            return False
        self.found = list(self.path)
        return True

    def start(self) -> bool:
        """Seat 0 lays the 6-6, or any tile of the table (lightest first)."""
        sys.setrecursionlimit(10_000)
        for i in [DOUBLE_SIX_AT] if self.opened else LIGHT_FIRST:
            if WEIGHT[i] > self.budget or not self.only >> i & 1:
                continue
            may = [ALL & ~(1 << i)] * SEATS
            if self.only != ALL:
                may[self.winner] &= self.only  # the table is known: the winner holds only tiles of it
            laid = [1, 0, 0, 0]
            self.path = [(0, i, 0)]
            if self.run(1 << i, WEIGHT[i], *HALVES[i], 1, laid, may, 0):
                return True
        return False

    def witness(self) -> str:
        """The game found, as ``seat:tile`` moves (``/1``: laid on the second end), ``seat:pass`` for a pass."""
        return " ".join(f"{p}:pass" if i < 0 else f"{p}:{SET[i]}" + ("/1" if s else "") for p, i, s in self.found or [])


def row(table: int, winner: int, opened: bool) -> dict[str, object]:
    """One answer, as the C program prints it."""
    start = time.monotonic()
    s = TableSearch(winner, table, opened)
    found = s.start()
    return {"table": table, "pips": s.budget, "winner": winner, "opened_with_double_six": opened, "found": found,
            "complete": True, "nodes": s.nodes, "seconds": round(time.monotonic() - start, 3),
            "witness": s.witness()}  # fmt: skip


def compiled(directory: Path) -> Path:
    """The C search, built into ``directory`` (gcc -O2)."""
    binary = directory / "kept_pips_search"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(C_SOURCE)], check=True)
    return binary


def fast_rows(tables: list[int], winners: str, opened: bool, binary: Path) -> Iterator[dict[str, object]]:
    """The C search over ``tables`` for each seat in ``winners``: one row per table and seat."""
    masks = binary.with_suffix(".tables")
    masks.write_text("".join(f"{t}\n" for t in tables))
    with masks.open() as stdin:
        proc = subprocess.Popen([str(binary), str(int(opened)), winners, "tables", "0", "1e9", "22"],
                                stdin=stdin, stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert proc.stdout is not None
        try:
            for line in proc.stdout:
                yield json.loads(line)
        finally:
            proc.stdout.close()
            if proc.poll() is None:
                proc.kill()  # the caller stopped early (the lightest table with a game was found)
            proc.wait()


def sweep(
    opened: bool, most: int, least: int = 0, fast: bool = False, stop: bool = True
) -> Iterator[dict[str, object]]:
    """Every candidate table from ``least`` to ``most`` pips, lightest first, every winner seat.

    With ``stop``, the tables heavier than the first one with a game are left out (the lightest is the answer).
    """
    tables = candidate_tables(most, opened, least)
    winners = "".join(str(w) for w in range(SEATS))
    first = None
    with tempfile.TemporaryDirectory() as tmp:
        if fast:
            rows: Iterator[dict[str, object]] = fast_rows(tables, winners, opened, compiled(Path(tmp)))
        else:
            rows = (row(t, w, opened) for t in tables for w in range(SEATS))
        for r in rows:
            pips = int(r["pips"])  # type: ignore[call-overload]
            if stop and first is not None and pips > first:
                break
            if r["found"] and first is None:
                first = pips
            yield r


def certificate(paths: list[str]) -> dict[str, dict[str, object]]:
    """The sweeps' proof, compact: per opening the lightest table with a game, and every seat's node count for
    each lighter candidate table, in ``candidate_tables`` order (``tests/test_bounds.py`` re-checks it)."""
    out: dict[str, dict[str, object]] = {}
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
        opened = bool(rows[0]["opened_with_double_six"])
        lightest_found = min(int(r["pips"]) for r in rows if r["found"])
        nodes: dict[int, list[int]] = {}
        for r in rows:
            if int(r["pips"]) < lightest_found:
                assert not r["found"] and r["complete"]
                nodes.setdefault(int(r["table"]), [0] * SEATS)[int(r["winner"])] = int(r["nodes"])
        tables = candidate_tables(lightest_found - 1, opened)
        assert sorted(nodes) == sorted(tables) and all(all(n) for n in nodes.values()), path
        out["66" if opened else "any"] = {"lightest": lightest_found, "nodes": [nodes[t] for t in tables]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--opening", choices=["any", "66"], default="any")
    parser.add_argument("--most", type=int, help="heaviest table to try (pips)")
    parser.add_argument("--least", type=int, default=0, help="lightest table to try (pips)")
    parser.add_argument("--fast", action="store_true", help="run the C search (gcc)")
    parser.add_argument("--all", action="store_true", help="go on past the first table with a game")
    parser.add_argument("--certificate", nargs="+", metavar="SWEEP", help="print the sweeps' proof, compact")
    args = parser.parse_args()
    if args.certificate:
        print(json.dumps(certificate(args.certificate), separators=(",", ":")))
        return
    if args.most is None:
        parser.error("--most is needed")
    for r in sweep(args.opening == "66", args.most, args.least, args.fast, not args.all):
        print(json.dumps(r), flush=True)


if __name__ == "__main__":
    main()
