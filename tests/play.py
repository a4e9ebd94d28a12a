"""Real games, dealt and played at random: rounds that certainly could have happened.

The input checks must never refuse a real round; this is the oracle the tests
and benchmarks use to show it. It follows docs/rules.md: shuffle, seven tiles
each, a redeal when a hand holds five doubles or more, the double-six opening
where the match log says so, compulsory play (a random legal tile on a random
fitting end), passes, until a domino or a block.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from scorekeeper.core.match import DOUBLE_SIX as DOUBLE_SIX_STARTER
from scorekeeper.core.match import Match, Round, Starter
from scorekeeper.core.rules import partner_of, team_of
from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, SEATS, SET, Tile, hand_pips

#: Five doubles or more in one hand: shuffle and deal again.
REDEAL_DOUBLES = 5


@dataclass(frozen=True)
class Played:
    """How a dealt round ended: ``end``, the tiles left per seat, the seat that went out."""

    end: str
    hands: tuple[tuple[Tile, ...], ...]
    winner: int | None = None


def play_round(rng: random.Random, starter: Starter) -> Played:
    """Deal and play one round; ``starter`` says who opens (the double-six holder, or a team)."""
    tiles = list(SET)
    rng.shuffle(tiles)
    hands = [tiles[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(SEATS)]
    if any(sum(t.is_double for t in hand) >= REDEAL_DOUBLES for hand in hands):
        return Played("redeal", tuple(tuple(h) for h in hands))
    if starter.kind == "double_six":
        seat = next(s for s in range(SEATS) if DOUBLE_SIX in hands[s])
        first = DOUBLE_SIX
    else:  # the winner or the partner, with any tile
        seat = rng.choice([s for s in range(SEATS) if team_of(s) == starter.team])
        first = rng.choice(hands[seat])
    hands[seat].remove(first)
    ends = [first.high, first.low]
    passes = 0
    while True:
        if not hands[seat]:
            return Played("domino", tuple(tuple(h) for h in hands), seat)
        seat = (seat + 1) % SEATS
        moves = [(t, i) for t in hands[seat] for i in (0, 1) if ends[i] in t]
        if not moves:
            passes += 1
            if passes == SEATS:
                return Played("blocked", tuple(tuple(h) for h in hands))
            continue
        passes = 0
        tile, i = rng.choice(moves)
        hands[seat].remove(tile)
        ends[i] = tile.low if tile.high == ends[i] else tile.high
        if not hands[seat]:
            return Played("domino", tuple(tuple(h) for h in hands), seat)


def as_round(played: Played, rng: random.Random, pick: float = 0.0) -> Round:
    """The round as a scorer would enter it: counts per seat, some hands picked tile by tile (``pick``)."""
    pips: list[int | None] = [hand_pips(h) for h in played.hands]
    if played.end == "redeal":
        return Round("redeal")
    tiles: list[tuple[Tile, ...] | None] = [None] * SEATS
    if played.end == "domino":
        winner = played.winner
        assert winner is not None  # a domino always has the player who went out
        pips[winner] = 0
        partner = partner_of(winner)
        if rng.random() < 0.5:
            pips[partner] = None  # the partner's count is optional
    for seat in range(SEATS):
        if pips[seat] is not None and seat != played.winner and rng.random() < pick:
            tiles[seat] = played.hands[seat]
    picked = tuple(tiles) if any(h is not None for h in tiles) else None
    return Round(played.end, tuple(pips), played.winner, picked)


def matches(rng: random.Random, target: int = 11, pick: float = 0.0) -> Iterator[tuple[Played, Match]]:
    """Matches played one after another, forever: each real round and the match with it added."""
    players = ("P0", "P1", "P2", "P3")
    while True:
        match = Match(players, target)
        while not match.finished:
            starter = match.next_starter if match.rounds else DOUBLE_SIX_STARTER
            played = play_round(rng, starter)
            match = match.add_round(as_round(played, rng, pick))
            yield played, match
