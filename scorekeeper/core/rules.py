"""How a round scores: the seed's rules and nothing else (see docs/rules.md).

``score_round`` is the one place a score is decided; the match replay, the UI
preview and the statistics all call it, so they cannot disagree. It refuses
what cannot even be scored (an unknown end, a count that is not 0..69, a
winner holding pips); whether the hands could have been dealt and played is
``scorekeeper.core.feasibility``'s question, asked by the match for every new round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from scorekeeper.core.checks import is_int
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.tiles import MAX_HAND, SEATS

__all__ = [
    "ENDS",
    "TEAMS",
    "InvalidRound",
    "RoundResult",
    "opponents_of",
    "partner_of",
    "score_round",
    "seats_of",
    "team_at",
    "team_index",
    "team_of",
]

End = Literal["domino", "blocked", "redeal"]
Team = Literal["A", "B"]
#: How a round can end, in the order the record form offers them.
ENDS: tuple[str, ...] = get_args(End)
#: The two teams in their stored order (the order of ``team_names`` and of the totals).
TEAMS: tuple[Team, Team] = ("A", "B")


def team_of(seat: int) -> Team:
    """Team A holds seats 0 and 2, team B seats 1 and 3 (partners sit opposite)."""
    return TEAMS[seat % 2]


def team_index(team: str) -> int:
    """A team's place in ``team_names`` and the totals: 0 for A, 1 for B (anything else is a ValueError)."""
    return TEAMS.index(team)


def team_at(index: int) -> Team:
    """The team at place ``index`` (0 or 1) of ``team_names`` and the totals."""
    return TEAMS[index]


def seats_of(team: Team) -> tuple[int, int]:
    """The two seats of ``team``, lower first: (0, 2) for A, (1, 3) for B."""
    first = team_index(team)
    return (first, first + 2)


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def opponents_of(seat: int) -> tuple[int, int]:
    return ((seat + 1) % SEATS, (seat + 3) % SEATS)


@dataclass(frozen=True)
class RoundResult:
    """What a round gives: the scoring ``team`` (or None) and its ``points``.

    ``winners`` names the seats credited with the win (one after a domino or a
    unique lowest hand, both partners when they tie), for statistics; ``tie``
    marks the cross-team tie that scores nothing.
    """

    team: Team | None
    points: int
    winners: tuple[int, ...] = ()
    tie: bool = False


def _check_count(seat: int, value: Any) -> int:
    if not is_int(value):
        raise InvalidRound(
            "pips_not_whole",
            f"seat {seat}: pips must be a whole number, not {value!r}",
            seat=seat,
            value=repr(value),
            limit=MAX_HAND,
        )
    if value < 0:
        raise InvalidRound(
            "pips_negative", f"seat {seat}: pips cannot be negative ({value})", seat=seat, value=value, limit=MAX_HAND
        )
    if value > MAX_HAND:
        raise InvalidRound(
            "pips_over_hand",
            f"seat {seat}: {value} pips is more than one hand can hold ({MAX_HAND})",
            seat=seat,
            value=value,
            limit=MAX_HAND,
        )
    return value


def _check_pips(pips: Any) -> list[Any]:
    if isinstance(pips, (str, bytes)) or not isinstance(pips, Sequence):
        raise InvalidRound("pips_not_four", "pips must list the four seats 0..3", count=None)
    if len(pips) != SEATS:
        raise InvalidRound("pips_not_four", f"pips must list the four seats, got {len(pips)} entries", count=len(pips))
    return list(pips)


def score_round(end: Any, pips: Any, winner: Any = None) -> RoundResult:
    """Score one round; raise ``InvalidRound`` for anything that cannot be scored.

    ``pips`` holds the pips left in hand per seat 0..3 (int or None where the
    rules do not need it); ``winner`` is the seat that went out (domino only).
    """
    if not isinstance(end, str) or end not in ENDS:
        raise InvalidRound("end_unknown", f"unknown end of round {end!r}; use domino, blocked or redeal", end=repr(end))
    if end != "domino" and winner is not None:
        raise InvalidRound("winner_not_allowed", f"a {end} round has no player who went out", end=end)
    if end == "redeal":
        return RoundResult(None, 0)
    pips = _check_pips(pips)
    if end == "domino":
        return _score_domino(pips, winner)
    return _score_blocked(pips)


def _score_domino(pips: list[Any], winner: Any) -> RoundResult:
    if winner is None:
        raise InvalidRound("winner_missing", "a domino needs the seat that went out")
    if not is_int(winner) or not 0 <= winner < SEATS:
        raise InvalidRound("winner_out_of_range", f"the winner must be seat 0..3, not {winner!r}", value=repr(winner))
    counts: dict[int, int] = {}
    for seat, value in enumerate(pips):
        if value is None and seat in (winner, partner_of(winner)):
            continue
        if value is None:
            raise InvalidRound("pips_missing", f"seat {seat}: an opponent's pips are needed", seat=seat)
        counts[seat] = _check_count(seat, value)
    if counts.get(winner, 0) != 0:
        raise InvalidRound(
            "winner_holds_pips",
            f"seat {winner} went out and holds no tiles, yet {counts[winner]} pips were entered",
            seat=winner,
            value=counts[winner],
        )
    counts.pop(winner, None)
    first, second = opponents_of(winner)
    both = counts[first] + counts[second]
    points = both // 10
    return RoundResult(team_of(winner), points, (winner,))


def _score_blocked(pips: list[Any]) -> RoundResult:
    counts: dict[int, int] = {}
    for seat, value in enumerate(pips):
        if value is None:
            raise InvalidRound("pips_missing", f"seat {seat}: a blocked game needs all four pip counts", seat=seat)
        counts[seat] = _check_count(seat, value)
    low = min(counts.values())
    lowest = tuple(s for s in range(SEATS) if counts[s] == low)
    teams = {team_of(s) for s in lowest}
    if len(teams) > 1:
        return RoundResult(None, 0, (), tie=True)
    points = (sum(counts.values()) - low) // 10
    return RoundResult(team_of(lowest[0]), points, lowest)
