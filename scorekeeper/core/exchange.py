"""Export and import: a CSV for spreadsheets, and a JSON file that is the stored form itself.

Pure (the standard library and the core): the JSON reuses ``codec``'s
document functions, so an export is exactly what the store keeps and an
import is checked by the same core that checks every entered round. Nothing
here touches a file or the store; the UI writes the bytes and hands parsed
records to ``Store.import_matches``.

* ``to_csv`` -- one row per round, for reading and sums in Excel or
  LibreOffice; not meant to be imported back (it drops matches with no rounds).
* ``to_json`` / ``parse_json`` -- complete and re-importable. ``parse_json``
  validates the whole file before it returns anything, so a bad file imports
  nothing at all.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from scorekeeper.core.checks import is_int
from scorekeeper.core.codec import CorruptDocument, match_from_doc, match_to_doc
from scorekeeper.core.errors import InvalidImport, InvalidMatch, InvalidRound, MatchOver, ScorekeeperError
from scorekeeper.core.match import check_new_names
from scorekeeper.core.records import MatchRecord
from scorekeeper.core.rules import team_index

__all__ = ["CSV_COLUMNS", "EXPORT_FORMAT", "EXPORT_VERSION", "parse_json", "to_csv", "to_json"]

EXPORT_FORMAT = "scorekeeper-export"
EXPORT_VERSION = 1

CSV_COLUMNS: tuple[str, ...] = (
    "evening",
    "match_id",
    "started_at",
    "team_a",
    "team_b",
    "seat0",
    "seat1",
    "seat2",
    "seat3",
    "target",
    "round",
    "end",
    "winner_seat",
    "winner_name",
    "pips0",
    "pips1",
    "pips2",
    "pips3",
    "tiles0",
    "tiles1",
    "tiles2",
    "tiles3",
    "points_team",
    "points",
    "total_a",
    "total_b",
    "recorded_at",
)

#: A cell starting with one of these is a formula to a spreadsheet (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# --- CSV ------------------------------------------------------------------------


def _cell(text: str) -> str:
    """Text as a spreadsheet shows it, never as a formula: a leading ``'`` where it would start one."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def to_csv(matches: Iterable[MatchRecord]) -> bytes:
    """One row per round (columns ``CSV_COLUMNS``), UTF-8 with a BOM so that spreadsheets read Arabic names.

    ``winner_seat``/``winner_name`` list the seats credited with the round
    (two, space-separated / joined with " & ", when partners tie for lowest);
    both are empty for a redeal or a cross-team tie. Seats are numbered 0..3.
    ``tiles*`` is empty where the pips were typed instead of picked. Every
    text cell is protected against formula injection.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for rec in matches:
        match = rec.match
        names = rec.players
        teams = rec.team_names
        head: list[str | int] = [
            _cell(rec.evening),
            _cell(rec.id),
            _cell(rec.started_at),
            _cell(teams[0]),
            _cell(teams[1]),
        ]
        head += [_cell(n) for n in rec.players]
        head.append(rec.target)
        for number, (entry, result, totals) in enumerate(
            zip(rec.entries, match.state.results, match.state.totals_after, strict=True), start=1
        ):
            rnd = entry.round
            tiles = rnd.tiles or (None, None, None, None)
            writer.writerow(
                [
                    *head,
                    number,
                    rnd.end,
                    " ".join(str(s) for s in result.winners),
                    _cell(" & ".join(names[s] for s in result.winners)),
                    *("" if p is None else p for p in rnd.pips),
                    *("" if hand is None else " ".join(str(t) for t in hand) for hand in tiles),
                    "" if result.team is None else _cell(teams[team_index(result.team)]),
                    result.points,
                    totals[0],
                    totals[1],
                    _cell(entry.recorded_at),
                ]
            )
    return out.getvalue().encode("utf-8-sig")


# --- JSON -----------------------------------------------------------------------


def to_json(matches: Iterable[MatchRecord], exported_at: datetime | None = None) -> bytes:
    """The complete export: every match exactly as stored (``match_to_doc``), UTF-8 JSON."""
    moment = exported_at or datetime.now().astimezone()
    doc = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exported_at": moment.isoformat(),
        "matches": [match_to_doc(rec) for rec in matches],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _load(data: bytes | str) -> Any:
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes | bytearray) else data
    except UnicodeDecodeError as err:
        raise InvalidImport(
            "import_not_json",
            f"the file is not a scorekeeper export: it is not UTF-8 text ({err.reason})",
            reason=str(err),
        ) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise InvalidImport(
            "import_not_json", f"the file is not readable JSON (truncated or damaged?): {err}", reason=str(err)
        ) from None


def _bad_match(index: int, reason: str) -> InvalidImport:
    return InvalidImport(
        "import_bad_match",
        f"match {index + 1} in the file cannot be read: {reason}",
        index=index,
        number=index + 1,
        reason=reason,
    )


def _impossible(index: int, round_number: int, err: ScorekeeperError) -> InvalidImport:
    return InvalidImport(
        "import_impossible_round",
        f"match {index + 1} in the file, round {round_number}: that round cannot have happened ({err})",
        index=index,
        number=index + 1,
        round=round_number,
        reason=str(err),
        cause=err.code,
    )


def _refusal(index: int, err: CorruptDocument) -> InvalidImport:
    """The import's error for a match the codec refused: the core's reason when it has one, else the shape's."""
    cause = err.cause
    if isinstance(cause, InvalidRound | MatchOver) and err.round is not None:
        return _impossible(index, err.round, cause)
    return _bad_match(index, err.reason)


