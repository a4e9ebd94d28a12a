"""String tables per language and the one lookup every visible string goes through.

Pure: the UI, the rules page and error messages all read from here, so a
missing translation is caught by a test instead of showing up at the table.

Numbers: a number given to a string is written in the user's digits; names and
other text are left as typed (a player called "Ahmed 2" stays so). A number
placeholder with a format spec, ``{matches:matches}``, is written through the
plural entry ``count.matches``: a mapping from CLDR plural category (Babel's
rules: English and Dutch have one/other, Arabic zero/one/two/few/many/other)
to the words, so "1 match", "2 matches" and Arabic's six forms each read right.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from babel.core import Locale

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.rules import TEAMS
from scorekeeper.i18n import ar, en, nl

#: A table entry: a string, or plural forms by CLDR category (``"other"`` always present).
Entry = str | Mapping[str, str]
TABLES: dict[str, Mapping[str, Entry]] = {"en": en.STRINGS, "ar": ar.STRINGS, "nl": nl.STRINGS}
LANGUAGES: tuple[str, ...] = ("ar", "en", "nl")
RTL: frozenset[str] = frozenset({"ar"})
#: What the store keeps for a team left unnamed ("A", "B"): a marker, shown as "Team A" in the user's language.
DEFAULT_TEAMS: tuple[str, str] = TEAMS
#: Placeholders that hold a team's name, so a default name is written in the language of the moment.
TEAM_PLACEHOLDERS = frozenset({"team", "team_a", "team_b"})
DEFAULT_LANGUAGE = "en"
_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
_WESTERN = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")
#: First-strong isolate and its closing mark: a name of the other direction, set inside a sentence,
#: keeps its own order and leaves the sentence's own (Unicode Bidirectional Algorithm, X5c and X6a).
FSI, PDI = "\u2068", "\u2069"
#: Left-to-right isolate: a date inside Arabic text ("2026-12-01" after an Arabic word turned "01-12-2026").
LRI = "\u2066"
#: Left-to-right mark. Arabic-Indic digits are Arabic numbers to the bidi algorithm, and a hyphen
#: between two of them resolves right to left even inside an isolate, so an Arabic-Indic date still
#: showed its parts swapped; a mark after each hyphen gives the hyphen a left-to-right neighbour.
LRM = "\u200e"
_DATE = re.compile(r"[\d٠-٩]{4}-[\d٠-٩]{2}-[\d٠-٩]{2}")
_STRONG = {False: frozenset({"R", "AL"}), True: frozenset({"L"})}  # against an LTR, an RTL sentence
#: Text that is a number, a date or a score ("12", "2026-11-30", "3.5", "11 - 7"), not a name.
_NUMERIC = re.compile(r"[\d\s.,:/+\-–٫]*\d[\d\s.,:/+\-–٫]*")


@cache
def plural_forms(language: str) -> frozenset[str]:
    """The CLDR plural categories a language distinguishes (``other`` included)."""
    return frozenset(Locale.parse(language).plural_form.tags) | {"other"}


def plural_category(language: str, n: int) -> str:
    return Locale.parse(language).plural_form(n)


class _Number:
    """A number in a string: the user's digits, or with a spec its plural words (``{n:matches}``)."""

    def __init__(self, value: int | float, t: Translator) -> None:
        self.value, self.t = value, t

    def __format__(self, spec: str) -> str:
        if spec.isidentifier():
            return self.t(f"count.{spec}", n=self.value)
        return self.t.num(format(self.value, spec))


def pick_language(preferred: str | None) -> str:
    """The table for a device/browser locale such as ``ar-YE`` or ``nl_NL``; English otherwise."""
    if preferred:
        code = preferred.replace("_", "-").split("-")[0].lower()
        if code in TABLES:
            return code
    return DEFAULT_LANGUAGE


def to_digits(text: str, digits: str) -> str:
    """``text`` in the chosen digits, whichever it was written in.

    Arabic-Indic when the user chose ``digits="arabic"``; Western otherwise, so the
    Arabic table may write its numbers (rules, limits) in Arabic-Indic digits and
    still follow a user who chose Western ones.
    """
    return text.translate(_ARABIC_INDIC if digits == "arabic" else _WESTERN)


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
        """The string for ``key``, formatted with ``values``; English if this table lacks it.

        Numbers (and text that is only a number or a date) take the user's digits; names do not.
        A plural entry picks its form by the value ``n``.
        """
        entry = self.table.get(key) or en.STRINGS.get(key) or key
        if not isinstance(entry, str):
            count = values.get("n", 0)
            entry = entry.get(plural_category(self.language, count if isinstance(count, int) else 0)) or entry["other"]
        template = self.num(entry)  # digits the translator wrote into the string itself
        if not values:
            return template
        return template.format(
            **{
                name: self.iso(self.team(value)) if name in TEAM_PLACEHOLDERS else self._value(value)
                for name, value in values.items()
            }
        )

    def iso(self, text: str) -> str:
        """``text`` isolated when it holds letters of the other direction ("Lions" in Arabic, "الصقور" in Dutch).

        Unisolated, a Latin name pulls the numbers beside it into its own left-to-right run
        (Arabic "won by Lions 9 - 11" showed Lions beside the 9) and a line break scrambles the rest;
        isolated, it is one unit placed where the sentence puts it. Text of the sentence's own
        direction, and numbers, are left alone: they already read right.
        """
        other = _STRONG[self.rtl]
        if text.startswith(FSI) or not any(unicodedata.bidirectional(c) in other for c in text):
            return text
        return f"{FSI}{text}{PDI}"

    def names(self, names: Iterable[str], sep: str | None = None) -> str:
        """Names joined by the list separator (or ``sep``), each isolated where it needs it (see ``iso``)."""
        return (self("list_sep") if sep is None else sep).join(self.iso(name) for name in names)

    def team(self, name: str) -> str:
        """A stored team name to show: a default one (the store's marker, or an older match's default
        saved in some language) in the language of the moment, so no evening mixes languages."""
        for marker, key in zip(DEFAULT_TEAMS, ("team_default_a", "team_default_b"), strict=True):
            if name == marker or any(name == table.get(key) for table in TABLES.values()):
                return self(key)
        return name

    def _value(self, value: Any) -> Any:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int | float):
            return _Number(value, self)
        if isinstance(value, str) and _NUMERIC.fullmatch(value):
            # after an Arabic word a date's digits read right to left, its parts swapped: keep it whole
            return self._date(value) if self.rtl and _DATE.fullmatch(value) else self.num(value)
        return self.iso(value) if isinstance(value, str) else value

    def _date(self, value: str) -> str:
        """A date inside right-to-left text, shown whole and left to right in either digits (see LRI, LRM)."""
        return f"{LRI}{self.num(value).replace('-', '-' + LRM)}{PDI}"

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
