"""What the feasibility check does with the fast proofs: asks the rules first, and answers a proved round at once.

A round the rules refuse gets their refusal, whatever a proof would say; a
round a proof proves (``tests/proof_edges.py``: the rounds at the proofs'
edges) is answered with the decision unavailable.
"""

from __future__ import annotations

import pytest

from scorekeeper.core import feasibility
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import round_problem, scored_round_problem
from scorekeeper.core.rules import score_round
from scorekeeper.core.tiles import Tile
from tests.proof_edges import REFUSED, edges, picked_edges, tiles, with_counts

# --- bad input: the rules' refusal, never an IndexError ----------------------------------


@pytest.mark.parametrize(("end", "pips", "winner"), REFUSED)
@pytest.mark.parametrize("picked", [None, (None, tiles("5-0"), None, None)])
def test_a_round_the_rules_refuse_gets_their_refusal_in_their_words(end, pips, winner, picked):
    with pytest.raises(InvalidRound) as refused:
        score_round(end, pips, winner)
    problem = round_problem(end, pips, winner, picked)
    assert problem is not None, (end, pips, winner)
    expected = refused.value
    assert (problem.code, str(problem), problem.values) == (expected.code, str(expected), expected.values)


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
