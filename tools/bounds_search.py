"""Exhaustive search over legal games: how much can compulsory play leave in the hands?

    nice -n 10 python tools/bounds_search.py [--budget 600] [--only NAME]

The deal is not fixed in advance ("lazy deal"): a player who lays a tile is
dealt it at that moment, a player who passes is dealt no tile showing either
open end, then or later (a hand only shrinks). A finished game is real when
the tiles left can be dealt to fill every hand to seven under those
constraints; Hall's condition over the sets of players decides that exactly
(a player with c places left needs c tiles he may hold, any set of players
the sum of their places). The same condition, checked at every step, cuts a
game that can no longer be finished. That makes every legal game one path of
the search, and every path a legal game (redeals, five doubles in a hand, are
not excluded: a bound over more games is still a bound).

Two kinds of question, each in both openings (the double-six holder lays the
6-6 first; or anyone lays any tile, as after a domino):

* ``fewest laid``: the fewest tiles some seats lay in a game of a given end
  (the two opponents of a domino winner; the three players left after a
  domino). Branch and bound on the tiles they hold, exact.
* ``most held``: the most pips some seats hold at the end (the same seats, one
  hand, the four hands of a blocked game). Branch and bound on pips, with an
  upper bound from the heaviest tiles they may still hold; exact when it
  finishes within the budget, otherwise the best game found and the bound
  left are printed (a bound the engine may ship only once proved).

Seat 0 opens; the winner (or the one hand) is any seat relative to it. The
results feed ``scorekeeper.core.limits``, whose limits are derived from
the facts proved here; ``tests/test_bounds.py`` re-runs the cheap questions.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, HIGHEST, SEATS, SET, Tile

N = len(SET)
HALVES = [(t.high, t.low) for t in SET]
WEIGHT = [t.pips for t in SET]
ALL = (1 << N) - 1
TOTAL = sum(WEIGHT)
#: tiles that show number n, as a bit mask over SET
SUIT = [sum(1 << i for i, t in enumerate(SET) if n in t) for n in range(HIGHEST + 1)]
#: tiles showing any number in the mask f (a player who passed on those numbers holds none of them)
FORBID = [0] * (1 << (HIGHEST + 1))
for _f in range(1 << (HIGHEST + 1)):
    for _n in range(HIGHEST + 1):
        if _f >> _n & 1:
            FORBID[_f] |= SUIT[_n]
#: the double-six's index in SET
DOUBLE_SIX_AT = SET.index(DOUBLE_SIX)
#: tile indices heaviest first (bounds take the heaviest tiles a seat may hold)
HEAVY_FIRST = sorted(range(N), key=lambda i: -WEIGHT[i])
LIGHT_FIRST = HEAVY_FIRST[::-1]
SUBSETS = [[p for p in range(SEATS) if s >> p & 1] for s in range(1 << SEATS)]


def dealable(left: int, caps: list[int], allowed: list[int]) -> bool:
    """Hall's condition: can ``left`` fill every seat's ``caps`` places with tiles it ``allowed`` it?"""
    for s in range(1, 1 << SEATS):
        need = 0
        union = 0
        for p in SUBSETS[s]:
            need += caps[p]
            union |= allowed[p]
        if need > (union & left).bit_count():
            return False
    return True


def best_split(left: int, caps: list[int], allowed: list[int], targets: int) -> int:
    """Most pips the ``targets`` seats (bit mask) can hold when ``left`` fills every seat's places; -1 if none.

    Exact: a walk over the tiles, heaviest first, keeping for each way of filling
    the places so far the most the targets hold (the places are at most 7 per seat).
    """
    states: dict[tuple[int, ...], int] = {tuple(caps): 0}
    tiles = [i for i in HEAVY_FIRST if left >> i & 1]
    for i in tiles:
        nxt: dict[tuple[int, ...], int] = {}
        for st, val in states.items():
            for p in range(SEATS):
                if st[p] and allowed[p] >> i & 1:
                    key = (*st[:p], st[p] - 1, *st[p + 1 :])
                    v = val + (WEIGHT[i] if targets >> p & 1 else 0)
                    if nxt.get(key, -1) < v:
                        nxt[key] = v
        states = nxt
        if not states:
            return -1
    return states.get((0,) * SEATS, -1)


def split_hands(left: int, caps: list[int], allowed: list[int], targets: int) -> list[list[int]] | None:
    """The deal ``best_split`` finds: which tiles of ``left`` each seat holds at the end (None if none)."""
    tiles = [i for i in HEAVY_FIRST if left >> i & 1]
    layers: list[dict[tuple[int, ...], tuple[int, tuple[int, ...] | None, int]]] = [{tuple(caps): (0, None, -1)}]
    for i in tiles:
        nxt: dict[tuple[int, ...], tuple[int, tuple[int, ...] | None, int]] = {}
        for st, (val, _parent, _seat) in layers[-1].items():
            for p in range(SEATS):
                if st[p] and allowed[p] >> i & 1:
                    key = (*st[:p], st[p] - 1, *st[p + 1 :])
                    v = val + (WEIGHT[i] if targets >> p & 1 else 0)
                    if key not in nxt or nxt[key][0] < v:
                        nxt[key] = (v, st, p)
        layers.append(nxt)
    state: tuple[int, ...] | None = (0,) * SEATS
    if state not in layers[-1]:
        return None
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    for depth in range(len(tiles), 0, -1):
        assert state is not None
        _val, parent, seat = layers[depth][state]
        hands[seat].append(tiles[depth - 1])
        state = parent
    return hands


def witness_round(q: Question) -> tuple[str, int | None, list[list[Tile]]]:
    """The end, the seat that went out and the hands left of ``q``'s best game, replayed from its moves."""
    table = 0
    laid = [0] * SEATS
    passed = [0] * SEATS
    ends: list[int] = []
    winner = None
    for seat, move, side in q.witness:
        if move == "pass":
            passed[seat] |= 1 << ends[0] | 1 << ends[1]
            continue
        a, b = (int(x) for x in move.split("-"))
        i = SET.index(Tile.of(a, b))
        table |= 1 << i
        laid[seat] += 1
        if not ends:
            ends = [a, b]
        else:
            ends[side] = b if a == ends[side] else a
        if laid[seat] == HAND_SIZE:
            winner = seat
    left = ALL & ~table
    caps = [HAND_SIZE - k for k in laid]
    hands = split_hands(left, caps, [left & ~FORBID[f] for f in passed], q.targets)
    assert hands is not None, q.name
    return ("domino" if winner is not None else "blocked"), winner, [[SET[i] for i in h] for h in hands]


