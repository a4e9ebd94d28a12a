"""The words the views show for a match: pure functions of a translator and the data.

Kept apart from the session's state so the wording can be read and tested without
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
    return t("record.preview_lowest", names=t.names(names[s] for s in seats))


def won_line(t: Translator, match: MatchRecord) -> str:
    """The line "Won by Lions, 11 - 9": the winner's total first, so the name stands beside its own score."""
    won, lost = sorted(match.totals, reverse=True)
    return t("match.won_by", team=match.winner_name, won=won, lost=lost)


def starter_text(t: Translator, match: MatchRecord) -> str:
    """Who starts the next round of ``match``."""
    starter = match.match.next_starter
    if starter.kind == "double_six":
        return t("board.starter_double_six")
    return t("board.starter_team", team=team_name(match, starter.team))


def round_line(t: Translator, match: MatchRecord, index: int) -> str:
    """One row of a round log: kind, who went out or was lowest, the pips counted, the score."""
    rnd: Round = match.rounds[index]
    names = seat_names(match)
    parts = [t(f"end.{rnd.end}")]
    if rnd.end == "domino" and rnd.winner is not None:
        parts.append(t("board.went_out", name=names[rnd.winner]))
    if rnd.end == "blocked":
        low = lowest_seats(rnd.pips)
        parts.append(t("board.lowest", names=t.names(names[s] for s in low)))
    counted = [p for s, p in enumerate(rnd.pips) if p is not None and not (rnd.end == "domino" and s == rnd.winner)]
    if counted:
        parts.append((" + " if rnd.end == "domino" else " / ").join(t.num(p) for p in counted))
    if index in match.match.problems:
        parts.append(t("review.impossible"))
    parts.append(round_score(t, match, index))
    return " · ".join(parts)


def round_score(t: Translator, match: MatchRecord, index: int) -> str:
    """What round ``index`` scored: "Team A +7", a tie, or a redeal."""
    result = match.match.state.results[index]
    if result.tie:
        return t("board.tie")
    if match.rounds[index].end == "redeal":
        return t("board.redeal")
    return t("board.points", team=team_name(match, result.team), points=result.points)


def preview(t: Translator, match: MatchRecord | None, draft: Draft, index: int | None = None) -> Preview:
    """The live line under the record form: points, lowest hand, tie, or the reason it is refused.

    ``index`` is the round being re-entered (None for a new one): whether
    the round opened with the double-six depends on the one before it. The
    round is checked against ``match`` exactly as Save will check it.
    """
    if draft.end == "redeal":
        return Preview(t("record.preview_redeal"), RoundResult(None, 0))
    needed = draft.seats_needed()
    at = len(match.rounds) if match is not None and index is None else (index or 0)
    opened = match.match.opens_with_double_six(at) if match is not None else False
    try:
        typed = draft.hand_problem(opened)  # one count no hand can hold: said as soon as it is typed
        if typed is not None:
            raise typed
        totals = [draft.total(s) if s in needed else None for s in range(SEATS)]
        if draft.end is None or (draft.end == "domino" and draft.winner is None) or None in (totals[s] for s in needed):
            return Preview(t("record.fill"))  # no verdict, not even the lowest hand, until the round can be scored
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


def match_text(t: Translator, match: MatchRecord) -> str:
    """A match as plain text to share: the outcome, the teams and who played in them, every round.

    In the table's language and digits, for a chat message: what a friend who was not at
    the table reads to know how the match went.
    """
    a, b = match.totals
    head = t("winner.title", team=match.winner_name) if match.finished else t("review.in_progress")
    teams = " · ".join(
        t("sharing.team_players", team=match.team_names[i], names=t.names((match.players[i], match.players[i + 2])))
        for i in range(2)
    )
    lines = [head, t("match.line", team_a=match.team_names[0], a=a, b=b, team_b=match.team_names[1]), teams]
    lines += [f"{t('board.round_n', n=t.num(i + 1))} · {round_line(t, match, i)}" for i in range(len(match.rounds))]
    lines.append(t("review.title", date=match.evening))
    return "\n".join(lines)


def evening_text(t: Translator, evening: str, matches: Sequence[MatchRecord]) -> str:
    """An evening as plain text to share: each match's outcome and players, one block per match."""
    blocks = [t("evening.title", date=evening)]
    for match in matches:
        a, b = match.totals
        outcome = (
            won_line(t, match)
            if match.finished
            else " · ".join(
                (
                    t("match.line", team_a=match.team_names[0], a=a, b=b, team_b=match.team_names[1]),
                    t("review.in_progress"),
                )
            )
        )
        blocks.append(f"{outcome}\n{t.names(match.players)}")
    return "\n\n".join(blocks)
