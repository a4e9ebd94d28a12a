"""The document form of a match: written, read back, and every bad document refused with its round."""

import copy

import pytest

from scorekeeper.core.codec import (
    CorruptDocument,
    cache_agrees,
    match_from_doc,
    match_to_doc,
    result_from_doc,
    round_from_doc,
    round_to_doc,
)
from scorekeeper.core.match import Match, Round
from scorekeeper.core.records import MatchRecord, MatchResult, RoundEntry, derived_round_id
from scorekeeper.core.tiles import Tile

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
STARTED = "2026-03-01T21:00:00+03:00"


def entry(rnd, n=1, rid=None):
    return RoundEntry(rnd, f"2026-03-01T21:{n:02d}:00+03:00", rid or f"r{n}")


def record(*rounds, target=11, finished_at=None, teams=("Lions", "Tigers")):
    entries = tuple(entry(r, n) for n, r in enumerate(rounds, start=1))
    winner = Match(PLAYERS, target, rounds).winner
    return MatchRecord("m1", "2026-03-01", STARTED, finished_at, PLAYERS, teams, target, entries, winner)


PLAYING = record(Round("domino", (5, None, 20, None), 1), Round("blocked", (12, 30, 25, 18)))
FINISHED = record(Round("domino", (60, None, 50, None), 1), finished_at="2026-03-01T21:01:00+03:00")


def test_a_round_document_holds_every_field():
    rnd = Round("domino", (None, 22, 0, 5), 0, (None, (Tile(6, 6), Tile(5, 5)), None, None))
    assert round_to_doc(RoundEntry(rnd, "t", "abc")) == {
        "end": "domino",
        "pips": [None, 22, 0, 5],
        "winner": 0,
        "tiles": [None, ["6-6", "5-5"], None, None],
        "recorded_at": "t",
        "id": "abc",
    }
    assert round_to_doc(entry(Round("redeal")))["tiles"] is None


def test_a_playing_match_caches_no_result():
    doc = match_to_doc(PLAYING)
    assert doc["status"] == "playing"
    assert doc["winner"] is None
    assert doc["totals"] is None
    assert doc["finished_at"] is None
    assert doc["players"] == list(PLAYERS)
    assert doc["team_names"] == ["Lions", "Tigers"]
    assert doc["target"] == 11
    assert doc["id"] == "m1"
    assert doc["evening"] == "2026-03-01"
    assert doc["started_at"] == STARTED
    assert [r["id"] for r in doc["rounds"]] == ["r1", "r2"]


def test_a_finished_match_caches_its_winner_and_totals():
    doc = match_to_doc(FINISHED)
    assert (doc["status"], doc["winner"], doc["totals"]) == ("finished", "B", [0, 11])
    assert doc["finished_at"] == "2026-03-01T21:01:00+03:00"


@pytest.mark.parametrize("rec", [PLAYING, FINISHED])
def test_a_match_reads_back_as_it_was_written(rec):
    back = match_from_doc(match_to_doc(rec))
    assert back == rec
    assert back.match.totals == rec.match.totals
    assert cache_agrees(match_to_doc(rec), back)


def test_a_finished_match_without_its_finish_time_takes_the_last_rounds_time():
    two = record(Round("redeal"), Round("domino", (60, None, 50, None), 1), finished_at="x")
    doc = match_to_doc(two)
    doc["finished_at"] = None
    back = match_from_doc(doc)
    assert back.finished_at == two.entries[-1].recorded_at != two.entries[0].recorded_at
    assert back.winner == "B"


def test_picked_tiles_read_back_as_tiles():
    rnd = Round("domino", (None, 22, 0, 5), 0, (None, (Tile(6, 6), Tile(5, 5)), None, None))
    back = round_from_doc(round_to_doc(RoundEntry(rnd, "t", "r1")))
    assert back.round.tiles == (None, (Tile(6, 6), Tile(5, 5)), None, None)
    assert back == RoundEntry(rnd, "t", "r1")


def test_the_replay_overrules_a_wrong_cached_winner():
    doc = match_to_doc(FINISHED)
    doc["winner"] = "A"
    assert match_from_doc(doc).winner == "B"
    assert not cache_agrees(doc, match_from_doc(match_to_doc(FINISHED)))


