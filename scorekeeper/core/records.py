"""What is kept of a match, as frozen records: the set-up and the round log, nothing derived.

Totals are never stored as running counters: a ``MatchRecord`` replays its
round log through ``scorekeeper.core.match`` when it is built, so a record that
exists is a record the rules accept. Pure: the document form lives in
``codec.py``, the files in ``storage``.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections import Counter
from dataclasses import InitVar, dataclass, field
from datetime import datetime, timedelta
from typing import Any

from scorekeeper.core.match import Match, Round
from scorekeeper.core.rules import team_index

#: An evening runs from 06:00 to 06:00 local time (see ``evening_of``).
EVENING_SHIFT = timedelta(hours=6)


def team_name(team_names: tuple[str, str], team: str | None) -> str | None:
    """The name a match gave team ``"A"`` or ``"B"`` (None for no team)."""
    return None if team is None else team_names[team_index(team)]


def evening_of(moment: datetime) -> str:
    """The evening (``YYYY-MM-DD``) a moment belongs to: the local date of ``moment - 6 h``.

    People play past midnight: a match begun at 01:30 belongs to the evening
    before, one begun at 06:00 to the new day. The date is taken in the
    moment's own UTC offset (the phone's local time when it was recorded).
    ``OverflowError`` for a moment in the first six hours of year 1.
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
    (``team_names`` gives its display name); it is what the evening file
    caches for listings, so a record whose ``winner`` is not its replay's is
    refused (``ValueError``) rather than written. ``finished_at`` is when the
    deciding round was recorded. ``evening`` is ``evening_of(started_at)``.
    ``match`` is the core's replay of the log, built with the record: pass
    ``replayed`` when the caller has just built that very ``Match`` (it saves
    a second replay); ``dataclasses.replace`` replays again, so a changed log
    can never keep a stale match.
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
    replayed: InitVar[Match | None] = None
    match: Match = field(init=False, repr=False, compare=False)

    def __post_init__(self, replayed: Match | None) -> None:
        rounds = tuple(e.round for e in self.entries)
        if replayed is None or replayed.rounds != rounds or replayed.target != self.target:
            replayed = Match(self.players, self.target, rounds, self.team_names)
        object.__setattr__(self, "match", replayed)
        if self.winner != replayed.winner:
            raise ValueError(f"match {self.id}: winner {self.winner!r} given, the replay says {replayed.winner!r}")

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
        return team_name(self.team_names, self.winner)


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
        return team_name(self.team_names, self.winner)


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


def result_of(rec: MatchRecord) -> MatchResult:
    """A record's listing line."""
    return MatchResult(rec.id, rec.started_at, rec.players, rec.team_names, len(rec.entries), rec.totals, rec.winner)
