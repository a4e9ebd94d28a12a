"""What the store knows it wrote to an evening, and how a file that says less than that is told.

The evening room asks (``EveningEvents.expect``) before it trusts a file that
reads: a file holding fewer finished matches, or fewer rounds of an
unfinished match, than were confirmed written is damaged, and recovered.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Protocol

from scorekeeper.core.records import MatchRecord
from scorekeeper.storage.atomic import CorruptFile, decode
from scorekeeper.storage.backup import backups_of
from scorekeeper.storage.evening_file import Slot, matches_of


class Expect(NamedTuple):
    """What the store knows an evening held when it last wrote it: finished matches, unfinished ids, their rounds."""

    finished: int
    open_ids: frozenset[str]
    rounds: dict[str, int]

    @property
    def anything(self) -> bool:
        return bool(self.finished or self.rounds)


class EveningEvents(Protocol):
    """What the evening room tells, and asks, the rest of the store (``between.Between``)."""

    def expect(self, evening: str) -> Expect:
        """What the store knows it last wrote to ``evening``: a file with less is damaged."""
        ...

    def unfinished(self, evening: str, rec: MatchRecord) -> None:
        """A recovery brought back an unfinished match (it is listed in meta.json again)."""
        ...

    def recovered(self, evening: str, recs: list[MatchRecord]) -> None:
        """What a recovery left of an evening: the new baseline for the counts and the round record."""
        ...


def short_of(folder: Path, path: Path, expect: Expect, slots: dict[str, Slot]) -> str | None:
    """Why a file that reads says less than was written (None if it does not)."""
    finished = sum(1 for s in slots.values() if s.record.finished)
    if finished < expect.finished:
        return f"holds {finished} finished matches; {expect.finished} were written"
    for mid, written in sorted(expect.rounds.items()):
        slot = slots.get(mid)
        if slot is None:
            return f"lacks the unfinished match {mid}"
        if len(slot.record.entries) < written:
            return f"match {mid} holds {len(slot.record.entries)} rounds; {written} were written"
    missing = expect.open_ids - set(slots)
    if missing:
        backed = set()
        for backup in backups_of(folder, path)[:1]:
            try:
                backed = {d.get("id") for d in matches_of(decode(backup.read_bytes(), backup)[2]).values()}
            except (OSError, CorruptFile):
                backed = set()
        if missing & backed:  # it was on disk once, and it was never deleted (that unlists it first)
            return f"lacks the unfinished match {sorted(missing & backed)[0]}"
    return None