def test_a_playing_match_stored_as_finished_is_read_as_playing():
    doc = match_to_doc(PLAYING)
    doc.update(status="finished", finished_at="2026-03-01T23:00:00+03:00", winner="A", totals=[11, 0])
    back = match_from_doc(doc)
    assert back.finished_at is None
    assert back.winner is None
    assert not back.finished


def test_the_evening_follows_the_start_time():
    doc = match_to_doc(PLAYING)
    doc["started_at"] = "2026-03-02T01:30:00+03:00"  # past midnight: still the evening before
    assert match_from_doc(doc).evening == "2026-03-01"
    doc["started_at"] = "2026-03-02T06:00:00+03:00"
    assert match_from_doc(doc).evening == "2026-03-02"


# --- the cache and the listing line -----------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value"),
    [("status", "playing"), ("winner", "A"), ("winner", None), ("totals", [11, 0]), ("totals", [0, 12])],
)
def test_any_wrong_field_of_a_finished_cache_disagrees(key, value):
    doc = match_to_doc(FINISHED)
    assert cache_agrees(doc, FINISHED)
    doc[key] = value
    assert not cache_agrees(doc, FINISHED)


@pytest.mark.parametrize(
    ("key", "value"), [("status", "finished"), ("winner", "A"), ("totals", [0, 0]), ("totals", [7, 0])]
)
def test_a_playing_match_with_any_cached_result_disagrees(key, value):
    doc = match_to_doc(PLAYING)
    assert cache_agrees(doc, PLAYING)
    doc[key] = value
    assert not cache_agrees(doc, PLAYING)


def test_the_listing_line_comes_from_the_cache_alone():
    doc = match_to_doc(FINISHED)
    doc["totals"] = [3, 14]  # the cache is what is read (it is checked on every full load)
    doc["rounds"] = [{}, {}, {}]
    assert result_from_doc(doc) == MatchResult("m1", STARTED, PLAYERS, ("Lions", "Tigers"), 3, (3, 14), "B")


def test_the_listing_line_keeps_the_totals_in_team_order():
    doc = match_to_doc(FINISHED)
    line = result_from_doc(doc)
    assert line is not None
    assert line.totals == (0, 11)
    assert line.winner_name == "Tigers"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("status", "playing"),
        ("rounds", None),
        ("totals", None),
        ("totals", [11]),
        ("totals", [11, 0, 0]),
        ("totals", [11, "0"]),
        ("totals", [True, 0]),
        ("winner", "C"),
        ("winner", None),
        ("players", None),
        ("players", ["a", 1, "c", "d"]),
        ("team_names", None),
        ("team_names", ["Lions"]),
        ("team_names", ["Lions", "Tigers", "Bears"]),
        ("team_names", ["Lions", 2]),
        ("id", "../x"),
        ("started_at", None),
    ],
)
def test_a_cache_that_cannot_make_a_listing_line_asks_for_a_replay(key, value):
    doc = match_to_doc(FINISHED)
    assert result_from_doc(doc) is not None
    doc[key] = value
    assert result_from_doc(doc) is None


def test_no_listing_line_from_what_is_not_a_document():
    assert result_from_doc(["status", "finished"]) is None
    assert result_from_doc(None) is None


# --- bad documents --------------------------------------------------------------------


def broken(change, rec=PLAYING):
    doc = copy.deepcopy(match_to_doc(rec))
    change(doc)
    with pytest.raises(CorruptDocument) as err:
        match_from_doc(doc)
    return err.value


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(id="../etc"),
        lambda d: d.update(id=None),
        lambda d: d.update(started_at=None),
        lambda d: d.update(started_at="yesterday"),
        lambda d: d.update(started_at="0001-01-01T01:00:00+00:00"),
        lambda d: d.update(players="Ahmed Salem"),
        lambda d: d.update(players=["Ahmed", "Salem", "Ghanim", 4]),
        lambda d: d.update(team_names=["A"]),
        lambda d: d.update(team_names=["A", "B", "C"]),
        lambda d: d.update(team_names="AB"),
        lambda d: d.update(team_names=["A", None]),
        lambda d: d.update(target="11"),
        lambda d: d.update(target=True),
        lambda d: d.update(rounds={}),
        lambda d: d.update(finished_at=5),
    ],
)
def test_a_bad_match_field_is_no_round_fault(change):
    err = broken(change)
    assert err.round is None
    assert err.cause is None


