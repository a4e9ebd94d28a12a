"""Slow, obviously right answers the deal search and the feasibility check are tested against."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from scorekeeper.core.tiles import HAND_SIZE


def brute_fit(tiles, sums) -> bool:
    """Every subset, tile by tile: do disjoint hands of 1..7 of ``tiles`` with these ``sums`` exist?"""
    tiles = list(tiles)

    @cache
    def hands_for(total, free):
        found = []
        items = [i for i in range(len(tiles)) if free >> i & 1]
        for size in range(1, HAND_SIZE + 1):
            for combo in combinations(items, size):
                if sum(tiles[i].pips for i in combo) == total:
                    found.append(sum(1 << i for i in combo))
        return found

    def place(k, free):
        return k == len(sums) or any(place(k + 1, free & ~m) for m in hands_for(sums[k], free))

    return place(0, (1 << len(tiles)) - 1)
