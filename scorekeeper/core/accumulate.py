"""The one pass behind ``scorekeeper.core.stats``: per-match tallies folded into mergeable accumulators.

Pure, like ``stats``: the counting rules are written once, in ``stats``'s
module docstring; this module holds the running figures (per player, per
partnership, per evening) and ``Partial``, the form that can be cached per
evening and merged, so the public figures are built from it in ``stats``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.match import Match
from scorekeeper.core.rules import TEAMS, Team, seats_of, team_at, team_index, team_of

__all__ = ["Accumulator", "BiggestRound", "Partial", "Played", "merge", "partial"]


#: Each team's two seats, in the order of ``team_names`` (the per-match loop reads this, not a call per team).
_TEAM_SEATS: tuple[tuple[int, int], ...] = tuple(seats_of(team) for team in TEAMS)


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


# --- the figures a pass finds ------------------------------------------------


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


# --- the one pass -------------------------------------------------------------


class Accumulator:
    """Mutable running tally behind ``Tally``."""

    __slots__ = (
        "best",
        "blocked",
        "display",
        "domino",
        "matches",
        "points",
        "redeals",
        "rounds",
        "ties",
        "won",
        "won_matches",
    )

    def __init__(self, display: Any) -> None:
        self.display = display
        self.matches = self.won_matches = self.rounds = self.won = 0
        self.domino = self.blocked = self.points = self.ties = self.redeals = 0
        self.best: BiggestRound | None = None

    def add(
        self,
        won_match: bool,
        rounds: int,
        ties: int,
        redeals: int,
        side: list[Any],
        best: BiggestRound | None,
        finished: bool = True,
    ) -> None:
        self.matches += finished
        self.won_matches += won_match
        self.rounds += rounds
        self.ties += ties
        self.redeals += redeals
        self.won += side[0]
        self.domino += side[1]
        self.blocked += side[2]
        self.points += side[3]
        if best is not None and (self.best is None or best.points > self.best.points):
            self.best = best

    def copy(self) -> Accumulator:
        new = Accumulator(self.display)
        for name in Accumulator.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def absorb(self, later: Accumulator) -> None:
        """Add ``later`` into this (a copy owned by the merge): its spelling, the earlier biggest round on a draw."""
        self.display = later.display
        self.matches += later.matches
        self.won_matches += later.won_matches
        self.rounds += later.rounds
        self.won += later.won
        self.domino += later.domino
        self.blocked += later.blocked
        self.points += later.points
        self.ties += later.ties
        self.redeals += later.redeals
        self.best = _bigger(self.best, later.best)

    def fields(self) -> dict[str, Any]:
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


class _Evening:
    __slots__ = ("best", "finished", "matches", "pair_wins", "redeals", "rounds", "team_wins", "ties")

    def __init__(self) -> None:
        self.matches = self.finished = self.rounds = self.ties = self.redeals = 0
        self.team_wins: dict[str, int] = {}
        self.pair_wins: dict[frozenset[str], int] = {}
        self.best: BiggestRound | None = None

    def copy(self) -> _Evening:
        new = _Evening()
        for name in _Evening.__slots__:
            setattr(new, name, getattr(self, name))
        new.team_wins, new.pair_wins = dict(self.team_wins), dict(self.pair_wins)
        return new

    def absorb(self, later: _Evening) -> None:
        self.matches += later.matches
        self.finished += later.finished
        self.rounds += later.rounds
        self.ties += later.ties
        self.redeals += later.redeals
        for key, n in later.team_wins.items():
            self.team_wins[key] = self.team_wins.get(key, 0) + n
        for pair, n in later.pair_wins.items():
            self.pair_wins[pair] = self.pair_wins.get(pair, 0) + n
        self.best = _bigger(self.best, later.best)


def _bigger(best: BiggestRound | None, other: BiggestRound | None) -> BiggestRound | None:
    if other is None:
        return best
    if best is None or other.points > best.points:
        return other
    return best


def _big(found: tuple[int, int, str], t: int, played: Played) -> BiggestRound | None:
    """A match's best (points, round, end) for team index ``t``; None if that side won nothing."""
    if found[0] < 0:
        return None
    team: Team = team_at(t)
    match = played.match
    return BiggestRound(found[0], played.match_id, played.evening, found[1], team, match.team_names[t], found[2])


def _fold(name: str) -> str:
    return name.casefold()


class Partial:
    """Statistics in mergeable form, e.g. of one evening: cache it, then ``combine`` the parts.

    Made by ``partial``; treat it as immutable (``combine`` never changes its
    inputs). Merging keeps the module's rules: names are matched ignoring
    case, and the later part's spelling and the earlier part's biggest round
    (on a draw) win, so combining parts in evening order, oldest first, gives
    exactly what ``compute`` gives over all their matches.
    """

    __slots__ = ("biggest", "evenings", "matches", "pairs", "players", "redeals", "rounds", "ties")

    def __init__(self) -> None:
        self.players: dict[str, Accumulator] = {}
        self.pairs: dict[frozenset[str], Accumulator] = {}
        self.evenings: dict[str, _Evening] = {}
        self.matches = self.rounds = self.ties = self.redeals = 0
        self.biggest: BiggestRound | None = None


