"""What the UI tests share: a real store in a temp folder (the state object is driven on it, no page)."""

import pytest

from scorekeeper.storage import Store


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "data")
    yield store
    store.close()
