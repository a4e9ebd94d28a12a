"""Durable match storage on TinyDB: crash-safe writes, one file per evening, one owner.

Only this package imports tinydb, filelock and platformdirs; the records it hands
out (``MatchRecord`` and the listings) are the core's, imported from
``scorekeeper.core.records`` where they are defined. Start with ``Store.open()``
(see ``store.py``); the modules hold one concept each:
``atomic`` (the crash-safe TinyDB Storage), ``folder`` (where the data lives,
the owner lock), ``meta`` and ``evenings`` (the store's two rooms), ``schema``
(versions and migrations), ``backup`` and ``recovery`` (rolling copies, damaged
files), ``report`` (what opening found).
"""

from scorekeeper.core.errors import StorageError
from scorekeeper.storage.atomic import SCHEMA_VERSION, AtomicStorage
from scorekeeper.storage.bulk import FolderInfo, ImportReport
from scorekeeper.storage.folder import data_folder
from scorekeeper.storage.report import OpenReport, Recovery
from scorekeeper.storage.store import Store

__all__ = [
    "SCHEMA_VERSION",
    "AtomicStorage",
    "FolderInfo",
    "ImportReport",
    "OpenReport",
    "Recovery",
    "StorageError",
    "Store",
    "data_folder",
]
