"""Changes to what is kept beyond the open match: deleting a match or an evening, importing, restoring.

Each goes through the session's ``WriteAccess`` like a round does; deleting
the open match (or its evening) closes it, and a restore reads everything
again, as a fresh start would.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from scorekeeper.core import exchange
from scorekeeper.core.checks import is_evening
from scorekeeper.core.errors import TableError
from scorekeeper.session.access import WriteAccess
from scorekeeper.session.scoring import Scoring
from scorekeeper.storage import ImportReport, Store

#: An import file larger than this is refused before it is parsed (a decade of evenings is far less).
MAX_IMPORT_BYTES = 8 * 1024 * 1024
#: One import at a time in the process: a file is read whole into memory, and a second tap on Import
#: (or a second phone) would read it again while the first is still being written.
IMPORTING = threading.Lock()


class Archive:
    """Deleting, importing and restoring kept matches; ``restored`` is told after a restore."""

    def __init__(self, store: Store, access: WriteAccess, scoring: Scoring, restored: Callable[[], None]) -> None:
        self._store = store
        self._access = access
        self._scoring = scoring
        self._restored = restored

    def delete_match(self, match_id: str) -> None:
        self._access.run(lambda: self._store.delete_match(match_id))
        if self._scoring.match and self._scoring.match.id == match_id:
            self._scoring.close()

    def delete_evening(self, evening: str) -> None:
        if not is_evening(evening):
            raise TableError("evening_unknown", "an evening is named by its date", evening=evening[:20])
        self._access.run(lambda: self._store.delete_evening(evening))
        if self._scoring.match and self._scoring.match.evening == evening:
            self._scoring.close()

    def import_json(self, data: bytes) -> ImportReport:
        """Import an export file: refused whole if too large or invalid (nothing of it is written).

        Thread-safe, and slow for a big file: the UI calls it in a worker thread.
        """
        if len(data) > MAX_IMPORT_BYTES:
            mb = 1024 * 1024
            raise TableError(
                "import_too_large", "the file is too large", size=-(-len(data) // mb), limit=MAX_IMPORT_BYTES // mb
            )
        self._access.check()  # refused before the parse, not only before the write
        if not IMPORTING.acquire(blocking=False):
            raise TableError("import_busy", "another import is still running")
        try:
            records = exchange.parse_json(data)  # seconds for a big file: callers run this off the event loop
            return self._access.run(lambda: self._store.import_matches(records))
        finally:
            IMPORTING.release()

    def restore_backup(self, point: str) -> None:
        """Go back to a backup (the store backs up the present first); every session is told."""

        def restore() -> None:
            self._store.restore_backup(point)
            self._scoring.close()
            self._restored()

        self._access.run(restore)
