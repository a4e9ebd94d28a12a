"""Durable match storage on TinyDB: crash-safe writes, one file per evening, one owner.

Only this package imports tinydb, filelock and platformdirs; the core (records and
their JSON codec included) stays pure and is re-exported here for the shell's convenience. Start with
``Store.open()`` (see ``store.py``); the modules hold one concept each:
``atomic`` (the crash-safe TinyDB Storage), ``folder`` (where the data lives,
the owner lock), ``meta`` and ``evenings`` (the store's two rooms), ``schema``
(versions and migrations), ``backup`` and ``recovery`` (rolling copies, damaged
files), ``report`` (what opening found).
"""

from scorekeeper.core.errors import StorageError
from scorekeeper.core.records import EveningSummary, MatchRecord, MatchResult, RoundEntry, evening_of
from scorekeeper.storage.atomic import SCHEMA_VERSION, AtomicStorage
from scorekeeper.storage.bulk import FolderInfo, ImportReport
from scorekeeper.storage.folder import data_folder
from scorekeeper.storage.report import OpenReport, Recovery
from scorekeeper.storage.store import Store

__all__ = [
    "SCHEMA_VERSION",
    "AtomicStorage",
    "EveningSummary",
    "FolderInfo",
    "ImportReport",
    "MatchRecord",
    "MatchResult",
    "OpenReport",
    "Recovery",
    "RoundEntry",
    "StorageError",
    "Store",
    "data_folder",
    "evening_of",
]
