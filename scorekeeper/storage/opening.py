"""Opening a data folder: its lock, stray temps, migrations, a lost ``meta.json``, and what the home screen needs.

Run when the store opens and again after a restore (the files were replaced:
everything is read anew, as a fresh open would, with the lock still held).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from scorekeeper.core.errors import StorageError
from scorekeeper.core.records import evening_of
from scorekeeper.storage.atomic import SCHEMA_VERSION, atomic_unlink, remove_stray_temps, write_error
from scorekeeper.storage.backup import backup_file
from scorekeeper.storage.between import rebuild
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.folder import EVENINGS_DIR, LEGACY_NAME, META_NAME, NoLock, OwnerLock, data_folder
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.meta import MetaRoom
from scorekeeper.storage.report import OpenReport
from scorekeeper.storage.schema import upgrade


def claim(folder: str | os.PathLike[str] | None) -> tuple[Path, OwnerLock | NoLock]:
    """The data folder (made if needed) and its lock, held by this process.

    Raises ``StorageError("locked_elsewhere")`` when another process holds it
    (nothing is written then). A folder this process may only read is opened
    read-only: its lock is then a ``NoLock`` (``Opening.start`` says so).
    """
    path = Path(folder) if folder is not None else data_folder()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise write_error(err, path) from err
    owner = OwnerLock(path)
    try:
        owner.acquire()
    except StorageError as err:
        if err.code != "permission_denied" or os.access(path, os.W_OK):
            raise
        return path, NoLock(path)
    return path, owner


class Opening:
    """Reads a folder into the store's rooms and checks what the first screen shows."""

    def __init__(
        self,
        folder: Path,
        report: OpenReport,
        gate: Gate,
        meta: MetaRoom,
        ledger: Ledger,
        rooms: EveningRoom,
        now: Callable[[], datetime],
    ) -> None:
        self.folder = folder
        self.report = report
        self._gate = gate
        self._meta = meta
        self._ledger = ledger
        self._rooms = rooms
        self._now = now

    def start(self) -> None:
        folder = self.folder
        self.report.removed_temps = len(remove_stray_temps(folder, folder / EVENINGS_DIR))
        self._ledger.load()
        if not os.access(folder, os.W_OK):
            self._gate.go_read_only(
                StorageError("permission_denied", f"no permission to write {folder}", path=str(folder))
            )
        version = self._read_meta()
        legacy = folder / LEGACY_NAME
        if version is None and legacy.exists():
            version = 0
        if version is not None and version > SCHEMA_VERSION:
            self._gate.newer(version)
        elif version is not None and version < SCHEMA_VERSION and not self._gate.read_only:
            upgrade(folder, version, self.report)
            self._read_meta()
        elif version is None and any(self._rooms.scan()):
            self._meta.recover(f"{META_NAME} is missing", self.rebuild)  # evenings without meta.json: it was lost
        elif version is None and not self._gate.read_only:
            self._meta.write()  # a new folder: the version is in the data from the start
        elif legacy.exists() and not self._gate.read_only:
            # a v0 file left by a migration killed after it wrote meta.json: it is backed up
            backup_file(folder, legacy, "before-v1")
            atomic_unlink(legacy)
        self._rooms.names = self._rooms.scan()
        if self._rooms.read_only and not self._gate.read_only:  # the evenings folder cannot be trusted
            self._gate.go_read_only(self.report.notes[-1])
        # what the home screen shows (tonight, the unfinished matches) is read and checked now, so
        # damage there is in the report from the start; older evenings are checked when first read
        wanted = {entry["evening"] for entry in self._meta.open.values()} | {evening_of(self._now())}
        # and every evening known to hold confirmed matches whose file is gone (restored from a backup now)
        written = set(self._meta.counts) | {evening for evening, _n in self._ledger.entries.values()}
        for evening in sorted((wanted & set(self._rooms.names)) | (written - set(self._rooms.names))):
            self._rooms.records(evening)

    def rebuild(self, meta: MetaRoom) -> None:
        """``meta.json`` anew from a scan of the evenings (it was lost or could not be trusted)."""
        rebuild(meta, self._rooms, evening_of(self._now()))

    def _read_meta(self) -> int | None:
        try:
            return self._meta.read(self.rebuild)
        except (StorageError, OSError) as err:  # damaged and not restorable (a folder, no permission): trust nothing
            why = f"{META_NAME} is damaged and could not be restored ({err}); nothing is changed"
            self._gate.go_read_only(StorageError("corrupt", why, file=META_NAME))
            return SCHEMA_VERSION
