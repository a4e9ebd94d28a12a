"""Rolling backups, per file, written atomically.

The store is sharded, so a backup is per file as well: when a match
finishes, its evening file and the meta file are copied to
``backups/<file>/<stamp>-<reason>.json`` and only the newest ``KEEP`` copies
of each file are kept. Old evenings are never rewritten, so their last copy
stays. Copying one evening is O(that evening), never O(history).

The stamp is UTC with microseconds, so names sort by age.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper.storage.atomic import atomic_write_bytes, fsync_folder, write_error
from scorekeeper.storage.folder import BACKUPS_DIR

KEEP = 5
_STAMP = "%Y%m%dT%H%M%S%fZ"


def stem_of(folder: Path, path: Path) -> str:
    """The backup folder name of a data file: its path inside the data folder, '/' -> '~'."""
    return Path(path).relative_to(folder).as_posix().replace("/", "~")


def backups_of(folder: Path, path: Path) -> list[Path]:
    """Backups of ``path``, newest first."""
    where = Path(folder) / BACKUPS_DIR / stem_of(folder, path)
    try:
        names = [
            e.name
            for e in os.scandir(where)
            if e.name.endswith(".json") and not e.name.startswith(".") and e.is_file(follow_symlinks=False)
        ]
    except OSError:  # none yet, or not a folder: no backups to use
        return []
    return [where / n for n in sorted(names, reverse=True)]


def stamp_time(backup: Path) -> str | None:
    """When a backup was taken (ISO 8601, UTC), read from its name."""
    try:
        return datetime.strptime(backup.name.split("-", 1)[0], _STAMP).replace(tzinfo=UTC).isoformat()
    except ValueError:
        return None


def now_stamp() -> str:
    return datetime.now(UTC).strftime(_STAMP)


def backup_file(folder: Path, path: Path, reason: str = "auto", *, keep: int = KEEP) -> Path | None:
    """Copy ``path`` into its backup folder atomically; prune to the newest ``keep``.

    Skips (returns the newest backup) when that one already holds the same
    bytes; returns None when ``path`` does not exist.
    """
    folder = Path(folder)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise write_error(err, Path(path)) from err
    existing = backups_of(folder, path)
    if existing:
        try:
            if existing[0].read_bytes() == data:
                return existing[0]
        except OSError:
            pass
    where = folder / BACKUPS_DIR / stem_of(folder, path)
    if not where.is_dir():
        try:
            where.mkdir(parents=True, exist_ok=True)
            fsync_folder(where.parent)
        except OSError as err:  # e.g. ``backups`` is a file
            raise write_error(err, where) from err
    target = where / f"{now_stamp()}-{reason}.json"
    atomic_write_bytes(target, data, tmp_dir=folder)
    for old in [target, *existing][keep:]:
        with contextlib.suppress(OSError):
            os.unlink(old)
    return target


#: Backups beyond this total are pruned, oldest first, never a file's newest copy.
BACKUPS_CAP_BYTES = 256 * 1024 * 1024


def prune_backups(folder: Path, cap: int = BACKUPS_CAP_BYTES) -> list[Path]:
    """Keep every file's backups under ``cap`` bytes together: the oldest go first, a file's newest never.

    Per file there are at most ``KEEP`` already (``backup_file``); this bounds
    the whole, which grows with the number of evenings. The removed paths.
    """
    root = Path(folder) / BACKUPS_DIR
    try:
        stems = [e.path for e in os.scandir(root) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []
    sizes: list[tuple[str, int, Path]] = []  # (name = stamp first, size, path) of every copy but a file's newest
    total = 0
    for stem in stems:
        try:
            copies = sorted(
                (e.name, e.stat(follow_symlinks=False).st_size, Path(e.path))
                for e in os.scandir(stem)
                if e.name.endswith(".json") and e.is_file(follow_symlinks=False)
            )
        except OSError:
            continue
        total += sum(size for _name, size, _path in copies)
        sizes.extend(copies[:-1])
    removed = []
    for _name, size, path in sorted(sizes):
        if total <= cap:
            break
        with contextlib.suppress(OSError):
            os.unlink(path)
            total -= size
            removed.append(path)
    return removed
