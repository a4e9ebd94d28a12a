"""The settings as this session sees them, and the language they choose.

The settings are the store's one frozen ``Settings`` value; the translator
follows them (a language chosen in Settings, else the phone's own), so every
session shows the table's language of the moment.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.i18n import Translator, pick_language
from scorekeeper.session.access import WriteAccess
from scorekeeper.storage import Store


class Preferences:
    """Changing the settings, and ``t``: the words in the language they choose (``reads.settings()`` reads them)."""

    def __init__(self, store: Store, access: WriteAccess, device_language: str | None = None) -> None:
        self._store = store
        self._access = access
        self.device_language = device_language
        self.t = Translator()
        self.apply()

    def apply(self) -> None:
        """Speak as the saved settings say (after this or another session changed them)."""
        settings = self._store.settings()
        self.t = Translator(settings.language or pick_language(self.device_language), settings.digits)

    def save(self, **changes: Any) -> None:
        """Save ``changes`` (``setting_invalid`` for a value not allowed) and speak as they say at once."""
        self._access.run(lambda: self._store.save_settings(**changes))
        self.apply()
