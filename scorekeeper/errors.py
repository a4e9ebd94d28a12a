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


class StorageError(ScorekeeperError):
    """The saved data could not be read or written as asked.

    Codes and their values: ``disk_full``, ``permission_denied``,
    ``write_failed`` (path); ``locked_elsewhere`` (folder); ``read_only``
    (path, sometimes); ``match_not_found`` (match_id); ``newer_version``
    (found, supported); ``corrupt`` (file: damage found while writing, or in
    read-only mode); ``setting_invalid`` (key, value); ``closed`` (none).
    """


class InvalidImport(ScorekeeperError):
    """A file offered for import that is not a complete, valid export: nothing of it is imported.

    Codes and their values (``index`` is 0-based in the file's match list,
    ``number`` the same 1-based, for people): ``import_not_json`` (reason);
    ``import_wrong_format`` (reason); ``import_unsupported_version`` (found,
    supported); ``import_bad_match`` (index, number, reason);
    ``import_impossible_round`` (index, number, round, reason, cause: the
    core's error code); ``import_duplicate_id`` (index, number, match_id).
    """


class TableError(ScorekeeperError):
    """A change the shared table refuses, whoever sends it (issue 12).

    Codes and their values: ``viewer_read_only`` (none: this session may only
    watch); ``round_changed`` (n: the round's number now; another phone changed
    the match since the form was opened); ``round_gone`` (n: the number it had
    when the form was opened); ``import_too_large`` (size, limit: in MB);
    ``evening_unknown`` (evening: not a date, so no evening file).
    """
