"""One evening file: its TinyDB database on a journal, its documents checked, its matches in memory, its writes.

Each evening is a TinyDB database (table ``matches``, one document per match
with its round log) on a ``JournalStorage``: a save is one TinyDB update,
which the Storage appends as one record with one fsync.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, cast

from tinydb import TinyDB

from scorekeeper.core.checks import is_evening
from scorekeeper.core.codec import CorruptDocument, cache_agrees, match_from_doc, match_to_doc
from scorekeeper.core.records import MatchRecord
from scorekeeper.storage import atomic
from scorekeeper.storage.folder import EVENINGS_DIR
from scorekeeper.storage.journal import JournalStorage
from scorekeeper.storage.meta import when

#: The TinyDB table of an evening file.
MATCHES = "matches"


class Slot(NamedTuple):
    """A validated match and the TinyDB document id it is kept under."""

    doc_id: int
    record: MatchRecord


def age(slot: Slot) -> tuple[Any, int]:
    """The order an evening's matches are listed in: when each started, then the order they were written."""
    return when(slot.record.started_at), slot.doc_id


def shard_tables(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """The tables of an evening file (document ids 1..n, oldest first)."""
    return {MATCHES: {str(i): doc for i, doc in enumerate(docs, start=1)}}


def matches_of(tables: dict[str, Any]) -> dict[str, Any]:
    """The ``matches`` table of an evening file as read ({} when it has none, or not as a table)."""
    table = tables.get(MATCHES, {})
    return table if isinstance(table, dict) else {}


@dataclass
class Loaded:
    """An evening in memory: its validated matches by id, and its TinyDB (None when it has no file we may write)."""

    slots: dict[str, Slot]
    db: TinyDB | None

    @property
    def storage(self) -> JournalStorage | None:
        return None if self.db is None else cast(JournalStorage, self.db.storage)

    def docs(self) -> list[dict[str, Any]]:
        return [] if self.db is None else [dict(doc) for doc in self.db.table(MATCHES).all()]

    def close(self) -> None:
        if self.db is not None:
            self.db.close()


def evening_names(folder: Path) -> tuple[list[str], list[str]]:
    """The evenings with a file, oldest first, and why the evenings folder cannot be trusted (if it cannot).

    A link is read but never written (it would lead writes out of the data folder);
    a folder that cannot be read lists nothing.
    """
    where = folder / EVENINGS_DIR
    refusals = []
    if where.is_symlink():
        refusals.append(f"{EVENINGS_DIR} is a link to somewhere else; it is read, never written")
    try:
        entries = list(os.scandir(where))
    except FileNotFoundError:
        return [], refusals
    except OSError as err:
        return [], [*refusals, f"{EVENINGS_DIR} cannot be read: {err.strerror or err}"]
    names = [entry.name[:-5] for entry in entries if entry.name.endswith(".json") and is_evening(entry.name[:-5])]
    return sorted(names), refusals


def open_db(path: Path, folder: Path, *, read_only: bool = False) -> TinyDB:
    """An evening file as a TinyDB database on its journal."""
    return TinyDB(path, storage=JournalStorage, kind="evening", tmp_dir=folder, read_only=read_only)


def validate(evening: str, tables: dict[str, Any]) -> tuple[dict[str, Slot], list[tuple[Any, str]], list[str]]:
    """Every document of an evening file checked through the core.

    Returns the matches that are sound (by id), the documents that are not (their id
    if they have one, and why), and the ids whose cached result disagrees with the replay.
    """
    slots: dict[str, Slot] = {}
    bad: list[tuple[Any, str]] = []
    stale = []
    for doc_id, doc in matches_of(tables).items():
        try:
            rec = match_from_doc(doc)
            if rec.id in slots:
                raise CorruptDocument(f"match {rec.id} is stored twice")
            if rec.evening != evening:
                raise CorruptDocument(f"match {rec.id} belongs to {rec.evening}")
        except CorruptDocument as err:
            bad.append((doc.get("id") if isinstance(doc, dict) else None, str(err)))
            continue
        slots[rec.id] = Slot(int(doc_id), rec)
        if not cache_agrees(doc, rec):
            stale.append(rec.id)
    return slots, bad, stale


def apply(
    loaded: Loaded, path: Path, folder: Path, slots: dict[str, Slot], changes: dict[str, MatchRecord | None]
) -> None:
    """Write ``changes`` (id -> record, None to remove) to the file, one TinyDB operation each.

    ``slots`` follows each operation as it succeeds, so after a failure it holds
    exactly what was written; removing the last match removes the file.
    """
    left = {mid for mid in slots if changes.get(mid, slots[mid]) is not None}
    left |= {mid for mid, rec in changes.items() if rec is not None}
    if not left:
        atomic.atomic_unlink(path)
        loaded.close()
        loaded.db = None
        slots.clear()
        return
    if loaded.db is None:
        if not path.parent.is_dir():
            path.parent.mkdir(exist_ok=True)
        loaded.db = open_db(path, folder)
    table = loaded.db.table(MATCHES)
    for mid, rec in changes.items():
        old = slots.get(mid)
        if rec is None:
            if old is not None:
                table.remove(doc_ids=[old.doc_id])
                del slots[mid]
        elif old is not None:
            table.update(match_to_doc(rec), doc_ids=[old.doc_id])
            slots[mid] = Slot(old.doc_id, rec)
        else:
            slots[mid] = Slot(table.insert(match_to_doc(rec)), rec)
