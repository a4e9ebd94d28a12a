"""The words the views show for a match: pure functions of a translator and the data.

Kept apart from ``TableState`` so the wording can be read and tested without
a session, a page or a store: each function takes the translator and the
match (or the draft) it describes and returns text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core import records
from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.core.match import Round
from scorekeeper.core.records import MatchRecord
from scorekeeper.core.rules import RoundResult, Team
from scorekeeper.core.tiles import SEATS
from scorekeeper.i18n import Translator
from scorekeeper.session.entry import Draft, lowest_seats


@dataclass(frozen=True)
class Preview:
    """What the record form shows before saving: the score line, or why it cannot be saved."""

    text: str
    result: RoundResult | None = None
    error: str | None = None


def team_name(match: MatchRecord, team: Team | None) -> str:
    """The name the match gives ``team`` ("" for nobody)."""
    return records.team_name(match.team_names, team) or ""


def seat_names(match: MatchRecord | None) -> dict[int, str]:
    """Seat number -> player name, for error messages and round lines (empty without a match)."""
    return dict(enumerate(match.players)) if match else {}


def error_text(t: Translator, err: ScorekeeperError, match: MatchRecord | None) -> str:
    """An error in the scorer's language, naming players by their seats in ``match``."""
    return t.error(err, seat_names(match))


def lowest_line(t: Translator, match: MatchRecord | None, totals: Sequence[int | None]) -> str:
    """The "Lowest: ..." line for the hands entered so far ("" while no hand is known)."""
    seats = lowest_seats(totals)
    if not seats:
        return ""
    names = seat_names(match)
    return t("record.preview_lowest", names=t("list_sep").join(names[s] for s in seats))


def starter_text(t: Translator, match: MatchRecord) -> str:
    """Who starts the next round of ``match``."""
    starter = match.match.next_starter
    if starter.kind == "double_six":
        return t("board.starter_double_six")
    return t("board.starter_team", team=team_name(match, starter.team))


def round_line(t: Translator, match: MatchRecord, index: int) -> str:
    """One row of a round log: kind, who went out or was lowest, the pips counted, the score."""
    rnd: Round = match.rounds[index]
    result = match.match.state.results[index]
    names = seat_names(match)
    parts = [t(f"end.{rnd.end}")]
    if rnd.end == "domino" and rnd.winner is not None:
        parts.append(t("board.went_out", name=names[rnd.winner]))
    if rnd.end == "blocked":
        low = lowest_seats(rnd.pips)
        parts.append(t("board.lowest", names=t("list_sep").join(names[s] for s in low)))
    counted = [p for s, p in enumerate(rnd.pips) if p is not None and not (rnd.end == "domino" and s == rnd.winner)]
    if counted:
        parts.append((" + " if rnd.end == "domino" else " / ").join(t.num(p) for p in counted))
    if index in match.match.problems:
        parts.append(t("review.impossible"))
    if result.tie:
        parts.append(t("board.tie"))
    elif rnd.end == "redeal":
        parts.append(t("board.redeal"))
    else:
        parts.append(t("board.points", team=team_name(match, result.team), points=result.points))
    return " · ".join(parts)


def preview(t: Translator, match: MatchRecord | None, draft: Draft, index: int | None = None) -> Preview:
    """The live line under the record form: points, lowest hand, tie, or the reason it is refused.

    ``index`` is the round being re-entered (None for a new one): whether
    the round opened with the double-six depends on the one before it. The
    round is checked against ``match`` exactly as Save will check it.
    """
    if draft.end == "redeal":
        return Preview(t("record.preview_redeal"), RoundResult(None, 0))
    needed = draft.seats_needed()
    try:
        totals = [draft.total(s) if s in needed else None for s in range(SEATS)]
        if draft.end is None or (draft.end == "domino" and draft.winner is None) or None in (totals[s] for s in needed):
            extra = lowest_line(t, match, totals) if draft.end == "blocked" else ""
            return Preview(" · ".join(x for x in (t("record.fill"), extra) if x))
        rnd = draft.to_round()
        result = rnd.result
        if match is not None:
            match.match.check_round(rnd, index)  # exactly what Save will be told
    except ScorekeeperError as err:
        return Preview(error_text(t, err, match), error=error_text(t, err, match))
    if match is None:  # a team's name needs its match, as before this module existed
        raise LookupError("no match is open")
    if result.tie:
        return Preview(" · ".join((lowest_line(t, match, totals), t("record.preview_tie"))), result)
    line = t("record.preview_points", team=team_name(match, result.team), points=result.points)
    if draft.end == "blocked":
        line = " · ".join((lowest_line(t, match, totals), line))
    return Preview(line, result)
