"""What a session costs the server's memory: values every page shares, and the trim once sessions are swept."""

from __future__ import annotations

import asyncio

from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.ui import memory
from tests.aio import run_alone
from tests.ui.sessions import viewer


def test_every_page_shares_the_themes_and_locales_and_a_viewer_without_a_notice_has_none(store):
    async def two() -> list:
        hub = PubSubHub(asyncio.get_running_loop())
        return [viewer(store, hub) for _ in range(2)]

    (a, _sa, _wa), (b, _sb, _wb) = run_alone(two)
    assert a.page.theme is b.page.theme and a.page.dark_theme is b.page.dark_theme
    assert a.page.locale_configuration is b.page.locale_configuration
    assert a.kept.table_board is not None and a.kept.table_board.notice is None  # built only for a phone that has one


def test_released_sessions_are_collected_and_trimmed_once_they_are_swept(monkeypatch):
    monkeypatch.setattr(memory, "SWEEP_S", 0.05)
    trims: list[int] = []

    async def leave() -> int:
        trimmer = memory.Trimmer(trim=lambda pad: trims.append(pad) or 1)
        trimmer.released(0.05)
        trimmer.released(0.1)  # a second viewer left: one trim, after both are swept
        while trimmer.runs == 0:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        return trimmer.runs

    assert run_alone(leave) == 1
    assert trims == [0]
