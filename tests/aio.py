"""Awaiting a handler from a plain test, as Flet does, on an event loop of its own.

In a full run a browser test's loop may still hold the main thread's event loop, where
``asyncio.run`` refuses to start; a worker thread always has none.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def run_alone(start: Callable[[], Awaitable[T]]) -> T:
    """``start()`` awaited to its end on a fresh loop in a worker thread; its result, or its exception raised here."""

    async def main() -> T:
        return await start()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(main())).result()
