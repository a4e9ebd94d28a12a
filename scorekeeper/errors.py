"""Every error the core raises, in one place.

Each carries a stable ``code`` and the offending ``values`` so that the UI can
phrase it in the user's language; ``str(error)`` is the plain English reason.
"""

from __future__ import annotations

from typing import Any


class ScorekeeperError(ValueError):
    """Base of the core's refusals: bad input, never a bug."""

    def __init__(self, code: str, message: str, **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class InvalidRound(ScorekeeperError):
    """A round that cannot have happened at a real table."""


class MatchOver(ScorekeeperError):
    """A change that the finished match cannot take (a round after the end)."""


class InvalidMatch(ScorekeeperError):
    """A match set-up that cannot be played (names, target)."""
