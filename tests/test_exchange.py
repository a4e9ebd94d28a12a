"""Export formats (CSV, JSON) and the complete check of an import file, with real files in tmp_path."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from scorekeeper.core.codec import match_to_doc
from scorekeeper.core.errors import InvalidImport
from scorekeeper.core.exchange import CSV_COLUMNS, EXPORT_FORMAT, parse_json, to_csv, to_json
from scorekeeper.core.match import Match, Round
from scorekeeper.core.records import MatchRecord, RoundEntry, evening_of
from scorekeeper.core.tiles import Tile
from scorekeeper.i18n import LANGUAGES, TABLES, Translator

YEMEN = timezone(timedelta(hours=3))
ARABIC = ("أحمد", "سالم", "غانم", "يحيى")


def dom(winner: int, *pips: int | None) -> Round:
    return Round("domino", tuple(pips), winner)


def block(*pips: int) -> Round:
    return Round("blocked", tuple(pips))


def record(mid: str, start: datetime, players, rounds, target=11, teams=("A", "B")) -> MatchRecord:
    match = Match(tuple(players), target, tuple(rounds), teams)
    entries = tuple(RoundEntry(r, (start + timedelta(minutes=5 * (i + 1))).isoformat()) for i, r in enumerate(rounds))
    finished_at = entries[-1].recorded_at if match.finished else None
    return MatchRecord(
        mid, evening_of(start), start.isoformat(), finished_at, match.players, teams, target, entries, match.winner
    )


START = datetime(2026, 3, 14, 21, 0, tzinfo=YEMEN)
PICKED = Round("domino", (None, 17, 0, 20), 2, (None, (Tile(6, 5), Tile(6, 0)), (), None))

#: m1 (Arabic names): A 3, redeal, B 0, partners' tie A 4, A 7 -> A wins 14-0
#: m2: unfinished, picked tiles, a cross-team tie; m3: the next evening, a name that is a formula
RECORDS = [
    record(
        "m1",
        START,
        ARABIC,
        [dom(2, None, 23, 0, 14), Round("redeal"), dom(1, 5, 0, 4, None), block(6, 15, 6, 22), block(12, 30, 25, 18)],
        teams=("الصقور", "النسور"),
    ),
    record(
        "m2", START + timedelta(hours=1), ("Ahmed", 'Sa"lem, jr', "Gha\nnim", "Yahya"), [PICKED, block(9, 9, 20, 31)]
    ),
    record("m3", START + timedelta(days=1), ("=SUM(A1)", "+Ali", "-Omar", "@Fuad"), [dom(0, 0, 30, None, 9)], 3),
]


def rows_of(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


# --- CSV -------------------------------------------------------------------------


def test_csv_has_a_bom_a_header_and_one_row_per_round(tmp_path: Path):
    path = tmp_path / "scores.csv"
    path.write_bytes(to_csv(RECORDS))
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    reader = csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""))
    assert next(reader) == list(CSV_COLUMNS)
    rows = rows_of(data)
    assert len(rows) == 5 + 2 + 1
    assert [r["round"] for r in rows] == ["1", "2", "3", "4", "5", "1", "2", "1"]


def test_csv_keeps_arabic_names_and_gives_the_running_totals():
    rows = rows_of(to_csv(RECORDS))[:5]
    first = rows[0]
    assert (first["seat0"], first["seat1"], first["seat2"], first["seat3"]) == ARABIC
    assert (first["team_a"], first["team_b"]) == ("الصقور", "النسور")
    assert (first["evening"], first["match_id"], first["target"]) == ("2026-03-14", "m1", "11")
    # r1: seat 2 went out, team A scores (23 + 14) // 10 = 3; seat 0's pips were not entered
    assert (first["end"], first["winner_seat"], first["winner_name"]) == ("domino", "2", "غانم")
    assert [first[f"pips{i}"] for i in range(4)] == ["", "23", "0", "14"]
    assert (first["points_team"], first["points"], first["total_a"], first["total_b"]) == ("الصقور", "3", "3", "0")
    # r2 redeal: nobody, nothing
    assert [rows[1][k] for k in ("end", "winner_seat", "winner_name", "points_team", "points")] == [
        "redeal", "", "", "", "0"
    ]  # fmt: skip
    # r3: a 0-point domino for B still names its team
    assert (rows[2]["points_team"], rows[2]["points"], rows[2]["total_b"]) == ("النسور", "0", "0")
    # r4: partners tie for lowest: both credited, A scores (15 + 6 + 22) // 10 = 4
    assert (rows[3]["winner_seat"], rows[3]["winner_name"], rows[3]["points"]) == ("0 2", "أحمد & غانم", "4")
    assert [(r["total_a"], r["total_b"]) for r in rows] == [("3", "0"), ("3", "0"), ("3", "0"), ("7", "0"), ("14", "0")]
    assert rows[4]["recorded_at"] == (START + timedelta(minutes=25)).isoformat()


def test_csv_quotes_awkward_names_and_lists_picked_tiles():
    rows = rows_of(to_csv(RECORDS))
    picked, tie = rows[5], rows[6]
    assert (picked["seat1"], picked["seat2"]) == ('Sa"lem, jr', "Gha\nnim")
    assert [picked[f"tiles{i}"] for i in range(4)] == ["", "6-5 6-0", "", ""]
    assert [tie[f"tiles{i}"] for i in range(4)] == ["", "", "", ""]
    assert (tie["end"], tie["winner_seat"], tie["points_team"], tie["points"]) == ("blocked", "", "", "0")


def test_csv_names_never_become_formulas():
    row = rows_of(to_csv(RECORDS))[-1]
    assert [row[f"seat{i}"] for i in range(4)] == ["'=SUM(A1)", "'+Ali", "'-Omar", "'@Fuad"]
    assert row["winner_name"] == "'=SUM(A1)"
    text = to_csv(RECORDS).decode("utf-8-sig")
    assert not re.search(r'(^|,)"?[=+\-@]', text, re.MULTILINE)


def test_csv_of_nothing_is_just_the_header():
    assert to_csv([]).decode("utf-8-sig") == ",".join(CSV_COLUMNS) + "\r\n"


# --- JSON ------------------------------------------------------------------------


def test_json_export_is_the_stored_form_and_reads_back_exactly(tmp_path: Path):
    path = tmp_path / "scores.json"
    path.write_bytes(to_json(RECORDS, exported_at=START))
    doc = json.loads(path.read_bytes())
    assert (doc["format"], doc["version"], doc["exported_at"]) == (EXPORT_FORMAT, 1, START.isoformat())
    assert doc["matches"] == [match_to_doc(r) for r in RECORDS]
    assert "أحمد" in path.read_text(encoding="utf-8")  # readable, not \u escapes
    back = parse_json(path.read_bytes())
    assert [match_to_doc(r) for r in back] == [match_to_doc(r) for r in RECORDS]
    assert back == RECORDS


def test_a_bom_and_an_empty_export_are_fine():
    assert parse_json(b"\xef\xbb\xbf" + to_json(RECORDS)) == RECORDS
    assert parse_json(to_json([])) == []


def good_doc() -> dict:
    return json.loads(to_json(RECORDS))


def broken(change) -> bytes:
    doc = good_doc()
    change(doc)
    return json.dumps(doc).encode()


def refused(data: bytes) -> InvalidImport:
    with pytest.raises(InvalidImport) as err:
        parse_json(data)
    return err.value


@pytest.mark.parametrize(
    "data",
    [
        to_json(RECORDS)[:-40],  # truncated
        to_json(RECORDS)[:1],
        b"",
        b"\xff\xfe\x00garbage\x9c",
        b"PK\x03\x04 not json at all",
        b'{"format": "scorekeeper-export", "version": 1, "matches": [NaN]}',
    ],
)
def test_a_file_that_is_not_json_is_refused(data):
    err = refused(data)
    assert err.code == "import_not_json"
    assert "reason" in err.values


@pytest.mark.parametrize(
    "data",
    [
        b"[]",
        b'"scorekeeper-export"',
        b'{"matches": []}',
        b'{"format": "tinydb", "version": 1, "matches": []}',
        b'{"format": "scorekeeper-export", "matches": []}',
        b'{"format": "scorekeeper-export", "version": "1", "matches": []}',
        b'{"format": "scorekeeper-export", "version": 1}',
        b'{"format": "scorekeeper-export", "version": 1, "matches": {"m1": {}}}',
        json.dumps({"_default": {"1": match_to_doc(RECORDS[0])}}).encode(),  # a raw TinyDB file
    ],
)
def test_json_that_is_not_an_export_is_refused(data):
    assert refused(data).code == "import_wrong_format"


def test_another_version_is_refused_with_the_versions():
    err = refused(broken(lambda d: d.update(version=2)))
    assert (err.code, err.values) == ("import_unsupported_version", {"found": 2, "supported": 1})


def set_in(index: int, key: str, value):
    return lambda d: d["matches"][index].update({key: value})


def set_round(index: int, number: int, key: str, value):
    return lambda d: d["matches"][index]["rounds"][number - 1].update({key: value})


@pytest.mark.parametrize(
    ("change", "index"),
    [
        (lambda d: d["matches"].__setitem__(1, "m2"), 1),
        (lambda d: d["matches"][2].pop("id"), 2),
        (set_in(0, "id", 7), 0),
        (set_in(0, "id", ""), 0),
        (set_in(1, "players", "Ahmed Salem Ghanim Yahya"), 1),
        (set_in(1, "players", ["Ahmed", "Salem", "Ghanim"]), 1),
        (set_in(1, "players", ["Ahmed", "Salem", "ahmed", "Yahya"]), 1),
        (set_in(1, "team_names", ["A"]), 1),
        (set_in(2, "target", "3"), 2),
        (set_in(2, "target", 0), 2),
        (set_in(0, "started_at", "yesterday"), 0),
        (set_in(0, "started_at", None), 0),
        (set_in(0, "rounds", None), 0),
        (set_round(0, 2, "end", None), 0),
        (set_round(1, 1, "pips", [1, "two", 3, 4]), 1),
        (set_round(1, 1, "pips", [1, 2, 3]), 1),
        (set_round(1, 1, "tiles", [None, ["6-6", 5], [], None]), 1),
        (set_round(1, 1, "recorded_at", None), 1),
        (lambda d: d["matches"][0]["rounds"].__setitem__(0, ["domino"]), 0),
    ],
)
def test_a_malformed_match_is_refused_with_its_place_in_the_file(change, index):
    err = refused(broken(change))
    assert err.code == "import_bad_match"
    assert (err.values["index"], err.values["number"]) == (index, index + 1)
    assert err.values["reason"]


@pytest.mark.parametrize(
    ("change", "index", "number", "cause"),
    [
        (set_round(0, 1, "pips", [None, 70, 0, 14]), 0, 1, "pips_over_hand"),
        (set_round(0, 3, "pips", [5, 3, 4, None]), 0, 3, "winner_holds_pips"),
        (set_round(0, 4, "end", "lost"), 0, 4, "end_unknown"),
        (set_round(2, 1, "winner", 9), 2, 1, "winner_out_of_range"),
        (set_round(1, 1, "tiles", [None, ["6-5", "6-0"], ["6-5"], None]), 1, 1, "tile_twice"),
        (set_round(1, 1, "tiles", [None, ["6-5", "6-1"], [], None]), 1, 1, "tiles_mismatch"),
        # a round after the target was reached (m3 ended in round 1)
        (lambda d: d["matches"][2]["rounds"].append(d["matches"][2]["rounds"][0]), 2, 2, "round_after_end"),
    ],
)
def test_an_impossible_round_is_refused_with_match_and_round(change, index, number, cause):
    err = refused(broken(change))
    assert err.code == "import_impossible_round"
    assert (err.values["index"], err.values["number"], err.values["round"]) == (index, index + 1, number)
    assert err.values["cause"] == cause
    assert f"match {index + 1} in the file, round {number}" in str(err)


def test_a_round_that_could_not_have_happened_is_imported_and_marked_not_refused():
    # 149 pips in a blocked game cannot happen (126 at most), but older versions let such a
    # round in: the import keeps the whole file and the match lists the round as a problem
    records = parse_json(broken(set_round(1, 2, "pips", [50, 50, 40, 9])))
    assert [r.id for r in records] == [r.id for r in RECORDS]
    assert records[1].rounds[1].pips == (50, 50, 40, 9)
    assert list(records[1].match.problems) == [1]
    assert records[1].match.problems[1].code == "blocked_over_limit"
    assert all(not r.match.problems for i, r in enumerate(records) if i != 1)


def test_a_match_twice_in_the_file_is_refused():
    err = refused(broken(lambda d: d["matches"].append(d["matches"][0])))
    assert (err.code, err.values) == ("import_duplicate_id", {"index": 3, "number": 4, "match_id": "m1"})


def test_a_stale_cached_result_is_not_an_error_the_replay_decides():
    doc = good_doc()
    doc["matches"][0].update(winner="B", totals=[0, 99], status="playing", evening="1999-01-01")
    assert parse_json(json.dumps(doc).encode()) == RECORDS


# --- messages ----------------------------------------------------------------------

EXCHANGE = Path(__file__).resolve().parents[1] / "scorekeeper" / "core" / "exchange.py"


def test_every_import_code_has_a_message_in_every_language():
    codes = set(re.findall(r'InvalidImport\(\s*"([a-z_]+)"', EXCHANGE.read_text(encoding="utf-8")))
    codes |= set(re.findall(r'"(import_[a-z_]+)"', EXCHANGE.read_text(encoding="utf-8")))
    assert codes == {
        "import_not_json",
        "import_wrong_format",
        "import_unsupported_version",
        "import_bad_match",
        "import_impossible_round",
        "import_duplicate_id",
        "import_name_too_long",
    }
    for language in LANGUAGES:
        missing = {code for code in codes if f"error.{code}" not in TABLES[language]}
        assert not missing, f"{language} lacks {sorted(missing)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_import_errors_are_phrased_in_the_users_language(language):
    errors = [
        refused(b"{"),
        refused(b"[]"),
        refused(broken(lambda d: d.update(version=2))),
        refused(broken(set_in(1, "target", "x"))),
        refused(broken(set_round(0, 1, "pips", [None, 70, 0, 14]))),
        refused(broken(lambda d: d["matches"].append(d["matches"][0]))),
    ]
    say = Translator(language)
    for err in errors:
        text = say.error(err)
        assert text == say(f"error.{err.code}", **err.values)  # no fallback to the English str(err)
        assert "{" not in text
    assert "2" in say.error(errors[3]) and "1" in say.error(errors[4])


def test_the_json_export_puts_one_key_on_a_line_indented_by_one_space():
    data = to_json(RECORDS[:1], exported_at=START)
    assert data.startswith(b'{\n "format": ')
    assert b'\n  {\n   "id": "m1"' in data


def test_an_export_reads_back_from_text_as_from_bytes():
    data = to_json(RECORDS, exported_at=START)
    assert parse_json(data.decode("utf-8")) == parse_json(data) == parse_json(bytearray(data))
    with pytest.raises(InvalidImport) as err:
        parse_json(b"\xff\xfe not utf-8")
    assert err.value.code == "import_not_json"


def test_an_unforeseen_fault_in_a_match_is_still_a_refusal_with_a_short_reason(monkeypatch):
    import scorekeeper.core.exchange as exchange

    def broken_decoder(doc):
        raise TypeError("x" * 500)

    monkeypatch.setattr(exchange, "match_from_doc", broken_decoder)
    with pytest.raises(InvalidImport) as err:
        parse_json(to_json(RECORDS[:1], exported_at=START))
    assert err.value.code == "import_bad_match"
    assert err.value.values["index"] == 0
    assert err.value.values["reason"] == f"TypeError: {'x' * 500}"[:200]
