"""Schema versions and the ordered migrations between them.

History:

* **v0** (no version key): one TinyDB file ``scorekeeper.json`` with the
  default JSONStorage. Table ``matches``: one document per match,
  ``{"date": iso, "players": [4 names], "teams": [2 names] (optional),
  "target": int, "rounds": [{"type": end, "hands": [pips x4], "out": seat,
  "at": iso}]}``; table ``settings``: one document ``{"lang", "theme",
  "target"}``. Matches were identified by their TinyDB document id.
* **v1**: sharded. ``meta.json`` (settings, players, unfinished matches) and
  ``evenings/YYYY-MM-DD.json`` (that evening's matches, the round log with
  ``end``/``pips``/``winner``/``tiles``/``recorded_at``); every file carries
  ``_schema: 1`` in its envelope (see ``atomic.py``).
* **v2**: the same tables and documents, but an evening file may carry a
  journal after its snapshot (``frames.py``, ``journal.py``): records of the
  documents changed since the snapshot. A v1 app would read such a file as
  damaged, so the version says which app may read it. The migration
  rewrites every file's envelope as v2 (the documents are unchanged).

``MIGRATIONS[n]`` upgrades a folder from version n to n + 1. ``upgrade``
backs up every data file before it runs anything. Each migration writes the
new files first and the file that marks the new version (``meta.json``)
last, so a migration interrupted by a kill simply runs again.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.core.checks import is_int
from scorekeeper.core.codec import CorruptDocument, match_from_doc, match_to_doc
from scorekeeper.core.settings import THEMES, Settings
from scorekeeper.storage.atomic import (
    SCHEMA_VERSION,
    CorruptFile,
    atomic_unlink,
    atomic_write_bytes,
    encode,
    read_parsed,
)
from scorekeeper.storage.backup import backup_file
from scorekeeper.storage.evening_file import shard_tables
from scorekeeper.storage.folder import EVENINGS_DIR, LEGACY_NAME, META_NAME
from scorekeeper.storage.meta import meta_tables, remember_player
from scorekeeper.storage.recovery import keep_aside, relative
from scorekeeper.storage.report import OpenReport, Recovery

#: The settings of a new folder, as ``meta.json`` stores them.
DEFAULT_SETTINGS: dict[str, Any] = Settings().as_dict()


def data_files(folder: Path) -> list[Path]:
    """Every file that holds data (not backups, locks or damaged copies)."""
    files = [p for p in (folder / LEGACY_NAME, folder / META_NAME) if p.is_file()]
    evenings = folder / EVENINGS_DIR
    if evenings.is_dir():
        files.extend(sorted(p for p in evenings.glob("*.json") if not p.name.startswith(".") and p.is_file()))
    return files


# --- v0 -> v1 ---------------------------------------------------------------


def _v0_match(doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise CorruptDocument("a v0 match must be an object")
    rounds = []
    for r in doc.get("rounds") or []:
        if not isinstance(r, dict):
            raise CorruptDocument("a v0 round must be an object")
        rounds.append(
            {
                "end": r.get("type"),
                "pips": r.get("hands"),
                "winner": r.get("out"),
                "tiles": None,
                "recorded_at": r.get("at"),
            }
        )
    teams = doc.get("teams") or ["A", "B"]
    return {
        "id": uuid.uuid4().hex,
        "started_at": doc.get("date"),
        "finished_at": None,
        "players": doc.get("players"),
        "team_names": teams,
        "target": doc.get("target", 11),
        "rounds": rounds,
    }


def _v0_to_v1(folder: Path, report: OpenReport) -> None:
    legacy = folder / LEGACY_NAME
    tables: dict[str, Any] = {}
    if legacy.exists():
        raw = legacy.read_bytes()
        try:
            tables = json.loads(raw.decode("utf-8")) if raw.strip() else {}
            if not isinstance(tables, dict):
                raise ValueError("not an object")
        except ValueError as err:
            kept = keep_aside(folder, legacy)
            report.recovered.append(
                Recovery(LEGACY_NAME, relative(folder, kept), None, None, ("all matches",), f"does not parse: {err}")
            )
            tables = {}
    found = tables.get("matches")
    matches: dict[Any, Any] = found if isinstance(found, dict) else {}
    by_evening: dict[str, list[dict[str, Any]]] = {}
    players: dict[str, str] = {}
    open_matches = []
    lost = []
    for doc_id, old in sorted(matches.items(), key=lambda kv: str(kv[0])):
        try:
            rec = match_from_doc(_v0_match(old))
        except CorruptDocument:
            lost.append(f"v0 match {doc_id}")
            continue
        by_evening.setdefault(rec.evening, []).append(match_to_doc(rec))
        for name in rec.players:
            remember_player(players, name, rec.started_at)
        if not rec.finished:
            open_matches.append({"id": rec.id, "evening": rec.evening, "started_at": rec.started_at})
    if lost:
        report.recovered.append(Recovery(LEGACY_NAME, None, None, None, tuple(lost), "the rules refuse these matches"))
    shards = folder / EVENINGS_DIR
    shards.mkdir(exist_ok=True)
    for evening, docs in by_evening.items():
        docs.sort(key=lambda d: datetime.fromisoformat(d["started_at"]))
        data = encode(shard_tables(docs), kind="evening", version=1)
        atomic_write_bytes(shards / f"{evening}.json", data, tmp_dir=folder)
    old_settings = (tables.get("settings") or {}).get("1") if isinstance(tables.get("settings"), dict) else None
    settings = Settings()
    if isinstance(old_settings, dict):
        if Settings.allows("language", old_settings.get("lang")) and old_settings.get("lang") is not None:
            settings = settings.changed(language=old_settings["lang"])
        if old_settings.get("theme") in THEMES:
            settings = settings.changed(theme=old_settings["theme"])
        target = old_settings.get("target")
        if is_int(target) and Settings.allows("default_target", target):
            settings = settings.changed(default_target=target)
    meta = meta_tables(settings, players, open_matches)
    atomic_write_bytes(folder / META_NAME, encode(meta, kind="meta", version=1), tmp_dir=folder)
    atomic_unlink(legacy)  # backed up by upgrade() before this ran


# --- v1 -> v2 ---------------------------------------------------------------


def _v1_to_v2(folder: Path, report: OpenReport) -> None:
    """Mark every file v2 (evening files first, ``meta.json`` last); a file that does not read is left to recovery."""
    files = [p for p in data_files(folder) if p.name != LEGACY_NAME]
    for path in sorted(files, key=lambda p: p.name == META_NAME):
        try:
            parsed = read_parsed(path)
        except CorruptFile:
            continue  # found and recovered from its backup when it is read
        if parsed is None or parsed.version != 1:
            continue
        kind = parsed.kind or ("meta" if path.name == META_NAME else "evening")
        atomic_write_bytes(path, encode(parsed.tables, kind=kind, version=2), tmp_dir=folder)


Migration = Callable[[Path, OpenReport], None]
#: ``MIGRATIONS[n]`` takes a folder from schema n to n + 1, in order.
MIGRATIONS: tuple[Migration, ...] = (_v0_to_v1, _v1_to_v2)
assert len(MIGRATIONS) == SCHEMA_VERSION


def upgrade(folder: Path, version: int, report: OpenReport) -> None:
    """Back up every data file, then run the migrations from ``version`` up."""
    if version >= SCHEMA_VERSION:
        return
    for path in data_files(folder):
        backup_file(folder, path, f"before-v{version + 1}")  # as they were before the first step ran
    for step in range(version, SCHEMA_VERSION):
        MIGRATIONS[step](folder, report)
    report.migrated_from = version
