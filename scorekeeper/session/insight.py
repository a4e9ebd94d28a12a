"""Statistics for the review screens, kept per evening for the life of the process.

Reading and checking 100,000 stored rounds takes seconds; an evening's figures
change only when that evening does. So each evening's mergeable figures are
kept with the store's revision of that evening, and a new round, an edit, an
import or a delete re-reads just the evenings it touched.
"""

from __future__ import annotations

import logging
import threading

from scorekeeper.core import stats
from scorekeeper.storage import Store

log = logging.getLogger(__name__)


class StatsCache:
    """One per process, shared by every session, like the store it reads."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._parts: dict[str, tuple[int, stats.Partial]] = {}
        self._lock = threading.Lock()

    def statistics(self) -> stats.Statistics:
        """Statistics over every stored match; only changed evenings are read again."""
        with self._lock:
            return self._gather()

    def quick(self, max_reads: int = 3) -> stats.Statistics | None:
        """The statistics now if that costs at most ``max_reads`` evening reads, else None (don't wait).

        For the screen: after a round or an edit it answers at once; on a cold
        cache (or while the warm-up runs) the caller shows progress and calls
        ``statistics`` off the UI thread instead of freezing every session.
        """
        if not self._lock.acquire(blocking=False):
            return None
        try:
            stale = sum(
                1
                for evening in self.store.evening_names()
                if self._parts.get(evening, (None,))[0] != self.store.revision(evening)
            )
            return self._gather() if stale <= max_reads else None
        finally:
            self._lock.release()

    def _gather(self) -> stats.Statistics:
        evenings = self.store.evening_names()
        parts = []
        for evening in evenings:
            revision = self.store.revision(evening)  # read before the matches: a race re-reads next time
            cached = self._parts.get(evening)
            if cached is None or cached[0] != revision:
                cached = (revision, stats.partial(self.store.matches_on(evening)))
                self._parts[evening] = cached
            parts.append(cached[1])
        for gone in set(self._parts) - set(evenings):
            del self._parts[gone]
        return stats.combine(parts)

    def warm_up(self) -> threading.Thread:
        """Fill the cache in the background after start, so the first look at the figures is quick."""

        def run() -> None:
            try:
                self.statistics()
            except Exception:  # a damaged old evening is reported by the store; never crash the app for figures
                log.warning("statistics warm-up failed", exc_info=True)

        thread = threading.Thread(target=run, name="stats-warm-up", daemon=True)
        thread.start()
        return thread
