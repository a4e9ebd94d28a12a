"""Replaying a round log: totals, the winner, the next starter, edits."""

import pytest

from scorekeeper.core.errors import InvalidMatch, InvalidRound, MatchOver
from scorekeeper.core.match import DOUBLE_SIX, Match, Round, Starter, replay
from scorekeeper.core.tiles import Tile

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")


def dom(winner, **pips):
    """A domino by ``winner`` with the opponents' pips given as s0..s3."""
    values = [pips.get(f"s{s}") for s in range(4)]
    return Round("domino", tuple(values), winner)


def block(*pips):
    return Round("blocked", tuple(pips))


REDEAL = Round("redeal")


def play(*rounds, target=11):
    match = Match(PLAYERS, target)
    for rnd in rounds:
        match = match.add_round(rnd)
    return match


def test_a_new_match_is_empty_and_the_double_six_starts():
    match = Match(PLAYERS)
    assert match.target == 11
    assert match.totals == (0, 0)
    assert match.winner is None
    assert match.next_starter == DOUBLE_SIX


def test_totals_after_every_round():
    match = play(block(12, 30, 25, 18), dom(1, s0=5, s2=4), REDEAL, dom(3, s0=20, s2=30))
    assert match.state.totals_after == ((7, 0), (7, 0), (7, 0), (7, 5))
    assert match.totals == (7, 5)


def test_target_reached_exactly_ends_the_match():
    match = play(block(12, 30, 25, 18), dom(2, s1=23, s3=14), dom(0, s1=5, s3=5))
    assert match.totals == (11, 0)
    assert match.winner == "A"
    assert match.finished


def test_target_overshot_ends_the_match():
    match = play(dom(1, s0=40, s2=39), dom(3, s0=30, s2=20))
    assert match.totals == (0, 12)
    assert match.winner == "B"


def test_a_round_after_the_end_is_refused():
    match = play(dom(1, s0=1, s2=2), dom(1, s0=60, s2=50))  # (the 6-6 opening allows 106 at most)
    assert match.winner == "B"
    with pytest.raises(MatchOver) as err:
        match.add_round(REDEAL)
    assert err.value.code == "round_after_end"
    assert err.value.values == {"round": 3, "ended_at": 2, "team": "B"}
    assert len(match.rounds) == 2  # unchanged


def test_a_log_that_goes_on_after_the_end_is_refused():
    with pytest.raises(MatchOver):
        replay([dom(1, s0=1, s2=2), dom(1, s0=60, s2=50), REDEAL], 11)


@pytest.mark.parametrize(
    ("last", "starter"),
    [
        (dom(1, s0=5, s2=4), Starter("team", "B")),
        (dom(2, s1=5, s3=4), Starter("team", "A")),
        (block(12, 30, 25, 18), DOUBLE_SIX),
        (block(9, 9, 20, 31), DOUBLE_SIX),
        (REDEAL, DOUBLE_SIX),
    ],
)
def test_next_starter_after_each_kind_of_round(last, starter):
    assert play(dom(0, s1=10, s3=10), last).next_starter == starter


def test_edit_a_middle_round_equals_entering_it_that_way():
    first, middle, last = dom(1, s0=20, s2=10), block(12, 30, 25, 18), dom(2, s1=10, s3=10)
    better = block(30, 12, 25, 18)
    edited = play(first, middle, last).replace_round(1, better)
    assert edited == play(first, better, last)
    assert edited.state == play(first, better, last).state
    assert edited.totals == (2, 3 + 7)


def test_delete_a_middle_round_equals_never_entering_it():
    first, middle, last = dom(1, s0=20, s2=10), block(12, 30, 25, 18), REDEAL
    deleted = play(first, middle, last).delete_round(1)
    assert deleted.state == play(first, last).state
    assert deleted.next_starter == DOUBLE_SIX


def test_an_edit_that_would_end_the_match_early_is_refused():
    match = play(dom(1, s0=10, s2=10), dom(1, s0=10, s2=10), dom(1, s0=10, s2=10))
    with pytest.raises(MatchOver):
        match.replace_round(1, dom(1, s0=60, s2=50))


def test_editing_the_winning_round_reopens_the_match():
    match = play(dom(1, s0=10, s2=10), dom(1, s0=60, s2=50))
    assert match.finished
    reopened = match.replace_round(1, REDEAL)
    assert not reopened.finished
    assert reopened.totals == (0, 2)


