"""Replaying a round log: totals, the winner, the next starter, edits."""

import dataclasses

import pytest

from scorekeeper.core.errors import InvalidMatch, InvalidRound, MatchOver
from scorekeeper.core.match import DOUBLE_SIX_OPENS, Match, Round, Starter, replay
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
    assert match.next_starter == DOUBLE_SIX_OPENS


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
    match = play(dom(1, s0=1, s2=2), dom(1, s0=60, s2=50))  # (the 6-6 opening allows 103 at most)
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
        (block(12, 30, 25, 18), DOUBLE_SIX_OPENS),
        (block(9, 9, 20, 31), DOUBLE_SIX_OPENS),
        (REDEAL, DOUBLE_SIX_OPENS),
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
    assert deleted.next_starter == DOUBLE_SIX_OPENS


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


def test_a_match_remembers_its_players_target_and_team_names():
    match = Match([" Ahmed ", "Salem", "Ghanim", "Yahya"], 21, (), ("Us", "Them"))
    assert match.players == PLAYERS  # names are trimmed
    assert match.target == 21
    assert match.team_names == ("Us", "Them")
    assert Match(PLAYERS).team_names == ("A", "B")


def test_the_rounds_after_the_end_name_the_round_and_where_the_match_ended():
    with pytest.raises(MatchOver) as err:
        replay([REDEAL, dom(1, s0=60, s2=50), REDEAL, REDEAL], 11)
    assert err.value.values == {"round": 3, "ended_at": 2, "team": "B"}
    over = play(block(2, 40, 40, 30))  # 110 in a blocked first round (a domino's opponents: 103 at most)
    with pytest.raises(MatchOver) as err:
        over.add_round(REDEAL)
    assert err.value.values == {"round": 2, "ended_at": 1, "team": "A"}


def test_the_replay_records_which_rounds_opened_with_the_double_six():
    match = play(dom(1, s0=10, s2=10), REDEAL, dom(0, s1=10, s3=10), block(12, 30, 25, 18), REDEAL)
    assert match.state.openings == (True, False, True, False, True)
    assert [match.opens_with_double_six(i) for i in range(6)] == [True, False, True, False, True, True]
    assert match.state.results[0].team == "B"
    assert match.totals == (9, 2)


def test_a_round_won_by_team_a_adds_to_a_only_and_b_to_b_only():
    assert play(dom(0, s1=20, s3=10)).totals == (3, 0)
    assert play(dom(3, s0=20, s2=10)).totals == (0, 3)
    assert play(REDEAL).totals == (0, 0)
    tie = play(block(5, 5, 30, 40))  # seats 0 and 1 tie lowest across the teams: nobody scores
    assert tie.totals == (0, 0)


def test_the_winner_is_the_team_that_reached_the_target():
    first = dom(2, s1=1, s3=2)  # nothing scored; the next round opens with any tile (its opponents: 112 at most)
    assert play(first, dom(3, s0=60, s2=50), target=11).winner == "B"
    assert play(first, dom(0, s1=60, s3=50), target=11).winner == "A"
    assert play(first, dom(0, s1=50, s3=50), target=11).winner is None  # 10 of 11
    assert play(first, dom(0, s1=50, s3=60), target=11).winner == "A"  # 11 of 11
    assert play(first, dom(0, s1=50, s3=60), target=12).winner is None


def test_the_match_over_error_names_the_next_round_and_the_winner():
    match = play(dom(1, s0=10, s2=10), dom(3, s0=60, s2=50))
    with pytest.raises(MatchOver) as err:
        match.add_round(REDEAL)
    assert err.value.values == {"round": 3, "ended_at": 2, "team": "B"}


# --- an edit decides how the next round opened ------------------------------------------

# After a domino the next round opens without the double-six, so a hand of 69 pips (the
# seven heaviest tiles, 6-6 included) is possible; after a blocked game the 6-6 opens and
# is on the table, so no hand holds 69 (docs/rules.md: 65).
HEAVY = dom(1, s0=69, s2=0)


def test_an_edit_that_makes_the_next_round_impossible_is_kept_and_the_next_round_marked():
    match = play(REDEAL, dom(0, s1=10, s3=10), HEAVY)
    edited = match.replace_round(1, block(12, 30, 25, 18))
    assert edited.rounds[1] == block(12, 30, 25, 18)
    assert list(edited.problems) == [2]
    assert edited.problems[2].code == "pips_over_hand_66"
    assert edited.problems[2].values == {"seat": 0, "value": 69, "limit": 65}
    assert list(match.replace_round(1, REDEAL).problems) == [2]


