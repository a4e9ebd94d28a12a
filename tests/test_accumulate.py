"""The one pass behind the statistics: per-match figures, tallies, and merging cached parts.

Team A = seats 0 and 2, team B = seats 1 and 3 (see ``tests/test_stats.py`` for the
figures as the statistics screen reports them).
"""

from types import SimpleNamespace

import pytest

from scorekeeper.core.accumulate import (
    Accumulator,
    Best,
    BiggestRound,
    Partial,
    Played,
    Wins,
    merge,
    partial,
)
from scorekeeper.core.match import Match, Round

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")


def dom(winner, *pips):
    return Round("domino", tuple(pips), winner)


def block(*pips):
    return Round("blocked", tuple(pips))


REDEAL = Round("redeal")
#: r1 Ghanim (seat 2) out, A 3; r2 redeal; r3 cross-team tie; r4 partners 0 and 2 tie lowest, A 4;
#: r5 Salem (seat 1) out for 0, B 0; r6 Ahmed lowest, A 7 -> A wins 14-0
MATCH = Match(
    PLAYERS,
    11,
    (
        dom(2, None, 23, 0, 14),
        REDEAL,
        block(9, 9, 20, 31),
        block(6, 15, 6, 22),
        dom(1, 5, 0, 4, None),
        block(12, 30, 25, 18),
    ),
    ("Reds", "Blues"),
)
PLAYING = Match(("Salem", "Ahmed", "Yahya", "Ghanim"), 11, (dom(0, 0, 12, None, 9), block(10, 8, 30, 40)), ("B1", "R1"))


def figures(part, name):
    return part.players[name.casefold()]


# --- the best round --------------------------------------------------------------------


def test_more_points_beat_fewer_and_the_earlier_round_wins_a_draw():
    assert Best(5, 3, "domino").beats(None)
    assert Best(5, 3, "domino").beats(Best(4, 1, "blocked"))
    assert not Best(4, 1, "domino").beats(Best(5, 3, "blocked"))
    assert Best(5, 2, "domino").beats(Best(5, 3, "blocked"))
    assert not Best(5, 3, "domino").beats(Best(5, 2, "blocked"))
    assert not Best(5, 3, "domino").beats(Best(5, 3, "blocked"))


def test_wins_count_each_round_by_its_end():
    wins = Wins()
    wins.win(3, 1, "domino")
    wins.win(0, 2, "domino")
    wins.win(7, 4, "blocked")
    wins.win(7, 5, "blocked")
    assert (wins.rounds, wins.domino, wins.blocked, wins.points) == (4, 2, 2, 17)
    assert wins.best == Best(7, 4, "blocked")
    zero = Wins()
    zero.win(0, 6, "domino")
    assert zero.best == Best(0, 6, "domino")  # a 0-point win is still a best round


# --- one match ---------------------------------------------------------------------------


def test_a_players_figures_from_one_match():
    part = partial([Played("m1", "2026-03-14", MATCH)])
    ahmed = figures(part, "Ahmed")
    # r4 (tied lowest with his partner: 4) and r6 (7): two blocked wins
    assert (ahmed.display, ahmed.matches, ahmed.won_matches, ahmed.rounds) == ("Ahmed", 1, 1, 6)
    assert (ahmed.won, ahmed.domino, ahmed.blocked, ahmed.points) == (2, 0, 2, 11)
    assert (ahmed.ties, ahmed.redeals) == (1, 1)
    assert ahmed.best == BiggestRound(7, "m1", "2026-03-14", 6, "A", "Reds", "blocked")
    ghanim = figures(part, "Ghanim")
    assert (ghanim.won, ghanim.domino, ghanim.blocked, ghanim.points) == (2, 1, 1, 7)
    assert ghanim.best == BiggestRound(4, "m1", "2026-03-14", 4, "A", "Reds", "blocked")
    salem = figures(part, "Salem")
    assert (salem.won_matches, salem.won, salem.domino, salem.points) == (0, 1, 1, 0)
    assert salem.best == BiggestRound(0, "m1", "2026-03-14", 5, "B", "Blues", "domino")
    yahya = figures(part, "Yahya")
    assert (yahya.won, yahya.points, yahya.best) == (0, 0, None)