def test_an_impossible_round_is_refused_and_the_match_is_unchanged():
    match = play(dom(1, s0=10, s2=10))
    with pytest.raises(InvalidRound):
        match.add_round(dom(1, s0=70, s2=10))
    assert match.totals == (0, 2)


def test_missing_rounds_cannot_be_edited():
    with pytest.raises(IndexError):
        play(REDEAL).delete_round(1)


def test_picked_tiles_must_match_the_pips():
    hand = (Tile(6, 6), Tile(5, 5))  # 22 pips
    ok = Round("domino", (None, 22, 0, 5), 0, (None, hand, (), None))
    assert ok.result.points == 2
    with pytest.raises(InvalidRound) as err:
        Round("domino", (None, 21, 0, 5), 0, (None, hand, (), None)).result  # noqa: B018
    assert err.value.code == "tiles_mismatch"
    with pytest.raises(InvalidRound) as err:
        Round("domino", (None, 22, 0, 22), 0, (None, hand, (), hand)).result  # noqa: B018
    assert err.value.code == "tile_twice"


@pytest.mark.parametrize(
    ("players", "target", "code"),
    [
        (("a", "b", "c"), 11, "players_not_four"),
        (("a", "b", "c", " "), 11, "player_name_empty"),
        (("a", "b", "c", "A"), 11, "player_name_twice"),
        (("a", "b", "c", "d"), 0, "target_invalid"),
        (("a", "b", "c", "d"), "11", "target_invalid"),
    ],
)
def test_bad_setups_are_refused(players, target, code):
    with pytest.raises(InvalidMatch) as err:
        Match(players, target)
    assert err.value.code == code


# --- corrections are kept; a later round they make impossible is marked ------------------

HEAVY_AFTER_DOMINO = block(30, 30, 30, 36)  # 126: fine after a domino, over 114 when the 6-6 opened


def test_an_edit_that_makes_a_later_round_impossible_is_kept_and_the_later_round_marked():
    match = play(dom(1, s0=10, s2=10), HEAVY_AFTER_DOMINO)
    assert match.problems == {}
    edited = match.replace_round(0, block(10, 12, 14, 16))  # round 2 now opened with the 6-6
    assert edited.rounds[0] == block(10, 12, 14, 16)
    assert list(edited.problems) == [1]
    problem = edited.problems[1]
    assert problem.code == "blocked_over_limit_66"
    assert problem.values == {"total": 126, "limit": 114}
    # and editing it back clears the mark
    assert edited.replace_round(0, dom(1, s0=10, s2=10)).problems == {}


def test_a_delete_that_makes_a_later_round_impossible_is_kept_and_the_later_round_marked():
    match = play(dom(1, s0=10, s2=10), dom(3, s0=1, s2=2), HEAVY_AFTER_DOMINO)
    assert match.problems == {}
    deleted = match.delete_round(1).delete_round(0)
    assert deleted.rounds == (HEAVY_AFTER_DOMINO,)
    assert list(deleted.problems) == [0] and deleted.problems[0].code == "blocked_over_limit_66"


def test_an_edit_is_still_refused_for_its_own_round():
    match = play(dom(1, s0=10, s2=10), HEAVY_AFTER_DOMINO)
    with pytest.raises(InvalidRound) as err:
        match.replace_round(0, block(0, 0, 20, 31))
    assert err.value.code == "two_hands_zero" and err.value.values == {"seats": [0, 1]}
    with pytest.raises(InvalidRound) as err:
        match.replace_round(1, block(30, 30, 30, 37))  # 127, after a domino: one over the proved bound
    assert err.value.code == "blocked_over_limit" and err.value.values == {"total": 127, "limit": 126}
    assert match.rounds[1] == HEAVY_AFTER_DOMINO  # unchanged


def test_a_new_round_is_refused_under_its_own_opening():
    match = play(block(12, 30, 25, 18))  # the next round opens with the 6-6 again
    with pytest.raises(InvalidRound) as err:
        match.add_round(HEAVY_AFTER_DOMINO)
    assert err.value.code == "blocked_over_limit_66"
    assert match.add_round(block(30, 30, 30, 24)).totals == (7, 9)  # 114: at the bound, accepted