@dataclass
class Question:
    """One search: which end, whose hands count, how the round opened, and what is maximised."""

    name: str
    end: str  # "domino" (by seat ``winner``) or "blocked" or "any"
    targets: int  # seats whose hands count (bit mask)
    opened_with_double_six: bool
    measure: str  # "tiles" (most tiles held, i.e. fewest laid) or "pips"
    winner: int | None = None
    best: int = -1
    witness: list[tuple[int, str, int]] = field(default_factory=list)
    nodes: int = 0
    complete: bool = False
    ceiling: int | None = None  # a proved bound: a game reaching it ends the search
    most_tiles: int | None = None  # proved by a "tiles" question: the targets never hold more tiles


class Search:
    """Depth-first over the moves of one question, with a memo of positions already searched.

    A position searched once never needs searching again: everything below it
    was either searched or cut by a bound no better than the best game then,
    and the best game only gets better.
    """

    def __init__(self, q: Question, deadline: float) -> None:
        self.q = q
        self.deadline = deadline
        self.seen: set[int] = set()
        self.path: list[tuple[int, str, int]] = []
        self.timed_out = False

    def bound(self, left: int, caps: list[int], allowed: list[int]) -> int:
        """The most the targets can still end with: their places filled by the best tiles they may hold."""
        q = self.q
        if q.measure == "tiles":
            return sum(caps[p] for p in range(SEATS) if q.targets >> p & 1)
        total = 0
        # the targets' places, filled by the heaviest tiles any of them may hold (each tile once)
        room = sum(caps[p] for p in range(SEATS) if q.targets >> p & 1)
        if q.most_tiles is not None:
            room = min(room, q.most_tiles)
        may = 0
        for p in range(SEATS):
            if q.targets >> p & 1:
                may |= allowed[p]
        may &= left
        for i in HEAVY_FIRST:
            if not room:
                break
            if may >> i & 1:
                total += WEIGHT[i]
                room -= 1
        return total

    def leaf(self, left: int, caps: list[int], allowed: list[int]) -> None:
        q = self.q
        if q.measure == "tiles":
            if not dealable(left, caps, allowed):
                return
            value = sum(caps[p] for p in range(SEATS) if q.targets >> p & 1)
        else:
            value = best_split(left, caps, allowed, q.targets)
        if value > q.best:
            q.best = value
            q.witness = list(self.path)

    def run(self, table: int, e1: int, e2: int, turn: int, laid: list[int], passed: list[int], passes: int) -> None:
        q = self.q
        q.nodes += 1
        if q.nodes & 0xFFFF == 0 and time.monotonic() > self.deadline:
            self.timed_out = True
        if self.timed_out:
            return
        key = table
        for x in (e1 if e1 < e2 else e2, e2 if e1 < e2 else e1, turn, passes, *laid, *passed):
            key = key * 128 + x
        if key in self.seen:
            return
        self.seen.add(key)
        left = ALL & ~table
        caps = [HAND_SIZE - k for k in laid]
        allowed = [left & ~FORBID[f] for f in passed]
        if not dealable(left, caps, allowed):
            return
        if self.bound(left, caps, allowed) <= q.best or (q.ceiling is not None and q.best >= q.ceiling):
            return
        p = turn
        ends = SUIT[e1] | SUIT[e2]
        moves = allowed[p] & ends
        nxt = (p + 1) % SEATS
        order = LIGHT_FIRST  # lighter tiles first: a light table leaves the most in the hands (good games early)
        fresh = -1
        if q.measure == "tiles":  # numbers not yet seen are alike: a new one is always the lowest of them
            seen = 0
            for n in range(HIGHEST + 1):
                if table & SUIT[n]:
                    seen |= 1 << n
            for f in passed:
                seen |= f
            if q.opened_with_double_six:
                seen |= 1 << HIGHEST
            unseen = [n for n in range(HIGHEST + 1) if not seen >> n & 1]
            fresh = unseen[0] if unseen else -1
        for i in order:
            if not moves >> i & 1:
                continue
            a, b = HALVES[i]
            if fresh >= 0 and not (seen >> a & 1 and seen >> b & 1) and fresh not in (a, b):
                continue
            options = []
            if a == e1 or b == e1:
                options.append((b if a == e1 else a, e2, 0))
            if e1 != e2 and (a == e2 or b == e2):
                options.append((e1, b if a == e2 else a, 1))
            for n1, n2, side in options:
                laid[p] += 1
                self.path.append((p, f"{a}-{b}", side))
                if laid[p] == HAND_SIZE:  # a domino
                    if q.end in ("any",) or (q.end == "domino" and p == q.winner):
                        nt = table | 1 << i
                        nleft = ALL & ~nt
                        ncaps = [HAND_SIZE - k for k in laid]
                        nallowed = [nleft & ~FORBID[f] for f in passed]
                        self.leaf(nleft, ncaps, nallowed)
                else:
                    self.run(table | 1 << i, n1, n2, nxt, laid, passed, 0)
                self.path.pop()
                laid[p] -= 1
        # pass: this player holds nothing showing either end, now or later
        old = passed[p]
        passed[p] = old | 1 << e1 | 1 << e2
        self.path.append((p, "pass", 0))
        if passes + 1 == SEATS:  # everyone passed after the last tile: blocked
            if q.end in ("blocked", "any"):
                nallowed = [left & ~FORBID[f] for f in passed]
                self.leaf(left, caps, nallowed)
        else:
            self.run(table, e1, e2, nxt, laid, passed, passes + 1)
        self.path.pop()
        passed[p] = old

    def start(self) -> None:
        q = self.q
        laid = [0] * SEATS
        passed = [0] * SEATS
        firsts = [DOUBLE_SIX_AT] if q.opened_with_double_six else LIGHT_FIRST
        if q.measure == "tiles" and not q.opened_with_double_six:  # numbers alike: a double, or two numbers
            firsts = [SET.index(Tile(0, 0)), SET.index(Tile(1, 0))]
        for i in firsts:
            a, b = HALVES[i]
            laid[0] = 1
            self.path.append((0, f"{a}-{b}", 0))
            self.run(1 << i, a, b, 1, laid, passed, 0)
            self.path.pop()
            laid[0] = 0
        q.complete = not self.timed_out


