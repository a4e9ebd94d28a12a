"""Rounds that can never happen, built near every rule: the refusal side of the tests and the benchmark.

Each kind starts from a real game (``tests.play``) or a proved bound and
changes as little as it can; each round comes with the reason it is
impossible, proved here by counting (never by asking the engine):

* ``parity_blocked`` / ``parity_domino``: a real round with every hand picked,
  one table tile and one held tile swapped, so that the table shows an odd
  count of four numbers (a domino's line has two ends) or of two or more (a
  blocked line has both ends on one number).
* ``no_whole_suit``: a real blocked game, every hand picked, a tile of the
  blocking number taken into a hand so that no number is whole on the table.
* ``kept_too_many``: after a real domino, the opponents (or the three players
  left) picked with table tiles added, holding more tiles than compulsory play
  lets them keep (``scorekeeper.core.line.FEWEST_LAID``, proved by
  ``tools/bounds_search.py``).
* ``over_bound``: typed counts one over a proved limit (the opponents, the
  three hands left, a blocked game, one hand after the 6-6 opening), split
  into counts each hand could hold.
* ``light_hands``: a real round with two typed hands of 0, or of 1 pip (only
  the 0-0 weighs nothing, only the 0-1 weighs 1), or three of 2.
* ``double_six_held``: a round the 6-6 opened, with the 6-6 moved into a picked hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.line import FEWEST_LAID
from scorekeeper.core.match import DOUBLE_SIX_OPENS, Round, Starter
from scorekeeper.core.rules import partner_of
from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, HIGHEST, SEATS, SET, Tile, hand_pips
from tests.play import POLICIES, Played, play_round

ANY_OPENING = Starter("team", "A")


@dataclass(frozen=True)
class Impossible:
    """A round that cannot have happened, the opening it is asked under, and which construction made it."""

    kind: str
    round: Round
    opened_with_double_six: bool


def _odd(tiles: list[Tile]) -> int:
    parity = 0
    for t in tiles:
        parity ^= (1 << t.high) ^ (1 << t.low)
    return bin(parity).count("1")


def _table(hands: list[list[Tile]]) -> list[Tile]:
    held = {t for h in hands for t in h}
    return [t for t in SET if t not in held]


def _picked(end: str, hands: list[list[Tile]], winner: int | None) -> Round:
    tiles = tuple(None if s == winner else tuple(h) for s, h in enumerate(hands))
    pips = tuple(0 if s == winner else hand_pips(h) for s, h in enumerate(hands))
    return Round(end, pips, winner, tiles)


def _real(rng: random.Random, end: str, opened: bool) -> Played:
    while True:
        policy = POLICIES[rng.choice(sorted(POLICIES))]
        played = play_round(rng, DOUBLE_SIX_OPENS if opened else ANY_OPENING, policy)
        if played.end == end:
            return played


def _swap_parity(rng: random.Random, played: Played, opened: bool, most_odd: int) -> Round | None:
    hands = [list(h) for h in played.hands]
    table = _table(hands)
    for _ in range(50):
        seat = rng.choice([s for s in range(SEATS) if hands[s]])
        held = rng.choice(hands[seat])
        out = rng.choice(table)
        if opened and out == DOUBLE_SIX:
            continue
        changed = [list(h) for h in hands]
        changed[seat] = [out if t == held else t for t in changed[seat]]
        if _odd(_table(changed)) > most_odd:
            return _picked(played.end, changed, played.winner)
    return None


def _no_whole_suit(rng: random.Random, played: Played, opened: bool) -> Round | None:
    hands = [list(h) for h in played.hands]
    table = _table(hands)
    for _ in range(50):
        seat = rng.randrange(SEATS)
        tile = rng.choice(table)
        if (opened and tile == DOUBLE_SIX) or len(hands[seat]) >= HAND_SIZE:
            continue
        changed = [list(h) for h in hands]
        changed[seat].append(tile)
        rest = _table(changed)
        if not any(sum(n in t for t in rest) == HIGHEST + 1 for n in range(HIGHEST + 1)):
            return _picked("blocked", changed, None)
    return None


def _kept_too_many(rng: random.Random, played: Played, opened: bool) -> Round | None:
    winner = played.winner
    assert winner is not None
    role = rng.choice(["opponents", "after_domino"])
    seats = [(winner + 1) % SEATS, (winner + 3) % SEATS]
    if role == "after_domino":
        seats.append(partner_of(winner))
    hands = [list(h) for h in played.hands]
    table = [t for t in _table(hands) if not (opened and t == DOUBLE_SIX)]
    rng.shuffle(table)
    room = len(seats) * HAND_SIZE - FEWEST_LAID[role]
    while sum(len(hands[s]) for s in seats) <= room:
        open_seats = [s for s in seats if len(hands[s]) < HAND_SIZE]
        if not table or not open_seats:
            return None
        hands[rng.choice(open_seats)].append(table.pop())
    tiles = tuple(tuple(hands[s]) if s in seats else None for s in range(SEATS))
    pips = tuple(0 if s == winner else hand_pips(hands[s]) if s in seats else None for s in range(SEATS))
    return Round("domino", pips, winner, tiles)


def _split(rng: random.Random, total: int, parts: int, most: int) -> list[int] | None:
    """``total`` in ``parts`` counts of at most ``most``, none light enough to fight over the light tiles."""
    for _ in range(100):
        cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        if all(10 <= c <= most for c in counts):
            return counts
    return None


def _over_bound(rng: random.Random, opened: bool) -> Round | None:
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    kind = rng.choice(["opponents", "after_domino", "blocked", "hand"])
    winner = rng.randrange(SEATS)
    if kind == "blocked":
        counts = _split(rng, lim["blocked"] + 1, SEATS, lim["hand"])
        return None if counts is None else Round("blocked", tuple(counts))
    pips: list[int | None] = [None] * SEATS
    pips[winner] = 0
    first, second, partner = (winner + 1) % SEATS, (winner + 3) % SEATS, partner_of(winner)
    if kind == "hand":
        if not opened:
            return None  # over 69 is a scoring limit, not the line's
        pips[first], pips[second] = lim["hand"] + 1, rng.randint(10, 30)
    elif kind == "opponents":
        counts = _split(rng, lim["opponents"] + 1, 2, lim["hand"])
        if counts is None:
            return None
        pips[first], pips[second] = counts
    else:
        counts = _split(rng, lim["after_domino"] + 1, 3, lim["hand"])
        if counts is None or counts[0] + counts[1] > lim["opponents"]:
            return None
        pips[first], pips[second], pips[partner] = counts
    return Round("domino", tuple(pips), winner)


def _light_hands(rng: random.Random, played: Played) -> Round | None:
    pips: list[int | None] = [hand_pips(h) for h in played.hands]
    seats = [s for s in range(SEATS) if s != played.winner]
    value, count = rng.choice([(0, 2), (1, 2), (2, 3)])
    if played.end == "domino":
        count = min(count, 3)
    if len(seats) < count:
        return None
    for s in rng.sample(seats, count):
        pips[s] = value
    if played.winner is not None:
        pips[played.winner] = 0
    return Round(played.end, tuple(pips), played.winner)


def _double_six_held(rng: random.Random, played: Played) -> Round | None:
    hands = [list(h) for h in played.hands]
    seats = [s for s in range(SEATS) if s != played.winner and hands[s]]
    seat = rng.choice(seats)
    hands[seat][rng.randrange(len(hands[seat]))] = DOUBLE_SIX
    tiles = tuple(tuple(hands[s]) if s == seat else None for s in range(SEATS))
    pips = tuple(0 if s == played.winner else hand_pips(h) for s, h in enumerate(hands))
    return Round(played.end, pips, played.winner, tiles)


KINDS = ("parity_blocked", "parity_domino", "no_whole_suit", "kept_too_many", "over_bound", "light_hands",
         "double_six_held")  # fmt: skip


def impossible_rounds(rng: random.Random, count: int) -> Iterator[Impossible]:
    """``count`` impossible rounds, the kinds in turn, each opening in turn."""
    made = 0
    while made < count:
        kind = KINDS[made % len(KINDS)]
        opened = kind == "double_six_held" or rng.random() < 0.5
        rnd: Round | None
        if kind == "parity_blocked":
            rnd = _swap_parity(rng, _real(rng, "blocked", opened), opened, 0)
        elif kind == "parity_domino":
            rnd = _swap_parity(rng, _real(rng, "domino", opened), opened, 2)
        elif kind == "no_whole_suit":
            rnd = _no_whole_suit(rng, _real(rng, "blocked", opened), opened)
        elif kind == "kept_too_many":
            rnd = _kept_too_many(rng, _real(rng, "domino", opened), opened)
        elif kind == "over_bound":
            rnd = _over_bound(rng, opened)
        elif kind == "light_hands":
            rnd = _light_hands(rng, _real(rng, rng.choice(["domino", "blocked"]), opened))
        else:
            rnd = _double_six_held(rng, _real(rng, rng.choice(["domino", "blocked"]), True))
        if rnd is None:
            continue
        try:
            rnd.result  # noqa: B018 - only rounds the scoring accepts test the line of play
        except ValueError:
            continue
        made += 1
        yield Impossible(kind, rnd, opened)
