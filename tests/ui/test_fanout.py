"""One change on a table with many viewers: drawn once, sent to each phone, nothing drawn for a phone away.

Real Flet sessions on one pubsub hub (tests/ui/sessions.py), a real store; the
work is counted in controls compared by Flet's diff (a count, not a time: the
benchmark has the times, benchmarks/table.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from flet.controls.object_patch import DiffBuilder
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from tests.aio import run_alone
from tests.security.wsclient import _walk
from tests.ui.sessions import Wire, viewer

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


@pytest.fixture
def compared(monkeypatch) -> list[int]:
    """How many objects Flet's diff compares from now on (one count per object visited)."""
    count = [0]
    compare = DiffBuilder._compare_dataclasses

    def counted(self, *args: Any, **kwargs: Any) -> None:
        count[0] += 1
        compare(self, *args, **kwargs)

    monkeypatch.setattr(DiffBuilder, "_compare_dataclasses", counted)
    return count


def strings(patches: list[Any]) -> set[str]:
    return {value for patch in patches for value in _walk(patch) if isinstance(value, str)}


def scorer_of(store) -> TableState:
    scorer = TableState(store, "en")
    scorer.scoring.start(PLAYERS, ["Lions", "Eagles"], 101)
    return scorer


def hear_a_save(store, viewers: int, compared: list[int]) -> tuple[int, list[list[Any]]]:
    """``viewers`` phones watch; the scorer saves a round; the diff's work for it and each phone's patches."""

    async def table() -> tuple[int, list[list[Any]]]:
        hub = PubSubHub(asyncio.get_running_loop())
        scorer = scorer_of(store)
        phones = [viewer(store, hub) for _ in range(viewers)]
        scorer.scoring.save_round(Draft("blocked", pips=["12", "30", "25", "18"]))  # Lions +7
        before = compared[0]
        # as Flet's pubsub delivers it: every session's handler on a task of its own, all at once
        await asyncio.gather(*(shell._on_message("changed") for shell, _session, _wire in phones))
        return compared[0] - before, [wire.patches() for _shell, _session, wire in phones]

    return run_alone(table)


def test_one_save_is_diffed_once_for_any_number_of_viewers(store, compared):
    alone, [patches] = hear_a_save(store, 1, compared)
    assert len(patches) == 1 and "7" in strings(patches)
    many, sent = hear_a_save(store, 12, compared)
    # each phone gets one patch with the new total; the server's diff did not grow twelvefold
    assert all(len(patches) == 1 and "7" in strings(patches) for patches in sent)
    assert many < 2 * alone, (alone, many)


def test_viewers_in_another_language_get_their_own_board(store):
    async def table() -> tuple[list[Any], list[Any]]:
        hub = PubSubHub(asyncio.get_running_loop())
        scorer = scorer_of(store)
        english = viewer(store, hub)
        dutch = viewer(store, hub)
        dutch[0].state = TableState(store, "nl", may_write=lambda: False)  # the phone's own language
        dutch[0].render()
        dutch[2].clear()
        scorer.scoring.save_round(Draft("blocked", pips=["12", "30", "25", "18"]))
        await asyncio.gather(english[0]._on_message("changed"), dutch[0]._on_message("changed"))
        return english[2].patches(), dutch[2].patches()

    english, dutch = run_alone(table)
    assert any(s.startswith("Round 1") for s in strings(english))
    assert any(s.startswith("Ronde 1") for s in strings(dutch)), strings(dutch)


def test_a_phone_away_is_not_drawn_and_is_shown_the_change_when_back(store, compared):
    async def table() -> tuple[int, list[Any]]:
        hub = PubSubHub(asyncio.get_running_loop())
        scorer = scorer_of(store)
        shell, session, _wire = viewer(store, hub)
        await session.disconnect(60)  # the phone slept: its session waits for it
        scorer.scoring.save_round(Draft("blocked", pips=["12", "30", "25", "18"]))
        before = compared[0]
        await shell._on_message("changed")
        away = compared[0] - before
        back = Wire(hub)
        await session.connect(back)  # the phone is back: Flet seats the session, then says "connect"
        return away, back.patches()

    away, patches = run_alone(table)
    assert away == 0  # nothing drawn for a phone that could not be sent it
    assert "7" in strings(patches) and any(s.startswith("Round 1") for s in strings(patches))
