"""The named limits: the figures docs/rules.md names, and each refused one past it with its words and values."""

import pytest

from scorekeeper.core.deal import pool_of
from scorekeeper.core.feasibility import round_problem
from scorekeeper.core.limits import BLOCKED, LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.line import max_blocked_hands, suit
from scorekeeper.core.tiles import DOUBLE_SIX, HIGHEST, SET


def code(*args, **kwargs) -> str:
    problem = round_problem(*args, **kwargs)
    assert problem is not None, "expected a refusal"
    assert str(problem)
    return problem.code


@pytest.mark.parametrize("opened", [False, True])
def test_every_named_limit_is_refused_one_past_it_and_accepted_at_it(opened):
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    tag = "_66" if opened else ""
    # one hand (the 69 itself is a scoring limit; the 65 after the 6-6 opening is the line's)
    if opened:
        assert code("domino", (0, lim["hand"] + 1, 0, 10), 0, opened_with_double_six=True) == "pips_over_hand_66"
    assert round_problem("domino", (0, lim["hand"], 0, 10), 0, opened_with_double_six=opened) is None
    # the two opponents after a domino
    over = (0, lim["hand"], None, lim["opponents"] - lim["hand"] + 1)
    assert code("domino", over, 0, opened_with_double_six=opened) == f"opponents_over_limit{tag}"
    at = (0, lim["hand"], None, lim["opponents"] - lim["hand"])
    assert round_problem("domino", at, 0, opened_with_double_six=opened) is None
    # the three hands left after a domino
    third = lim["after_domino"] - lim["opponents"]
    over = (0, lim["hand"], third + 1, lim["opponents"] - lim["hand"])
    assert code("domino", over, 0, opened_with_double_six=opened) == f"after_domino_over_limit{tag}"
    at = (0, lim["hand"], third, lim["opponents"] - lim["hand"])
    assert round_problem("domino", at, 0, opened_with_double_six=opened) is None
    # the four hands of a blocked game
    spread = [lim["blocked"] - 90, 29, 30, 31]
    assert round_problem("blocked", tuple(spread), opened_with_double_six=opened) is None
    spread[0] += 1
    assert code("blocked", tuple(spread), opened_with_double_six=opened) == f"blocked_over_limit{tag}"


def test_the_limits_are_the_ones_docs_rules_md_names():
    assert (LIMITS["hand"], LIMITS["opponents"], LIMITS["after_domino"], LIMITS["blocked"]) == (69, 112, 129, 126)
    assert tuple(LIMITS_DOUBLE_SIX.values()) == (65, 103, 118, 114)


@pytest.mark.parametrize("opened", [False, True])
def test_the_opponents_and_three_hands_limits_follow_from_the_tiles_compulsory_play_leaves(opened):
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    pool = sorted((t.pips for t in SET if not (opened and t == DOUBLE_SIX)), reverse=True)
    # the thirteen heaviest tiles (112), or the search's 103 after the 6-6 opening (the thirteen weigh 106)
    assert lim["opponents"] == (103 if opened else sum(pool[:13])) and sum(pool[:13]) == (106 if opened else 112)
    # the three hands: what the lightest domino table leaves (39 pips, 50 after the 6-6), below the 17 heaviest
    assert lim["after_domino"] == 168 - (50 if opened else 39) < sum(pool[:17]) == (128 if opened else 135)
    tag = "_66" if opened else ""
    # the example of docs/rules.md: both opponents typed 59 after the winner went out
    problem = round_problem("domino", (0, 59, None, 59), 0, opened_with_double_six=opened)
    assert problem.code == f"opponents_over_limit{tag}"
    assert problem.values == {"seats": [1, 3], "total": 118, "limit": lim["opponents"]}
    # domino (0, 51, 51, 51): 21 tiles would be left in three hands
    problem = round_problem("domino", (0, 51, 51, 51), 0, opened_with_double_six=opened)
    assert problem.code in (f"opponents_over_limit{tag}", f"after_domino_over_limit{tag}")


def test_two_opponents_picked_with_fourteen_tiles_are_refused_and_thirteen_accepted():
    light = [t for t in SET if t != DOUBLE_SIX]
    first, second = tuple(light[:7]), tuple(light[7:14])
    pips = (0, sum(t.pips for t in first), None, sum(t.pips for t in second))
    problem = round_problem("domino", pips, 0, tiles=(None, first, None, second))
    assert problem.code == "kept_too_many"
    assert problem.values == {"seats": [1, 3], "count": 14, "limit": 13}
    fewer = second[:6]
    pips = (0, sum(t.pips for t in first), None, sum(t.pips for t in fewer))
    assert round_problem("domino", pips, 0, tiles=(None, first, None, fewer)) is None


def test_three_hands_picked_with_eighteen_tiles_are_refused_and_seventeen_accepted():
    rest = [t for t in SET if t != DOUBLE_SIX]
    a, b, c = tuple(rest[:6]), tuple(rest[6:12]), tuple(rest[12:18])
    problem = round_problem("domino", (0, 1, 1, 1), 0, tiles=(None, a, b, c))  # counts: the tiles' own
    assert problem.code == "kept_too_many"
    assert problem.values == {"seats": [1, 2, 3], "count": 18, "limit": 17}


@pytest.mark.parametrize("opened", [False, True])
def test_the_named_limits_refuse_with_their_values(opened):
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    tag = "_66" if opened else ""
    problem = round_problem("domino", (0, 60, None, lim["opponents"] - 59), 0, opened_with_double_six=opened)
    assert problem.code == f"opponents_over_limit{tag}"
    assert problem.values == {"seats": [1, 3], "total": lim["opponents"] + 1, "limit": lim["opponents"]}
    third = lim["after_domino"] - lim["opponents"] + 1
    problem = round_problem("domino", (0, 60, third, lim["opponents"] - 60), 0, opened_with_double_six=opened)
    assert problem.code == f"after_domino_over_limit{tag}"
    assert problem.values == {"seats": [1, 2, 3], "total": lim["after_domino"] + 1, "limit": lim["after_domino"]}
    problem = round_problem("blocked", (40, 30, 30, lim["blocked"] - 99), opened_with_double_six=opened)
    assert problem.code == f"blocked_over_limit{tag}"
    assert problem.values == {"total": lim["blocked"] + 1, "limit": lim["blocked"]}
    if opened:
        problem = round_problem("blocked", (66, 10, 10, 10), opened_with_double_six=True)
        assert problem.code == "pips_over_hand_66"
        assert problem.values == {"seat": 0, "value": 66, "limit": 65}


def test_the_hand_limit_names_the_seat_over_it_not_one_at_it():
    problem = round_problem("blocked", (65, 66, 10, 10), opened_with_double_six=True)
    assert problem.values == {"seat": 1, "value": 66, "limit": 65}


@pytest.mark.parametrize("opened", [False, True])
def test_each_blocking_number_has_its_bound_and_leaves_the_hands_every_tile_off_the_table(opened):
    """A blocked game's table holds the blocking number's seven tiles (and the 6-6 that opened the round)."""
    assert [number for number, _most, _left in BLOCKED[opened]] == list(range(HIGHEST + 1))
    for number, most, left in BLOCKED[opened]:
        table = {*suit(number), *([DOUBLE_SIX] if opened else [])}
        assert most == max_blocked_hands(number, opened)
        assert left == pool_of(t for t in SET if t not in table), (number, opened)
