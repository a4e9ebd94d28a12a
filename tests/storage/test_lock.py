"""One owner: a second instance is refused; a killed owner does not block the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from scorekeeper.core.errors import StorageError
from scorekeeper.storage import Store


def snapshot(folder):
    """Every file but the lock file itself (some filelock versions open it with O_TRUNC)."""
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.name != "scorekeeper.lock"}


def test_a_second_instance_is_refused_and_writes_nothing(tmp_path):
    with Store.open(tmp_path) as first:
        first.save_settings(theme="dark")
        stray = tmp_path / ".tmp-left.tmp"
        stray.write_bytes(b"x")  # an owner's temp file: the refused instance must not touch it
        before = snapshot(tmp_path)
        with pytest.raises(StorageError) as err:
            Store.open(tmp_path)
        assert err.value.code == "locked_elsewhere"
        assert err.value.values["folder"] == str(tmp_path)
        assert snapshot(tmp_path) == before
        assert first.settings().theme == "dark"


def test_a_second_process_is_refused(tmp_path):
    code = (
        "import sys\nfrom scorekeeper.storage import Store, StorageError\n"
        "try:\n    Store.open(sys.argv[1])\nexcept StorageError as err:\n    print(err.code)\n"
    )
    with Store.open(tmp_path):
        out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True)
    assert out.stdout.strip() == "locked_elsewhere", out.stderr


def test_a_stale_lock_after_a_killed_owner_does_not_block(tmp_path):
    code = (
        "import sys, time\nfrom scorekeeper.storage import Store\n"
        "s = Store.open(sys.argv[1])\nprint('ready', flush=True)\ntime.sleep(60)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        with pytest.raises(StorageError):
            Store.open(tmp_path)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    assert (tmp_path / "scorekeeper.lock").exists()  # the file is left, the lock is not
    with Store.open(tmp_path) as store:
        assert store.report.ok


def test_close_releases_for_the_next_owner(tmp_path):
    Store.open(tmp_path).close()
    Store.open(tmp_path).close()


def test_once_the_lock_is_gone_no_journal_is_compacted_neither_browsing_nor_closing(tmp_path):
    """Compaction is a write nobody asked for: with the lock deleted (another copy may own the folder) none happens."""
    from datetime import timedelta

    from scorekeeper.storage.evening_cache import CACHE_EVENINGS

    from .storage_helpers import A3, PLAYERS, REDEAL, Clock

    clock = Clock()
    store = Store.open(tmp_path, clock=clock)
    for day in range(CACHE_EVENINGS + 3):  # more evenings than the cache holds: browsing them evicts
        clock.set(2026, 1, 1, 20, 0)
        clock.now += timedelta(days=day)
        rec = store.new_match(PLAYERS, 31)
        store.add_round(rec.id, A3)  # a journal record after the new evening's snapshot
        store.add_round(rec.id, REDEAL)
    journaled = sorted(p for p in (tmp_path / "evenings").glob("*.json") if b"\n#" in p.read_bytes())
    assert len(journaled) >= CACHE_EVENINGS  # not vacuous: the cached ones, which an owner compacts when they leave
    before = {p: p.read_bytes() for p in journaled}
    (tmp_path / "scorekeeper.lock").unlink()
    for evening in reversed(store.evening_names()):
        store.matches_on(evening)
    store.close()
    assert {p: p.read_bytes() for p in journaled} == before
