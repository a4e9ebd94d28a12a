"""The one pass behind ``scorekeeper.core.stats``: per-match figures folded into mergeable tallies.

Pure, like ``stats``: the counting rules are written once, in ``stats``'s
module docstring. Each match is walked once into named figures (``Wins`` per
seat and per team); those become one-match tallies, and every total, whether
across the matches of one pass or across cached parts (``merge``), is made by
the same ``absorb``: adding two tallies is written once, so a pass and a
merge of parts cannot count differently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from scorekeeper.core.match import Match
from scorekeeper.core.rules import TEAMS, Team, seats_of, team_at, team_index
from scorekeeper.core.tiles import SEATS

__all__ = ["Accumulator", "BiggestRound", "Partial", "Played", "Wins", "merge", "partial"]


# --- input ------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """A match with the labels the statistics report: its id and its evening (``YYYY-MM-DD``)."""

    match_id: str
    evening: str
    match: Match


def _played(item: Any, index: int) -> Played:
    """Accept ``Played``, a bare ``Match`` or anything with ``.match``/``.id``/``.evening`` (a ``MatchRecord``)."""
    if isinstance(item, Played):
        return item
    if isinstance(item, Match):
        return Played(str(index + 1), "", item)
    match = item.match
    if not isinstance(match, Match):
        raise TypeError(f"{item!r} carries no scorekeeper.core.match.Match")
    return Played(str(getattr(item, "id", index + 1)), str(getattr(item, "evening", "") or ""), match)


# --- what one match gives ------------------------------------------------------


@dataclass(frozen=True)
class BiggestRound:
    """The highest-scoring round won: where it was, who scored it and how it ended."""

    points: int
    match_id: str
    evening: str
    round_number: int  # 1-based, as on the scoreboard
    team: Team
    team_name: str
    end: str  # "domino" or "blocked"


class Best(NamedTuple):
    """A seat's or a team's best round within one match."""

    points: int
    number: int  # 1-based
    end: str

    def beats(self, other: Best | None) -> bool:
        """More points, or as many earlier in the match (the earliest round wins a draw)."""
        return other is None or (self.points, -self.number) > (other.points, -other.number)


@dataclass
class Wins:
    """The rounds one seat, or one team, won in one match."""

    rounds: int = 0
    domino: int = 0
    blocked: int = 0
    points: int = 0
    best: Best | None = None

    def win(self, points: int, number: int, end: str) -> None:
        self.rounds += 1
        if end == "domino":
            self.domino += 1
        else:
            self.blocked += 1
        self.points += points
        best = Best(points, number, end)
        if best.beats(self.best):
            self.best = best


class _MatchFigures(NamedTuple):
    """One walk over a match's rounds: what each seat and each team won, and the rounds nobody won."""

    seats: tuple[Wins, ...]
    teams: tuple[Wins, Wins]
    ties: int
    redeals: int


def _figures(match: Match) -> _MatchFigures:
    seats = tuple(Wins() for _ in range(SEATS))
    teams = (Wins(), Wins())
    ties = redeals = 0
    for number, (rnd, result) in enumerate(zip(match.rounds, match.state.results, strict=True), start=1):
        if result.team is None:
            ties += result.tie
            redeals += rnd.end == "redeal"
            continue
        for seat in result.winners:  # both partners when they tie for lowest
            seats[seat].win(result.points, number, rnd.end)
        teams[team_index(result.team)].win(result.points, number, rnd.end)
    return _MatchFigures(seats, teams, ties, redeals)


def _biggest(best: Best | None, t: int, played: Played) -> BiggestRound | None:
    """A match's best round for team index ``t`` as the statistics name it; None if that side won nothing."""
    if best is None:
        return None
    match = played.match
    return BiggestRound(
        best.points, played.match_id, played.evening, best.number, team_at(t), match.team_names[t], best.end
    )


def _bigger(best: BiggestRound | None, other: BiggestRound | None) -> BiggestRound | None:
    """The bigger of two biggest rounds; ``best`` (the earlier) on a draw."""
    if other is None or (best is not None and other.points <= best.points):
        return best
    return other


# --- the tallies ---------------------------------------------------------------

#: The counters of an ``Accumulator``: absorbing a later tally adds each of them.
_COUNTS = ("matches", "won_matches", "rounds", "won", "domino", "blocked", "points", "ties", "redeals")


@dataclass
class Accumulator:
    """A player's or a partnership's running tally (what ``stats.Tally`` reports)."""

    display: Any  # the name (a player) or the sorted pair of names (a partnership), as spelt last
    matches: int = 0  # finished matches
    won_matches: int = 0
    rounds: int = 0
    won: int = 0
    domino: int = 0
    blocked: int = 0
    points: int = 0
    ties: int = 0
    redeals: int = 0
    best: BiggestRound | None = None

    def absorb(self, later: Accumulator) -> None:
        """Add ``later`` into this: its spelling wins, the earlier biggest round wins a draw."""
        self.display = later.display
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(later, name))
        self.best = _bigger(self.best, later.best)

    def copy(self) -> Accumulator:
        new = Accumulator(self.display)
        new.absorb(self)
        return new

    def fields(self) -> dict[str, Any]:
        """The figures under ``stats.Tally``'s names."""
        return {
            "matches_played": self.matches,
            "matches_won": self.won_matches,
            "rounds_played": self.rounds,
            "rounds_won": self.won,
            "domino_wins": self.domino,
            "blocked_wins": self.blocked,
            "points": self.points,
            "biggest": self.best,
            "ties": self.ties,
            "redeals": self.redeals,
        }