def questions(opened: bool) -> list[Question]:
    out = []
    for w in range(SEATS):
        opp = 1 << (w + 1) % SEATS | 1 << (w + 3) % SEATS
        three = ((1 << SEATS) - 1) & ~(1 << w)
        out.append(Question(f"opponents_tiles_w{w}", "domino", opp, opened, "tiles", w))
        out.append(Question(f"after_domino_tiles_w{w}", "domino", three, opened, "tiles", w))
    for w in range(SEATS):
        opp = 1 << (w + 1) % SEATS | 1 << (w + 3) % SEATS
        three = ((1 << SEATS) - 1) & ~(1 << w)
        out.append(Question(f"opponents_pips_w{w}", "domino", opp, opened, "pips", w))
        out.append(Question(f"after_domino_pips_w{w}", "domino", three, opened, "pips", w))
    for h in range(SEATS):
        out.append(Question(f"hand_pips_s{h}", "any", 1 << h, opened, "pips"))
    out.append(Question("blocked_pips", "blocked", (1 << SEATS) - 1, opened, "pips"))
    return out


def solve(q: Question, budget: float, ceiling: int | None = None) -> Question:
    q.ceiling = ceiling
    s = Search(q, time.monotonic() + budget)
    sys.setrecursionlimit(10_000)
    s.start()
    return q


