"""Statistics against hand-computed figures, plus properties that must hold for any history.

The fixture (team A = seats 0 and 2, team B = seats 1 and 3):

m1, evening 2026-03-14, target 11, teams ("Reds", "Blues"), seats Ahmed, Salem, Ghanim, Yahya
  r1 seat 2 (Ghanim) dominoes, opponents 23 + 14 -> A 3            totals 3-0
  r2 redeal                                                         3-0
  r3 blocked 9, 9, 20, 31: seats 0 and 1 tie, cross-team -> nobody  3-0
  r4 seat 1 (Salem) dominoes, opponents 5 + 4 = 9 -> B 0            3-0
  r5 blocked 6, 15, 6, 22: partners 0 and 2 tie -> A (15+6+22)//10 = 4, both credited   7-0
  r6 blocked 12, 30, 25, 18: seat 0 (Ahmed) lowest -> A (30+25+18)//10 = 7            14-0, A (Reds) wins
m2, evening 2026-03-14, target 11, teams ("Blues", "Reds"), seats Salem, Ahmed, Yahya, Ghanim (unfinished)
  r1 seat 0 (Salem) dominoes, opponents 12 + 9 -> A 2               2-0
  r2 blocked 10, 8, 30, 40: seat 1 (Ahmed) lowest -> B (10+30+40)//10 = 8   2-8
  r3 redeal                                                         2-8
m3, evening 2026-03-15, target 3, teams ("Falcons", "Eagles"), seats Ahmed, Salem, Yahya, Ghanim
  r1 seat 2 (Yahya) dominoes, opponents 19 + 14 -> A 3              3-0, A (Falcons) wins
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from itertools import pairwise
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.match import Match, Round
from scorekeeper.core.stats import (
    BiggestRound,
    EveningStats,
    PartnershipStats,
    Played,
    PlayerStats,
    Progression,
    Tally,
    combine,
    compute,
    partial,
    progression,
)


def dom(winner: int, *pips: int | None) -> Round:
    return Round("domino", tuple(pips), winner)


def block(*pips: int) -> Round:
    return Round("blocked", tuple(pips))


REDEAL = Round("redeal")

M1 = Match(
    ("Ahmed", "Salem", "Ghanim", "Yahya"),
    11,
    (
        dom(2, None, 23, 0, 14),
        REDEAL,
        block(9, 9, 20, 31),
        dom(1, 5, 0, 4, None),
        block(6, 15, 6, 22),
        block(12, 30, 25, 18),
    ),
    ("Reds", "Blues"),
)
M2 = Match(
    ("Salem", "Ahmed", "Yahya", "Ghanim"),
    11,
    (dom(0, 0, 12, None, 9), block(10, 8, 30, 40), REDEAL),
    ("Blues", "Reds"),
)
M3 = Match(("Ahmed", "Salem", "Yahya", "Ghanim"), 3, (dom(2, None, 19, 0, 14),), ("Falcons", "Eagles"))

HISTORY = [
    Played("m1", "2026-03-14", M1),
    Played("m2", "2026-03-14", M2),
    Played("m3", "2026-03-15", M3),
]

BIG_M2 = BiggestRound(8, "m2", "2026-03-14", 2, "B", "Reds", "blocked")
BIG_M3 = BiggestRound(3, "m3", "2026-03-15", 1, "A", "Falcons", "domino")


def test_the_fixture_scores_as_derived_in_the_docstring():
    assert M1.state.totals_after == ((3, 0), (3, 0), (3, 0), (3, 0), (7, 0), (14, 0))
    assert M1.winner == "A"
    assert M2.totals == (2, 8) and not M2.finished
    assert M3.winner == "A"


def test_players_by_hand():
    stats = compute(HISTORY)
    # order: matches won, then rounds won (most first), then name
    assert [p.name for p in stats.players] == ["Ahmed", "Ghanim", "Yahya", "Salem"]
    ahmed = stats.player("ahmed")
    # m1 (A won), m2 (unfinished: not counted as played), m3 (A won): 2 played, 2 won; 6 + 3 + 1 = 10 rounds
    # won: m1 r5 (tied lowest with his partner, 4), m1 r6 (7), m2 r2 (8) -> 3 blocked wins, 19 points
    assert (ahmed.matches_played, ahmed.matches_won, ahmed.rounds_played) == (2, 2, 10)
    assert (ahmed.rounds_won, ahmed.domino_wins, ahmed.blocked_wins, ahmed.points) == (3, 0, 3, 19)
    assert ahmed.average_points == 19 / 3
    assert ahmed.biggest == BIG_M2
    # m1 has the one tie; m1 and m2 a redeal each
    assert (ahmed.ties, ahmed.redeals) == (1, 2)

    ghanim = stats.player("Ghanim")
    # won m1 only; rounds m1 r1 (domino, 3) and m1 r5 (partners' tie, 4)
    assert (ghanim.matches_played, ghanim.matches_won, ghanim.rounds_won) == (2, 1, 2)
    assert (ghanim.domino_wins, ghanim.blocked_wins, ghanim.points, ghanim.average_points) == (1, 1, 7, 3.5)
    assert ghanim.biggest == BiggestRound(4, "m1", "2026-03-14", 5, "A", "Reds", "blocked")

    salem = stats.player("Salem")
    # went out in m1 r4 for 0 points (still a round won) and in m2 r1 for 2
    assert (salem.matches_won, salem.rounds_won, salem.domino_wins, salem.points) == (0, 2, 2, 2)
    assert salem.average_points == 1.0
    assert salem.biggest == BiggestRound(2, "m2", "2026-03-14", 1, "A", "Blues", "domino")
    assert (salem.ties, salem.redeals) == (1, 2)

    yahya = stats.player("Yahya")
    # his partner's rounds are not his: only m3 r1
    assert (yahya.matches_won, yahya.rounds_won, yahya.points, yahya.biggest) == (1, 1, 3, BIG_M3)


def test_partnerships_by_hand():
    stats = compute(HISTORY)
    assert [p.partners for p in stats.partnerships] == [
        ("Ahmed", "Ghanim"),
        ("Ahmed", "Yahya"),
        ("Salem", "Yahya"),
        ("Ghanim", "Salem"),
    ]
    reds = stats.partnership("Ghanim", "Ahmed")
    # partners in m1 (as A, won) and m2 (as B): 6 + 3 = 9 rounds
    # rounds their team scored: m1 r1 3, r5 4, r6 7; m2 r2 8 -> 4 won (1 domino, 3 blocked), 22 points
    assert (reds.matches_played, reds.matches_won, reds.rounds_played) == (1, 1, 9)  # m2 is unfinished
    assert (reds.rounds_won, reds.domino_wins, reds.blocked_wins, reds.points) == (4, 1, 3, 22)
    assert reds.average_points == 5.5
    assert reds.biggest == BIG_M2
    assert (reds.ties, reds.redeals) == (1, 2)

    blues = stats.partnership("Salem", "Yahya")
    # m1 r4 (a 0-point domino counts as a round won) and m2 r1 (2)
    assert (blues.matches_played, blues.matches_won, blues.rounds_won, blues.points) == (1, 0, 2, 2)
    assert blues.biggest == BiggestRound(2, "m2", "2026-03-14", 1, "A", "Blues", "domino")

    losers = stats.partnership("Ghanim", "Salem")
    # m3 only, nothing won: no average (not a division error) and no biggest round
    assert (losers.matches_played, losers.rounds_played, losers.rounds_won, losers.points) == (1, 1, 0, 0)
    assert losers.average_points is None and losers.biggest is None


def test_a_zero_point_win_alone_is_the_biggest_round():
    match = Match(("Ahmed", "Salem", "Ghanim", "Yahya"), 11, (dom(1, 5, 0, 4, None),))
    salem = compute([match]).player("Salem")
    assert (salem.rounds_won, salem.points, salem.average_points) == (1, 0, 0.0)
    assert salem.biggest == BiggestRound(0, "1", "", 1, "B", "B", "domino")


def test_evenings_by_hand_newest_first():
    assert compute(HISTORY).evenings == (
        EveningStats(
            evening="2026-03-15",
            matches=1,
            finished=1,
            rounds=1,
            wins_by_team=(("Falcons", 1),),
            wins_by_partnership=((("Ahmed", "Yahya"), 1),),
            biggest=BIG_M3,
            ties=0,
            redeals=0,
        ),
        EveningStats(
            evening="2026-03-14",
            matches=2,
            finished=1,  # m2 is still being played
            rounds=9,
            wins_by_team=(("Reds", 1),),
            wins_by_partnership=((("Ahmed", "Ghanim"), 1),),
            biggest=BIG_M2,
            ties=1,
            redeals=2,
        ),
    )


def test_totals_and_the_counting_identity():
    stats = compute(HISTORY)
    assert (stats.matches, stats.rounds, stats.ties, stats.redeals, stats.biggest) == (3, 10, 1, 2, BIG_M2)
    # partnerships won 4 + 1 + 2 + 0 = 7 rounds; + 1 tie + 2 redeals = 10 rounds played
    assert sum(p.rounds_won for p in stats.partnerships) + stats.ties + stats.redeals == stats.rounds


def test_progression_for_the_chart():
    assert progression(M1) == Progression(
        11, ("Reds", "Blues"), ((0, 0, 0), (1, 3, 0), (2, 3, 0), (3, 3, 0), (4, 3, 0), (5, 7, 0), (6, 14, 0)), "A"
    )
    empty = progression(Match(("Ahmed", "Salem", "Ghanim", "Yahya")))
    assert empty.points == ((0, 0, 0),) and empty.winner is None and empty.target == 11
    assert progression(SimpleNamespace(match=M2)).points[-1] == (3, 2, 8)


def test_record_like_objects_bare_matches_and_generators_are_accepted():
    records = [SimpleNamespace(id=p.match_id, evening=p.evening, match=p.match) for p in HISTORY]
    assert compute(iter(records)) == compute(HISTORY)
    assert compute(records).players == compute(HISTORY).players
    bare = compute([M1, M2, M3])
    assert bare.player("Ahmed").biggest == BiggestRound(8, "2", "", 2, "B", "Reds", "blocked")
    assert [e.evening for e in bare.evenings] == [""]


def test_names_are_matched_ignoring_case_and_shown_as_last_spelt():
    later = Match(("ahmed", "Salem", "GHANIM", "Yahya"), 11, (block(12, 30, 25, 18),))
    stats = compute([M1, later])
    assert [p.name for p in stats.players if p.name.casefold() == "ahmed"] == ["ahmed"]
    assert stats.player("AHMED").rounds_played == len(M1.rounds) + 1
    assert stats.partnership("ahmed", "ghanim").partners == ("ahmed", "GHANIM")
    assert stats.partnership("Ahmed", "Ghanim").rounds_played == len(M1.rounds) + 1
    assert stats.player("nobody") is None and stats.partnership("Ahmed", "nobody") is None


def test_per_evening_parts_combine_to_the_same_figures():
    parts = {"2026-03-14": partial(HISTORY[:2]), "2026-03-15": partial(HISTORY[2:])}
    assert combine(parts.values()) == compute(HISTORY)
    assert combine(parts.values()) == compute(HISTORY)  # combining leaves the parts as they were
    assert combine([partial(HISTORY[:2])]) == compute(HISTORY[:2])
    # a part may hold several evenings, and one evening may come in several parts
    assert combine([partial(HISTORY[:1]), partial(HISTORY[1:])]) == compute(HISTORY)
    assert combine([]) == compute([])


def test_no_matches_no_statistics():
    stats = compute([])
    assert (stats.players, stats.partnerships, stats.evenings, stats.rounds, stats.biggest) == ((), (), (), 0, None)


def test_stats_imports_neither_ui_nor_storage():
    code = "import sys, scorekeeper.core.stats; print(sorted(m for m in sys.modules"
    code += " if m.split('.')[0] in ('flet', 'tinydb')"
    code += " or m.startswith('scorekeeper.storage')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- properties ----------------------------------------------------------------

NAMES = ["Ahmed", "Salem", "Ghanim", "Yahya", "Ali", "Omar"]


@st.composite
def rounds(draw: st.DrawFn) -> Round:
    kind = draw(st.sampled_from(["domino", "blocked", "redeal"]))
    if kind == "redeal":
        return REDEAL
    if kind == "blocked":
        # ties (cross-team and partners) are common with small counts
        return block(*(draw(st.integers(0, 12)) for _ in range(4)))
    winner = draw(st.integers(0, 3))
    pips: list[int | None] = [None] * 4
    pips[winner] = 0
    for seat in ((winner + 1) % 4, (winner + 3) % 4):
        pips[seat] = draw(st.integers(0, 45))
    return dom(winner, *pips)


@st.composite
def matches(draw: st.DrawFn) -> Played:
    players = draw(st.permutations(NAMES))[:4]
    target = draw(st.integers(1, 40))
    match = Match(tuple(players), target)
    for rnd in draw(st.lists(rounds(), max_size=25)):
        if match.finished:
            break
        try:
            match = match.add_round(rnd)
        except InvalidRound:  # small random counts are often no deal (two hands of 0 pips...)
            continue
    evening = draw(st.sampled_from(["2026-03-14", "2026-03-15", "2026-03-16"]))
    return Played(f"m{draw(st.integers(0, 10**9))}", evening, match)


@settings(max_examples=150, deadline=None)
@given(st.lists(matches(), max_size=8))
def test_every_round_is_won_by_one_partnership_or_is_a_tie_or_a_redeal(history):
    stats = compute(history)
    assert stats.rounds == sum(len(p.match.rounds) for p in history)
    assert sum(p.rounds_won for p in stats.partnerships) + stats.ties + stats.redeals == stats.rounds
    # every point scored belongs to exactly one partnership
    assert sum(p.points for p in stats.partnerships) == sum(sum(p.match.totals) for p in history)
    for tally in (*stats.players, *stats.partnerships):
        assert tally.domino_wins + tally.blocked_wins == tally.rounds_won <= tally.rounds_played
        assert tally.matches_won <= tally.matches_played
        assert (tally.biggest is None) == (tally.rounds_won == 0)
        assert tally.average_points is None or tally.biggest.points >= tally.average_points
    # a player is credited with a round alone, or together with their tying partner
    won_by_players = sum(p.rounds_won for p in stats.players)
    won_by_pairs = sum(p.rounds_won for p in stats.partnerships)
    assert won_by_pairs <= won_by_players <= 2 * won_by_pairs
    assert sum(p.matches_played for p in stats.players) == 4 * sum(p.match.finished for p in history)
    assert sum(e.rounds for e in stats.evenings) == stats.rounds
    assert sum(e.ties for e in stats.evenings) == stats.ties
    assert sum(n for e in stats.evenings for _, n in e.wins_by_team) == sum(p.match.finished for p in history)


@settings(max_examples=100, deadline=None)
@given(st.lists(matches(), max_size=8), st.integers(0, 8))
def test_parts_cached_per_evening_combine_exactly_like_one_pass(history, cut):
    history = sorted(history, key=lambda p: p.evening)  # a store lists matches oldest evening first
    evenings = sorted({p.evening for p in history})
    per_evening = [partial(p for p in history if p.evening == e) for e in evenings]
    assert combine(per_evening) == compute(history)
    assert combine([partial(history[:cut]), partial(history[cut:])]) == compute(history)


@settings(max_examples=100, deadline=None)
@given(matches())
def test_the_chart_ends_at_the_scoreboard_totals(played):
    chart = progression(played.match)
    assert chart.points[0] == (0, 0, 0)
    assert [n for n, _, _ in chart.points] == list(range(len(played.match.rounds) + 1))
    assert chart.points[-1][1:] == played.match.totals
    assert all(a1 >= a0 and b1 >= b0 for (_, a0, b0), (_, a1, b1) in pairwise(chart.points))


def test_an_evenings_wins_are_ordered_by_most_then_name():
    def won_by(team_a: str, team_b: str, winner: int) -> Match:
        first, second = (winner + 1) % 4, (winner + 3) % 4
        pips = [None] * 4
        pips[first], pips[second], pips[winner] = 60, 50, 0  # 11 points: the match is won
        return Match(("Ahmed", "Salem", "Ghanim", "Yahya"), 11, (dom(winner, *pips),), (team_a, team_b))

    night = [won_by("Reds", "x", 0), won_by("Blues", "y", 0), won_by("z", "Amber", 1), won_by("w", "Blues", 1)]
    (evening,) = compute(night).evenings
    assert evening.wins_by_team == (("Blues", 2), ("Amber", 1), ("Reds", 1))
    # Ahmed & Ghanim won the first two, Salem & Yahya the last two: a draw, by name
    assert evening.wins_by_partnership == ((("Ahmed", "Ghanim"), 2), (("Salem", "Yahya"), 2))


def test_the_figures_are_frozen_keyword_values():
    stats = compute(HISTORY)
    values = (stats, stats.players[0], stats.partnerships[0], stats.evenings[0], progression(M1))
    for value in values:
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.matches = 0  # type: ignore[misc]
    # ten whole numbers in a row: by name only, so none can take another's place
    tally = {f.name: getattr(stats.players[0], f.name) for f in dataclasses.fields(Tally)}
    assert PlayerStats(name="x", **tally).name == "x"
    for kind, label in ((PlayerStats, "name"), (PartnershipStats, "partners")):
        with pytest.raises(TypeError):
            kind(*tally.values(), **{label: "x"})  # type: ignore[misc]
        with pytest.raises(TypeError):
            kind("x", **tally)  # type: ignore[misc]
