"""What the store hands out, and how it is written: frozen records and their JSON.

Totals are never stored as running counters: a ``MatchRecord`` keeps the
round log and replays it with ``scorekeeper.match``. A finished match also
caches its result (winner, totals) in its document so that listings need no
replay; every full load checks that cache against the replay.

Loading validates through the core: a document the core refuses raises
``CorruptDocument``, which the store treats like a damaged file.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.match import Match, Round
from scorekeeper.tiles import SEATS, Tile, parse_tile

#: An evening runs from 06:00 to 06:00 local time (see ``evening_of``).
EVENING_SHIFT = timedelta(hours=6)


def _team_name(team_names: tuple[str, str], team: str | None) -> str | None:
    """The name a match gave team ``"A"`` or ``"B"`` (None for no team)."""
    return None if team is None else team_names[0 if team == "A" else 1]


class CorruptDocument(Exception):
    """A stored document that is not a valid match (bad types, or the core refuses it)."""


def evening_of(moment: datetime) -> str:
    """The evening (``YYYY-MM-DD``) a moment belongs to: the local date of ``moment - 6 h``.

    People play past midnight: a match begun at 01:30 belongs to the evening
    before, one begun at 06:00 to the new day. The date is taken in the
    moment's own UTC offset (the phone's local time when it was recorded).
    """
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return (moment - EVENING_SHIFT).date().isoformat()


def new_round_id() -> str:
    """A fresh round id: edits and deletes name a round by it, never by its position."""
    return uuid.uuid4().hex[:16]


def derived_round_id(where: str, doc: Any) -> str:
    """The id of a round stored before rounds had ids: derived from where it is and what it holds.

    Deterministic, so every load of an old file gives the same ids until the
    next write persists them.
    """
    return hashlib.sha1(f"{where}|{json.dumps(doc, sort_keys=True, default=str)}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class RoundEntry:
    """One logged round, when it was recorded (ISO 8601 with offset), and its stable id."""

    round: Round
    recorded_at: str
    id: str = field(default_factory=new_round_id)


@dataclass(frozen=True)
class MatchRecord:
    """A stored match: the set-up and its round log; everything else is replayed.

    ``winner`` is the team letter ("A"/"B") once the target is reached
    (``team_names`` gives its display name); ``finished_at`` is when the
    deciding round was recorded. ``evening`` is ``evening_of(started_at)``.
    """

    id: str
    evening: str
    started_at: str
    finished_at: str | None
    players: tuple[str, ...]
    team_names: tuple[str, str]
    target: int
    entries: tuple[RoundEntry, ...] = ()
    winner: str | None = None

    @cached_property
    def match(self) -> Match:
        """The core match replayed from the log (checked by the rules)."""
        return Match(self.players, self.target, tuple(e.round for e in self.entries), self.team_names)

    @property
    def rounds(self) -> tuple[Round, ...]:
        return tuple(e.round for e in self.entries)

    @property
    def totals(self) -> tuple[int, int]:
        return self.match.totals

    @property
    def finished(self) -> bool:
        return self.match.finished

    @property
    def winner_name(self) -> str | None:
        return _team_name(self.team_names, self.winner)


@dataclass(frozen=True)
class MatchResult:
    """One match in an evening listing (from the cached result: no replay needed)."""

    match_id: str
    started_at: str
    players: tuple[str, ...]
    team_names: tuple[str, str]
    rounds: int
    totals: tuple[int, int]
    winner: str | None  # team letter, None while playing

    @property
    def winner_name(self) -> str | None:
        return _team_name(self.team_names, self.winner)


@dataclass(frozen=True)
class EveningSummary:
    """An evening in "review past evenings": counts plus one ``MatchResult`` per match.

    ``results`` is oldest first; ``wins`` counts finished matches per winning
    team name (team names are per match, so this is by name, not by letter).
    """

    evening: str
    matches: int
    rounds: int
    results: tuple[MatchResult, ...] = ()

    @property
    def wins(self) -> dict[str, int]:
        return dict(Counter(r.winner_name for r in self.results if r.winner_name is not None))


# --- serialisation -------------------------------------------------------


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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise CorruptDocument(what)


def _tiles_from(value: Any) -> tuple[tuple[Tile, ...] | None, ...] | None:
    if value is None:
        return None
    _need(isinstance(value, list) and len(value) == SEATS, "tiles must list four seats")
    hands: list[tuple[Tile, ...] | None] = []
    for hand in value:
        if hand is None:
            hands.append(None)
            continue
        _need(isinstance(hand, list) and all(isinstance(t, str) for t in hand), "a hand must list tiles like '6-5'")
        hands.append(tuple(parse_tile(t) for t in hand))
    return tuple(hands)


def round_from_doc(doc: Any, where: str = "") -> RoundEntry:
    """A round; one without an id (stored before ids) gets ``derived_round_id(where, doc)``."""
    _need(isinstance(doc, dict), "a round must be an object")
    end, pips, winner = doc.get("end"), doc.get("pips"), doc.get("winner")
    _need(isinstance(end, str), "round end must be text")
    _need(
        isinstance(pips, list) and len(pips) == SEATS and all(p is None or _is_int(p) for p in pips),
        "pips must be four whole numbers or nulls",
    )
    _need(winner is None or _is_int(winner), "winner must be a seat number")
    recorded_at = doc.get("recorded_at")
    _need(isinstance(recorded_at, str), "recorded_at must be text")
    try:
        rnd = Round(end, tuple(pips), winner, _tiles_from(doc.get("tiles")))
    except ScorekeeperError as err:
        raise CorruptDocument(str(err)) from None
    rid = doc.get("id")
    _need(rid is None or (isinstance(rid, str) and 0 < len(rid) <= 64), "a round id must be short text")
    return RoundEntry(rnd, recorded_at, rid or derived_round_id(where, doc))


def _rounds_from(match_id: str, docs: list[Any]) -> tuple[RoundEntry, ...]:
    """The round log, each id unique within the match (a repeated id is derived anew, deterministically)."""
    entries, seen = [], set()
    for position, doc in enumerate(docs):
        entry = round_from_doc(doc, f"{match_id}/{position}")
        if entry.id in seen:
            entry = RoundEntry(entry.round, entry.recorded_at, derived_round_id(f"{match_id}/{position}/again", doc))
        seen.add(entry.id)
        entries.append(entry)
    return tuple(entries)


def match_from_doc(doc: Any) -> MatchRecord:
    """Rebuild and validate a match; ``CorruptDocument`` if anything is off."""
    _need(isinstance(doc, dict), "a match must be an object")
    mid, started = doc.get("id"), doc.get("started_at")
    _need(isinstance(mid, str) and bool(mid), "id must be text")
    _need(isinstance(started, str), "started_at must be text")
    try:
        evening = evening_of(datetime.fromisoformat(started))
    except ValueError:
        raise CorruptDocument(f"started_at {started!r} is not a time") from None
    players, teams, target = doc.get("players"), doc.get("team_names"), doc.get("target")
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players), "players must be names")
    _need(isinstance(teams, list) and len(teams) == 2 and all(isinstance(t, str) for t in teams), "two team names")
    _need(_is_int(target), "target must be a whole number")
    rounds = doc.get("rounds")
    _need(isinstance(rounds, list), "rounds must be a list")
    finished_at = doc.get("finished_at")
    _need(finished_at is None or isinstance(finished_at, str), "finished_at must be text or null")
    rec = MatchRecord(
        id=mid,
        evening=evening,
        started_at=started,
        finished_at=finished_at,
        players=tuple(players),
        team_names=(teams[0], teams[1]),
        target=target,
        entries=_rounds_from(mid, rounds),
        winner=None,
    )
    try:
        match = rec.match  # replays through the core (every round's result, tiles included)
    except (ScorekeeperError, IndexError) as err:
        raise CorruptDocument(str(err)) from None
    # the replay is the truth; the cached result only speeds up listings
    if match.finished:
        finished_at = finished_at or rec.entries[-1].recorded_at
        return _with(rec, finished_at=finished_at, winner=match.winner)
    return _with(rec, finished_at=None, winner=None)


def _with(rec: MatchRecord, **changes: Any) -> MatchRecord:
    """``dataclasses.replace`` that keeps the already replayed match."""
    fields = {name: getattr(rec, name) for name in rec.__dataclass_fields__}
    fields.update(changes)
    new = MatchRecord(**fields)
    if "match" in rec.__dict__ and "entries" not in changes:
        new.__dict__["match"] = rec.__dict__["match"]
    return new


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
        and all(_is_int(t) for t in totals)
        and winner in ("A", "B")
        and isinstance(players, list)
        and isinstance(teams, list)
        and len(teams) == 2
        and isinstance(doc.get("id"), str)
        and isinstance(doc.get("started_at"), str)
    ):
        return None
    return MatchResult(
        doc["id"], doc["started_at"], tuple(players), (teams[0], teams[1]), len(rounds), (totals[0], totals[1]), winner
    )


def result_of(rec: MatchRecord) -> MatchResult:
    return MatchResult(rec.id, rec.started_at, rec.players, rec.team_names, len(rec.entries), rec.totals, rec.winner)