def test_not_a_document_at_all():
    with pytest.raises(CorruptDocument):
        match_from_doc([])


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(end=1),
        lambda r: r.update(pips=[1, 2, 3]),
        lambda r: r.update(pips=[1, 2, 3, 4, 5]),
        lambda r: r.update(pips="1234"),
        lambda r: r.update(pips=[1, 2, 3, "4"]),
        lambda r: r.update(pips=[1, 2, 3, 4.0]),
        lambda r: r.update(winner="1"),
        lambda r: r.update(recorded_at=None),
        lambda r: r.update(id=""),
        lambda r: r.update(id=5),
        lambda r: r.update(id="x" * 65),
        lambda r: r.update(tiles="6-6"),
        lambda r: r.update(tiles=[None, None, None]),
        lambda r: r.update(tiles=[None, None, None, None, None]),
        lambda r: r.update(tiles=[None, "6-6", None, None]),
        lambda r: r.update(tiles=[None, ["6-6", 5], None, None]),
    ],
)
def test_a_bad_round_field_names_its_round(change):
    err = broken(lambda d: change(d["rounds"][1]))
    assert err.round == 2
    assert err.cause is None  # a shape fault, found before the core sees the round
    assert str(err).startswith("round 2: ")


def test_not_a_round_document_names_its_round():
    err = broken(lambda d: d["rounds"].__setitem__(0, "redeal"))
    assert err.round == 1


def test_a_round_id_of_64_characters_is_short_enough():
    doc = match_to_doc(PLAYING)
    doc["rounds"][0]["id"] = "x" * 64
    assert match_from_doc(doc).entries[0].id == "x" * 64
    doc["rounds"][0]["id"] = "y"
    assert match_from_doc(doc).entries[0].id == "y"


def test_a_tile_outside_the_set_carries_the_cores_error():
    err = broken(lambda d: d["rounds"][1].update(tiles=[None, ["7-6"], None, None]))
    assert err.round == 2
    assert err.cause is not None
    assert err.cause.code == "tile_unknown"
    assert str(err).startswith("round 2: ")


def test_a_tile_error_outside_a_round_has_no_round_prefix():
    with pytest.raises(CorruptDocument) as err:
        round_from_doc({"end": "redeal", "pips": [None] * 4, "recorded_at": "t", "tiles": [["9-9"], None, None, None]})
    assert err.value.round is None
    assert not str(err.value).startswith("round")
    assert err.value.cause is not None


def test_a_round_the_rules_refuse_carries_the_cores_error_and_its_round():
    err = broken(lambda d: d["rounds"][1].update(pips=[12, 30, 25, 70]))
    assert err.round == 2
    assert err.cause is not None
    assert err.cause.code == "pips_over_hand"
    assert str(err).startswith("round 2: ")


def test_a_round_after_the_end_carries_its_round():
    def after_end(doc):
        doc["rounds"].append(round_to_doc(entry(Round("redeal"), 2)))

    err = broken(after_end, FINISHED)
    assert err.cause is not None
    assert err.cause.code == "round_after_end"
    assert err.round == 2


def test_a_bad_set_up_carries_the_cores_error_and_no_round():
    err = broken(lambda d: d.update(players=["Ahmed", "Ahmed", "Ghanim", "Yahya"]))
    assert err.cause is not None
    assert err.cause.code == "player_name_twice"
    assert err.round is None


# --- round ids ------------------------------------------------------------------------


def test_a_round_without_an_id_gets_one_derived_from_where_and_what_it_is():
    doc = match_to_doc(PLAYING)
    for r in doc["rounds"]:
        del r["id"]
    first = match_from_doc(doc)
    assert [e.id for e in first.entries] == [
        derived_round_id("m1/0", doc["rounds"][0]),
        derived_round_id("m1/1", doc["rounds"][1]),
    ]
    assert match_from_doc(copy.deepcopy(doc)).entries == first.entries  # the same on every load


def test_a_repeated_round_id_is_derived_anew():
    doc = match_to_doc(PLAYING)
    doc["rounds"][1]["id"] = doc["rounds"][0]["id"]
    ids = [e.id for e in match_from_doc(doc).entries]
    assert ids[0] == "r1"
    assert ids[1] == derived_round_id("m1/1/again", doc["rounds"][1])
