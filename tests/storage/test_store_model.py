"""The Store against a plain in-memory model, over random sequences of changes and restarts."""

from __future__ import annotations

import errno
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.core.errors import InvalidRound, MatchOver
from scorekeeper.core.match import Match, Round
from scorekeeper.storage import StorageError, Store
from scorekeeper.storage import atomic as atomic_module
from scorekeeper.storage import journal as journal_module

from .storage_helpers import PLAYERS, Clock


@st.composite
def rounds(draw) -> Round:
    kind = draw(st.sampled_from(["domino", "domino", "blocked", "redeal"]))
    if kind == "redeal":
        return Round("redeal")
    if kind == "blocked":
        return Round("blocked", tuple(draw(st.integers(0, 36)) for _ in range(4)))
    winner = draw(st.integers(0, 3))
    pips: list[int | None] = [None] * 4
    pips[winner] = 0
    for seat in ((winner + 1) % 4, (winner + 3) % 4):
        pips[seat] = draw(st.integers(0, 45))
    return Round("domino", tuple(pips), winner)


class StoreVersusModel(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="store-model-"))
        self.clock = Clock()
        self.store = Store.open(self.folder, clock=self.clock)
        self.model: dict[str, tuple[int, list[Round]]] = {}  # id -> (target, rounds)
        self.order: list[str] = []  # creation order

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def replay(self, mid: str) -> Match:
        target, log = self.model[mid]
        return Match(PLAYERS, target, tuple(log))

    @rule(points=st.sampled_from([5, 11, 21]), later=st.integers(0, 30))
    def new_match(self, points: int, later: int) -> None:
        self.clock.now += timedelta(hours=later)
        rec = self.store.new_match(PLAYERS, points)
        self.model[rec.id] = (points, [])
        self.order.append(rec.id)

    @precondition(lambda self: self.model)
    @rule(data=st.data(), rnd=rounds())
    def add_round(self, data, rnd: Round) -> None:
        mid = data.draw(st.sampled_from(self.order))
        try:
            self.replay(mid).add_round(rnd)
        except (MatchOver, InvalidRound) as refused:  # after the end, or a round no deal gives
            before = self.store.match(mid)
            try:
                self.store.add_round(mid, rnd)
                raise AssertionError("the store took a round the core refuses")
            except type(refused):
                assert self.store.match(mid) == before
            return
        self.store.add_round(mid, rnd)
        self.model[mid][1].append(rnd)

    @precondition(lambda self: any(self.model[m][1] for m in self.order))
    @rule(data=st.data(), rnd=rounds())
    def edit_round(self, data, rnd: Round) -> None:
        mid = data.draw(st.sampled_from([m for m in self.order if self.model[m][1]]))
        index = data.draw(st.integers(0, len(self.model[mid][1]) - 1))
        delete = data.draw(st.booleans())
        log = list(self.model[mid][1])
        if delete:
            del log[index]
        else:
            log[index] = rnd
        model = self.replay(mid)
        try:
            model.delete_round(index) if delete else model.replace_round(index, rnd)
        except (MatchOver, InvalidRound):
            return  # an edit that ends the match early, or a round no deal gives: refused, tested elsewhere
        if delete:
            self.store.delete_round(mid, index)
        else:
            self.store.replace_round(mid, index, rnd)
        self.model[mid] = (self.model[mid][0], log)

    @precondition(lambda self: self.model)
    @rule(data=st.data())
    def delete_match(self, data) -> None:
        mid = data.draw(st.sampled_from(self.order))
        self.store.delete_match(mid)
        del self.model[mid]
        self.order.remove(mid)

    @rule()
    def restart(self) -> None:
        self.store.close()
        self.store = Store.open(self.folder, clock=self.clock)
        assert self.store.report.ok

    @rule()
    def a_write_fails(self) -> None:
        """A failed write (as on a full disk) changes nothing, on disk or in memory."""
        if not self.order:
            return
        real, real_sync = atomic_module.atomic_write_bytes, journal_module._sync

        def full(*args, **kwargs):
            raise StorageError("disk_full", "the disk is full", path="x")

        def sync_fails(fd):  # the append was written, its fsync fails: the save must not count
            raise OSError(errno.ENOSPC, "No space left on device")

        atomic_module.atomic_write_bytes = full
        journal_module._sync = sync_fails
        try:
            self.store.add_round(self.order[-1], Round("redeal"))
        except (StorageError, MatchOver):
            pass
        finally:
            atomic_module.atomic_write_bytes = real
            journal_module._sync = real_sync

    @invariant()
    def same_as_the_model(self) -> None:
        for mid in self.order:
            rec = self.store.match(mid)
            expected = self.replay(mid)
            assert rec.rounds == expected.rounds
            assert rec.totals == expected.totals and rec.winner == expected.winner
        unfinished = [m for m in self.order if not self.replay(m).finished]
        current = self.store.current_match()
        assert (current.id if current else None) == (unfinished[-1] if unfinished else None)
        listed = sum(e.matches for e in self.store.evenings(0, 1000))
        assert listed == len(self.order)


StoreVersusModel.TestCase.settings = settings(
    max_examples=40, stateful_step_count=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
test_store_versus_model = StoreVersusModel.TestCase
