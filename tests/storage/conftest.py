"""Fixtures for the storage tests: a clock and a store in tmp_path."""

from __future__ import annotations

import pytest

from scorekeeper.storage import Store

from .storage_helpers import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path, clock):
    s = Store.open(tmp_path / "data", clock=clock)
    yield s
    s.close()
