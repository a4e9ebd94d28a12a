"""score_round against docs/rules.md: worked examples, limits and properties."""

import dataclasses

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.core.limits import LIMITS
from scorekeeper.core.rules import (
    TEAMS,
    InvalidRound,
    RoundResult,
    opponents_of,
    partner_of,
    score_round,
    seats_of,
    team_at,
    team_index,
    team_of,
)
from scorekeeper.core.tiles import MAX_HAND, MAX_TWO_HANDS

MAX_BLOCKED_TABLE = LIMITS["blocked"]

# --- docs/rules.md worked examples, one test each -------------------------------


def test_example_seat_2_dominoes():
    assert score_round("domino", [None, 23, 0, 14], winner=2) == RoundResult("A", 3, (2,))


def test_example_seat_2_dominoes_partner_pips_do_not_count():
    assert score_round("domino", [60, 23, 0, 14], winner=2).points == 3


def test_example_seat_1_dominoes_zero_points():
    result = score_round("domino", [5, 0, 4, None], winner=1)
    assert (result.team, result.points) == ("B", 0)


def test_example_blocked_unique_lowest():
    result = score_round("blocked", [12, 30, 25, 18])
    assert (result.team, result.points, result.winners) == ("A", 7, (0,))


def test_example_blocked_cross_team_tie():
    result = score_round("blocked", [9, 9, 20, 31])
    assert (result.team, result.points, result.tie) == (None, 0, True)


def test_example_blocked_partner_tie():
    result = score_round("blocked", [6, 15, 6, 22])
    assert (result.team, result.points, result.winners) == ("A", 4, (0, 2))


def test_example_redeal():
    assert score_round("redeal", None) == RoundResult(None, 0)
    assert score_round("redeal", [1, 2, 3, 4]).points == 0


# --- the seats ---------------------------------------------------------------


