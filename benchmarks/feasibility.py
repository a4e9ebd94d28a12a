"""Feasibility benchmark: never refuse a real round, refuse the impossible ones, and what asking costs.

    python benchmarks/feasibility.py [--inputs 3000] [--rounds 100000] [--runs 7] [--entries 300000] [--bounds]

(c) Real rounds refused: ``--entries`` entries of real rounds, dealt and played
    under each play policy of ``tests.play.POLICIES`` in turn, every round
    entered in each of ``tests.play.ENTRY_WAYS`` into a match of its own (so
    the openings follow the log), plus the extreme games the bounds search
    finds (``tools/bounds_search.py``: the games that meet each limit). Target 0.
(d) Impossible rounds refused: ``tests.impossible`` builds rounds that can never
    happen near every rule; the share the engine refuses, per kind. Target >= 95%.
(e) With ``--bounds``: the exhaustive searches behind the compulsory-play limits
    run again (twenty minutes or so) and must find what ``core.line.FEWEST_LAID``,
    ``MOST_KEPT_PIPS`` and ``LIGHTEST_DOMINO_TABLE`` say (the last by
    ``tools/kept_pips_search.py``, in C when gcc is there).

(a) One check (``scorekeeper.core.feasibility.round_problem``), cold: every cache
    (answers, per-pool searches) is cleared before each call, so each figure
    is the full search; per input the best of ``--repeats`` cold calls (the
    machine is shared, a slower call was preempted, not searching). Inputs: random rounds (random counts, ends, winners,
    openings; some with tiles picked from a real deal) and adversarial ones
    (light hands fighting for the few light tiles, totals at and one past each
    limit, heavy hands, blocked games whose picked tiles cover most numbers:
    the inputs where the search has the most to prove, refusals included,
    since a refusal also searches for the words).
(b) Replaying a history of ``--rounds`` real rounds (dealt and played by
    ``tests.play``, some with picked tiles): the baseline is the replay
    as the store does it when it loads (``Match(...)``: scores, totals, winner),
    the other the same replay plus the check of every round
    (``Match.problems``), caches cleared before each pass. Both in the same
    run, ``--runs`` pairs back to back, the order swapped every pair, in CPU
    time of this process. Every reading is printed, none chosen because it
    reads best: the median of the pairs' ratios, the ratio of the medians,
    best against best, and the pairs' median without the time the garbage
    collector took (one full collection per pass walks the whole heap,
    the history this benchmark keeps for the next pass included).

The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core import deal, feasibility, proofs
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import round_problem
from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.line import FEWEST_LAID, LIGHTEST_DOMINO_TABLE, MOST_KEPT_PIPS
from scorekeeper.core.match import DOUBLE_SIX_OPENS, Match, Round
from scorekeeper.core.tiles import SEATS, SET
from tests.impossible import KINDS, impossible_rounds
from tests.play import ENTRY_WAYS, POLICIES, as_round, entered, play_round
from tools import bounds_search, kept_pips_search

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")


def clear() -> None:
    feasibility._typed_answer.cache_clear()
    proofs.typed_proof.cache_clear()
    deal._searcher.cache_clear()  # the per-pool search memos (the per-pool bounds stay: fixed data)


def random_inputs(rng: random.Random, n: int) -> list[tuple]:
    out = []
    for _ in range(n):
        opened = rng.random() < 0.5
        if rng.random() < 0.2:  # picked tiles from a real deal
            rnd = as_round(play_round(rng, DOUBLE_SIX_OPENS), rng, pick=0.6)
            if rnd.end != "redeal":
                out.append((rnd.end, rnd.pips, rnd.winner, rnd.tiles, True))
                continue
        top = rng.choice([8, 20, 40, 69])
        pips = [rng.randint(0, top) for _ in range(SEATS)]
        if rng.random() < 0.5:
            out.append(("blocked", tuple(pips), None, None, opened))
        else:
            winner = rng.randrange(SEATS)
            pips[winner] = 0
            if rng.random() < 0.5:
                pips[(winner + 2) % SEATS] = None
            out.append(("domino", tuple(pips), winner, None, opened))
    return out


def adversarial_inputs(rng: random.Random, n: int) -> list[tuple]:
    out = []
    for i in range(n):
        opened = bool(i % 2)
        lim = LIMITS_DOUBLE_SIX if opened else LIMITS
        kind = i % 5
        if kind == 0:  # light hands competing for the light tiles
            out.append(("blocked", tuple(rng.randint(0, 5) for _ in range(SEATS)), None, None, opened))
        elif kind == 1:  # a blocked game at, or one past, its limit
            total = lim["blocked"] + rng.choice([0, 1, -1, -2])
            cuts = sorted(rng.randint(0, total) for _ in range(3))
            pips = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2])
            out.append(("blocked", pips, None, None, opened))
        elif kind == 2:  # heavy opponents and partner after a domino, around the limits
            a = rng.randint(lim["hand"] - 12, lim["hand"])
            b = lim["opponents"] - a + rng.choice([0, 1, -1, -3])
            c = rng.randint(0, max(0, lim["after_domino"] - a - b + 1))
            out.append(("domino", (0, a, c, b), 0, None, opened))
        elif kind == 3:  # many hands of the same small count
            v = rng.randint(0, 6)
            out.append(("blocked", (v, v, v, rng.randint(v, 40)), None, None, opened))
        else:  # a blocked game whose picked tiles hold many numbers
            tiles = rng.sample(SET, 12)
            hands = (tuple(tiles[:4]), tuple(tiles[4:7]), tuple(tiles[7:9]), None)
            pips = (*(sum(t.pips for t in h) for h in hands[:3]), rng.randint(0, 30))
            out.append(("blocked", pips, None, hands, opened))
    return out


def time_checks(inputs: list[tuple], repeats: int) -> tuple[list[float], int]:
    """Per input the best of ``repeats`` cold calls (this machine is shared: a slower call was preempted)."""
    times, refused = [], 0
    gc.disable()
    for args in inputs:
        best = float("inf")
        for _ in range(repeats):
            clear()
            start = time.perf_counter()
            problem = round_problem(*args)
            best = min(best, (time.perf_counter() - start) * 1e6)
        times.append(best)
        refused += problem is not None
    gc.enable()
    return sorted(times), refused


def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(len(values) * q))]


def history(rng: random.Random, rounds: int) -> list[tuple[Round, ...]]:
    matches, count = [], 0
    while count < rounds:
        match = Match(PLAYERS, 11)
        while not match.finished:
            played = play_round(rng, match.next_starter)
            match = Match(PLAYERS, 11, (*match.rounds, as_round(played, rng, pick=0.1)))
            count += 1
        matches.append(match.rounds)
    return matches


def fresh(log: tuple[Round, ...]) -> tuple[Round, ...]:
    """New Round objects: nothing memoised on them from an earlier pass."""
    return tuple(Round(r.end, r.pips, r.winner, r.tiles) for r in log)


class Collector:
    """CPU time this process spends in the garbage collector, and its full collections, while ``active``."""

    def __init__(self) -> None:
        self.active = False
        self.seconds = 0.0
        self.full = 0
        self._start = 0.0
        gc.callbacks.append(self.note)

    def note(self, phase: str, info: dict[str, int]) -> None:
        if not self.active:
            return
        if phase == "start":
            self._start = time.process_time()
        else:
            self.seconds += time.process_time() - self._start
            self.full += info["generation"] == 2

    def reset(self) -> None:
        self.seconds, self.full, self.active = 0.0, 0, True


def replay(matches: list[tuple[Round, ...]], check: bool, collector: Collector) -> tuple[float, float, int]:
    """One pass in CPU time: (all of it, the part spent collecting garbage, full collections)."""
    logs = [fresh(log) for log in matches]
    clear()
    gc.collect()
    collector.reset()
    start = time.process_time()  # this process's CPU time: the machine is shared
    for log in logs:
        match = Match(PLAYERS, 11, log)
        if check:
            match.problems  # noqa: B018 - the check of every round is what is timed
    spent = time.process_time() - start
    collector.active = False
    return spent, collector.seconds, collector.full


@dataclass(frozen=True)
class Ratios:
    """Every reading of the replay runs, in seconds of CPU time per pass."""

    base: list[float]
    checked: list[float]
    base_gc: list[float]
    checked_gc: list[float]
    full_collections: int

    @property
    def best(self) -> float:
        return min(self.checked) / min(self.base)

    @property
    def median(self) -> float:
        return statistics.median(self.checked) / statistics.median(self.base)

    @property
    def pairs(self) -> float:
        """The median of the pairs' ratios: each pair ran back to back, under the same load."""
        return statistics.median(c / b for b, c in zip(self.base, self.checked, strict=True))

    @property
    def pairs_without_gc(self) -> float:
        work = zip(self.base, self.base_gc, self.checked, self.checked_gc, strict=True)
        return statistics.median((c - cg) / (b - bg) for b, bg, c, cg in work)


