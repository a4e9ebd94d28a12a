"""Whether this process may write the data folder: the one place read-only mode is entered and the lock is checked.

Every part that writes asks the gate first (``check``); the rooms read its
``read_only`` rather than keeping a flag of their own, so going read-only
(a newer app's data, a damaged ``meta.json``, a lost lock, a folder we may
only read) takes effect everywhere at once and is reported once.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.core.errors import StorageError
from scorekeeper.storage.atomic import SCHEMA_VERSION
from scorekeeper.storage.folder import NoLock, OwnerLock
from scorekeeper.storage.report import OpenReport


class Gate:
    """The folder lock, read-only mode and the report they are noted in."""

    def __init__(self, folder: Path, lock: OwnerLock | NoLock, report: OpenReport) -> None:
        self.folder = folder
        self.lock = lock
        self.report = report
        self.read_only = False

    def go_read_only(self, why: StorageError) -> None:
        if not self.read_only:
            self.report.notes.append(why)
        self.read_only = self.report.read_only = True

    def newer(self, version: int) -> None:
        """Data written by a newer app: shown, never changed."""
        self.go_read_only(
            StorageError(
                "newer_version",
                f"these scores were saved by a newer version of the app (data version {version}, this app knows "
                f"up to {SCHEMA_VERSION}); they are shown read-only and will not be changed",
                found=version,
                supported=SCHEMA_VERSION,
            )
        )

    def check(self) -> None:
        """Raise unless a write may happen now: not read-only, and the lock still the lock file on disk."""
        if self.read_only:
            raise StorageError("read_only", "these scores are open read-only and cannot be changed")
        if not self.lock.still_ours():
            self.go_read_only(
                StorageError(
                    "lock_lost",
                    f"the lock on {self.folder} was removed or replaced while the app ran; nothing more is saved "
                    "here until the app is restarted (what is on screen is kept)",
                    folder=str(self.folder),
                )
            )
            raise self.report.notes[-1]

    def may_tidy(self) -> bool:
        """Whether a write nobody asked for (compaction, tidying meta.json) may happen now; it never raises."""
        return not self.read_only and self.lock.still_ours()
