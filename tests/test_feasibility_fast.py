"""The fast paths of the round check answer exactly what the full check answers, refusals and words included."""

import random

from scorekeeper.core import feasibility
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import round_problem
from scorekeeper.core.match import DOUBLE_SIX, Round
from scorekeeper.core.tiles import SEATS, SET
from tests.play import as_round, play_round


def full(end, pips, winner, tiles, opened):
    """The full check, uncached and asked to check the tiles itself: the slow path of issue 10."""
    frozen = None if tiles is None else tuple(None if h is None else tuple(h) for h in tiles)
    return feasibility._problem.__wrapped__(end, tuple(pips), winner, frozen, opened, False)


def same(a: InvalidRound | None, b: InvalidRound | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.code, str(a), a.values) == (b.code, str(b), b.values)


def rounds(rng: random.Random, count: int):
    """Scorable rounds with picked tiles: real ones, and real ones with counts or tiles changed (often impossible)."""
    made = 0
    while made < count:
        rnd = as_round(play_round(rng, DOUBLE_SIX), rng, pick=0.5)
        if rnd.end == "redeal":
            continue
        pips, tiles = list(rnd.pips), list(rnd.tiles or (None,) * SEATS)
        if rng.random() < 0.5:
            seat = rng.randrange(SEATS)
            if seat != rnd.winner and tiles[seat] is None:
                pips[seat] = rng.choice([0, 1, 2, 3, rng.randint(0, 69)])
        if rng.random() < 0.4:  # a hand picked from anywhere: may hold the 6-6, a blocking suit, a light tile
            seat = rng.randrange(SEATS)
            if seat != rnd.winner:
                free = [t for t in SET if not any(h and t in h for h in tiles)]
                hand = tuple(rng.sample(free, rng.randint(1, 7)))
                tiles[seat], pips[seat] = hand, sum(t.pips for t in hand)
        candidate = Round(rnd.end, tuple(pips), rnd.winner, tuple(tiles))
        try:
            candidate.result  # noqa: B018 - only scorable rounds reach the feasibility check
        except InvalidRound:
            continue
        made += 1
        yield candidate, rng.random() < 0.5


def test_picked_rounds_answer_as_the_full_check() -> None:
    rng = random.Random(2024)
    refused = proven = 0
    for rnd, opened in rounds(rng, 3000):
        expected = full(rnd.end, rnd.pips, rnd.winner, rnd.tiles, opened)
        got = rnd.problem(opened)
        assert same(got, expected), (rnd, opened, got, expected)
        quick = feasibility._picked_possible(rnd.end, rnd.pips, rnd.winner, rnd.tiles, opened)
        assert not (quick and expected is not None), (rnd, opened)  # a proof, never a guess
        refused += expected is not None
        proven += quick
    assert refused > 150 and proven > 1000  # both kinds were really asked


def test_typed_rounds_answer_as_the_full_check() -> None:
    rng = random.Random(7)
    for _ in range(4000):
        opened = rng.random() < 0.5
        top = rng.choice([6, 20, 40, 69])
        pips: list[int | None] = [rng.randint(0, top) for _ in range(SEATS)]
        if rng.random() < 0.5:
            end, winner = "blocked", None
        else:
            end, winner = "domino", rng.randrange(SEATS)
            pips[winner] = 0
            if rng.random() < 0.5:
                pips[(winner + 2) % SEATS] = None
        expected = full(end, pips, winner, None, opened)
        assert same(round_problem(end, tuple(pips), winner, None, opened), expected), (end, pips, winner, opened)
        assert same(round_problem(end, list(pips), winner, None, opened), expected)