def replay_ratios(matches: list[tuple[Round, ...]], runs: int) -> Ratios:
    """Baseline and checked passes in pairs, the order swapped every pair (neither side always runs second).

    Every way of reading the runs is kept; none is picked because it reads best: the best of each
    side, the medians, the median of the pairs, and the pairs without the garbage collector's time
    (a full collection walks every object the process holds, the history kept for the next pass
    included: a cost of this benchmark's heap more than of the replay).
    """
    collector = Collector()
    passes: dict[bool, list[tuple[float, float, int]]] = {False: [], True: []}
    for run in range(runs):
        for check in (False, True) if run % 2 == 0 else (True, False):
            passes[check].append(replay(matches, check, collector))
    gc.callbacks.remove(collector.note)
    base, checked = passes[False], passes[True]
    return Ratios(
        [x[0] for x in base],
        [x[0] for x in checked],
        [x[1] for x in base],
        [x[1] for x in checked],
        max(x[2] for x in (*base, *checked)),
    )


def real_entries(rng: random.Random, entries: int) -> tuple[int, list[tuple[str, str, Round, str]], list[float]]:
    """Real rounds under every policy, each entered every way into its own match; the refused ones."""
    done, refused, times = 0, [], []
    per_policy = entries // len(POLICIES)
    for name, policy in POLICIES.items():
        matches = {way: Match(PLAYERS, 11) for way in ENTRY_WAYS}
        made = 0
        while made < per_policy:
            lead = matches[ENTRY_WAYS[0]]
            if lead.finished or any(m.finished for m in matches.values()):
                matches = {way: Match(PLAYERS, 11) for way in ENTRY_WAYS}
                lead = matches[ENTRY_WAYS[0]]
            played = play_round(rng, lead.next_starter, policy)
            for way in ENTRY_WAYS:
                rnd = entered(played, rng, way)
                start = time.perf_counter()
                try:
                    matches[way] = matches[way].add_round(rnd)
                except InvalidRound as err:
                    refused.append((name, way, rnd, f"{err.code}: {err}"))
                    matches = {w: Match(PLAYERS, 11) for w in ENTRY_WAYS}
                    break
                finally:
                    times.append((time.perf_counter() - start) * 1e6)
                made += 1
        done += made
    return done, refused, times


