"""The per-evening statistics cache agrees with a full computation, before and after changes."""

from datetime import UTC, datetime, timedelta

from scorekeeper.core import stats
from scorekeeper.core.match import Round
from scorekeeper.session.insight import StatsCache
from scorekeeper.storage import Store

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_cache_matches_a_full_computation_across_changes(tmp_path):
    clock = Clock()
    with Store.open(tmp_path, clock=clock) as store:
        cache = StatsCache(store)
        for _day in range(3):  # three evenings
            clock.now += timedelta(days=1)
            match = store.new_match(PLAYERS, 11)
            store.add_round(match.id, Round("blocked", (12, 30, 25, 18)))
        assert cache.statistics() == stats.compute(store.all_matches())
        first_day = store.evening_names()[0]
        before = store.revision(first_day)

        # an edit on an old evening, a new round tonight, a deleted evening: each is picked up
        old = store.matches_on(first_day)[0]
        store.replace_round(old.id, 0, Round("blocked", (30, 12, 25, 18)))
        assert store.revision(first_day) != before
        store.add_round(match.id, Round("redeal"))
        assert cache.statistics() == stats.compute(store.all_matches())
        store.delete_evening(store.evening_names()[1])
        figures = cache.statistics()
        assert figures == stats.compute(store.all_matches())
        assert figures.matches == 2 and figures.redeals == 1


def test_quick_answers_only_when_cheap(tmp_path):
    clock = Clock()
    with Store.open(tmp_path, clock=clock) as store:
        for _day in range(5):
            clock.now += timedelta(days=1)
            match = store.new_match(PLAYERS, 11)
            store.add_round(match.id, Round("redeal"))
        cache = StatsCache(store)
        assert cache.quick(max_reads=3) is None  # cold: five evenings to read
        cache.statistics()
        store.add_round(match.id, Round("blocked", (12, 30, 25, 18)))
        quick = cache.quick(max_reads=3)  # one changed evening: answered now
        assert quick == stats.compute(store.all_matches())
