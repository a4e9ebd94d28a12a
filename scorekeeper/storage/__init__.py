"""Durable match storage on TinyDB: a journaled Storage, one database per evening, one owner.

Only this package imports tinydb, filelock and platformdirs; the records it hands
out (``MatchRecord`` and the listings) are the core's, imported from
``scorekeeper.core.records`` where they are defined. Start with ``Store.open()``
(see ``store.py``, a front composed of parts); the modules hold one concept each:
``journal`` (the TinyDB Storage: one appended record per write), ``frames`` (its record framing),
``atomic`` (crash-safe whole-file writes, the envelope, parsing), ``folder`` (where the data lives,
the owner lock), ``gate`` (may we write), ``meta`` and ``evenings`` (the two rooms), ``between``,
``writes``, ``finder`` and ``bulk`` (the store's other parts), ``schema`` (versions and migrations),
``backup`` and ``recovery`` (rolling copies, damaged files), ``report`` (what opening found).
"""

from scorekeeper.core.errors import StorageError
from scorekeeper.storage.atomic import SCHEMA_VERSION
from scorekeeper.storage.bulk import FolderInfo, ImportReport
from scorekeeper.storage.folder import data_folder
from scorekeeper.storage.journal import JournalStorage
from scorekeeper.storage.report import OpenReport, Recovery
from scorekeeper.storage.store import Store

__all__ = [
    "SCHEMA_VERSION",
    "FolderInfo",
    "ImportReport",
    "JournalStorage",
    "OpenReport",
    "Recovery",
    "StorageError",
    "Store",
    "data_folder",
]
