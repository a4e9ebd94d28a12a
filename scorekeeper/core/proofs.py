"""Fast proofs that a round can happen, so that the feasibility check can answer without searching.

The decision (``scorekeeper.core.feasibility``) searches deals and lines of play,
and a replay asks it of every round. Most rounds entered are plainly possible:
a greedy deal that respects every named limit proves it at once. Each proof
answers True only when the decision would accept the round; False means "not
proven here", never a refusal, and the decision answers instead. The property
tests (``tests/test_proofs_agree.py``) hold the proofs to the decision, and
``tests/test_proofs.py`` makes each prove the rounds at its guards' edges.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import cast

from scorekeeper.core.deal import greedy_fits
from scorekeeper.core.deal import minus as _minus
from scorekeeper.core.limits import AROUND, BLOCKED, OPENING, limit_problem
from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, SEATS, Hands, Tile, hand_pips

#: The types a count can have in a round the rules score (``score_round`` refuses a bool or a float).
_COUNT_TYPES = frozenset({int, type(None)})
#: The blocked rows (``BLOCKED``), heaviest suit first: the greedy proofs' order (light tiles left: half the deals).
_BLOCKED_TRY = {opened: rows[::-1] for opened, rows in BLOCKED.items()}


def typed_key(end: str, pips: tuple[int | None, ...], winner: int | None) -> tuple[int | None, ...] | None:
    """The seat-free question behind typed totals (blocked: sums sorted; domino: opponents sorted, partner).

    None only for a round ``score_round`` refuses: not four whole counts, a seat out that is none.
    """
    if len(pips) != SEATS or not _COUNT_TYPES.issuperset(map(type, pips)):
        return None
    if end == "blocked":
        return None if None in pips or winner is not None else tuple(sorted(pips))  # type: ignore[type-var]  # no None in them
    if type(winner) is not int or not 0 <= winner < SEATS:
        return None
    left, right, partner = AROUND[winner]
    a, b = pips[left], pips[right]
    if a is None or b is None:
        return None
    return (a, b, pips[partner]) if a <= b else (b, a, pips[partner])


@lru_cache(maxsize=65_536)
def typed_proof(end: str, key: tuple[int | None, ...], opened: bool) -> bool:
    """True only when the decision accepts typed totals with this seat-free ``key``: the limits, then a greedy deal."""
    if end == "blocked":  # the four sums, lightest first: a blocked game's typed key has no count missing
        sums = cast(tuple[int, ...], key)
        return sums[0] >= 0 and _blocked_greedy(sums[::-1], (), 0, opened)
    a, b, partner = cast(tuple[int, int, int | None], key)  # seat 0 out: opponents a <= b at 1 and 3, partner at 2
    held = {1: a, 3: b} if partner is None else {1: a, 3: b, 2: partner}
    ordered = sorted(held.values(), reverse=True)
    if a < 0 or (partner is not None and partner < 0) or limit_problem(end, 0, held, opened) is not None:
        return False
    return greedy_fits(OPENING[opened], ordered)


def _blocked_greedy(heaviest_first: Sequence[int], picked: Sequence[Tile], shown: int, opened: bool) -> bool:
    """A greedy deal of the typed sums for some blocking number the picked tiles leave whole (a proof).

    It needs no look at the named limits: a hand dealt or picked holds seven tiles at most of the
    round's pool (one hand's limit), and the blocking number's own bound is at most the blocked limit.
    """
    total = sum(heaviest_first) + hand_pips(picked)
    for number, most, without in _BLOCKED_TRY[opened]:
        whole = total <= most and not shown >> number & 1  # this number can have blocked
        if whole and greedy_fits(_minus(without, picked) if picked else without, heaviest_first):
            return True
    return False


def picked_proof(end: str, pips: tuple[int | None, ...], winner: int | None, tiles: Hands, opened: bool) -> bool:
    """True only when the decision accepts this round with picked tiles; False means "not proven here".

    Asked only about a round the rules score (``round_problem`` asks them
    first): four counts, none negative, a seat out that exists. Cheap checks of
    the picked tiles first (each tile once, one to seven per hand still in,
    none for the player out, not the opening 6-6), the named limits, then a
    greedy deal of the typed hands from what the picks leave. A round whose
    every hand is known goes to the decision (its table must be one line).
    """
    domino = end == "domino"
    out = winner if domino else None
    if len(tiles) != SEATS or (out is not None and tiles[out]):
        return False
    picked: list[Tile] = []
    sums: dict[int, int] = {}
    typed: list[int] = []
    counts: dict[int, int] = {}
    for seat in range(SEATS):  # every round asks this: plain indexing, the cheapest loop
        if seat == out:
            continue
        hand = tiles[seat]
        if hand is not None:
            count = len(hand)
            if not count or count > HAND_SIZE:
                return False
            picked += hand
            sums[seat] = hand_pips(hand)
            counts[seat] = count
        elif (value := pips[seat]) is not None:
            sums[seat] = value
            typed.append(value)
    if not typed and len(sums) == SEATS - (out is not None):
        return False  # every hand known: the line decides
    seen = set(picked)
    if len(seen) != len(picked) or (opened and DOUBLE_SIX in seen):
        return False  # a tile in two hands, or the 6-6 that opened the round
    if domino and limit_problem(end, out, sums, opened, counts) is not None:
        return False
    typed.sort(reverse=True)
    if domino:
        return greedy_fits(_minus(OPENING[opened], picked), typed)
    shown = 0
    for high, low in picked:
        shown |= (1 << high) | (1 << low)
    return _blocked_greedy(typed, picked, shown, opened)
