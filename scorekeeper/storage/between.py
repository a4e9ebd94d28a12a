"""What the two rooms and the round record must agree on: the evening room's events, and rebuilding meta.json.

``meta.json`` counts each recent evening's finished matches and lists the
unfinished ones; ``written.json`` (``Ledger``) holds how many rounds each
unfinished match had when last written. The evening room asks them what an
evening should hold (``expect``: a file with less is damaged), and tells
them what a recovery left (``recovered``, ``unfinished``), so that the
result of a recovery is the new baseline.
"""

from __future__ import annotations

from scorekeeper.core.checks import is_match_id
from scorekeeper.core.records import MatchRecord
from scorekeeper.storage.evenings import EveningRoom
from scorekeeper.storage.expected import Expect
from scorekeeper.storage.ledger import Ledger
from scorekeeper.storage.meta import MetaRoom, placeable, remember_player


class Between:
    """The evening room's ``EveningEvents``, kept in ``meta.json`` and the ledger."""

    def __init__(self, meta: MetaRoom, ledger: Ledger) -> None:
        self._meta = meta
        self._ledger = ledger

    def expect(self, evening: str) -> Expect:
        opened = frozenset(mid for mid, e in self._meta.open.items() if e["evening"] == evening)
        return Expect(self._meta.counts.get(evening, 0), opened, self._ledger.rounds_on(evening))

    def recovered(self, evening: str, recs: list[MatchRecord]) -> None:
        self._ledger.note(
            {mid: None for mid in self._ledger.rounds_on(evening)}
            | {r.id: (evening, len(r.entries)) for r in recs if not r.finished}
        )
        self._meta.count(evening, sum(1 for r in recs if r.finished))
        if not self._meta.read_only:
            self._meta.write_quietly()

    def unfinished(self, evening: str, rec: MatchRecord) -> None:
        if rec.id not in self._meta.open:
            self._meta.open[rec.id] = {"id": rec.id, "evening": evening, "started_at": rec.started_at}
            if not self._meta.read_only:
                self._meta.write_quietly()


def rebuild(meta: MetaRoom, rooms: EveningRoom, tonight: str) -> None:
    """Players, the unfinished list and the counts from a scan of every evening (meta.json recovery only)."""
    for evening in rooms.scan():
        for doc in rooms.peek(evening):
            mid, started = doc.get("id"), doc.get("started_at")
            if not (is_match_id(mid) and isinstance(started, str) and placeable(started)):
                continue
            for name in doc.get("players") or []:
                if isinstance(name, str):
                    remember_player(meta.players, name, started)
            if doc.get("status") != "finished":
                meta.open[mid] = {"id": mid, "evening": evening, "started_at": started}
        meta.counts.pop(evening, None)  # what the files hold now is the new baseline
    meta.count(tonight, meta.counts.get(tonight, 0))
