"""String tables per language and the one lookup every visible string goes through.

Pure: the UI, the rules page and error messages all read from here, so a
missing translation is caught by a test instead of showing up at the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import ar, en, nl

TABLES: dict[str, Mapping[str, str]] = {"en": en.STRINGS, "ar": ar.STRINGS, "nl": nl.STRINGS}
LANGUAGES: tuple[str, ...] = ("ar", "en", "nl")
RTL: frozenset[str] = frozenset({"ar"})
DEFAULT_LANGUAGE = "en"
_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def pick_language(preferred: str | None) -> str:
    """The table for a device/browser locale such as ``ar-YE`` or ``nl_NL``; English otherwise."""
    if preferred:
        code = preferred.replace("_", "-").split("-")[0].lower()
        if code in TABLES:
            return code
    return DEFAULT_LANGUAGE


def to_digits(text: str, digits: str) -> str:
    """Western digits as Arabic-Indic ones when the user chose ``digits="arabic"``."""
    return text.translate(_ARABIC_INDIC) if digits == "arabic" else text


class Translator:
    """Lookup bound to one language and digit style, for one UI session."""

    def __init__(self, language: str = DEFAULT_LANGUAGE, digits: str = "latin") -> None:
        self.language = language if language in TABLES else DEFAULT_LANGUAGE
        self.digits = digits if self.language == "ar" else "latin"
        self.table = TABLES[self.language]

    @property
    def rtl(self) -> bool:
        return self.language in RTL

    def __call__(self, key: str, **values: Any) -> str:
        """The string for ``key``, formatted with ``values``; English if this table lacks it."""
        template = self.table.get(key) or en.STRINGS.get(key) or key
        return self.num(template.format(**values)) if values else self.num(template)

    def num(self, text: Any) -> str:
        """Any text or number in the chosen digits."""
        return to_digits(str(text), self.digits)

    def error(self, err: ScorekeeperError, seat_names: Mapping[int, str] | None = None) -> str:
        """An error from the core or storage in the user's language.

        Seat numbers are shown as player names where they are known, since the
        people at the table think in names, not seat numbers.
        """
        values = dict(err.values)
        for key in ("seat", "other"):
            if key in values and seat_names and values[key] in seat_names:
                values[key] = seat_names[values[key]]
            elif key in values and isinstance(values[key], int):
                values[key] = self("seat_n", n=values[key] + 1)
        if isinstance(values.get("cause"), ScorekeeperError):  # an error inside an error: its own words
            values["cause"] = self.error(values["cause"], seat_names)
        if "seats" in values:
            names = [seat_names.get(s, str(s + 1)) if seat_names else str(s + 1) for s in values["seats"]]
            values["seats"] = self("list_sep").join(names)
        key = f"error.{err.code}"
        if key not in self.table and key not in en.STRINGS:
            return str(err)
        try:
            return self(key, **values)
        except (KeyError, IndexError):
            return str(err)
