"""Starting a match and changing its rounds: each change checked by the core first, then written in order.

The core (``Match``) refuses a change before anything is written; the
``Writer`` then writes it in the order that makes a kill between two writes
harmless. Deleting a match backs up its evening and ``meta.json`` first.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from scorekeeper.core.errors import StorageError
from scorekeeper.core.match import Match, Round, check_new_names
from scorekeeper.core.records import MatchRecord, RoundEntry, evening_of
from scorekeeper.core.rules import TEAMS
from scorekeeper.storage.backup import backup_file
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.finder import Finder
from scorekeeper.storage.meta import MetaRoom, remember_player
from scorekeeper.storage.writes import Change, Writer


class Editor:
    """New matches and their rounds; callers hold the front's lock."""

    def __init__(
        self,
        folder: Path,
        meta: MetaRoom,
        rooms: EveningRoom,
        writer: Writer,
        finder: Finder,
        now: Callable[[], datetime],
    ) -> None:
        self.folder = folder
        self._meta = meta
        self._rooms = rooms
        self._writer = writer
        self._finder = finder
        self._now = now

    def new_match(self, players: Sequence[str], target: int, team_names: tuple[str, str] = TEAMS) -> MatchRecord:
        """Start a match tonight; ``InvalidMatch`` (nothing written) if it cannot be played."""
        teams = tuple(team_names) if isinstance(team_names, tuple | list) else TEAMS
        if len(teams) != 2 or not all(isinstance(t, str) for t in teams):
            teams = TEAMS
        names = (teams[0].strip() or TEAMS[0], teams[1].strip() or TEAMS[1])
        check_new_names(players, names)
        match = Match(tuple(players), target, (), names)
        now = self._now()
        evening = evening_of(now)
        self._writer.writable(evening)
        started = now.isoformat()
        rec = MatchRecord(uuid.uuid4().hex, evening, started, None, match.players, names, target, replayed=match)
        players_before = dict(self._meta.players)
        for name in match.players:
            remember_player(self._meta.players, name, started)
        self._rooms.records(evening)  # a damaged evening is recovered before it is written to
        try:
            return self._writer.commit(evening, None, rec)
        except StorageError:
            self._meta.players = players_before
            raise

    def edit(self, match_id: str, change: Callable[[MatchRecord], Change], now: str | None = None) -> MatchRecord:
        self._writer.writable()
        evening, slot = self._finder.find(match_id)
        self._writer.writable(evening)
        match, entries = change(slot.record)  # the core refuses here, before anything is written
        old = slot.record
        finished_at = None
        if match.finished:
            finished_at = old.finished_at if old.finished and old.finished_at else now or self._now().isoformat()
        new = MatchRecord(
            old.id, old.evening, old.started_at, finished_at, old.players, old.team_names, old.target,
            entries, match.winner, replayed=match,
        )  # fmt: skip
        return self._writer.commit(evening, slot, new)

    def add_round(self, match_id: str, rnd: Round, tiles: Sequence[Sequence[Any] | None] | None = None) -> MatchRecord:
        """Append a round (``tiles``, if given, are the picked tiles per seat and override ``rnd.tiles``).

        ``InvalidRound`` / ``MatchOver`` are raised before anything is written.
        """
        if tiles is not None:
            # any shape: the core's Round checks and freezes them (``tile_unknown``), never a crash
            rnd = replace(rnd, tiles=cast(Any, tiles))
        now = self._now().isoformat()

        def change(rec: MatchRecord) -> Change:
            return rec.match.add_round(rnd), (*rec.entries, RoundEntry(rnd, now))

        return self.edit(match_id, change, now)

    def replace_round(self, match_id: str, index: int, rnd: Round) -> MatchRecord:
        """Re-enter round ``index`` (0-based); keeps its recorded_at."""

        def change(rec: MatchRecord) -> Change:
            match = rec.match.replace_round(index, rnd)
            entries = list(rec.entries)
            entries[index] = RoundEntry(rnd, entries[index].recorded_at, entries[index].id)  # same round, same id
            return match, tuple(entries)

        return self.edit(match_id, change)

    def delete_round(self, match_id: str, index: int) -> MatchRecord:
        def change(rec: MatchRecord) -> Change:
            match = rec.match.delete_round(index)
            return match, rec.entries[:index] + rec.entries[index + 1 :]

        return self.edit(match_id, change)

    def delete_match(self, match_id: str) -> None:
        """Delete a match, after a backup of its evening and of meta.json."""
        self._writer.writable()
        evening, slot = self._finder.find(match_id)
        self._writer.writable(evening)
        backup_file(self.folder, self._rooms.path(evening), "before-delete")
        backup_file(self.folder, self._meta.path, "before-delete")
        self._writer.delete(evening, slot)
