"""The stored records: the evening a moment belongs to, round ids, and what a record derives."""

import dataclasses
import re
from datetime import datetime, timedelta, timezone

import pytest

from scorekeeper.core.match import Match, Round
from scorekeeper.core.records import (
    EveningSummary,
    MatchRecord,
    MatchResult,
    RoundEntry,
    derived_round_id,
    evening_of,
    new_round_id,
    result_of,
    team_name,
)

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
YEMEN = timezone(timedelta(hours=3))
WIN_B = Round("domino", (60, None, 50, None), 1)


@pytest.mark.parametrize(
    ("moment", "evening"),
    [
        (datetime(2026, 3, 2, 5, 59, tzinfo=YEMEN), "2026-03-01"),
        (datetime(2026, 3, 2, 6, 0, tzinfo=YEMEN), "2026-03-02"),
        (datetime(2026, 3, 2, 0, 30, tzinfo=YEMEN), "2026-03-01"),
        (datetime(2026, 3, 1, 23, 0, tzinfo=YEMEN), "2026-03-01"),
        (datetime(2026, 3, 2, 3, 0, tzinfo=timezone(timedelta(hours=-5))), "2026-03-01"),  # its own offset
    ],
)
def test_an_evening_runs_from_six_to_six(moment, evening):
    assert evening_of(moment) == evening


def test_a_moment_without_an_offset_is_taken_as_local_time():
    naive = datetime(2026, 3, 2, 12, 0)
    assert evening_of(naive) == evening_of(naive.astimezone())
    assert evening_of(naive) == "2026-03-02"


def test_team_name_is_the_matchs_name_for_a_letter_and_none_for_nobody():
    assert team_name(("Lions", "Tigers"), "A") == "Lions"
    assert team_name(("Lions", "Tigers"), "B") == "Tigers"
    assert team_name(("Lions", "Tigers"), None) is None


def test_round_ids_are_sixteen_hex_digits_and_fresh():
    ids = {new_round_id() for _ in range(50)}
    assert len(ids) == 50
    assert all(re.fullmatch(r"[0-9a-f]{16}", i) for i in ids)
    assert re.fullmatch(r"[0-9a-f]{16}", RoundEntry(Round("redeal"), "t").id)
    assert RoundEntry(Round("redeal"), "t").id != RoundEntry(Round("redeal"), "t").id


def test_a_derived_round_id_depends_on_where_and_what_only():
    doc = {"end": "redeal", "pips": [None] * 4}
    rid = derived_round_id("m1/0", doc)
    assert re.fullmatch(r"[0-9a-f]{16}", rid)
    assert derived_round_id("m1/0", dict(reversed(doc.items()))) == rid
    assert derived_round_id("m1/1", doc) != rid
    assert derived_round_id("m1/0", {**doc, "end": "blocked"}) != rid


def rec(*rounds, winner=None, teams=("Lions", "Tigers"), replayed=None):
    entries = tuple(RoundEntry(r, f"t{i}", f"r{i}") for i, r in enumerate(rounds))
    return MatchRecord("m1", "2026-03-01", "s", None, PLAYERS, teams, 11, entries, winner, replayed)


def test_a_record_replays_its_log():
    done = rec(Round("redeal"), WIN_B, winner="B")
    assert done.rounds == (Round("redeal"), WIN_B)
    assert done.totals == (0, 11)
    assert done.finished
    assert done.winner_name == "Tigers"
    playing = rec(Round("redeal"))
    assert playing.totals == (0, 0)
    assert not playing.finished
    assert playing.winner_name is None


def test_a_record_whose_winner_is_not_its_replays_is_refused():
    with pytest.raises(ValueError, match="winner"):
        rec(WIN_B)  # finished, yet no winner given
    with pytest.raises(ValueError, match="winner"):
        rec(WIN_B, winner="A")
    with pytest.raises(ValueError, match="winner"):
        rec(Round("redeal"), winner="B")


def test_a_replayed_match_is_used_only_when_it_is_this_log():
    rounds = (Round("redeal"), WIN_B)
    same = Match(PLAYERS, 11, rounds)
    assert rec(*rounds, winner="B", replayed=same).match is same
    other_log = Match(PLAYERS, 11, rounds[:1])
    assert rec(*rounds, winner="B", replayed=other_log).match.rounds == rounds
    other_target = Match(PLAYERS, 12, rounds)
    assert rec(*rounds, winner="B", replayed=other_target).match.target == 11


def test_records_compare_by_their_fields_and_show_no_replay():
    assert rec(Round("redeal")) == rec(Round("redeal"))
    assert "match=" not in repr(rec(Round("redeal")))
    assert "replayed" not in repr(rec(Round("redeal")))
    with pytest.raises(dataclasses.FrozenInstanceError):
        rec().target = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        RoundEntry(Round("redeal"), "t").id = "x"  # type: ignore[misc]


def test_a_records_listing_line():
    line = result_of(rec(Round("redeal"), WIN_B, winner="B"))
    assert line == MatchResult("m1", "s", PLAYERS, ("Lions", "Tigers"), 2, (0, 11), "B")
    assert line.winner_name == "Tigers"
    assert result_of(rec()).winner_name is None


def test_an_evening_counts_wins_by_team_name():
    def line(winner, teams=("Lions", "Tigers")):
        return MatchResult("m", "s", PLAYERS, teams, 1, (0, 0), winner)

    summary = EveningSummary("2026-03-01", 4, 9, (line("A"), line("B"), line(None), line("A", ("Tigers", "X"))))
    assert summary.wins == {"Lions": 1, "Tigers": 2}
    with pytest.raises(dataclasses.FrozenInstanceError):
        summary.rounds = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        line("A").rounds = 1  # type: ignore[misc]
