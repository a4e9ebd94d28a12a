"""Small value checks shared by the core and the shell, so each fact is written once.

``is_int`` is the one test for "a whole number": JSON and Python both let
``True`` pass for ``1``, which a pip count, a seat or a target never is.
The name patterns guard the file system: an evening name or a match id read
from a file or an import becomes part of a path only after it matched here.
"""

from __future__ import annotations

import re
from typing import Any, TypeGuard

#: An evening is its date, ``YYYY-MM-DD`` (see ``records.evening_of``); its file is ``<evening>.json``.
EVENING_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")
#: A match id: what ``uuid4().hex`` gives, or any short run of letters, digits, ``-`` and ``_`` (older exports).
MATCH_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number, and not a bool (``True`` is an ``int`` to Python, never a count to us)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_evening(value: Any) -> TypeGuard[str]:
    """An evening name that can safely name a file: ``YYYY-MM-DD`` and nothing else."""
    return isinstance(value, str) and EVENING_PATTERN.fullmatch(value) is not None


def is_match_id(value: Any) -> TypeGuard[str]:
    """A match id that holds no path separator, dot-dot or control character."""
    return isinstance(value, str) and MATCH_ID_PATTERN.fullmatch(value) is not None
