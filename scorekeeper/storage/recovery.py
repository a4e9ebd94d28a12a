"""Keeping a damaged file aside and finding the newest backup that still reads.

A file that does not parse is never treated as empty: it is copied (not
moved) into ``damaged/`` first, so a crash during recovery leaves it in
place to be found again; only then is a good backup written over it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from scorekeeper.storage.atomic import atomic_write_bytes, fsync_folder, write_error
from scorekeeper.storage.backup import backups_of, now_stamp, stamp_time, stem_of
from scorekeeper.storage.folder import DAMAGED_DIR
from scorekeeper.storage.report import Recovery

T = TypeVar("T")


def keep_aside(folder: Path, path: Path) -> Path | None:
    """Copy a damaged file to ``damaged/<file>.<stamp>`` durably; None if it is gone."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as err:  # unreadable, or a folder: it cannot be copied, so it must not be replaced
        raise write_error(err, Path(path)) from err
    where = Path(folder) / DAMAGED_DIR
    if not where.is_dir():
        try:
            where.mkdir(parents=True, exist_ok=True)
            fsync_folder(where.parent)
        except OSError as err:  # e.g. ``damaged`` is a file: the damaged file stays where it is
            raise write_error(err, where) from err
    target = where / f"{stem_of(folder, path)}.{now_stamp()}"
    atomic_write_bytes(target, data, tmp_dir=folder)
    prune_damaged(folder, stem_of(folder, path))
    return target


#: Damaged copies kept per file, and in all (they are for a person to look at, not for recovery).
KEEP_DAMAGED = 3
DAMAGED_CAP_BYTES = 64 * 1024 * 1024


def prune_damaged(folder: Path, stem: str, keep: int = KEEP_DAMAGED, cap: int = DAMAGED_CAP_BYTES) -> None:
    """Keep the newest ``keep`` damaged copies of ``stem`` and, beyond ``cap`` bytes in all, drop the oldest."""
    where = Path(folder) / DAMAGED_DIR
    try:
        entries = [e for e in os.scandir(where) if e.is_file(follow_symlinks=False)]
    except OSError:
        return
    mine = sorted((e.name for e in entries if e.name.startswith(f"{stem}.")), reverse=True)
    doomed = {where / name for name in mine[keep:]}
    rest = sorted(((e.name.rsplit(".", 1)[-1], e.stat().st_size, Path(e.path)) for e in entries), reverse=True)
    total = 0
    for _stamp, size, path in rest:
        total += size
        if total > cap and path.name not in mine[:1]:
            doomed.add(path)
    for path in doomed:
        with contextlib.suppress(OSError):
            os.unlink(path)


def newest_good_backup(folder: Path, path: Path, parse: Callable[[bytes, Path], T]) -> tuple[Path, T] | None:
    """The newest backup of ``path`` that ``parse`` accepts (it raises on a bad one)."""
    for candidate in backups_of(folder, path):
        try:
            return candidate, parse(candidate.read_bytes(), candidate)
        except Exception:  # a damaged or unreadable backup, whatever the reason: try the one before
            continue
    return None


def relative(folder: Path, path: Path | None) -> str | None:
    if path is None:
        return None
    try:
        return Path(path).relative_to(folder).as_posix()
    except ValueError:
        return str(path)


def restored(
    folder: Path, file: str, kept: Path | None, found: tuple[Path, object] | None, lost: tuple[str, ...], reason: str
) -> Recovery:
    """What recovering ``file`` did: where the damaged copy went, which backup (if any) replaced it, and since when."""
    backup = found[0] if found else None
    return Recovery(
        file, relative(folder, kept), relative(folder, backup), stamp_time(backup) if backup else None, lost, reason
    )
