"""Real games, dealt and played by the rules: rounds that certainly could have happened.

The input checks must never refuse a real round; this is the oracle the tests
and benchmarks use to show it. It follows docs/rules.md: shuffle, seven tiles
each, a redeal when a hand holds five doubles or more, the double-six opening
where the match log says so, compulsory play (a legal tile on a fitting end,
chosen by a play policy), passes, until a domino or a block.

The policies (``POLICIES``) are the ways tables really play, and the ways
that push a round to its extremes: at random, heaviest tile first, lightest
first, doubles kept to the last, playing to block early, starving the next
player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from scorekeeper.core.match import DOUBLE_SIX_OPENS, Match, Round, Starter
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


Move = tuple[Tile, int]  # a tile and the end (0 or 1) it goes on
#: A policy picks one of the legal moves: (rng, moves, hands, seat, ends) -> move.
Policy = Callable[[random.Random, Sequence[Move], list[list[Tile]], int, list[int]], Move]


def _after(move: Move, ends: list[int]) -> list[int]:
    tile, i = move
    new = list(ends)
    new[i] = tile.low if tile.high == ends[i] else tile.high
    return new


def _can_play(hand: Sequence[Tile], ends: Sequence[int]) -> bool:
    return any(e in t for t in hand for e in ends)


def _best(rng: random.Random, moves: Sequence[Move], score: Callable[[Move], float]) -> Move:
    top = max(score(m) for m in moves)
    return rng.choice([m for m in moves if score(m) == top])


def _blocking(rng: random.Random, moves: Sequence[Move], hands: list[list[Tile]], seat: int, ends: list[int]) -> Move:
    """Fewest players able to play after the move (both ends alike counts first): blocks come early."""

    def score(m: Move) -> float:
        new = _after(m, ends)
        able = sum(_can_play([t for t in h if t != m[0]], new) for h in hands)
        return -able + (0.5 if new[0] == new[1] else 0)

    return _best(rng, moves, score)


def _starving(rng: random.Random, moves: Sequence[Move], hands: list[list[Tile]], seat: int, ends: list[int]) -> Move:
    """Leave the next player nothing to play when possible."""
    nxt = hands[(seat + 1) % SEATS]
    return _best(rng, moves, lambda m: not _can_play(nxt, _after(m, ends)))


POLICIES: dict[str, Policy] = {
    "random": lambda rng, moves, hands, seat, ends: rng.choice(moves),
    "heaviest": lambda rng, moves, hands, seat, ends: _best(rng, moves, lambda m: m[0].pips),
    "lightest": lambda rng, moves, hands, seat, ends: _best(rng, moves, lambda m: -m[0].pips),
    "doubles_last": lambda rng, moves, hands, seat, ends: _best(rng, moves, lambda m: not m[0].is_double),
    "blocking": _blocking,
    "starving": _starving,
}


def play_round(rng: random.Random, starter: Starter, policy: Policy = POLICIES["random"]) -> Played:
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
        tile, i = policy(rng, moves, hands, seat, ends)
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
            starter = match.next_starter if match.rounds else DOUBLE_SIX_OPENS
            played = play_round(rng, starter)
            match = match.add_round(as_round(played, rng, pick))
            yield played, match


#: How a scorer may enter one real round: counts typed (the partner's left out or not), some hands
#: picked tile by tile, every hand picked (the table is then known), one hand picked.
ENTRY_WAYS = ("typed", "typed_no_partner", "some_picked", "all_picked", "one_picked")


def entered(played: Played, rng: random.Random, way: str) -> Round:
    """``played`` entered in one of the ``ENTRY_WAYS``."""
    if played.end == "redeal":
        return Round("redeal")
    pips: list[int | None] = [hand_pips(h) for h in played.hands]
    tiles: list[tuple[Tile, ...] | None] = [None] * SEATS
    winner = played.winner
    if winner is not None:
        pips[winner] = 0
        if way == "typed_no_partner":
            pips[partner_of(winner)] = None
    still_in = [s for s in range(SEATS) if s != winner]
    if way == "some_picked":
        chosen = [s for s in still_in if rng.random() < 0.5]
    elif way == "all_picked":
        chosen = still_in
    elif way == "one_picked":
        chosen = [rng.choice(still_in)]
    else:
        chosen = []
    for seat in chosen:
        tiles[seat] = played.hands[seat]
    picked = tuple(tiles) if chosen else None
    return Round(played.end, tuple(pips), winner, picked)
