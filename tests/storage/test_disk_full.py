"""Disk full for real (RLIMIT_FSIZE in a child): the old data intact, a clear error, and life goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.storage import Store

from .storage_helpers import A3, A7, PLAYERS, REDEAL

resource = pytest.importorskip("resource")

CHILD = r"""
import json, resource, signal, sys
from scorekeeper.core.match import Round
from scorekeeper.storage import Store, StorageError

signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit then fails with EFBIG
store = Store.open(sys.argv[1])
current = store.current_match()
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (64, hard))  # no file over 64 bytes can be written
codes = {}
attempts = {
    "add_round": lambda: store.add_round(current.id, Round("redeal")),
    "finish": lambda: store.add_round(current.id, Round("blocked", (12, 30, 25, 18))),
    "replace_round": lambda: store.replace_round(current.id, 0, Round("redeal")),
    "delete_round": lambda: store.delete_round(current.id, 0),
    "new_match": lambda: store.new_match(["Ali", "Omar", "Saleh", "Nasser"], 11),
    "save_settings": lambda: store.save_settings(theme="dark"),
    "delete_match": lambda: store.delete_match(current.id),
}
for name, attempt in attempts.items():
    try:
        attempt()
        codes[name] = "saved?!"
    except StorageError as err:
        codes[name] = [err.code, str(err)]
codes["players"] = store.known_players()
codes["current_rounds"] = len(store.current_match().entries)
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # space again: the same store carries on
codes["after"] = len(store.add_round(current.id, Round("redeal")).entries)
print(json.dumps(codes))
"""


def files(folder: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != "scorekeeper.lock"}


def test_a_full_disk_keeps_the_old_data_and_says_so(tmp_path):
    with Store.open(tmp_path) as store:
        rec = store.new_match(PLAYERS, 10)
        store.add_round(rec.id, A3)
        store.add_round(rec.id, REDEAL)
    before = files(tmp_path)
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path)], capture_output=True, text=True, cwd=os.getcwd(), timeout=60
    )
    assert out.returncode == 0, out.stderr
    codes = json.loads(out.stdout)
    for name in ("add_round", "finish", "replace_round", "delete_round", "new_match", "save_settings"):
        assert codes[name][0] == "disk_full", (name, codes[name])
        assert "disk is full" in codes[name][1]
    assert codes["delete_match"][0] == "disk_full"  # its backup could not be written: nothing deleted
    assert codes["players"] == list(PLAYERS)  # memory did not move ahead of the disk
    assert codes["current_rounds"] == 2
    assert codes["after"] == 3
    after = files(tmp_path)
    evening = tmp_path / "evenings" / f"{rec.evening}.json"
    assert set(after) == set(before)  # no new files: no match, no backup, no temp left behind
    ledger = tmp_path / "written.json"  # the rounds written per unfinished match: 3 after the last save
    assert json.loads(after[ledger]) == {rec.id: [rec.evening, 3]}
    for path, data in before.items():
        if path not in (evening, ledger):
            assert after[path] == data, path  # every other file byte for byte as before
    assert not list(tmp_path.rglob(".tmp-*"))
    with Store.open(tmp_path) as store:
        assert store.report.ok
        again = store.match(rec.id)
        assert [e.round for e in again.entries] == [A3, REDEAL, REDEAL]
        assert not again.finished and store.known_players() == list(PLAYERS)
        assert store.settings().theme == "system"


def test_finishing_housekeeping_on_a_full_disk_does_not_lose_the_round(tmp_path, monkeypatch):
    from scorekeeper.core.errors import StorageError
    from scorekeeper.storage import writes as store_module  # where the order of writes (and the backups) lives

    with Store.open(tmp_path) as store:
        rec = store.new_match(PLAYERS, 10)
        store.add_round(rec.id, A3)

        def full(*args, **kwargs):
            raise StorageError("disk_full", "the disk is full", path="x")

        monkeypatch.setattr(store_module, "backup_file", full)
        done = store.add_round(rec.id, A7)  # saved; only the rolling backup failed
        assert done.finished
        assert [n.code for n in store.report.notes] == ["disk_full"]
    with Store.open(tmp_path) as store:
        assert store.match(rec.id).finished and store.current_match() is None
