"""Every error the core raises, in one place.

Each carries a stable ``code`` and the offending ``values`` so that the UI can
phrase it in the user's language; ``str(error)`` is the plain English reason.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    """Every code an error can carry: the one registry the string tables are checked against.

    A ``StrEnum``, so ``err.code == "pips_missing"`` still reads naturally; an error
    raised with a code not listed here fails at once (``ValueError``), wherever the
    code came from (a literal or a variable), instead of reaching the table untranslated.
    """

    # a round (rules, entry)
    END_UNKNOWN = "end_unknown"
    WINNER_NOT_ALLOWED = "winner_not_allowed"
    WINNER_MISSING = "winner_missing"
    WINNER_OUT_OF_RANGE = "winner_out_of_range"
    WINNER_HOLDS_PIPS = "winner_holds_pips"
    PIPS_MISSING = "pips_missing"
    PIPS_NOT_WHOLE = "pips_not_whole"
    PIPS_NEGATIVE = "pips_negative"
    PIPS_OVER_HAND = "pips_over_hand"
    OPPONENTS_OVER_LIMIT = "opponents_over_limit"
    HANDS_OVER_LIMIT = "hands_over_limit"
    BLOCKED_OVER_LIMIT = "blocked_over_limit"
    PIPS_NOT_FOUR = "pips_not_four"
    TILE_UNKNOWN = "tile_unknown"
    TILE_TWICE = "tile_twice"
    HAND_TOO_MANY_TILES = "hand_too_many_tiles"
    TILES_MISMATCH = "tiles_mismatch"
    # a round no deal or line of play allows (feasibility.py; the named limits: limits.py)
    PIPS_OVER_HAND_66 = "pips_over_hand_66"
    OPPONENTS_OVER_LIMIT_66 = "opponents_over_limit_66"
    AFTER_DOMINO_OVER_LIMIT = "after_domino_over_limit"
    AFTER_DOMINO_OVER_LIMIT_66 = "after_domino_over_limit_66"
    BLOCKED_OVER_LIMIT_66 = "blocked_over_limit_66"
    HAND_EMPTY = "hand_empty"
    DOUBLE_SIX_PICKED = "double_six_picked"
    TWO_HANDS_ZERO = "two_hands_zero"
    TWO_HANDS_ONE = "two_hands_one"
    HANDS_IMPOSSIBLE = "hands_impossible"
    HANDS_IMPOSSIBLE_PICKED = "hands_impossible_picked"
    BLOCKED_EVERY_NUMBER_PICKED = "blocked_every_number_picked"
    BLOCKED_NO_SUIT = "blocked_no_suit"
    # a round the line of play or compulsory play rules out (feasibility.py, limits.py, line.py)
    BLOCKED_LINE_ODD = "blocked_line_odd"
    LINE_ODD_NUMBERS = "line_odd_numbers"
    LINE_IN_PIECES = "line_in_pieces"
    KEPT_TOO_MANY = "kept_too_many"
    # a match
    ROUND_AFTER_END = "round_after_end"
    PLAYERS_NOT_FOUR = "players_not_four"
    PLAYER_NAME_EMPTY = "player_name_empty"
    PLAYER_NAME_TWICE = "player_name_twice"
    NAME_TOO_LONG = "name_too_long"
    TARGET_INVALID = "target_invalid"
    # storage
    DISK_FULL = "disk_full"
    PERMISSION_DENIED = "permission_denied"
    WRITE_FAILED = "write_failed"
    LOCKED_ELSEWHERE = "locked_elsewhere"
    READ_ONLY = "read_only"
    MATCH_NOT_FOUND = "match_not_found"
    NEWER_VERSION = "newer_version"
    CORRUPT = "corrupt"
    SETTING_INVALID = "setting_invalid"
    CLOSED = "closed"
    LOCK_LOST = "lock_lost"
    # import
    IMPORT_NOT_JSON = "import_not_json"
    IMPORT_WRONG_FORMAT = "import_wrong_format"
    IMPORT_UNSUPPORTED_VERSION = "import_unsupported_version"
    IMPORT_BAD_MATCH = "import_bad_match"
    IMPORT_IMPOSSIBLE_ROUND = "import_impossible_round"
    IMPORT_DUPLICATE_ID = "import_duplicate_id"
    IMPORT_NAME_TOO_LONG = "import_name_too_long"
    IMPORT_TOO_LARGE = "import_too_large"
    IMPORT_BUSY = "import_busy"
    # the shared table
    VIEWER_READ_ONLY = "viewer_read_only"
    ROUND_CHANGED = "round_changed"
    ROUND_GONE = "round_gone"
    ROUND_ADDED = "round_added"
    EVENING_UNKNOWN = "evening_unknown"


class ScorekeeperError(ValueError):
    """Base of the core's refusals: bad input, never a bug."""

    def __init__(self, code: str, message: str, **values: Any) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)  # an unregistered code is a bug: it fails here, not at the table
        self.values = values


class InvalidRound(ScorekeeperError):
    """A round that cannot have happened at a real table."""


class MatchOver(ScorekeeperError):
    """A change that the finished match cannot take (a round after the end)."""


class InvalidMatch(ScorekeeperError):
    """A match set-up that cannot be played (names, target).

    ``name_too_long`` (name: its start, limit) is refused only for names coming
    in; a kept match keeps its names.
    """


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
    core's error code); ``import_duplicate_id`` (index, number, match_id);
    ``import_name_too_long`` (index, number, name, limit).
    """


class TableError(ScorekeeperError):
    """A change the shared table refuses, whoever sends it.

    Codes and their values: ``viewer_read_only`` (none: this session may only
    watch); ``round_changed`` (n: the round's number now; another phone changed
    the match since the form was opened); ``round_gone`` (n: the number it had
    when the form was opened); ``round_added`` (n: the number a new round's form
    was opened for, next: the number it would have now; another phone saved or
    changed rounds meanwhile); ``import_too_large`` (size, limit: in MB);
    ``import_busy`` (none: another import is still running);
    ``evening_unknown`` (evening: not a date, so no evening file).
    """
