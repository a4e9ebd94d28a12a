"""The document form of a match: what the store writes in an evening file and an export carries.

Pure (standard library and the core). Decoding validates through the core:
a document the core refuses raises ``CorruptDocument``, which carries the
core's own error (``cause``) and the 1-based round it is about (``round``),
so a caller that must say exactly what is wrong (the import) need not parse
the document a second time. A finished match also caches its result
(winner, totals) in its document so that listings need no replay; every full
load checks that cache against the replay (``cache_agrees``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorekeeper.core.checks import is_int, is_match_id
from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.match import Match, Round
from scorekeeper.core.records import MatchRecord, MatchResult, RoundEntry, derived_round_id, evening_of
from scorekeeper.core.rules import TEAMS
from scorekeeper.core.tiles import SEATS, Tile, parse_tile


class CorruptDocument(ValueError):
    """A stored document that is not a valid match: bad types, or the core refuses it.

    ``cause`` is the core's refusal (``InvalidRound``, ``MatchOver``,
    ``InvalidMatch``) when there is one, else None (a shape problem);
    ``round`` is the 1-based round the fault is in, None when it is not in
    one round.
    """

    def __init__(self, reason: str, *, cause: ScorekeeperError | None = None, round: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.cause = cause
        self.round = round


def _need(ok: bool, what: str, number: int | None = None) -> None:
    if not ok:
        raise CorruptDocument(what if number is None else f"round {number}: {what}", round=number)


# --- to documents ----------------------------------------------------------------


def round_to_doc(entry: RoundEntry) -> dict[str, Any]:
    rnd = entry.round
    tiles = None
    if rnd.tiles is not None:
        tiles = [None if hand is None else [str(t) for t in hand] for hand in rnd.tiles]
    return {
        "end": rnd.end,
        "pips": list(rnd.pips),
        "winner": rnd.winner,
        "tiles": tiles,
        "recorded_at": entry.recorded_at,
        "id": entry.id,
    }


def match_to_doc(rec: MatchRecord) -> dict[str, Any]:
    finished = rec.finished
    return {
        "id": rec.id,
        "evening": rec.evening,
        "started_at": rec.started_at,
        "finished_at": rec.finished_at if finished else None,
        "status": "finished" if finished else "playing",
        "players": list(rec.players),
        "team_names": list(rec.team_names),
        "target": rec.target,
        "rounds": [round_to_doc(e) for e in rec.entries],
        # the cached result, checked against the replay on every full load
        "winner": rec.winner if finished else None,
        "totals": list(rec.totals) if finished else None,
    }


# --- from documents --------------------------------------------------------------


def _tiles_from(value: Any, number: int | None) -> tuple[tuple[Tile, ...] | None, ...] | None:
    if value is None:
        return None
    _need(isinstance(value, list) and len(value) == SEATS, "tiles must list four seats", number)
    hands: list[tuple[Tile, ...] | None] = []
    for hand in value:
        if hand is None:
            hands.append(None)
            continue
        is_hand = isinstance(hand, list) and all(isinstance(t, str) for t in hand)
        _need(is_hand, "a hand must list tiles like '6-5'", number)
        try:
            hands.append(tuple(parse_tile(t) for t in hand))
        except ScorekeeperError as err:
            raise CorruptDocument(f"round {number}: {err}" if number else str(err), cause=err, round=number) from None
    return tuple(hands)


def round_from_doc(doc: Any, number: int | None = None, where: str = "") -> RoundEntry:
    """One logged round, its fields checked for type (not yet scored: see ``match_from_doc``).

    A round stored before rounds had ids gets ``derived_round_id(where, doc)``.
    """
    _need(isinstance(doc, dict), "a round must be an object", number)
    end, pips, winner = doc.get("end"), doc.get("pips"), doc.get("winner")
    _need(isinstance(end, str), "round end must be text", number)
    _need(
        isinstance(pips, list) and len(pips) == SEATS and all(p is None or is_int(p) for p in pips),
        "pips must be four whole numbers or nulls",
        number,
    )
    _need(winner is None or is_int(winner), "winner must be a seat number", number)
    recorded_at = doc.get("recorded_at")
    _need(isinstance(recorded_at, str), "recorded_at must be text", number)
    rid = doc.get("id")
    _need(rid is None or (isinstance(rid, str) and 0 < len(rid) <= 64), "a round id must be short text", number)
    rnd = Round(end, tuple(pips), winner, _tiles_from(doc.get("tiles"), number))
    return RoundEntry(rnd, recorded_at, rid or derived_round_id(where, doc))


def _rounds_from(match_id: str, docs: list[Any]) -> tuple[RoundEntry, ...]:
    """The round log, each id unique within the match (a repeated id is derived anew, deterministically)."""
    entries, seen = [], set()
    for number, doc in enumerate(docs, start=1):
        where = f"{match_id}/{number - 1}"
        entry = round_from_doc(doc, number, where)
        if entry.id in seen:
            entry = RoundEntry(entry.round, entry.recorded_at, derived_round_id(f"{where}/again", doc))
        seen.add(entry.id)
        entries.append(entry)
    return tuple(entries)


def match_from_doc(doc: Any) -> MatchRecord:
    """Rebuild and validate a match; ``CorruptDocument`` if anything is off (with the core's error, if any)."""
    _need(isinstance(doc, dict), "a match must be an object")
    mid, started = doc.get("id"), doc.get("started_at")
    _need(is_match_id(mid), "id must be a short name of letters, digits, '-' or '_'")
    _need(isinstance(started, str), "started_at must be text")
    try:
        evening = evening_of(datetime.fromisoformat(started))
    except (ValueError, OverflowError):
        raise CorruptDocument(f"started_at {started!r} is not a time this app can place") from None
    players, teams, target = doc.get("players"), doc.get("team_names"), doc.get("target")
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players), "players must be names")
    _need(isinstance(teams, list) and len(teams) == 2 and all(isinstance(t, str) for t in teams), "two team names")
    _need(is_int(target), "target must be a whole number")
    rounds = doc.get("rounds")
    _need(isinstance(rounds, list), "rounds must be a list")
    finished_at = doc.get("finished_at")
    _need(finished_at is None or isinstance(finished_at, str), "finished_at must be text or null")
    entries = _rounds_from(mid, rounds)
    for number, entry in enumerate(entries, start=1):
        try:
            _ = entry.round.result  # scored and its tiles checked, each round on its own
        except ScorekeeperError as err:
            raise CorruptDocument(f"round {number}: {err}", cause=err, round=number) from None
    try:
        match = Match(tuple(players), target, tuple(e.round for e in entries), (teams[0], teams[1]))
    except ScorekeeperError as err:  # the set-up, or a round after the end
        late = err.values.get("round")
        raise CorruptDocument(str(err), cause=err, round=late if is_int(late) else None) from None
    # the replay is the truth; the cached result only speeds up listings
    done_at = (finished_at or entries[-1].recorded_at) if match.finished else None
    return MatchRecord(
        mid, evening, started, done_at, tuple(players), match.team_names, target, entries, match.winner, match
    )


