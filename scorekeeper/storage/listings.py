"""The history's listing of an evening (its finished matches' results), read cheaply and cached.

An evening not in memory is listed from the results cached in its documents
by one TinyDB ``Query``, without validating every round log; a file that
says less than was written, or documents without a usable cache, are read in
full instead (and recovered if damaged). A listing is kept until the
evening's revision moves.
"""

from __future__ import annotations

from tinydb import Query

from scorekeeper.core.codec import result_from_doc
from scorekeeper.core.records import EveningSummary, MatchResult, result_of
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.expected import EveningEvents
from scorekeeper.storage.meta import when


class Listings:
    """Each evening's ``EveningSummary``, by the revision it was made at."""

    def __init__(self, rooms: EveningRoom, events: EveningEvents) -> None:
        self._rooms = rooms
        self._events = events
        self._made: dict[str, tuple[int, EveningSummary]] = {}

    def summary(self, evening: str) -> EveningSummary:
        rooms = self._rooms
        revision = rooms.revisions.get(evening, 0)
        made = self._made.get(evening)
        if made is not None and made[0] == revision:
            return made[1]
        results: list[MatchResult] | None = None
        if rooms.cache.slots(evening) is None:
            results = []
            every, finished = rooms.query(
                evening, lambda table: (len(table), table.search(Query().status == "finished")), (0, [])
            )
            for doc in finished if len(finished) == every else [None]:  # all finished: listed from their cache
                line = result_from_doc(doc)
                if line is None:
                    results = None
                    break
                results.append(line)
            if not results or len(results) < self._events.expect(evening).finished:
                results = None  # a file that says less than was written is read in full (and recovered)
        if results is None:
            results = [result_of(slot.record) for slot in rooms.records(evening).values()]
        results.sort(key=lambda r: when(r.started_at))
        summary = EveningSummary(evening, len(results), sum(r.rounds for r in results), tuple(results))
        # reading the file may have recovered it (the revision moved): the listing is of what it holds now
        self._made[evening] = (rooms.revisions.get(evening, 0), summary)
        return summary
