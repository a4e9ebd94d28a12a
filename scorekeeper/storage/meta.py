"""The small room: ``meta.json`` (settings, known players, the unfinished matches) and its recovery.

It is rewritten only when a match starts, finishes, reopens or is deleted,
or settings change, and it stays small: it never lists finished matches,
only how many matches each recent evening held when last written (so that
an evening file that says less than that is known to be damaged).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorekeeper.core.checks import is_evening, is_int, is_match_id
from scorekeeper.core.errors import StorageError
from scorekeeper.core.settings import Settings
from scorekeeper.storage import atomic
from scorekeeper.storage.atomic import (
    SCHEMA_VERSION,
    CorruptFile,
    NewerFile,
    decode,
    encode,
)
from scorekeeper.storage.folder import META_NAME
from scorekeeper.storage.gate import Gate
from scorekeeper.storage.recovery import keep_aside, newest_good_backup, restored
from scorekeeper.storage.report import OpenReport

#: How many recent evenings keep their match count in meta.json.
COUNTED_EVENINGS = 60


#: Where a time that cannot be placed sorts: first.
_FLOOR = datetime.min.replace(tzinfo=UTC)


def _placed(iso: Any) -> datetime | None:
    """``iso`` as an aware time that converts both to UTC and to local time; None if it does not.

    A naive time is local. At the ends of the calendar a conversion can leave
    it (``0001-01-01T00:00:00`` three hours east of UTC is in year 0), so a
    time read from a file is checked here, never trusted to convert later.
    """
    try:
        moment = datetime.fromisoformat(iso)
        moment = moment if moment.tzinfo else moment.astimezone()
        moment.astimezone(UTC)
        moment.astimezone()
    except (TypeError, ValueError, OverflowError):
        return None
    return moment


def placeable(iso: Any) -> bool:
    """Whether ``iso`` is a time the app can sort and show (see ``_placed``)."""
    return _placed(iso) is not None


def when(iso: str) -> datetime:
    """An ISO time for sorting; a time that does not parse or convert sorts first."""
    return _placed(iso) or _FLOOR


def remember_player(players: dict[str, str], name: str, at: str) -> None:
    """Note that ``name`` played at ``at``: one entry per name ignoring case, spelled as most recently used."""
    for known in [k for k in players if k.casefold() == name.casefold()]:
        if when(players[known]) > when(at):
            return
        del players[known]
    players[name] = at


def meta_tables(
    settings: Settings | dict[str, Any],
    players: dict[str, str],
    open_matches: Iterable[dict[str, str]],
    counts: dict[str, int] | None = None,
) -> dict[str, Any]:
    """The tables of ``meta.json``."""
    stored = settings.as_dict() if isinstance(settings, Settings) else dict(settings)
    tables: dict[str, Any] = {
        "settings": {"1": stored},
        "players": {"1": {"names": dict(players)}},
        "open": {str(i): dict(entry) for i, entry in enumerate(open_matches, start=1)},
    }
    if counts:
        tables["written"] = {"1": {"matches": dict(counts)}}
    return tables


class MetaRoom:
    """``meta.json`` in memory and on disk; the front (``Store``) decides when it is written."""

    def __init__(self, folder: Path, report: OpenReport, gate: Gate) -> None:
        self.folder = folder
        self.path = folder / META_NAME
        self.report = report
        self._gate = gate
        self.reset()

    @property
    def read_only(self) -> bool:
        return self._gate.read_only

    def reset(self) -> None:
        """Forget what was read (the files were replaced): the next ``read`` is a fresh start."""
        self.settings = Settings()
        self.players: dict[str, str] = {}
        self.open: dict[str, dict[str, str]] = {}
        #: Matches per evening as last written (recent evenings only): an evening file with fewer is damaged.
        self.counts: dict[str, int] = {}

    # --- reading ----------------------------------------------------------------

    def read(self, rebuild: Callable[[MetaRoom], None]) -> int | None:
        """Load the file; its schema version (None if there is none). Damage is recovered, ``rebuild`` rescans."""
        try:
            parsed = atomic.read_file(self.path)
            if parsed is None:
                return None
            version, _kind, tables = parsed
            if version > SCHEMA_VERSION:  # a newer app's layout: take what we understand, change nothing
                with contextlib.suppress(CorruptFile):
                    self.apply(tables, self.path)
                return version
            self.apply(tables, self.path)
            if version == 0:  # meta.json came with v1: without a version it is unmarked, never "really old"
                self._mark(version)
                return SCHEMA_VERSION
            return version  # an older version's: the store migrates the folder
        except CorruptFile as err:
            self.recover(err.reason, rebuild)
            return SCHEMA_VERSION

    def apply(self, tables: dict[str, Any], path: Path) -> None:
        """Take the tables' contents; ``CorruptFile`` (nothing taken) if any of it is malformed."""
        stored = _one(tables, "settings", path)
        try:
            settings = Settings.from_stored(stored)
        except ValueError as err:
            raise CorruptFile(path, f"setting {err} is not valid") from None
        names = _one(tables, "players", path).get("names", {})
        if not isinstance(names, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
            raise CorruptFile(path, "players must map names to times")
        for name, at in names.items():
            if not placeable(at):
                raise CorruptFile(path, f"the time {at[:40]!r} of player {name[:40]!r} is not one this app can place")
        open_matches, dropped = {}, []
        for entry in _table(tables, "open", path).values():
            fields = [entry.get(k) for k in ("id", "evening", "started_at")]
            if isinstance(fields[2], str) and not placeable(fields[2]):  # the match is listed again by the rebuild
                why = f"an unfinished match started at {fields[2][:40]!r}, not a time this app can place"
                raise CorruptFile(path, why)
            if not (is_match_id(fields[0]) and is_evening(fields[1]) and isinstance(fields[2], str)):
                dropped.append(repr(fields[0])[:40])  # never a path: an entry naming "../x" is set aside, not followed
                continue
            open_matches[entry["id"]] = {k: entry[k] for k in ("id", "evening", "started_at")}
        counts = _one(tables, "written", path).get("matches", {})
        if not isinstance(counts, dict) or not all(is_evening(k) and is_int(v) and v >= 0 for k, v in counts.items()):
            raise CorruptFile(path, "the record of written evenings is malformed")
        self.settings, self.players, self.open, self.counts = settings, dict(names), open_matches, dict(counts)
        if dropped and path == self.path:
            reason = f"unfinished-match entries with no valid evening or id were dropped: {', '.join(dropped)}"
            self.report.notes.append(StorageError("corrupt", reason, file=META_NAME))

    # --- writing ----------------------------------------------------------------

    def write(self) -> None:
        if self.read_only:
            raise StorageError("read_only", f"{self.path} is open read-only", path=str(self.path))
        tables = meta_tables(self.settings, self.players, self.open.values(), self.counts)
        atomic.atomic_write_bytes(self.path, encode(tables, kind="meta"), tmp_dir=self.folder)

    def write_quietly(self) -> None:
        """Tidy meta.json where a stale entry is harmless (it is checked when read): note a failure."""
        try:
            self.write()
        except StorageError as err:
            self.report.notes.append(err)

    def count(self, evening: str, matches: int) -> None:
        """Note how many matches ``evening`` now holds (kept for the most recent evenings only)."""
        if matches:
            self.counts[evening] = matches
        else:
            self.counts.pop(evening, None)
        for old in sorted(self.counts)[:-COUNTED_EVENINGS]:
            del self.counts[old]

    # --- recovery -----------------------------------------------------------------

    def recover(self, reason: str, rebuild: Callable[[MetaRoom], None]) -> None:
        """Keep a damaged meta.json aside, take the newest good backup, rescan the evenings; report it."""
        if self.read_only:
            self.report.notes.append(StorageError("corrupt", f"{META_NAME} is damaged: {reason}", file=META_NAME))
            return

        def parse(raw: bytes, where: Path) -> dict[str, Any]:
            version, _kind, tables = decode(raw, where)
            if version > SCHEMA_VERSION:
                raise NewerFile(where, version, tables)
            self.apply(tables, where)
            return tables

        kept = keep_aside(self.folder, self.path)
        found = newest_good_backup(self.folder, self.path, parse)
        lost: tuple[str, ...] = ()
        if found is None:
            self.settings, self.players, self.open, self.counts = Settings(), {}, {}, {}
            lost = ("settings",)
        rebuild(self)
        self.write()
        self.report.recovered.append(restored(self.folder, META_NAME, kept, found, lost, reason))

    def _mark(self, version: int) -> None:
        """An unmarked meta.json whose contents read: kept aside, taken as it is, written back with its version."""
        reason = f"its schema version is missing or {version}; its contents were read and kept"
        if self.read_only:
            return
        kept = keep_aside(self.folder, self.path)
        self.write()
        self.report.recovered.append(restored(self.folder, META_NAME, kept, None, (), reason))


def _table(tables: dict[str, Any], name: str, path: Path) -> dict[str, Any]:
    table = tables.get(name, {})
    if not isinstance(table, dict):
        raise CorruptFile(path, f"table {name!r} is not an object")
    return table


def _one(tables: dict[str, Any], name: str, path: Path) -> dict[str, Any]:
    doc = _table(tables, name, path).get("1", {})
    if not isinstance(doc, dict):
        raise CorruptFile(path, f"{name} is not an object")
    return doc
