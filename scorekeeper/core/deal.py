"""Can hands with these pip counts be dealt? The exact search behind every feasibility check.

Only a tile's weight matters for a sum, so the search runs over the thirteen
weights 12..0 (how many tiles of each weight are left: a ``Pool``) instead of
over tiles: a greedy deal proves most questions at once, the search settles
the rest, with bounds from the light end (only the 0-0 weighs nothing, only
the 0-1 weighs 1...) and the heavy end (seven tiles hold so much at most).
Pure; ``scorekeeper.core.feasibility`` asks the questions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import accumulate

from scorekeeper.core.tiles import HAND_SIZE, HIGHEST, SEATS, SET, Tile

#: The heaviest tile weighs this much (6-6).
MAX_WEIGHT = 2 * HIGHEST
#: How many tiles of each weight 0..12 are available: the search's view of a set of tiles.
Pool = tuple[int, ...]


def pool_of(tiles: Iterable[Tile]) -> Pool:
    """Count ``tiles`` per weight (0..12)."""
    counts = [0] * (MAX_WEIGHT + 1)
    for tile in tiles:
        counts[tile.pips] += 1
    return tuple(counts)


FULL: Pool = pool_of(SET)


def minus(pool: Pool, tiles: Iterable[Tile]) -> Pool:
    """``pool`` without ``tiles`` (which it holds)."""
    counts = list(pool)
    for high, low in tiles:  # a tile's halves, not its ``pips`` property: this runs once per picked tile
        counts[high + low] -= 1
    return tuple(counts)


def heaviest_in(pool: Pool, count: int, top: int = MAX_WEIGHT) -> int:
    """Most pips ``count`` tiles of ``pool`` (of weight at most ``top``) can hold."""
    total = 0
    for weight in range(top, 0, -1):
        take = min(count, pool[weight])
        total += take * weight
        count -= take
        if count == 0:
            break
    return total


def hands_fit(pool: Pool, sums: Sequence[int]) -> bool:
    """Do disjoint hands of 1..7 tiles from ``pool`` exist with these ``sums``? A greedy proof, else the search."""
    if not sums:
        return True
    if min(sums) < 0 or len(sums) > sum(pool):
        return False
    ordered = tuple(sorted(sums, reverse=True))
    return greedy_fits(pool, ordered) or _searcher(pool).exact(ordered)


def greedy_fits(pool: Pool, heaviest_first: Sequence[int]) -> bool:
    """A quick proof that hands of these sums (sorted heaviest first) can be dealt; False means "not proven".

    Heaviest hands first keeps the light tiles for the light hands; lightest first the other way round.
    """
    return greedy_deal(pool, heaviest_first) or greedy_deal(pool, heaviest_first[::-1])


def greedy_deal(pool: Pool, sums: Sequence[int]) -> bool:
    """Deal each hand in turn the heaviest tile that still fits: True if that works (a proof).

    Within a hand the weight tried only goes down, so a hand costs at most
    thirteen steps plus its tiles.
    """
    left = list(pool)
    for need in sums:
        if need == 0:
            if not left[0]:
                return False
            left[0] -= 1
            continue
        count = 0
        weight = need if need < MAX_WEIGHT else MAX_WEIGHT
        while need:
            while weight and not left[weight]:
                weight -= 1
            count += 1
            if not weight or count > HAND_SIZE:
                return False
            left[weight] -= 1
            need -= weight
            if weight > need:
                weight = need
    return True


@lru_cache(maxsize=256)
def _searcher(pool: Pool) -> _Search:
    return _Search(pool)


State = tuple[tuple[int, int], ...]


@lru_cache(maxsize=256)
def _tables(pool: Pool) -> tuple[list[list[int]], list[int]]:
    """What bounds the search in ``pool``: heavy[w][n], the most pips n tiles of weight <= w hold;
    light[v], the pips of the tiles that weigh 1..v. Fixed per pool: built once per process."""
    room = SEATS * HAND_SIZE
    heavy = []
    lighter: list[int] = []  # the tiles of weight 1..w, heaviest first
    for w in range(MAX_WEIGHT + 1):
        if w:
            lighter[:0] = [w] * pool[w]
        weights = (lighter + [0] * room)[:room]  # then nothing
        heavy.append(list(accumulate(weights, initial=0)))
    light = [0]
    for v in range(1, MAX_WEIGHT + 1):
        light.append(light[-1] + pool[v] * v)
    return heavy, light


class _Search:
    """The exact search over one pool; its memo is shared by every question about that pool.

    A hand is (pips still to find, tiles taken). Weights are handed out from
    12 down to 0; bounds from both ends cut a hopeless branch at once.
    """

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.memo: dict[tuple[int, State], bool] = {}

    @property
    def heavy(self) -> list[list[int]]:
        return _tables(self.pool)[0]  # only the search needs the tables: a greedy proof goes without

    @property
    def light(self) -> list[int]:
        return _tables(self.pool)[1]

    def exact(self, sums: tuple[int, ...]) -> bool:
        """``sums`` sorted heaviest first: the full search."""
        return self.search(MAX_WEIGHT, tuple((s, 0) for s in sums))

    def hopeless(self, w: int, state: State) -> bool:
        """Too little weight in the light tiles for the light hands, or in the heavy ones for the heavy hands.

        Counting the light tiles as well would add nothing: where fewer tiles than
        hands weigh 1..r, the pips already fall short at that hand or a lighter one.
        """
        zeros = pips = 0
        light = self.light
        for r, t in reversed(state):  # lightest needs first
            if r == 0:
                zeros += t == 0
                continue
            # hands still short of at most r pips can only use tiles of weight 1..r (and <= w)
            pips += r
            if pips > light[r if r < w else w]:
                return True
        if zeros > self.pool[0]:
            return True  # only the 0-0 weighs nothing
        rooms = wanted = 0
        heavy = self.heavy[w]
        for r, t in state:  # heaviest needs first (the state is sorted)
            rooms += HAND_SIZE - t
            wanted += r
            if r > heavy[HAND_SIZE - t] or wanted > heavy[rooms]:
                return True
        return False

    def search(self, w: int, state: State) -> bool:
        """Can weights ``w``..1 complete ``state``? Hands still empty at the end need the 0-0, never handed out.

        At weight 0 a hand still short of pips is hopeless (no tile of 1..0 pips): the bounds end the search.
        """
        if all(r == 0 for r, _t in state):
            return sum(1 for _r, t in state if t == 0) <= self.pool[0]
        key = (w, state)
        found = self.memo.get(key)
        if found is not None:
            return found
        found = False
        if not self.hopeless(w, state):
            for taken in _shares(state, self.pool[w], w):
                nxt = tuple(sorted(((r - a * w, t + a) for (r, t), a in zip(state, taken, strict=True)), reverse=True))
                if self.search(w - 1, nxt):
                    found = True
                    break
        self.memo[key] = found
        return found


def _shares(state: tuple[tuple[int, int], ...], available: int, weight: int) -> Iterable[tuple[int, ...]]:
    """Every way to hand out at most ``available`` tiles of ``weight`` among the hands."""
    caps = [min(HAND_SIZE - t, r // weight) for r, t in state]

    def deal(i: int, left: int) -> Iterable[tuple[int, ...]]:
        if i == len(caps):
            yield ()
            return
        for a in range(min(caps[i], left), -1, -1):
            for rest in deal(i + 1, left - a):
                yield (a, *rest)

    return deal(0, available)


def warm(pools: Iterable[Pool]) -> None:
    """Build the search's bounds for ``pools`` now (the ones every typed round uses)."""
    for pool in pools:
        _tables(pool)
