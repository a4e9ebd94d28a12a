"""What a session may read of the store: the kept matches and evenings, never a way to change them.

The views read the store through this interface, so a read needs no method
of its own in the session; a change goes through the session's parts
(``Scoring``, ``Archive``, ``Preferences``), which check that the session may
write. The ``Store`` satisfies it as it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from scorekeeper.core.records import EveningSummary, MatchRecord
from scorekeeper.core.settings import Settings
from scorekeeper.storage import FolderInfo


class Reads(Protocol):
    """The store's readers a view may call."""

    def settings(self) -> Settings:
        """The settings as they are saved now: the one frozen value, each field already one of its choices."""
        ...

    def match(self, match_id: str) -> MatchRecord:
        """A kept match (``match_not_found`` if there is none)."""
        ...

    def current_match(self) -> MatchRecord | None:
        """The newest unfinished match, whichever phone started it."""
        ...

    def tonight(self) -> list[MatchRecord]:
        """This evening's matches, oldest first (an evening runs past midnight)."""
        ...

    def matches_on(self, evening: str) -> list[MatchRecord]:
        """An evening's matches, oldest first ([] for a name that is no evening)."""
        ...

    def evenings(self, offset: int = 0, limit: int = 50) -> list[EveningSummary]:
        """A page of the evenings with matches, newest first."""
        ...

    def all_matches(self) -> Iterator[MatchRecord]:
        """Every match, oldest evening first."""
        ...

    def known_players(self) -> list[str]:
        """Names used before, most recently used first."""
        ...

    def folder_info(self) -> FolderInfo:
        """Where the data lives and its backups."""
        ...


def on_the_table(reads: Reads) -> MatchRecord | None:
    """What a table board shows: the match in progress, else tonight's last match."""
    current = reads.current_match()
    if current is not None:
        return current
    tonight = reads.tonight()
    return tonight[-1] if tonight else None