def parse_json(data: bytes | str) -> list[MatchRecord]:
    """The matches of an export, all checked before any is returned; ``InvalidImport`` names the first fault.

    Checked: readable JSON, the format marker and version, each match's
    fields and types, every round against the rules (as if entered at the
    table), no round after the target was reached, and no id twice.
    """
    doc = _load(data)
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise InvalidImport(
            "import_wrong_format",
            f'the file is JSON but not a scorekeeper export (no "format": "{EXPORT_FORMAT}")',
            reason="format marker missing",
        )
    version = doc.get("version")
    if not is_int(version):
        raise InvalidImport("import_wrong_format", "the export has no version number", reason="version missing")
    if version != EXPORT_VERSION:
        raise InvalidImport(
            "import_unsupported_version",
            f"the export is version {version}; this app reads version {EXPORT_VERSION}",
            found=version,
            supported=EXPORT_VERSION,
        )
    docs = doc.get("matches")
    if not isinstance(docs, list):
        raise InvalidImport("import_wrong_format", "the export has no list of matches", reason="matches missing")
    records: list[MatchRecord] = []
    seen: dict[str, int] = {}
    for index, match_doc in enumerate(docs):
        if not isinstance(match_doc, dict):
            raise _bad_match(index, "a match must be an object")
        try:
            rec = match_from_doc(match_doc)  # replays through the core: every round is checked
        except CorruptDocument as err:  # it says what exactly, and in which round
            raise _refusal(index, err) from None
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as err:
            # a shape the checks did not foresee: still the import's own refusal, never a crash
            raise _bad_match(index, f"{type(err).__name__}: {err}"[:200]) from None
        try:
            check_new_names(rec.players, rec.team_names)
        except InvalidMatch as err:
            message = f"match {index + 1} in the file: {err}"
            raise InvalidImport("import_name_too_long", message, index=index, number=index + 1, **err.values) from None
        if rec.id in seen:
            raise InvalidImport(
                "import_duplicate_id",
                f"match {index + 1} in the file has the same id as match {seen[rec.id] + 1} ({rec.id})",
                index=index,
                number=index + 1,
                match_id=rec.id,
            )
        seen[rec.id] = index
        records.append(rec)
    return records