def test_a_teams_round_counts_once_when_both_partners_won_it():
    part = partial([Played("m1", "2026-03-14", MATCH)])
    reds = part.pairs[frozenset({"ahmed", "ghanim"})]
    assert reds.display == ("Ahmed", "Ghanim")
    assert (reds.won, reds.domino, reds.blocked, reds.points) == (3, 1, 2, 14)
    assert (reds.matches, reds.won_matches, reds.rounds, reds.ties, reds.redeals) == (1, 1, 6, 1, 1)
    assert reds.best == BiggestRound(7, "m1", "2026-03-14", 6, "A", "Reds", "blocked")
    blues = part.pairs[frozenset({"salem", "yahya"})]
    assert blues.display == ("Salem", "Yahya")
    assert (blues.won, blues.domino, blues.blocked, blues.points, blues.won_matches) == (1, 1, 0, 0, 0)


def test_an_unfinished_match_is_not_yet_played_but_its_rounds_count():
    part = partial([Played("m2", "2026-03-14", PLAYING)])
    ahmed = figures(part, "Ahmed")  # seat 1: team B, lowest in r2 -> B (10 + 30 + 40) // 10 = 8
    assert (ahmed.matches, ahmed.won_matches, ahmed.rounds, ahmed.won, ahmed.points) == (0, 0, 2, 1, 8)
    assert ahmed.best == BiggestRound(8, "m2", "2026-03-14", 2, "B", "R1", "blocked")
    night = part.evenings["2026-03-14"]
    assert (night.matches, night.finished, night.rounds, night.team_wins, night.pair_wins) == (1, 0, 2, {}, {})


def test_the_earliest_round_wins_a_draw_between_partners():
    # r1: seat 0 out for 2 (12 + 9); r2: seat 2 out for 2 (9 + 12): the team's best is r1
    match = Match(PLAYERS, 11, (dom(0, 0, 12, None, 9), dom(2, None, 9, 0, 12), dom(2, None, 9, 0, 12)))
    part = partial([Played("m", "e", match)])
    assert part.pairs[frozenset({"ahmed", "ghanim"})].best.round_number == 1
    assert figures(part, "Ghanim").best.round_number == 2
    # the other way round: seat 2 first
    later = Match(PLAYERS, 11, (dom(2, None, 9, 0, 12), dom(0, 0, 12, None, 9)))
    assert partial([later]).pairs[frozenset({"ahmed", "ghanim"})].best.round_number == 1
    assert partial([later]).biggest.round_number == 1


def test_the_earlier_match_keeps_the_biggest_round_on_a_draw():
    first = Match(PLAYERS, 11, (dom(0, 0, 12, None, 9),))
    second = Match(PLAYERS, 11, (dom(1, 12, 0, 9, None),))
    part = partial([Played("a", "e", first), Played("b", "e", second)])
    assert part.biggest.match_id == "a"
    assert part.evenings["e"].best.match_id == "a"
    assert merge([partial([Played("a", "e", first)]), partial([Played("b", "e", second)])]).biggest.match_id == "a"
    bigger = Match(PLAYERS, 11, (dom(1, 20, 0, 19, None),))
    assert partial([Played("a", "e", first), Played("c", "e", bigger)]).biggest.match_id == "c"


def test_an_evenings_figures():
    other = Match(("Ahmed", "Yahya", "Ghanim", "Salem"), 3, (dom(1, 20, 0, 19, None),), ("Reds", "Greens"))
    part = partial([Played("m1", "e1", MATCH), Played("m2", "e1", PLAYING), Played("m3", "e1", other)])
    night = part.evenings["e1"]
    assert (night.matches, night.finished, night.rounds, night.ties, night.redeals) == (3, 2, 9, 1, 1)
    assert night.team_wins == {"Reds": 1, "Greens": 1}
    assert night.pair_wins == {frozenset({"ahmed", "ghanim"}): 1, frozenset({"yahya", "salem"}): 1}
    assert night.best == BiggestRound(8, "m2", "e1", 2, "B", "R1", "blocked")
    assert (part.matches, part.rounds, part.ties, part.redeals) == (3, 9, 1, 1)


