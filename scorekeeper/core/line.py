"""The line of play: what the table can look like, and what compulsory play leaves in the hands.

Two kinds of fact, both about every legal game:

* **The table is one line.** Its tiles are the edges of a walk over the
  numbers 0..6 (a double is a loop): connected, and every number shows an
  even count of halves except at the two open ends. A blocked game ends with
  both ends on the blocking number, so then every count is even.
* **Compulsory play.** A player who can play must. An exhaustive search over
  legal games (``tools/bounds_search.py``, every deal and every line of play,
  both openings) finds the fewest tiles some seats lay; a seat that lays k
  tiles keeps 7 - k, so those seats hold at most the heaviest tiles left in
  that number. ``tests/test_bounds.py`` re-runs the search for each fact.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.core.deal import FULL, heaviest_in, minus
from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, HIGHEST, SEATS, SET, TOTAL_PIPS, Tile

#: Fewest tiles laid in a domino, besides the winner's seven, by whom (proved by ``tools/bounds_search.py``):
#: the two opponents lay one tile at least between them; the three players left lay four at least.
#: The same in both openings (a round opened with the double-six, or with any tile after a domino).
FEWEST_LAID: dict[str, int] = {"opponents": 1, "after_domino": 4}


#: The lightest table a domino ends with, by opening (the 6-6 or not), proved by ``tools/kept_pips_search.py``:
#: every tile set that could be a domino's line, lightest first, every winner seat, every legal game on it;
#: the first set with a game weighs this (tests/extreme_games.json replays that game).
LIGHTEST_DOMINO_TABLE: dict[bool, int] = {False: 39, True: 50}


def most_kept_after_domino(opened_with_double_six: bool) -> int:
    """Most pips the three players left after a domino hold together: all 168 but the lightest such table."""
    return TOTAL_PIPS - LIGHTEST_DOMINO_TABLE[opened_with_double_six]


#: The pip limits the searches proved below what the tile counts give. After a round the 6-6 opened, the two
#: opponents of a domino winner keep at most 103 pips (the heaviest 13 tiles left weigh 106; every legal game
#: was searched, whoever won). The three players left keep what the lightest domino table leaves (the
#: heaviest 17 tiles weigh more). No entry: the tile count is the limit.
MOST_KEPT_PIPS: dict[tuple[str, bool], int] = {
    ("opponents", True): 103,
    ("after_domino", False): most_kept_after_domino(False),
    ("after_domino", True): most_kept_after_domino(True),
}


def most_kept(seats: int, role: str) -> int:
    """Most tiles ``seats`` players still hold together at a domino, if compulsory play made them lay ``role``'s."""
    return seats * HAND_SIZE - FEWEST_LAID[role]


def suit(number: int) -> tuple[Tile, ...]:
    """The seven tiles that carry ``number``."""
    return _SUITS[number]


_SUITS: tuple[tuple[Tile, ...], ...] = tuple(tuple(t for t in SET if n in t) for n in range(HIGHEST + 1))


def min_blocked_table(number: int, opened_with_double_six: bool = False) -> int:
    """Fewest pips on the table when ``number`` blocks the game (a proof, not a search): 42 + 6 x number.

    All seven tiles of ``number`` are out (7 x number + 21 pips) and both open
    ends show it. Their six other halves (every number but ``number``: 21 - number)
    lie inside the line and are joined in pairs by runs of other tiles; a run from
    half a to half b weighs at least a + b. The double-six, when it opened the
    round and is not of the blocking suit, sits inside such a run next to the 6
    half it matches, and adds its own 12 pips at least. Each bound is met by a
    line of ten tiles (eleven with the double-six), played without a pass.
    """
    table = sum(t.pips for t in suit(number)) + sum(k for k in range(HIGHEST + 1) if k != number)
    if opened_with_double_six and number != HIGHEST:
        table += DOUBLE_SIX.pips
    return table


def max_blocked_hands(number: int, opened_with_double_six: bool = False) -> int:
    """Most pips the four hands hold together when ``number`` blocked the game: 126 - 6 x number (12 less...)."""
    gone = set(suit(number)) | ({DOUBLE_SIX} if opened_with_double_six else set())
    pool = minus(FULL, gone)
    return min(heaviest_in(pool, SEATS * HAND_SIZE), TOTAL_PIPS - min_blocked_table(number, opened_with_double_six))


def odd_numbers(tiles: Iterable[Tile]) -> list[int]:
    """The numbers that show an odd count of halves among ``tiles`` (a double shows its number twice)."""
    parity = 0
    for high, low in tiles:
        parity ^= (1 << high) ^ (1 << low)
    return [n for n in range(HIGHEST + 1) if parity >> n & 1]


def is_connected(tiles: Iterable[Tile]) -> bool:
    """Do ``tiles`` touch one another in one piece (numbers joined by the tiles that carry both)?"""
    parent = list(range(HIGHEST + 1))

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    used = 0
    for high, low in tiles:
        used |= (1 << high) | (1 << low)
        parent[root(high)] = root(low)
    roots = {root(n) for n in range(HIGHEST + 1) if used >> n & 1}
    return len(roots) <= 1


def line_problem(table: Iterable[Tile], blocked: bool) -> tuple[str, list[int]] | None:
    """Why ``table`` cannot be the line a round ended with: a code and the numbers at fault; None if it can.

    A line with two ends leaves at most two numbers with an odd count of halves;
    a blocked line has both ends on one number, so none. The tiles must also
    hang together: a line is one piece.
    """
    tiles = list(table)
    odd = odd_numbers(tiles)
    if blocked and odd:
        return "blocked_line_odd", odd
    if len(odd) > 2:
        return "line_odd_numbers", odd
    if not is_connected(tiles):
        return "line_in_pieces", []
    return None
