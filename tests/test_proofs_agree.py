"""The proofs that may answer first never disagree with the one decision, refusals and words included."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import feasibility, proofs
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import round_problem
from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.match import DOUBLE_SIX_OPENS, Round
from scorekeeper.core.tiles import HAND_SIZE, SEATS, SET
from tests.play import as_round, play_round


def picked(tiles):
    """The picked hands as the decision takes them: None when no hand was picked."""
    return None if tiles is None or all(hand is None for hand in tiles) else tiles


def decide(end, pips, winner, tiles, opened):
    """The one decision, asked directly: no proof in front of it, no memo."""
    return feasibility._decide(end, tuple(pips), winner, picked(tiles), opened)


def proven_typed(end, pips, winner, opened) -> bool:
    key = proofs.typed_key(end, tuple(pips), winner)
    return key is not None and proofs.typed_proof(end, key, opened)


def same(a: InvalidRound | None, b: InvalidRound | None) -> bool:
    if a is None or b is None:
        return a is b
    return (a.code, str(a), a.values) == (b.code, str(b), b.values)


def near_limits(opened: bool) -> list[int]:
    """Counts where the limits bite: each named limit, split in two or three, and one either side."""
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    out = []
    for value in lim.values():
        for part in (value, value // 2, (value + 1) // 2, value // 3, value - lim["hand"]):
            out.extend(v for v in (part - 1, part, part + 1) if 0 <= v <= 69)
    return out


@st.composite
def typed_rounds(draw):
    opened = draw(st.booleans())
    count = st.one_of(st.integers(0, 6), st.integers(0, 69), st.sampled_from(near_limits(opened)))
    pips = [draw(count) for _ in range(SEATS)]
    if draw(st.booleans()):
        return "blocked", tuple(pips), None, opened
    winner = draw(st.integers(0, SEATS - 1))
    pips[winner] = 0
    if draw(st.booleans()):
        pips[(winner + 2) % SEATS] = None
    return "domino", tuple(pips), winner, opened


@settings(max_examples=300)
@given(typed_rounds())
def test_a_typed_round_is_answered_as_the_decision_answers(case):
    end, pips, winner, opened = case
    expected = decide(end, pips, winner, None, opened)
    if proven_typed(end, pips, winner, opened):
        assert expected is None, case  # a proof, never a guess
    assert same(round_problem(end, pips, winner, None, opened), expected), case
    assert same(round_problem(end, list(pips), winner, None, opened), expected), case


@st.composite
def picked_rounds(draw):
    """A deal (all 28 tiles in four hands), then per seat some tiles kept and picked, a count typed, or nothing."""
    deal = draw(st.permutations(SET))
    opened = draw(st.booleans())
    end = draw(st.sampled_from(["domino", "blocked"]))
    winner = draw(st.integers(0, SEATS - 1)) if end == "domino" else None
    pips: list[int | None] = [None] * SEATS
    tiles: list[tuple | None] = [None] * SEATS
    for seat in range(SEATS):
        hand = deal[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]
        if seat == winner:
            pips[seat] = 0
            continue
        kept = hand[: draw(st.integers(1, HAND_SIZE))]
        needed = end == "domino" and seat != (winner + 2) % SEATS  # an opponent's count: the rules need it
        how = draw(st.sampled_from(["picked", "picked", "typed", *([] if needed else ["none"])]))
        if how == "picked":
            tiles[seat], pips[seat] = tuple(kept), sum(t.pips for t in kept)
        elif how == "typed":
            pips[seat] = draw(st.one_of(st.just(sum(t.pips for t in kept)), st.integers(0, 69)))
    if end == "blocked":
        pips = [sum(t.pips for t in deal[:3]) if p is None else p for p in pips]
    return end, tuple(pips), winner, tuple(tiles), opened


@settings(max_examples=300)
@given(picked_rounds())
def test_a_picked_round_is_answered_as_the_decision_answers(case):
    end, pips, winner, tiles, opened = case
    expected = decide(end, pips, winner, tiles, opened)
    if proofs.picked_proof(end, pips, winner, tiles, opened):
        assert expected is None, case
    assert same(round_problem(end, pips, winner, tiles, opened), expected), case


def rounds(rng: random.Random, count: int):
    """Scorable rounds with picked tiles: real ones, and real ones with counts or tiles changed (often impossible)."""
    made = 0
    while made < count:
        rnd = as_round(play_round(rng, DOUBLE_SIX_OPENS), rng, pick=0.5)
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


def test_rounds_of_real_games_changed_a_little_are_answered_as_the_decision_answers() -> None:
    rng = random.Random(2024)
    refused = proven = 0
    for rnd, opened in rounds(rng, 1000):
        expected = decide(rnd.end, rnd.pips, rnd.winner, rnd.tiles, opened)
        assert same(rnd.problem(opened), expected), (rnd, opened)
        # a replay, having scored the round, asks without the rules: the same answer
        assert same(feasibility.scored_round_problem(rnd.end, rnd.pips, rnd.winner, rnd.tiles, opened), expected)
        hands = picked(rnd.tiles)
        if hands is None:
            quick = proven_typed(rnd.end, rnd.pips, rnd.winner, opened)
        else:
            quick = proofs.picked_proof(rnd.end, rnd.pips, rnd.winner, hands, opened)
        assert not (quick and expected is not None), (rnd, opened)
        refused += expected is not None
        proven += quick
    print(f"refused {refused}, proven at once {proven}")
    assert refused > 50 and proven > 300  # both kinds were really asked


def test_the_typed_proof_never_accepts_past_a_limit_and_answers_most_real_rounds():
    for opened in (False, True):
        lim = LIMITS_DOUBLE_SIX if opened else LIMITS
        for a in range(lim["hand"] - 2, lim["hand"] + 1):
            for b in range(lim["opponents"] - a - 2, lim["opponents"] - a + 3):
                for partner in (None, 0, lim["after_domino"] - a - b, lim["after_domino"] - a - b + 1):
                    pips = (0, a, partner, b)
                    expected = decide("domino", pips, 0, None, opened)
                    assert not (proven_typed("domino", pips, 0, opened) and expected is not None), (pips, opened)
        for extra in (1, 2):
            pips = (30, 31, 32, lim["blocked"] - 93 + extra)
            assert not proven_typed("blocked", pips, None, opened), (pips, opened)
        assert not proven_typed("blocked", (-1, 10, 10, 10), None, opened)
        assert not proven_typed("domino", (0, -1, None, 10), 0, opened)
    rng = random.Random(3)
    proven = total = 0
    while total < 300:
        played = play_round(rng, DOUBLE_SIX_OPENS)
        if played.end == "redeal":
            continue
        rnd = as_round(played, rng)
        total += 1
        proven += proven_typed(rnd.end, rnd.pips, rnd.winner, True)
    assert proven >= 0.95 * total  # the proof is what keeps a replay cheap: it must answer real rounds
