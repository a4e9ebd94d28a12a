"""Where the data lives, its layout, and the lock that makes one process its owner.

Layout of a data folder::

    scorekeeper.lock        the owner's lock (flock: the kernel drops it when the owner dies)
    meta.json               settings, known players, the unfinished matches (small, bounded)
    evenings/YYYY-MM-DD.json  one TinyDB file per evening: that evening's matches and rounds
    backups/<file>/<stamp>-<reason>.json   rolling copies per file (the last few)
    damaged/<file>.<stamp>  files that did not parse, kept aside untouched
    .tmp-*.tmp              in-flight writes; stray ones are removed at open
"""

from __future__ import annotations

import inspect
import os
from pathlib import Path
from typing import Any

import platformdirs
from filelock import FileLock, Timeout

from scorekeeper.core.errors import StorageError

APP_NAME = "scorekeeper"
LOCK_NAME = "scorekeeper.lock"
META_NAME = "meta.json"
LEGACY_NAME = "scorekeeper.json"  # schema v0: one TinyDB file for everything
EVENINGS_DIR = "evenings"
BACKUPS_DIR = "backups"
DAMAGED_DIR = "damaged"


def data_folder() -> Path:
    """``SCOREKEEPER_DATA`` if set, else ``FLET_APP_STORAGE_DATA``, else the platform's user data folder."""
    for name in ("SCOREKEEPER_DATA", "FLET_APP_STORAGE_DATA"):
        value = os.environ.get(name)
        if value:
            return Path(value).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


class OwnerLock:
    """An exclusive, non-blocking lock on the data folder, held for the app's lifetime.

    It is an OS lock (``flock``), not a marker file: when the owner is killed
    the kernel releases it, so a stale lock file never blocks the next start.
    """

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_NAME
        options: dict[str, Any] = {"timeout": 0, "thread_local": False}
        if "fallback_to_soft" in inspect.signature(FileLock.__init__).parameters:
            # newer filelock may fall back to a marker-file lock, which would outlive a killed owner
            options["fallback_to_soft"] = False
        self._lock = FileLock(self.path, **options)
        self._identity: tuple[int, int] | None = None

    def acquire(self) -> None:
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise StorageError(
                "locked_elsewhere",
                f"the scores in {self.path.parent} are already open elsewhere; close the other window first",
                folder=str(self.path.parent),
            ) from None
        except OSError as err:
            code = "permission_denied" if isinstance(err, PermissionError) else "write_failed"
            raise StorageError(code, f"cannot lock {self.path}: {err.strerror or err}", path=str(self.path)) from err
        self._identity = _identity(self.path)

    def still_ours(self) -> bool:
        """Whether the lock is still held and still the lock file on disk (same file: not deleted, not replaced).

        A cleanup tool or a sync client may delete ``scorekeeper.lock`` while
        the app runs; a second copy would then lock a new file and open the
        folder too. Checked before every write, so the first copy stops.
        """
        return self._lock.is_locked and self._identity is not None and _identity(self.path) == self._identity

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release(force=True)

    @property
    def held(self) -> bool:
        return self._lock.is_locked


class NoLock:
    """Stands in for ``OwnerLock`` on a folder this user cannot write: nothing is written, so nothing is locked."""

    held = False

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_NAME

    def release(self) -> None:
        pass

    def still_ours(self) -> bool:
        return False
