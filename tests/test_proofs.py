"""The fast proofs on their own: the rounds each one proves without the decision, and the edges it proves at.

``test_proofs_agree.py`` holds the proofs to the decision (a proof never
accepts what ``_decide`` refuses). These tests hold them to what they are for:
a proof that says "not proven" too often gives the same answers, only slower,
so here each proof is asked directly and must prove the cases at its edges.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import feasibility, proofs
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import round_problem
from scorekeeper.core.rules import score_round
from scorekeeper.core.tiles import SEATS
from tests.proof_edges import REFUSED, SEVEN, edges, picked_edges, tiles, turned, with_counts

# --- the typed proof: one seat-free question, proved at its edges ----------------------


def typed_proof(end: str, pips: tuple[int | None, ...], winner: int | None, opened: bool) -> bool:
    """The typed proof on its own: the seat-free question, then the proof (no decision behind it)."""
    key = proofs.typed_key(end, pips, winner)
    assert key is not None, "a round the rules score has a seat-free question"
    return proofs.typed_proof(end, key, opened)


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
    key = proofs.typed_key(end, pips, winner)
    assert key is not None, case
    assert proofs.typed_key(end, *turned(pips, winner, turn)) == key, case
    if end == "blocked":
        assert proofs.typed_key(end, pips[::-1], None) == key
    else:
        left, right = (winner + 1) % SEATS, (winner + 3) % SEATS
        swapped = list(pips)
        swapped[left], swapped[right] = pips[right], pips[left]
        assert proofs.typed_key(end, tuple(swapped), winner) == key, case


@pytest.mark.parametrize("opened", [False, True])
@pytest.mark.parametrize("turn", range(SEATS))
def test_the_typed_proof_alone_proves_the_rounds_at_its_edges(opened, turn):
    for end, pips, winner in edges(opened):
        pips, winner = turned(pips, winner, turn)
        assert feasibility._decide(end, pips, winner, None, opened) is None, (end, pips, winner)
        assert typed_proof(end, pips, winner, opened), (end, pips, winner, opened)


@pytest.mark.parametrize(("end", "pips", "winner"), REFUSED)
@pytest.mark.parametrize("opened", [False, True])
def test_the_typed_proof_accepts_no_round_the_rules_refuse(end, pips, winner, opened):
    """No seat-free question for it, or one the proof leaves to the decision (which asks the rules)."""
    with pytest.raises(InvalidRound):
        score_round(end, pips, winner)
    key = proofs.typed_key(end, pips, winner)
    assert key is None or not proofs.typed_proof(end, key, opened), (end, pips, winner, key)


# --- the picked proof: picked hands with typed ones, proved at its edges ---------------------


@pytest.mark.parametrize("opened", [False, True])
@pytest.mark.parametrize("turn", range(SEATS))
def test_the_picked_proof_alone_proves_the_rounds_at_its_edges(opened, turn):
    for end, counts, winner, hands in picked_edges():
        pips, _ = turned(with_counts(counts, hands), winner, turn)
        moved, winner_now = turned(hands, winner, turn)
        assert feasibility._decide(end, pips, winner_now, moved, opened) is None, (end, pips, moved)
        assert proofs.picked_proof(end, pips, winner_now, moved, opened), (end, pips, winner_now, moved, opened)


def test_the_picked_proof_proves_a_round_with_the_double_six_picked_when_it_did_not_open():
    hands = (None, tiles("6-6"), None, None)
    pips = (0, 12, None, 20)
    assert proofs.picked_proof("domino", pips, 0, hands, False)
    assert not proofs.picked_proof("domino", pips, 0, hands, True)  # it opened: no hand holds it
    assert round_problem("domino", pips, 0, hands, True).code == "double_six_picked"


def test_the_player_out_with_a_picked_tile_is_refused_though_its_count_says_none():
    hands = (tiles("1-0"), tiles("5-5"), None, None)
    assert not proofs.picked_proof("domino", (0, 10, None, 12), 0, hands, False)
    problem = round_problem("domino", (0, 10, None, 12), 0, hands)
    assert problem.code == "winner_holds_pips" and problem.values == {"seat": 0, "value": 1}


def test_the_picked_proof_accepts_no_hand_of_no_tile_or_of_eight():
    for hand, refusal in (((), "hand_empty"), ((*SEVEN, *tiles("0-0")), "hand_too_many_tiles")):
        hands = (hand, None, None, None)
        pips = with_counts((None, 10, 10, 10), hands)
        assert not proofs.picked_proof("blocked", pips, None, hands, False), hand
        assert round_problem("blocked", pips, None, hands).code == refusal