def extreme_games(budget: float) -> list[tuple[str, Round, bool]]:
    """The games the bounds search finds at each limit, as rounds (the cheap questions: seconds, niced or not)."""
    out = []
    for opened in (False, True):
        for q in bounds_search.questions(opened):
            if not (q.name.startswith("opponents_tiles") or q.name.startswith("hand_pips") or q.name == "blocked_pips"):
                continue
            ceiling = None
            if q.name.startswith("hand_pips"):
                ceiling = bounds_search.heaviest(opened, 7)
            elif q.name == "blocked_pips":
                ceiling = bounds_search.TOTAL - bounds_search.lightest_blocked_table(opened)
            bounds_search.solve(q, budget, ceiling)
            if q.best < 0:
                continue
            end, winner, hands = bounds_search.witness_round(q)
            pips = tuple(0 if s == winner else sum(t.pips for t in h) for s, h in enumerate(hands))
            for picked in (None, tuple(None if s == winner else tuple(h) for s, h in enumerate(hands))):
                out.append((f"{q.name}{'_66' if opened else ''}", Round(end, pips, winner, picked), opened))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=5, help="cold calls per input; the best one counts")
    parser.add_argument("--entries", type=int, default=300_000, help="real-round entries checked")
    parser.add_argument("--impossible", type=int, default=7000, help="impossible rounds built")
    parser.add_argument("--bounds", action="store_true", help="re-run the exhaustive compulsory-play searches")
    args = parser.parse_args()
    rng = random.Random(10)

    done, refused, entry_times = real_entries(rng, args.entries)
    extremes = extreme_games(60.0)
    for name, rnd, opened in extremes:
        problem = rnd.problem(opened)
        if problem is not None:
            refused.append(("extreme", name, rnd, f"{problem.code}: {problem}"))
    entry_times.sort()
    print(
        f"(c) real rounds: {done} entries from {len(POLICIES)} policies x {len(ENTRY_WAYS)} entry ways, "
        f"plus {len(extremes)} extreme games: {len(refused)} refused; one add_round (the check and the match's "
        f"replay, wall time, single shot) p50 {pct(entry_times, 0.5):.0f} us, p99 {pct(entry_times, 0.99):.0f} us"
    )
    for row in refused[:10]:
        print("    refused:", row)
    per_kind = {kind: [0, 0] for kind in KINDS}
    for case in impossible_rounds(rng, args.impossible):
        per_kind[case.kind][0] += 1
        per_kind[case.kind][1] += case.round.problem(case.opened_with_double_six) is not None
    made = sum(v[0] for v in per_kind.values())
    caught = sum(v[1] for v in per_kind.values())
    kinds = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in per_kind.items())
    print(f"(d) impossible rounds refused: {caught} of {made} ({100 * caught / max(made, 1):.1f}%): {kinds}")
    if args.bounds:
        rows = bounds_search.run_all(600.0, "_tiles_", [False, True])
        found = {
            role: min(
                7 * (2 if role == "opponents" else 3) - int(r["best"])  # type: ignore[call-overload]
                for r in rows
                if str(r["name"]).startswith(role)
            )
            for role in FEWEST_LAID
        }
        exact = all(r["exact"] for r in rows)
        print(f"(e) fewest tiles laid, searched again: {found} (all exhaustive: {exact}); the engine: {FEWEST_LAID}")
        pips = bounds_search.run_all(600.0, "opponents_pips", [True])
        most = max(int(r["best"]) for r in pips)  # type: ignore[call-overload]
        exact = all(r["exact"] for r in pips)
        print(
            f"(e) most pips the opponents keep after a 6-6 opening, searched again: {most} (exhaustive: {exact}); "
            f"the engine: {MOST_KEPT_PIPS}"
        )
        for opened in (False, True):
            start = time.monotonic()
            swept = list(kept_pips_search.sweep(opened, LIGHTEST_DOMINO_TABLE[opened], fast=bool(shutil.which("gcc"))))
            lightest = min((int(r["pips"]) for r in swept if r["found"]), default=None)  # type: ignore[call-overload]
            nodes = sum(int(r["nodes"]) for r in swept)  # type: ignore[call-overload]
            print(
                f"(e) lightest table of a domino, {'6-6' if opened else 'any'} opening, searched again: {lightest} "
                f"({len(swept)} searches, {nodes} nodes, {time.monotonic() - start:.0f} s); "
                f"the engine: {LIGHTEST_DOMINO_TABLE[opened]}"
            )

    rand_t, rand_refused = time_checks(random_inputs(rng, args.inputs), args.repeats)
    adv_t, adv_refused = time_checks(adversarial_inputs(rng, args.inputs), args.repeats)
    for name, times, count in (("random", rand_t, rand_refused), ("adversarial", adv_t, adv_refused)):
        print(
            f"(a) one check, cold, {name} inputs ({len(times)}, {count} refused): p50 {pct(times, 0.5):.0f} us, "
            f"p99 {pct(times, 0.99):.0f} us, max {times[-1]:.0f} us"
        )

    matches = history(rng, args.rounds)
    rounds = sum(len(m) for m in matches)
    r = replay_ratios(matches, args.runs)
    print(
        f"(b) replay of {rounds} real rounds ({len(matches)} matches), {args.runs} pairs, CPU time, with every "
        f"round checked against without: median of the pairs {r.pairs:.2f}x, medians {r.median:.2f}x, best "
        f"against best {r.best:.2f}x ({min(r.checked) * 1000:.0f} / {min(r.base) * 1000:.0f} ms); without the "
        f"garbage collector's time (median {statistics.median(r.base_gc) * 1000:.0f} ms of a baseline pass, "
        f"{statistics.median(r.checked_gc) * 1000:.0f} ms of a checked one; up to {r.full_collections} full "
        f"collections a pass) the median of the pairs is {r.pairs_without_gc:.2f}x "
        f"(baseline {', '.join(f'{x * 1000:.0f}' for x in r.base)} ms; "
        f"checked {', '.join(f'{x * 1000:.0f}' for x in r.checked)} ms)"
    )
    print(
        json.dumps(
            {
                "check_p50_us": round(pct(rand_t, 0.5)),
                "check_p99_us": round(pct(rand_t, 0.99)),
                "adversarial_p50_us": round(pct(adv_t, 0.5)),
                "adversarial_p99_us": round(pct(adv_t, 0.99)),
                "adversarial_max_us": round(adv_t[-1]),
                "replay_baseline_ms": round(min(r.base) * 1000),
                "replay_checked_ms": round(min(r.checked) * 1000),
                "replay_ratio": round(r.best, 2),
                "replay_ratio_median": round(r.median, 2),
                "replay_ratio_pairs": round(r.pairs, 2),
                "replay_ratio_pairs_without_gc": round(r.pairs_without_gc, 2),
                "replay_gc_ms": round(statistics.median(r.base_gc) * 1000),
                "rounds": rounds,
                "real_entries": done + len(extremes),
                "real_refused": len(refused),
                "impossible_refused_pct": round(100 * caught / max(made, 1), 1),
            }
        )
    )


if __name__ == "__main__":
    main()
