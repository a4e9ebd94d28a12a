"""The double-six set and what it makes impossible.

Every pip limit the input checks use is derived here from the 28 tiles
themselves, so that no magic number can drift from the set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from scorekeeper.core.checks import is_int
from scorekeeper.core.errors import InvalidRound

HIGHEST = 6
HAND_SIZE = 7
SEATS = 4


class Tile(NamedTuple):
    """One domino, stored high half first so that 6-5 and 5-6 are one tile."""

    high: int
    low: int

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        """The tile with halves ``a`` and ``b`` in either order."""
        if not (0 <= a <= HIGHEST and 0 <= b <= HIGHEST):
            raise InvalidRound("tile_unknown", f"{a}-{b} is not a double-six tile", tile=f"{a}-{b}")
        return cls(max(a, b), min(a, b))

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


#: All 28 tiles, by high half then low half: 0-0, 1-0, 1-1, 2-0 ... 6-6.
SET: tuple[Tile, ...] = tuple(Tile(h, lo) for h in range(HIGHEST + 1) for lo in range(h + 1))
TOTAL_PIPS: int = sum(t.pips for t in SET)
#: The heaviest tile: it opens the first round, and every round after a block or a redeal.
DOUBLE_SIX = Tile(HIGHEST, HIGHEST)

_BY_WEIGHT = sorted((t.pips for t in SET), reverse=True)


def heaviest(n: int) -> int:
    """Most pips that ``n`` distinct tiles can hold."""
    return sum(_BY_WEIGHT[:n])


#: One hand: the seven heaviest tiles (docs/rules.md: 69). The limits that depend on
#: the line of play (two opponents, a blocked game, the double-six opening) are in
#: ``scorekeeper.core.limits.LIMITS``, derived there with the exact hand check.
MAX_HAND: int = heaviest(HAND_SIZE)
#: Two hands together, e.g. both opponents after a domino (docs/rules.md: 118).
MAX_TWO_HANDS: int = heaviest(2 * HAND_SIZE)


def hand_pips(hand: Iterable[Tile]) -> int:
    """Pips in a hand of tiles (a tile is its two halves: its sum is its pips)."""
    return sum(map(sum, hand))


def parse_tile(text: str) -> Tile:
    """``"6-5"`` -> ``Tile(6, 5)``; the storage and export format of a tile."""
    try:
        a, b = (int(x) for x in str(text).split("-"))
    except ValueError:
        raise InvalidRound("tile_unknown", f"{text!r} is not a tile", tile=str(text)) from None
    return Tile.of(a, b)


def as_tile(value: object) -> Tile | None:
    """``value`` as a double-six tile (a ``Tile``, ``"6-5"`` or a pair of whole numbers); None if it is none."""
    if isinstance(value, str):
        try:
            return parse_tile(value)
        except InvalidRound:
            return None
    if isinstance(value, tuple | list) and len(value) == 2 and all(is_int(v) for v in value):
        a, b = value
        if 0 <= a <= HIGHEST and 0 <= b <= HIGHEST:
            return Tile(max(a, b), min(a, b))
    return None


#: Picked hands, one a seat: a hand's tiles, or None where no tile was picked.
Hands = Sequence[Sequence[Tile] | None]


def check_hands(hands: Hands) -> None:
    """Refuse picked tiles that no deal can give: a tile in two hands, over seven in one."""
    seen: dict[Tile, int] = {}
    for seat, hand in enumerate(hands):
        if hand is None:
            continue
        if len(hand) > HAND_SIZE:
            raise InvalidRound(
                "hand_too_many_tiles",
                f"seat {seat} holds {len(hand)} tiles; a hand holds at most {HAND_SIZE}",
                seat=seat,
                count=len(hand),
                limit=HAND_SIZE,
            )
        for tile in hand:
            if tile in seen:
                raise InvalidRound(
                    "tile_twice",
                    f"tile {tile} is in two hands (seats {seen[tile]} and {seat})",
                    tile=str(tile),
                    seat=seat,
                    other=seen[tile],
                )
            seen[tile] = seat
