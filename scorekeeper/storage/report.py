"""What opening (and later reading) the data found: recoveries, read-only mode, notes.

The UI shows this once after start: which files were damaged, where they
were kept aside, what backup they were restored from, and what could not be
recovered. Damage found later (an old evening first read when browsing)
is appended to the same report, so ``store.report`` is always the full story.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.core.errors import StorageError


@dataclass(frozen=True)
class Recovery:
    """One damaged file and what was done about it.

    ``file``/``kept_as``/``restored_from`` are paths relative to the data
    folder; ``lost_since`` is when the restored backup was taken (changes made
    after it could not be recovered), None when nothing was restored or nothing
    was lost; ``lost`` names what could not be recovered (match ids, "settings",
    "evening"); ``reason`` is the parse or validation failure.
    """

    file: str
    kept_as: str | None
    restored_from: str | None
    lost_since: str | None
    lost: tuple[str, ...] = ()
    reason: str = ""


@dataclass
class OpenReport:
    recovered: list[Recovery] = field(default_factory=list)
    read_only: bool = False
    notes: list[StorageError] = field(default_factory=list)
    removed_temps: int = 0
    migrated_from: int | None = None

    @property
    def ok(self) -> bool:
        """Nothing the user needs to hear about (stray temps and migrations are routine)."""
        return not self.recovered and not self.read_only and not self.notes
