"""Rounds at the edges of the fast proofs' guards, each one the decision accepts; rounds the rules refuse.

``tests/test_proofs.py`` asks each proof for them on its own (an edge must
be proved, a refused round never); ``tests/test_feasibility_proofs.py`` asks
the feasibility check for them (an edge answered with the decision
unavailable, a refused round in the rules' words).
"""

from __future__ import annotations

from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.tiles import SEATS, Tile


def tiles(*names: str) -> tuple[Tile, ...]:
    return tuple(Tile.of(int(n[0]), int(n[2])) for n in names)


#: Rounds the rules refuse: a seat out that is none, counts not four whole numbers, one below 0 or over a hand.
REFUSED: list[tuple[str, tuple, object]] = [
    ("domino", (0, 5, 5, 5), 4),
    ("domino", (5, 5, 5, 0), -1),
    ("domino", (0, 5, 5, 5), True),
    ("domino", (0, 5, 5, 5), None),
    ("domino", (0, 5, 5), 0),
    ("domino", (0, 5, 5, 5, 5), 0),
    ("domino", (0, 5, None, None), 0),
    ("domino", (0, 5.0, None, 5), 0),
    ("domino", (0, 5, True, 5), 0),
    ("domino", (0, -1, None, 5), 0),
    ("domino", (0, 5, -1, 5), 0),
    ("domino", (0, 70, None, 5), 0),
    ("blocked", (5, 5, 5), None),
    ("blocked", (5, 5, 5, 5), 2),
    ("blocked", (5, None, 5, 5), None),
    ("blocked", (5, True, 5, 5), None),
    ("blocked", (5, 5, 5, 70), None),
    ("redeal", (None,) * SEATS, 1),
    ("draw", (0, 5, 5, 5), None),
]


def turned(pips: tuple[int | None, ...], winner: int | None, turn: int) -> tuple[tuple[int | None, ...], int | None]:
    """The same round with every seat moved ``turn`` places round the table."""
    moved = tuple(pips[(seat - turn) % SEATS] for seat in range(SEATS))
    return moved, None if winner is None else (winner + turn) % SEATS


def edges(opened: bool) -> list[tuple[str, tuple[int | None, ...], int | None]]:
    """Typed rounds at the edges the typed proof guards, each one the decision accepts (seat 0 out)."""
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    hand, two, three = lim["hand"], lim["opponents"], lim["after_domino"]
    return [
        ("blocked", (0, 10, 20, 30), None),  # a hand of no pips: it holds the 0-0 alone
        ("blocked", (1, 0, 2, 3), None),
        ("blocked", (3, 12, 42, lim["blocked"] - 57), None),  # the four hands at the blocked limit
        ("domino", (0, 0, None, 20), 0),  # an opponent holding the 0-0 alone
        ("domino", (0, 1, None, 0), 0),
        ("domino", (0, 10, 0, 20), 0),  # the partner holding the 0-0 alone
        ("domino", (0, hand, None, two - hand), 0),  # the opponents at their limit, one hand full
        ("domino", (0, two - hand, 0, hand), 0),
        ("domino", (0, hand, three - two, two - hand), 0),  # the three hands at theirs
    ]


#: Seven light tiles: a full hand.
SEVEN = tiles("0-1", "0-2", "1-2", "0-3", "1-3", "0-4", "2-2")


def picked_edges() -> list[tuple[str, tuple[int | None, ...], int | None, tuple]]:
    """Rounds with picked hands at the edges the picked proof guards, counts ``None`` where a hand is picked."""
    return [
        ("domino", (0, None, None, 10), 0, (None, SEVEN, None, None)),  # a full hand of seven picked
        ("blocked", (None, 5, 10, 15), None, (SEVEN, None, None, None)),
        ("blocked", (None, 0, 20, 30), None, (tiles("1-2"), None, None, None)),  # a typed hand of no pips
        ("domino", (0, 0, None, 20), 0, (None, None, tiles("3-4"), None)),  # an opponent typed 0, the partner picked
        ("domino", (0, None, 15, 20), 0, (None, tiles("5-5"), None, None)),  # every count given, one hand picked
        ("domino", (0, None, None, None), 0, (None, tiles("3-4"), None, tiles("2-5"))),  # no count typed, one unknown
        ("blocked", (None, None, None, 2), None, (tiles("1-2"), tiles("3-4"), tiles("5-6"), None)),  # only 0 blocked
        ("blocked", (None, None, None, 52), None, (tiles("0-1"), tiles("2-3"), tiles("4-5"), None)),  # no six left
    ]


def with_counts(pips: tuple[int | None, ...], hands: tuple) -> tuple[int | None, ...]:
    """The counts with each picked hand's own sum in its seat."""
    return tuple(value if hand is None else sum(t.pips for t in hand) for value, hand in zip(pips, hands, strict=True))