def partial(matches: Iterable[Any]) -> Partial:
    """The mergeable figures of some matches (typically one evening's): see ``combine``."""
    part = Partial()
    players, pairs, evenings = part.players, part.pairs, part.evenings
    total_matches = total_rounds = total_ties = total_redeals = 0
    overall: BiggestRound | None = None

    for index, item in enumerate(matches):
        played = _played(item, index)
        match = played.match
        evening = played.evening
        results = match.state.results
        rounds = match.rounds
        team_names = match.team_names
        # per seat: [rounds won, domino wins, blocked wins, points]; a team's figures follow from its
        # two seats, less the blocked games its partners won together (counted at both seats)
        seats: list[list[int]] = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
        seat_best: list[tuple[int, int, str]] = [(-1, 0, "")] * 4  # (points, round number, end)
        together = [0, 0]  # rounds a team's partners both won (tied lowest in a blocked game)
        together_points = [0, 0]
        ties = redeals = number = 0
        for rnd, result in zip(rounds, results, strict=True):
            number += 1
            winners = result.winners
            if not winners:
                if result.tie:
                    ties += 1
                elif rnd.end == "redeal":
                    redeals += 1
                continue
            points = result.points
            end = rnd.end
            which = 1 if end == "domino" else 2
            for seat in winners:
                mine = seats[seat]
                mine[0] += 1
                mine[which] += 1
                mine[3] += points
                if points > seat_best[seat][0]:
                    seat_best[seat] = (points, number, end)
            if len(winners) == 2:
                both = team_index(team_of(winners[0]))
                together[both] += 1
                together_points[both] += points
        teams = []
        team_best = []
        for t, (first, second) in enumerate(_TEAM_SEATS):
            a, b = seats[first], seats[second]
            teams.append(
                [
                    a[0] + b[0] - together[t],
                    a[1] + b[1],
                    a[2] + b[2] - together[t],
                    a[3] + b[3] - together_points[t],
                ]
            )
            # the earlier round wins a draw between the two seats' best rounds
            best_a, best_b = seat_best[first], seat_best[second]
            better_b = best_b[0] > best_a[0] or (best_b[0] == best_a[0] and best_b[1] < best_a[1])
            team_best.append(best_b if better_b else best_a)

        n_rounds = len(rounds)
        winner = match.state.winner
        bests = (_big(team_best[0], 0, played), _big(team_best[1], 1, played))
        names = match.players
        for t, (first, second) in enumerate(_TEAM_SEATS):
            won = winner == team_at(t)
            for seat in (first, second):
                name = names[seat]
                acc = players.get(_fold(name))
                if acc is None:
                    acc = players[_fold(name)] = Accumulator(name)
                acc.display = name  # the spelling seen last
                acc.add(won, n_rounds, ties, redeals, seats[seat], _big(seat_best[seat], t, played), winner is not None)
            key = frozenset((_fold(names[first]), _fold(names[second])))
            pair = pairs.get(key)
            display = tuple(sorted((names[first], names[second]), key=str.casefold))
            if pair is None:
                pair = pairs[key] = Accumulator(display)
            pair.display = display
            pair.add(won, n_rounds, ties, redeals, teams[t], bests[t], winner is not None)

        night = evenings.get(evening)
        if night is None:
            night = evenings[evening] = _Evening()
        night.matches += 1
        night.rounds += n_rounds
        night.ties += ties
        night.redeals += redeals
        best = _bigger(bests[0], bests[1])
        night.best = _bigger(night.best, best)
        if winner is not None:
            t = team_index(winner)
            night.finished += 1
            night.team_wins[team_names[t]] = night.team_wins.get(team_names[t], 0) + 1
            first, second = _TEAM_SEATS[t]
            key = frozenset((_fold(names[first]), _fold(names[second])))
            night.pair_wins[key] = night.pair_wins.get(key, 0) + 1
        total_matches += 1
        total_rounds += n_rounds
        total_ties += ties
        total_redeals += redeals
        overall = _bigger(overall, best)

    part.matches, part.rounds, part.ties, part.redeals = total_matches, total_rounds, total_ties, total_redeals
    part.biggest = overall
    return part


def _absorb_all(mine: dict[Any, Any], theirs: dict[Any, Any]) -> None:
    """Fold each accumulator of ``theirs`` into ``mine``; a new key gets a copy (a merge changes only its own)."""
    for key, acc in theirs.items():
        have = mine.get(key)
        if have is None:
            mine[key] = acc.copy()
        else:
            have.absorb(acc)


def merge(parts: Iterable[Partial]) -> Partial:
    """The parts folded into a new ``Partial``; the inputs are left as they were."""
    out = Partial()
    for part in parts:
        _absorb_all(out.players, part.players)
        _absorb_all(out.pairs, part.pairs)
        _absorb_all(out.evenings, part.evenings)
        out.matches += part.matches
        out.rounds += part.rounds
        out.ties += part.ties
        out.redeals += part.redeals
        out.biggest = _bigger(out.biggest, part.biggest)
    return out
