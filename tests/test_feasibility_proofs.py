"""The fast proofs on their own: the rounds each one proves without the decision, and the edges it proves at.

``test_feasibility_fast.py`` holds the proofs to the decision (a proof never
accepts what ``_decide`` refuses). These tests hold them to what they are for:
a proof that says "not proven" too often gives the same answers, only slower,
so here each proof is asked directly and must prove the cases at its edges.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import feasibility
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import LIMITS, LIMITS_DOUBLE_SIX, round_problem, scored_round_problem
from scorekeeper.core.rules import score_round
from scorekeeper.core.tiles import SEATS, Tile


def tiles(*names: str) -> tuple[Tile, ...]:
    return tuple(Tile.of(int(n[0]), int(n[2])) for n in names)


# --- bad input: the rules' refusal, never an IndexError ----------------------------------


@pytest.mark.parametrize(
    ("end", "pips", "winner"),
    [
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
        ("domino", (0, 70, None, 5), 0),
        ("blocked", (5, 5, 5), None),
        ("blocked", (5, 5, 5, 5), 2),
        ("blocked", (5, None, 5, 5), None),
        ("blocked", (5, True, 5, 5), None),
        ("blocked", (5, 5, 5, 70), None),
        ("redeal", (None,) * SEATS, 1),
        ("draw", (0, 5, 5, 5), None),
    ],
)
@pytest.mark.parametrize("picked", [None, (None, tiles("5-0"), None, None)])
def test_a_round_the_rules_refuse_gets_their_refusal_in_their_words(end, pips, winner, picked):
    with pytest.raises(InvalidRound) as refused:
        score_round(end, pips, winner)
    problem = round_problem(end, pips, winner, picked)
    assert problem is not None, (end, pips, winner)
    expected = refused.value
    assert (problem.code, str(problem), problem.values) == (expected.code, str(expected), expected.values)


# --- the typed proof: one seat-free question, proved at its edges ----------------------


def typed_proof(end: str, pips: tuple[int | None, ...], winner: int | None, opened: bool) -> bool:
    """The typed proof on its own: the seat-free question, then the proof (no decision behind it)."""
    key = feasibility._typed_key(end, pips, winner)
    assert key is not None, "a round the rules score has a seat-free question"
    return feasibility._typed_proof(end, key, opened)


def turned(pips: tuple[int | None, ...], winner: int | None, turn: int) -> tuple[tuple[int | None, ...], int | None]:
    """The same round with every seat moved ``turn`` places round the table."""
    moved = tuple(pips[(seat - turn) % SEATS] for seat in range(SEATS))
    return moved, None if winner is None else (winner + turn) % SEATS


@st.composite
def scorable_typed(draw):
    """Typed counts the rules score: four for a blocked game; after a domino the partner's may be missing."""
    pips: list[int | None] = [draw(st.integers(0, 69)) for _ in range(SEATS)]
    if draw(st.booleans()):
        return "blocked", tuple(pips), None
    winner = draw(st.integers(0, SEATS - 1))
    pips[winner] = 0
    if draw(st.booleans()):
        pips[(winner + 2) % SEATS] = None
    return "domino", tuple(pips), winner


@settings(max_examples=300)
@given(scorable_typed(), st.integers(1, SEATS - 1))
def test_the_typed_question_is_the_same_from_every_seat(case, turn):
    """The memo's key: every round the rules score has one, and turning the table or swapping opponents keeps it."""
    end, pips, winner = case
    key = feasibility._typed_key(end, pips, winner)
    assert key is not None, case
    assert feasibility._typed_key(end, *turned(pips, winner, turn)) == key, case
    if end == "blocked":
        assert feasibility._typed_key(end, pips[::-1], None) == key
    else:
        left, right = (winner + 1) % SEATS, (winner + 3) % SEATS
        swapped = list(pips)
        swapped[left], swapped[right] = pips[right], pips[left]
        assert feasibility._typed_key(end, tuple(swapped), winner) == key, case


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


@pytest.mark.parametrize("opened", [False, True])
@pytest.mark.parametrize("turn", range(SEATS))
def test_the_typed_proof_alone_proves_the_rounds_at_its_edges(opened, turn):
    for end, pips, winner in edges(opened):
        pips, winner = turned(pips, winner, turn)
        assert feasibility._decide(end, pips, winner, None, opened) is None, (end, pips, winner)
        assert typed_proof(end, pips, winner, opened), (end, pips, winner, opened)


# --- the picked proof: picked hands with typed ones, proved at its edges ---------------------

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


@pytest.mark.parametrize("opened", [False, True])
@pytest.mark.parametrize("turn", range(SEATS))
def test_the_picked_proof_alone_proves_the_rounds_at_its_edges(opened, turn):
    for end, counts, winner, hands in picked_edges():
        pips, _ = turned(with_counts(counts, hands), winner, turn)
        moved, winner_now = turned(hands, winner, turn)
        assert feasibility._decide(end, pips, winner_now, moved, opened) is None, (end, pips, moved)
        assert feasibility._picked_proof(end, pips, winner_now, moved, opened), (end, pips, winner_now, moved, opened)


def test_the_picked_proof_proves_a_round_with_the_double_six_picked_when_it_did_not_open():
    hands = (None, tiles("6-6"), None, None)
    pips = (0, 12, None, 20)
    assert feasibility._picked_proof("domino", pips, 0, hands, False)
    assert not feasibility._picked_proof("domino", pips, 0, hands, True)  # it opened: no hand holds it
    assert round_problem("domino", pips, 0, hands, True).code == "double_six_picked"


def test_the_player_out_with_a_picked_tile_is_refused_though_its_count_says_none():
    hands = (tiles("1-0"), tiles("5-5"), None, None)
    assert not feasibility._picked_proof("domino", (0, 10, None, 12), 0, hands, False)
    problem = round_problem("domino", (0, 10, None, 12), 0, hands)
    assert problem.code == "winner_holds_pips" and problem.values == {"seat": 0, "value": 1}


def test_a_proved_round_is_answered_without_the_decision(monkeypatch):
    """What the proofs are for: a round one of them proves never reaches the full decision."""

    def no_decision(*args):
        raise AssertionError(f"the decision was asked about {args}")

    monkeypatch.setattr(feasibility, "_decide", no_decision)
    feasibility._typed_answer.cache_clear()
    for opened in (False, True):
        for end, pips, winner in edges(opened):
            assert round_problem(end, pips, winner, None, opened) is None
        for end, counts, winner, hands in picked_edges():
            assert round_problem(end, with_counts(counts, hands), winner, hands, opened) is None


def test_a_round_the_rules_refuse_gets_their_refusal_and_a_redeal_nothing():
    """Only ``round_problem`` asks the rules; the scored path trusts that a replay already did."""
    picked_nothing_left = ((Tile(6, 6),), None, None, None)
    refusal = round_problem("domino", (0, 12, None, 30), 4, picked_nothing_left)
    assert refusal is not None and refusal.code == "winner_out_of_range"
    assert round_problem("redeal", (None,) * 4, 2) is not None  # a redeal names no one who went out
    assert scored_round_problem("redeal", (None,) * 4, None, None, False) is None
    assert round_problem("redeal", (None,) * 4) is None
