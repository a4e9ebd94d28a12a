"""The app's settings as one frozen value, with the choices each may take.

Storage keeps it in ``meta.json`` and the UI shows it; both read the allowed
values (themes, digit styles, the target's range) from here, so they cannot
disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from scorekeeper.core.checks import is_int
from scorekeeper.core.match import DEFAULT_TARGET

THEMES: tuple[str, ...] = ("system", "light", "dark")
DIGIT_STYLES: tuple[str, ...] = ("latin", "arabic")
#: The highest default target the settings accept (a target is any whole number >= 1 for the core).
MAX_TARGET = 10_000

_CHECKS: dict[str, Callable[[Any], bool]] = {
    "language": lambda v: v is None or (isinstance(v, str) and 0 < len(v) <= 35),
    "digits": lambda v: v in DIGIT_STYLES,
    "theme": lambda v: v in THEMES,
    "default_target": lambda v: is_int(v) and 1 <= v <= MAX_TARGET,
    "keep_awake": lambda v: isinstance(v, bool),
    "haptics": lambda v: isinstance(v, bool),
}


@dataclass(frozen=True)
class Settings:
    """language (None = follow the device), digits, theme, default_target; and at the table:
    keep_awake (the screen stays on during a match), haptics (a short tick on Save)."""

    language: str | None = None
    digits: str = "latin"
    theme: str = "system"
    default_target: int = DEFAULT_TARGET
    keep_awake: bool = True
    haptics: bool = True

    @staticmethod
    def allows(key: str, value: Any) -> bool:
        """Whether ``key`` is a setting and ``value`` one of its choices."""
        check = _CHECKS.get(key)
        return check is not None and check(value)

    def changed(self, **changes: Any) -> Settings:
        """These settings with ``changes``; ``ValueError`` naming the first one not allowed."""
        for key, value in changes.items():
            if not self.allows(key, value):
                raise ValueError(key)
        return replace(self, **changes)

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> Settings:
        """Settings from a stored mapping; unknown keys are ignored (a newer app's), a bad value is ``ValueError``."""
        known = {f.name for f in fields(cls)}
        return cls().changed(**{k: v for k, v in stored.items() if k in known})

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