def test_a_redeal_and_a_tie_are_counted_apart():
    match = Match(PLAYERS, 11, (REDEAL, REDEAL, block(9, 9, 20, 31)))
    ahmed = figures(partial([match]), "Ahmed")
    assert (ahmed.ties, ahmed.redeals, ahmed.won, ahmed.rounds) == (1, 2, 0, 3)


# --- the inputs ------------------------------------------------------------------------


def test_bare_matches_are_numbered_and_records_give_their_id_and_evening():
    part = partial([MATCH, SimpleNamespace(id="x7", evening="2026-01-02", match=PLAYING), MATCH])
    assert part.biggest.match_id == "x7"
    assert set(part.evenings) == {"", "2026-01-02"}
    assert partial([PLAYING, PLAYING]).biggest.match_id == "1"
    assert partial([MATCH, PLAYING]).biggest.match_id == "2"
    assert partial([SimpleNamespace(match=PLAYING)]).biggest.match_id == "1"
    assert partial([SimpleNamespace(match=PLAYING, evening=None)]).evenings.keys() == {""}


def test_an_object_without_a_match_is_refused():
    with pytest.raises(TypeError):
        partial([SimpleNamespace(match="not a match")])


# --- tallies and merging ------------------------------------------------------------------


def test_absorbing_adds_every_counter_and_takes_the_later_spelling():
    early = Accumulator("ahmed", 1, 1, 6, 2, 1, 1, 11, 1, 1, BiggestRound(7, "a", "e", 1, "A", "R", "blocked"))
    late = Accumulator("Ahmed", 2, 0, 5, 3, 2, 1, 9, 0, 2, BiggestRound(7, "b", "e", 1, "A", "R", "domino"))
    early.absorb(late)
    assert early.display == "Ahmed"
    assert early.fields() == {
        "matches_played": 3,
        "matches_won": 1,
        "rounds_played": 11,
        "rounds_won": 5,
        "domino_wins": 3,
        "blocked_wins": 2,
        "points": 20,
        "biggest": BiggestRound(7, "a", "e", 1, "A", "R", "blocked"),
        "ties": 1,
        "redeals": 3,
    }
    copy = early.copy()
    assert copy is not early
    assert copy.fields() == early.fields() and copy.display == early.display


def test_merging_parts_equals_one_pass_and_leaves_the_parts_alone():
    first = partial([Played("m1", "e1", MATCH)])
    second = partial([Played("m2", "e1", PLAYING), Played("m3", "e2", MATCH)])
    before = figures(first, "Ahmed").fields(), first.evenings["e1"].team_wins.copy(), first.matches
    merged = merge([first, second])
    whole = partial([Played("m1", "e1", MATCH), Played("m2", "e1", PLAYING), Played("m3", "e2", MATCH)])
    for name in ("ahmed", "salem", "ghanim", "yahya"):
        assert merged.players[name].fields() == whole.players[name].fields()
        assert merged.players[name].display == whole.players[name].display
    for key, tally in whole.pairs.items():
        assert merged.pairs[key].fields() == tally.fields()
    for key, night in whole.evenings.items():
        assert vars(merged.evenings[key]) == vars(night)
    assert (merged.matches, merged.rounds, merged.ties, merged.redeals) == (3, 14, 2, 2)
    assert merged.biggest == whole.biggest
    assert (figures(first, "Ahmed").fields(), first.evenings["e1"].team_wins, first.matches) == before
    merge([first, first])
    assert (figures(first, "Ahmed").fields(), first.evenings["e1"].team_wins, first.matches) == before
    assert figures(merge([first]), "Ahmed") is not figures(first, "Ahmed")
    assert merge([first]).evenings["e1"] is not first.evenings["e1"]


def test_nothing_merged_is_empty():
    empty = merge([])
    assert isinstance(empty, Partial)
    assert (empty.players, empty.pairs, empty.evenings) == ({}, {}, {})
    assert (empty.matches, empty.rounds, empty.ties, empty.redeals, empty.biggest) == (0, 0, 0, 0, None)


def test_the_inputs_and_the_biggest_round_are_frozen():
    import dataclasses

    big = BiggestRound(7, "m1", "e", 6, "A", "Reds", "blocked")
    for value, name in ((Played("m1", "e", MATCH), "evening"), (big, "points")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, None)