def test_a_middle_domino_may_become_a_blocked_game_when_the_next_round_still_fits():
    match = play(dom(0, s1=10, s3=10), dom(1, s0=20, s2=10), dom(2, s1=10, s3=10))
    edited = match.replace_round(1, block(12, 30, 25, 18))
    assert edited.rounds[1] == block(12, 30, 25, 18)
    assert edited.totals == (2 + 7 + 2, 0)
    assert match.replace_round(1, REDEAL).totals == (4, 0)


def test_the_last_round_may_change_from_domino_to_any_end():
    match = play(dom(0, s1=10, s3=10), dom(1, s0=20, s2=10))
    assert match.replace_round(1, REDEAL).totals == (2, 0)
    assert match.replace_round(1, block(12, 30, 25, 18)).totals == (9, 0)


def test_a_blocked_game_may_become_a_domino_before_a_heavy_round():
    # the other way: the next round no longer opens with the 6-6, which only widens what it allows
    match = Match(PLAYERS, 11, (REDEAL, block(12, 30, 25, 18), dom(0, s1=10, s3=10)))
    assert match.replace_round(1, dom(0, s1=10, s3=10)).totals == (4, 0)


def test_an_edit_is_not_blamed_for_a_next_round_that_was_impossible_anyway():
    # stored before the stricter checks: 4 x 40 pips is more than any blocked game leaves
    stored = block(40, 40, 40, 41)
    match = Match(PLAYERS, 50, (dom(0, s1=10, s3=10), dom(1, s0=20, s2=10), stored))
    assert 2 in match.problems
    edited = match.replace_round(1, block(12, 30, 25, 18))
    assert edited.rounds[1] == block(12, 30, 25, 18)


def test_an_edit_with_the_same_kind_of_end_never_asks_about_the_next_round():
    match = play(REDEAL, dom(0, s1=10, s3=10), HEAVY)
    assert match.replace_round(1, dom(2, s1=30, s3=10)).totals == (4, 6)
    blocked = Match(PLAYERS, 50, (block(12, 30, 25, 18), block(40, 40, 40, 41)))
    assert blocked.replace_round(0, block(30, 12, 25, 18)).rounds[0] == block(30, 12, 25, 18)


def test_problems_lists_the_stored_rounds_that_could_not_have_happened():
    match = Match(PLAYERS, 50, (block(12, 30, 25, 18), HEAVY, dom(0, s1=10, s3=10), HEAVY))
    assert sorted(match.problems) == [1]  # round 2 opened with the 6-6; round 4 after a domino
    assert match.problems[1].code == "pips_over_hand_66"
    assert Match(PLAYERS).problems == {}


def test_check_round_checks_a_new_round_against_how_it_opens():
    after_block = play(block(12, 30, 25, 18))
    with pytest.raises(InvalidRound) as err:
        after_block.add_round(HEAVY)
    assert err.value.code == "pips_over_hand_66"
    assert play(dom(0, s1=10, s3=10)).add_round(HEAVY).totals == (2, 6)
    with pytest.raises(InvalidRound) as err:
        play(REDEAL, REDEAL).replace_round(1, HEAVY)
    assert err.value.code == "pips_over_hand_66"


def test_editing_or_deleting_a_missing_round_is_an_index_error():
    match = play(REDEAL, REDEAL)
    for index in (-1, 2):
        with pytest.raises(IndexError):
            match.delete_round(index)
        with pytest.raises(IndexError):
            match.replace_round(index, REDEAL)
    assert len(match.delete_round(0).rounds) == 1
    assert match.replace_round(1, REDEAL) == match


# --- picked tiles ---------------------------------------------------------------------

HAND_22 = (Tile(6, 6), Tile(5, 5))


def picked(*hands, pips=(None, 22, 0, 5), winner=0):
    return Round("domino", pips, winner, hands)


@pytest.mark.parametrize("seats", [3, 5])
def test_picked_tiles_must_list_exactly_four_seats(seats):
    with pytest.raises(InvalidRound) as err:
        picked(*([None] * seats)).result  # noqa: B018
    assert err.value.code == "pips_not_four"
    assert err.value.values == {"count": seats}