def _one_match(
    display: Any, wins: Wins, figures: _MatchFigures, match: Match, won: bool, big: BiggestRound | None
) -> Accumulator:
    return Accumulator(
        display,
        matches=int(match.finished),
        won_matches=int(won),
        rounds=len(match.rounds),
        won=wins.rounds,
        domino=wins.domino,
        blocked=wins.blocked,
        points=wins.points,
        ties=figures.ties,
        redeals=figures.redeals,
        best=big,
    )


@dataclass
class Evening:
    """One evening's running figures (what ``stats.EveningStats`` reports)."""

    matches: int = 0
    finished: int = 0
    rounds: int = 0
    ties: int = 0
    redeals: int = 0
    team_wins: dict[str, int] = field(default_factory=dict)  # by team name
    pair_wins: dict[frozenset[str], int] = field(default_factory=dict)  # by the partners' folded names
    best: BiggestRound | None = None

    def absorb(self, later: Evening) -> None:
        for name in ("matches", "finished", "rounds", "ties", "redeals"):
            setattr(self, name, getattr(self, name) + getattr(later, name))
        _add_counts(self.team_wins, later.team_wins)
        _add_counts(self.pair_wins, later.pair_wins)
        self.best = _bigger(self.best, later.best)

    def copy(self) -> Evening:
        new = Evening()
        new.absorb(self)
        return new


def _add_counts(mine: dict[Any, int], more: dict[Any, int]) -> None:
    for key, n in more.items():
        mine[key] = mine.get(key, 0) + n


def _fold(name: str) -> str:
    return name.casefold()


def _pair(names: tuple[str, ...], team: Team) -> frozenset[str]:
    return frozenset(_fold(names[seat]) for seat in seats_of(team))


class Partial:
    """Statistics in mergeable form, e.g. of one evening: cache it, then ``combine`` the parts.

    Made by ``partial``; treat it as immutable (``merge`` never changes its
    inputs). Merging keeps the module's rules: names are matched ignoring
    case, and the later part's spelling and the earlier part's biggest round
    (on a draw) win, so combining parts in evening order, oldest first, gives
    exactly what ``compute`` gives over all their matches. ``overall`` holds
    the totals over every match (its ``team_wins`` and ``pair_wins`` unused).
    """

    __slots__ = ("evenings", "overall", "pairs", "players")

    def __init__(self) -> None:
        self.players: dict[str, Accumulator] = {}
        self.pairs: dict[frozenset[str], Accumulator] = {}
        self.evenings: dict[str, Evening] = {}
        self.overall = Evening()

    @property
    def matches(self) -> int:
        return self.overall.matches

    @property
    def rounds(self) -> int:
        return self.overall.rounds

    @property
    def ties(self) -> int:
        return self.overall.ties

    @property
    def redeals(self) -> int:
        return self.overall.redeals

    @property
    def biggest(self) -> BiggestRound | None:
        return self.overall.best

    def absorb(self, later: Partial | _OneMatch, *, fresh: bool = False) -> None:
        """Add ``later`` into this; ``fresh``: nothing else holds ``later``'s tallies, so they are kept, not copied."""
        _absorb_each(self.players, later.players, fresh)
        _absorb_each(self.pairs, later.pairs, fresh)
        _absorb_each(self.evenings, later.evenings, fresh)
        self.overall.absorb(later.overall)


def _absorb_each(mine: dict[Any, Any], theirs: dict[Any, Any], fresh: bool) -> None:
    for key, tally in theirs.items():
        have = mine.get(key)
        if have is None:
            mine[key] = tally if fresh else tally.copy()
        else:
            have.absorb(tally)


class _OneMatch(NamedTuple):
    """One match as a ``Partial`` would hold it, ready to be absorbed."""

    players: dict[str, Accumulator]
    pairs: dict[frozenset[str], Accumulator]
    evenings: dict[str, Evening]
    overall: Evening


def _of_match(played: Played) -> _OneMatch:
    match = played.match
    figures = _figures(match)
    names = match.players
    winner = match.state.winner
    bigs = tuple(_biggest(figures.teams[t].best, t, played) for t in range(len(TEAMS)))
    players: dict[str, Accumulator] = {}
    pairs: dict[frozenset[str], Accumulator] = {}
    for t, team in enumerate(TEAMS):
        won = winner == team
        for seat in seats_of(team):
            wins = figures.seats[seat]
            big = _biggest(wins.best, t, played)
            # a match never seats one name twice (``Match`` refuses it, ignoring case)
            players[_fold(names[seat])] = _one_match(names[seat], wins, figures, match, won, big)
        display = tuple(sorted((names[seat] for seat in seats_of(team)), key=str.casefold))
        pairs[_pair(names, team)] = _one_match(display, figures.teams[t], figures, match, won, bigs[t])
    night = Evening(
        matches=1,
        finished=int(winner is not None),
        rounds=len(match.rounds),
        ties=figures.ties,
        redeals=figures.redeals,
        best=_bigger(bigs[0], bigs[1]),
    )
    if winner is not None:
        night.team_wins[match.team_names[team_index(winner)]] = 1
        night.pair_wins[_pair(names, winner)] = 1
    overall = Evening(matches=1, rounds=night.rounds, ties=night.ties, redeals=night.redeals, best=night.best)
    return _OneMatch(players, pairs, {played.evening: night}, overall)


def partial(matches: Iterable[Any]) -> Partial:
    """The mergeable figures of some matches (typically one evening's): see ``stats.combine``."""
    part = Partial()
    for index, item in enumerate(matches):
        part.absorb(_of_match(_played(item, index)), fresh=True)
    return part


def merge(parts: Iterable[Partial]) -> Partial:
    """The parts folded into a new ``Partial``; the inputs are left as they were."""
    out = Partial()
    for part in parts:
        out.absorb(part)
    return out
