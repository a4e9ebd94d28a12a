"""Fixtures for the storage tests: a clock and a store in tmp_path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the shared helpers below, also for child processes

from storage_helpers import Clock

from scorekeeper.storage import Store


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path, clock):
    s = Store.open(tmp_path / "data", clock=clock)
    yield s
    s.close()