def heaviest(opened: bool, count: int) -> int:
    """Most pips ``count`` tiles can hold (the 6-6 excluded when it opened the round)."""
    weights = sorted((WEIGHT[i] for i in range(N) if not (opened and i == DOUBLE_SIX_AT)), reverse=True)
    return sum(weights[:count])


def lightest_blocked_table(opened: bool) -> int:
    """The proof of ``line.min_blocked_table`` for the 0s: 42 pips, 54 with the 6-6 in the line."""
    return sum(WEIGHT[i] for i in range(N) if SUIT[0] >> i & 1) + 21 + (12 if opened else 0)


def run_all(
    budget: float,
    only: str,
    openings: list[bool],
    reuse: dict[tuple[str, bool], dict[str, object]] | None = None,
    skip: str = "",
) -> list[dict[str, object]]:
    """Every question; a tile count proved first caps the pips question of the same seats.

    A role whose bound is met by a game for one seat is done: the limit is the most over every seat.
    ``reuse``: exact rows of an earlier run, by (name, opening), taken as they are.
    """
    rows: list[dict[str, object]] = []
    for opened in openings:
        kept: dict[str, int] = {}
        met: set[str] = set()
        for q in questions(opened):
            if (only and only not in q.name) or any(part and part in q.name for part in skip.split(",")):
                continue
            role = q.name.rsplit("_", 1)[0].replace("_pips", "").replace("_tiles", "")
            seat = q.name.rsplit("_", 1)[-1]
            earlier = (reuse or {}).get((q.name, opened))
            if earlier is not None and earlier["exact"]:
                rows.append(earlier)
                if q.measure == "tiles":
                    kept[f"{role}_{seat}"] = int(earlier["best"])  # type: ignore[call-overload]
                elif earlier["best"] == earlier["ceiling"]:
                    met.add(role)
                print(json.dumps(earlier), flush=True)
                continue
            if q.measure == "pips" and role in met:
                continue
            ceiling = None
            if q.measure == "pips":
                if role in ("opponents", "after_domino"):
                    q.most_tiles = kept.get(f"{role}_{seat}")
                    ceiling = heaviest(opened, q.most_tiles or (14 if role == "opponents" else 21))
                elif role == "hand":
                    ceiling = heaviest(opened, HAND_SIZE)
                else:
                    ceiling = TOTAL - lightest_blocked_table(opened)
            start = time.monotonic()
            solve(q, budget, ceiling)
            if q.measure == "tiles" and q.complete:
                kept[f"{role}_{seat}"] = q.best
            if q.measure == "pips" and ceiling is not None and q.best >= ceiling:
                met.add(role)
            row = {
                "name": q.name,
                "opened_with_double_six": opened,
                "best": q.best,
                "ceiling": ceiling,
                "exact": q.complete or (ceiling is not None and q.best >= ceiling),
                "nodes": q.nodes,
                "seconds": round(time.monotonic() - start, 1),
                "witness": " ".join(f"{p}:{t}" + ("/1" if side else "") for p, t, side in q.witness),
            }
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=120.0, help="seconds per question")
    parser.add_argument("--only", default="", help="questions whose name contains this")
    parser.add_argument("--skip", default="", help="leave out names containing any of these (commas)")
    parser.add_argument("--opening", choices=["any", "66", "both"], default="both")
    parser.add_argument("--reuse", type=Path, help="a JSON-lines file of an earlier run: its exact rows are kept")
    args = parser.parse_args()
    openings = {"any": [False], "66": [True], "both": [False, True]}[args.opening]
    reuse = {}
    if args.reuse is not None:
        for line in args.reuse.read_text().splitlines():
            row = json.loads(line)
            reuse[(row["name"], row["opened_with_double_six"])] = row
    run_all(args.budget, args.only, openings, reuse, args.skip)


if __name__ == "__main__":
    main()