def test_picked_tiles_that_are_no_list_count_as_no_seats():
    with pytest.raises(InvalidRound) as err:
        Round("domino", (None, 22, 0, 5), 0, "6-6 5-5").result  # type: ignore[arg-type]  # noqa: B018
    assert err.value.values == {"count": 0}


def test_a_picked_hand_must_be_a_list_of_tiles():
    with pytest.raises(InvalidRound) as err:
        picked(None, 22, None, None).result  # noqa: B018
    assert err.value.code == "tile_unknown"
    assert err.value.values == {"tile": "22"}
    with pytest.raises(InvalidRound) as err:
        picked(None, ("x" * 60, "6-6"), None, None).result  # noqa: B018
    assert err.value.code == "tile_unknown"
    assert err.value.values["tile"] == repr("x" * 60)[:40]


def test_a_tile_outside_the_set_is_refused_even_as_a_tile_value():
    with pytest.raises(InvalidRound) as err:
        picked(None, (Tile(7, 3),), None, None, pips=(None, 10, 0, 5)).result  # noqa: B018
    assert err.value.code == "tile_unknown"
    assert err.value.values["tile"] == repr(Tile(7, 3))


def test_picked_tiles_in_any_spelling_become_tiles():
    rnd = picked(None, ["6-6", (5, 5)], [], None)
    assert rnd.tiles == (None, HAND_22, (), None)
    assert rnd.result.points == 2
    assert picked(None, HAND_22, (), None) == rnd


def test_the_player_who_went_out_holds_no_picked_tile():
    with pytest.raises(InvalidRound) as err:
        picked((Tile(1, 0),), HAND_22, None, None, pips=(None, 22, 0, 5)).result  # noqa: B018
    assert err.value.code == "winner_holds_pips"
    assert err.value.values == {"seat": 0, "value": 1}
    # in a blocked game nobody went out: every seat holds tiles
    blocked = Round("blocked", (1, 22, 5, 5), None, ((Tile(1, 0),), HAND_22, None, None))
    assert blocked.result.team == "A"


def test_a_picked_hand_where_the_count_was_left_out_is_not_compared():
    rnd = picked(None, HAND_22, (Tile(1, 0),), None, pips=(None, 22, None, 5))
    assert rnd.result.points == 2


def test_a_picked_hand_that_disagrees_with_its_count_names_both():
    with pytest.raises(InvalidRound) as err:
        picked(None, None, None, HAND_22, pips=(None, 10, 0, 21)).result  # noqa: B018
    assert err.value.code == "tiles_mismatch"
    assert err.value.values == {"seat": 3, "value": 21, "total": 22}


def test_a_new_round_is_checked_with_its_picked_tiles():
    rnd = picked(None, HAND_22, None, None)  # seat 1 holds the 6-6
    rnd.check(False)
    with pytest.raises(InvalidRound) as err:
        rnd.check(True)  # the 6-6 opened the round: it is on the table
    assert err.value.code == "double_six_picked"
    assert rnd.problem(True) is not None
    assert rnd.problem(False) is None


def test_rounds_matches_and_starters_are_frozen_values():
    match = play(REDEAL)
    for value, name in (
        (match, "target"),
        (match.rounds[0], "end"),
        (match.state, "winner"),
        (DOUBLE_SIX_OPENS, "kind"),
    ):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, None)


def test_pips_given_as_a_list_are_kept_as_a_tuple():
    rnd = Round("blocked", [12, 30, 25, 18])
    assert rnd.pips == (12, 30, 25, 18)
    assert rnd == block(12, 30, 25, 18)
    assert hash(rnd) == hash(block(12, 30, 25, 18))


def test_a_match_shows_its_log_and_not_its_replay():
    assert "Replay" not in repr(play(REDEAL))
    assert "Round(end='redeal'" in repr(play(REDEAL))


def test_a_target_of_one_point_is_a_match():
    match = Match(PLAYERS, 1)
    assert match.target == 1
    assert match.add_round(dom(0, s1=10, s3=0)).winner == "A"


def test_a_hand_that_is_no_list_is_named_in_short():
    with pytest.raises(InvalidRound) as err:
        picked(None, "6-6 " * 20, None, None).result  # noqa: B018
    assert err.value.code == "tile_unknown"
    assert err.value.values == {"tile": repr("6-6 " * 20)[:40]}


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