def cache_agrees(doc: dict[str, Any], rec: MatchRecord) -> bool:
    """Whether a document's cached result matches its replay."""
    finished = rec.finished
    totals = list(rec.totals) if finished else None
    return (
        doc.get("status") == ("finished" if finished else "playing")
        and doc.get("winner") == rec.winner
        and doc.get("totals") == totals
    )


def result_from_doc(doc: Any) -> MatchResult | None:
    """A listing line straight from the cached result; None when a replay is needed."""
    if not isinstance(doc, dict) or doc.get("status") != "finished":
        return None
    rounds, totals, winner = doc.get("rounds"), doc.get("totals"), doc.get("winner")
    players, teams = doc.get("players"), doc.get("team_names")
    if not (
        isinstance(rounds, list)
        and isinstance(totals, list)
        and len(totals) == 2
        and all(is_int(t) for t in totals)
        and winner in TEAMS
        and isinstance(players, list)
        and all(isinstance(p, str) for p in players)
        and isinstance(teams, list)
        and len(teams) == 2
        and all(isinstance(t, str) for t in teams)
        and is_match_id(doc.get("id"))
        and isinstance(doc.get("started_at"), str)
    ):
        return None
    return MatchResult(
        doc["id"], doc["started_at"], tuple(players), (teams[0], teams[1]), len(rounds), (totals[0], totals[1]), winner
    )
