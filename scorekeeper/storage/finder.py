"""Where a match is kept: from what is in memory, ``meta.json``'s list, or one TinyDB Query per evening file."""

from __future__ import annotations

from scorekeeper.core.checks import is_evening, is_match_id
from scorekeeper.core.errors import StorageError
from scorekeeper.storage.evening_file import Slot
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.meta import MetaRoom


class Finder:
    """Finds matches by id across the evenings, newest first, reading as few files as it can."""

    def __init__(self, meta: MetaRoom, rooms: EveningRoom) -> None:
        self._meta = meta
        self._rooms = rooms

    def find(self, match_id: str) -> tuple[str, Slot]:
        """The evening and slot of a match; ``match_not_found`` if it is kept nowhere."""
        if not is_match_id(match_id):
            raise StorageError("match_not_found", f"no match with id {match_id!r}", match_id=str(match_id)[:80])
        hint = self._rooms.where.get(match_id) or self._meta.open.get(match_id, {}).get("evening")
        if hint is not None and is_evening(hint):
            slot = self._rooms.records(hint).get(match_id)
            if slot is not None:
                return hint, slot
        for evening in reversed(self._rooms.names):  # an id from an earlier session: one Query per evening file
            if evening != hint and self._rooms.holds(evening, match_id):
                slot = self._rooms.records(evening).get(match_id)
                if slot is not None:
                    return evening, slot
        raise StorageError("match_not_found", f"no match with id {match_id}", match_id=match_id)

    def known_ids(self) -> set[str]:
        """Every kept match id: from the evenings in memory, and a raw read of the others."""
        ids: set[str] = set()
        for evening in self._rooms.names:
            slots = self._rooms.cache.slots(evening)
            if slots is not None:
                ids.update(slots)
            else:
                ids.update(doc["id"] for doc in self._rooms.peek(evening) if isinstance(doc.get("id"), str))
        return ids