def test_teams_and_partners():
    assert [team_of(s) for s in range(4)] == ["A", "B", "A", "B"]
    assert [partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert opponents_of(0) == (1, 3)
    assert opponents_of(1) == (2, 0)


def test_the_team_letter_and_its_seats_and_place_are_one_mapping():
    assert TEAMS == ("A", "B")
    assert [team_index(t) for t in TEAMS] == [0, 1]
    assert [team_at(i) for i in range(2)] == ["A", "B"]
    assert seats_of("A") == (0, 2)
    assert seats_of("B") == (1, 3)
    assert all(team_of(seat) == team for team in TEAMS for seat in seats_of(team))
    with pytest.raises(ValueError):
        team_index("C")


# --- what can never be entered -------------------------------------------------


def code_of(*args, **kwargs) -> str:
    with pytest.raises(InvalidRound) as err:
        score_round(*args, **kwargs)
    assert isinstance(err.value, ValueError)
    assert str(err.value)  # a plain-words reason
    return err.value.code


@pytest.mark.parametrize(
    ("args", "kwargs", "code"),
    [
        (("draw", [0, 0, 0, 0]), {}, "end_unknown"),
        ((None, [0, 0, 0, 0]), {}, "end_unknown"),
        (("domino", [0, 10, 0, 10]), {}, "winner_missing"),
        (("domino", [0, 10, 0, 10]), {"winner": 4}, "winner_out_of_range"),
        (("domino", [0, 10, 0, 10]), {"winner": -1}, "winner_out_of_range"),
        (("domino", [0, 10, 0, 10]), {"winner": True}, "winner_out_of_range"),
        (("domino", [3, 10, 0, 10]), {"winner": 0}, "winner_holds_pips"),
        (("domino", [0, None, 0, 10]), {"winner": 0}, "pips_missing"),
        (("domino", [0, 10.0, 0, 10]), {"winner": 0}, "pips_not_whole"),
        (("domino", [0, "10", 0, 10]), {"winner": 0}, "pips_not_whole"),
        (("domino", [0, True, 0, 10]), {"winner": 0}, "pips_not_whole"),
        (("domino", [0, -1, 0, 10]), {"winner": 0}, "pips_negative"),
        (("domino", [0, 70, 0, 10]), {"winner": 0}, "pips_over_hand"),
        (("domino", [0, 60, 70, 50]), {"winner": 0}, "pips_over_hand"),
        (("domino", [0, 10, 0]), {"winner": 0}, "pips_not_four"),
        (("domino", [0, 10, 0, 10, 0]), {"winner": 0}, "pips_not_four"),
        (("domino", "0000"), {"winner": 0}, "pips_not_four"),
        (("domino", None), {"winner": 0}, "pips_not_four"),
        (("blocked", [1, 2, 3, None]), {}, "pips_missing"),
        (("blocked", [1, 2, 3, 4]), {"winner": 0}, "winner_not_allowed"),
        (("redeal", None), {"winner": 0}, "winner_not_allowed"),
    ],
)
def test_impossible_rounds_are_refused_with_a_code(args, kwargs, code):
    assert code_of(*args, **kwargs) == code


def test_scoring_leaves_the_limits_of_play_to_the_feasibility_check():
    # 60 + 59 opponents cannot happen (118 at most), but the score is still defined:
    # a stored round like that keeps its score while the review marks it.
    assert score_round("domino", [0, 60, 0, 59], winner=0).points == 11
    assert score_round("blocked", [40, 40, 40, 40]) == RoundResult(None, 0, (), tie=True)


def test_limits_are_inclusive():
    assert score_round("domino", [0, MAX_HAND, 0, MAX_TWO_HANDS - MAX_HAND], winner=0).points == MAX_TWO_HANDS // 10
    spread = [MAX_BLOCKED_TABLE - 90, 29, 30, 31]
    assert sum(spread) == MAX_BLOCKED_TABLE
    assert score_round("blocked", spread) == RoundResult("B", (MAX_BLOCKED_TABLE - 29) // 10, (1,))


def test_error_carries_values_for_translation():
    with pytest.raises(InvalidRound) as err:
        score_round("domino", [0, 70, 0, 1], winner=0)
    assert err.value.values == {"seat": 1, "value": 70, "limit": MAX_HAND}


# --- properties ------------------------------------------------------------------

pip = st.integers(min_value=0, max_value=MAX_HAND)
SWAP = [1, 0, 3, 2]  # seat -> the seat one step round: every team flips


def swapped(pips):
    return [pips[SWAP[s]] for s in range(4)]


@st.composite
def dominoes(draw):
    winner = draw(st.integers(0, 3))
    a, b = opponents_of(winner)
    pips = [None] * 4
    pips[winner] = draw(st.sampled_from([None, 0]))
    pips[a] = draw(pip)
    pips[b] = draw(st.integers(0, min(MAX_HAND, MAX_TWO_HANDS - pips[a])))
    pips[partner_of(winner)] = draw(st.one_of(st.none(), st.integers(0, MAX_HAND - 0)))
    if pips[partner_of(winner)] is not None:
        assume(pips[a] + pips[b] + pips[partner_of(winner)] <= LIMITS["after_domino"])
        assume(max(pips[a], pips[b]) + pips[partner_of(winner)] <= MAX_TWO_HANDS)
    return pips, winner


@st.composite
def blocked(draw):
    pips = draw(st.lists(pip, min_size=4, max_size=4))
    assume(sum(pips) <= MAX_BLOCKED_TABLE)
    assume(all(pips[i] + pips[j] <= MAX_TWO_HANDS for i in range(4) for j in range(i + 1, 4)))
    return pips


@given(dominoes())
def test_domino_points_are_the_opponents_tenth(case):
    pips, winner = case
    result = score_round("domino", pips, winner)
    a, b = opponents_of(winner)
    assert result.points == (pips[a] + pips[b]) // 10 >= 0
    assert result.team == team_of(winner)


@given(blocked())
def test_blocked_points_are_the_tenth_of_the_other_three(pips):
    result = score_round("blocked", pips)
    assert result.points >= 0
    if result.team is not None:
        assert result.points == (sum(pips) - min(pips)) // 10
    else:
        assert result.points == 0


@given(dominoes())
def test_domino_swapping_teams_swaps_winner_and_keeps_points(case):
    pips, winner = case
    here = score_round("domino", pips, winner)
    there = score_round("domino", swapped(pips), SWAP[winner])
    assert {here.team, there.team} == {"A", "B"}
    assert here.points == there.points


@given(blocked())
def test_blocked_swapping_teams_swaps_winner_and_keeps_points(pips):
    here = score_round("blocked", pips)
    there = score_round("blocked", swapped(pips))
    assert here.points == there.points
    assert {here.team, there.team} == ({None} if here.team is None else {"A", "B"})


@given(blocked())
def test_unique_lowest_wins_for_its_team(pips):
    low = min(pips)
    assume(pips.count(low) == 1)
    seat = pips.index(low)
    assert score_round("blocked", pips).team == team_of(seat)


@given(blocked())
def test_cross_team_tie_for_lowest_scores_nothing(pips):
    low = min(pips)
    lowest_teams = {team_of(s) for s in range(4) if pips[s] == low}
    assume(len(lowest_teams) == 2)
    result = score_round("blocked", pips)
    assert (result.team, result.points, result.tie) == (None, 0, True)


odd = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.binary(max_size=3),
    st.lists(st.integers(-5, 200), max_size=6),
    st.lists(st.one_of(st.none(), st.integers(-5, 200), st.floats(), st.text(max_size=2)), min_size=4, max_size=4),
    st.dictionaries(st.integers(0, 3), st.integers(0, 70), max_size=4),
    st.tuples(st.integers(), st.integers()),
)


@given(st.one_of(st.sampled_from(["domino", "blocked", "redeal"]), odd), odd, odd)
def test_no_input_raises_anything_but_invalid_round(end, pips, winner):
    try:
        result = score_round(end, pips, winner)
    except InvalidRound:
        return
    assert result.team in ("A", "B", None)
    assert isinstance(result.points, int) and result.points >= 0


def test_only_a_cross_team_tie_is_marked_as_a_tie():
    assert score_round("domino", [None, 10, None, 10], winner=0).tie is False
    assert score_round("redeal", [None] * 4).tie is False
    assert score_round("blocked", [5, 10, 5, 20]).tie is False  # partners tie: their team scores
    assert score_round("blocked", [5, 5, 10, 20]).tie is True


def test_a_round_result_is_a_frozen_value():
    result = score_round("redeal", [None] * 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.points = 3  # type: ignore[misc]
