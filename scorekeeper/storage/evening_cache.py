"""The evenings kept in memory, their files open, and putting each to rest when it leaves.

Reading an evening validates every document through the core, so the last
few evenings read are kept with their files open (the home screen's and the
history's recent pages). One that leaves memory is put to rest: its journal
folded into a bare snapshot, so the file on disk stays a plain TinyDB file
however long the app runs. Putting to rest only tidies: a failure to compact
is noted and leaves the journal, which the next read folds in.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from scorekeeper.core.errors import StorageError
from scorekeeper.storage.evening_file import Loaded, Slot
from scorekeeper.storage.report import OpenReport

#: How many evenings' validated matches are kept in memory (the home screen's and the history's recent pages).
CACHE_EVENINGS = 16


class EveningCache:
    """The loaded evenings, least recently read first; ``may_tidy`` says whether a journal may be compacted now."""

    def __init__(self, report: OpenReport, may_tidy: Callable[[], bool]) -> None:
        self.report = report
        self.may_tidy = may_tidy  # not while the store, or the evenings folder, is read-only
        self._kept: OrderedDict[str, Loaded] = OrderedDict()

    def get(self, evening: str) -> Loaded | None:
        """The evening if kept, without counting it as read (a lookup, not a visit)."""
        return self._kept.get(evening)

    def slots(self, evening: str) -> dict[str, Slot] | None:
        """The evening's validated matches if kept; None if it would have to be read."""
        loaded = self._kept.get(evening)
        return None if loaded is None else loaded.slots

    def visit(self, evening: str) -> Loaded | None:
        """The evening if kept, now the most recently read."""
        loaded = self._kept.get(evening)
        if loaded is not None:
            self._kept.move_to_end(evening)
        return loaded

    def keep(self, evening: str, loaded: Loaded) -> None:
        """Keep a freshly read evening; the least recently read beyond ``CACHE_EVENINGS`` are put to rest."""
        self._kept[evening] = loaded
        while len(self._kept) > CACHE_EVENINGS:
            _evening, old = self._kept.popitem(last=False)
            self._rest(old)

    def drop(self, evening: str) -> None:
        """Let go of one evening without writing (its file is gone, or about to be rewritten as a whole)."""
        loaded = self._kept.pop(evening, None)
        if loaded is not None:
            loaded.close()

    def _rest(self, loaded: Loaded) -> None:
        """An evening leaving memory: its journal folded into a bare snapshot (a failure only leaves the journal)."""
        storage = loaded.storage
        if storage is not None and not storage.read_only and self.may_tidy():
            try:
                storage.compact()
            except StorageError as err:
                self.report.notes.append(err)
        loaded.close()

    def settle(self) -> None:
        """Every evening in memory to rest (the store closes): journals compacted, files closed."""
        while self._kept:
            _evening, loaded = self._kept.popitem(last=False)
            self._rest(loaded)

    def release(self) -> None:
        """Let go of every file without writing (they are about to be replaced, or the lock is no longer ours)."""
        while self._kept:
            self._kept.popitem(last=False)[1].close()
