"""Statistics for "review past evenings": per player, per partnership, per evening, and the score chart.

Pure: works on core ``Match`` objects (or anything carrying one, such as a
stored ``MatchRecord``, by duck typing) and never imports the UI or storage.
Every figure comes from the match's cached replay (``Match.state``), so a
match is never replayed again here and the numbers cannot disagree with the
scoreboard.

Counting rules (the same everywhere in this module):

* A **player wins a round** when their seat is in ``RoundResult.winners``:
  the seat that went out after a domino, or the lowest hand(s) of a blocked
  game -- when two partners tie for lowest, both are credited. A partner of
  the player who went out does *not* win that round personally.
* A **partnership wins a round** when its team scored it (``result.team``),
  whatever the points: a 0-point domino still counts as a round won.
* **Redeals** and **cross-team ties** are won by nobody; every player and
  partnership of the match counts them as taken part in.
* ``points`` of a player are the points of the rounds *they* won; of a
  partnership, every point its team scored. ``average_points`` is points per
  round won, ``None`` when nothing was won (never a division error).
* ``biggest`` is the highest-scoring round won (the earliest one on a draw),
  naming the match and the 1-based round number.
* Players are told apart by name, ignoring case (``Ahmed`` = ``ahmed``), as the
  list of known players does; the spelling shown is the one seen last. A
  partnership is the unordered pair of partners (partners sit opposite).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.match import Match
from scorekeeper.rules import Team

__all__ = [
    "BiggestRound",
    "EveningStats",
    "Partial",
    "PartnershipStats",
    "Played",
    "PlayerStats",
    "Progression",
    "Statistics",
    "Tally",
    "combine",
    "compute",
    "evening_stats",
    "partial",
    "partnership_stats",
    "player_stats",
    "progression",
]

_TEAM_SEATS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))


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
        raise TypeError(f"{item!r} carries no scorekeeper.match.Match")
    return Played(str(getattr(item, "id", index + 1)), str(getattr(item, "evening", "") or ""), match)


# --- output -----------------------------------------------------------------


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


@dataclass(frozen=True, kw_only=True)
class Tally:
    """What a player or a partnership did; see the module docstring for what counts."""

    matches_played: int  # finished matches only: a match still being played is not yet played
    matches_won: int
    rounds_played: int  # every round of the matches played, redeals and ties included
    rounds_won: int
    domino_wins: int
    blocked_wins: int
    points: int
    biggest: BiggestRound | None
    ties: int  # cross-team tied blocked games in the matches played (won by nobody)
    redeals: int  # redeals in the matches played

    @property
    def average_points(self) -> float | None:
        """Points per round won; None when no round was won."""
        return self.points / self.rounds_won if self.rounds_won else None


@dataclass(frozen=True, kw_only=True)
class PlayerStats(Tally):
    name: str


@dataclass(frozen=True, kw_only=True)
class PartnershipStats(Tally):
    partners: tuple[str, str]  # sorted by name, ignoring case


@dataclass(frozen=True)
class EveningStats:
    """One evening at a glance.

    ``wins_by_team`` counts finished matches per winning team *name* (names
    are per match); ``wins_by_partnership`` per pair of partners. Both are
    ordered by most wins, then name.
    """

    evening: str
    matches: int
    finished: int
    rounds: int
    wins_by_team: tuple[tuple[str, int], ...]
    wins_by_partnership: tuple[tuple[tuple[str, str], int], ...]
    biggest: BiggestRound | None
    ties: int
    redeals: int


@dataclass(frozen=True)
class Statistics:
    """Everything at once, from one pass over the matches.

    ``players`` and ``partnerships`` are ordered by matches won, then rounds
    won (most first), then name; ``evenings`` newest first, like the history list.
    """

    players: tuple[PlayerStats, ...]
    partnerships: tuple[PartnershipStats, ...]
    evenings: tuple[EveningStats, ...]
    matches: int
    rounds: int
    ties: int
    redeals: int
    biggest: BiggestRound | None

    def player(self, name: str) -> PlayerStats | None:
        """A player's figures by name (ignoring case)."""
        key = name.strip().casefold()
        return next((p for p in self.players if p.name.casefold() == key), None)

    def partnership(self, first: str, second: str) -> PartnershipStats | None:
        """A partnership's figures, whichever partner is named first."""
        key = frozenset((first.strip().casefold(), second.strip().casefold()))
        return next((p for p in self.partnerships if frozenset(n.casefold() for n in p.partners) == key), None)


@dataclass(frozen=True)
class Progression:
    """A match's running totals for the chart: ``points`` starts at (0, 0, 0) and has one point per round."""

    target: int
    team_names: tuple[str, str]
    points: tuple[tuple[int, int, int], ...]  # (round_number, total_a, total_b)
    winner: Team | None


# --- the one pass -------------------------------------------------------------


class _Acc:
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

    def copy(self) -> _Acc:
        new = _Acc(self.display)
        for name in _Acc.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    def absorb(self, later: _Acc) -> None:
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
    team: Team = "A" if t == 0 else "B"
    match = played.match
    return BiggestRound(found[0], played.match_id, played.evening, found[1], team, match.team_names[t], found[2])


def _fold(name: str) -> str:
    return name.casefold()


def _ranked(accs: Iterable[_Acc]) -> list[_Acc]:
    def order(acc: _Acc) -> tuple[int, int, str]:
        display = acc.display if isinstance(acc.display, str) else " & ".join(acc.display)
        return (-acc.won_matches, -acc.won, display.casefold())

    return sorted(accs, key=order)


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
        self.players: dict[str, _Acc] = {}
        self.pairs: dict[frozenset[str], _Acc] = {}
        self.evenings: dict[str, _Evening] = {}
        self.matches = self.rounds = self.ties = self.redeals = 0
        self.biggest: BiggestRound | None = None


def compute(matches: Iterable[Any]) -> Statistics:
    """All statistics in one pass (``matches`` may be a generator such as ``Store.all_matches()``).

    Per match the rounds are walked once to tally each team and seat; the
    players and partnerships then take the match's figures in a handful of
    additions, so the cost is one cheap loop per round.
    """
    return _finish(partial(matches))


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
                together[winners[0] % 2] += 1
                together_points[winners[0] % 2] += points
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
            won = winner == "AB"[t]
            for seat in (first, second):
                name = names[seat]
                acc = players.get(_fold(name))
                if acc is None:
                    acc = players[_fold(name)] = _Acc(name)
                acc.display = name  # the spelling seen last
                acc.add(won, n_rounds, ties, redeals, seats[seat], _big(seat_best[seat], t, played), winner is not None)
            key = frozenset((_fold(names[first]), _fold(names[second])))
            pair = pairs.get(key)
            display = tuple(sorted((names[first], names[second]), key=str.casefold))
            if pair is None:
                pair = pairs[key] = _Acc(display)
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
            t = 0 if winner == "A" else 1
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


def combine(parts: Iterable[Partial]) -> Statistics:
    """The statistics of all the parts' matches together, without reading a match again.

    For a history screen that keeps one ``Partial`` per evening: past
    evenings rarely change, so only a changed evening (tonight, an edit, an
    import) needs ``partial`` again; combining a few thousand parts is cheap.
    Give the parts oldest evening first to match ``compute`` exactly.
    """
    return _finish(_merge(parts))


def _absorb_all(mine: dict[Any, Any], theirs: dict[Any, Any]) -> None:
    """Fold each accumulator of ``theirs`` into ``mine``; a new key gets a copy (a merge changes only its own)."""
    for key, acc in theirs.items():
        have = mine.get(key)
        if have is None:
            mine[key] = acc.copy()
        else:
            have.absorb(acc)


def _merge(parts: Iterable[Partial]) -> Partial:
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


def _finish(part: Partial) -> Statistics:
    players, pairs, evenings = part.players, part.pairs, part.evenings

    def pair_name(key: frozenset[str]) -> tuple[str, str]:
        return pairs[key].display

    def by_wins(counts: dict[Any, int], label: Any) -> tuple[Any, ...]:
        rows = [(label(k), v) for k, v in counts.items()]
        return tuple(sorted(rows, key=lambda kv: (-kv[1], str(kv[0]).casefold())))

    return Statistics(
        players=tuple(PlayerStats(name=a.display, **a.fields()) for a in _ranked(players.values())),
        partnerships=tuple(PartnershipStats(partners=a.display, **a.fields()) for a in _ranked(pairs.values())),
        evenings=tuple(
            EveningStats(
                evening=name,
                matches=e.matches,
                finished=e.finished,
                rounds=e.rounds,
                wins_by_team=by_wins(e.team_wins, lambda k: k),
                wins_by_partnership=by_wins(e.pair_wins, pair_name),
                biggest=e.best,
                ties=e.ties,
                redeals=e.redeals,
            )
            for name, e in sorted(evenings.items(), reverse=True)
        ),
        matches=part.matches,
        rounds=part.rounds,
        ties=part.ties,
        redeals=part.redeals,
        biggest=part.biggest,
    )


def player_stats(matches: Iterable[Any]) -> tuple[PlayerStats, ...]:
    """Per player (see ``compute`` for the order)."""
    return compute(matches).players


def partnership_stats(matches: Iterable[Any]) -> tuple[PartnershipStats, ...]:
    """Per partnership (see ``compute`` for the order)."""
    return compute(matches).partnerships


def evening_stats(matches: Iterable[Any]) -> tuple[EveningStats, ...]:
    """Per evening, newest first."""
    return compute(matches).evenings


def progression(match: Any) -> Progression:
    """The running totals after every round, for the score chart (from the cached replay)."""
    match = match if isinstance(match, Match) else match.match
    points = ((0, 0, 0), *((n, a, b) for n, (a, b) in enumerate(match.state.totals_after, start=1)))
    return Progression(match.target, match.team_names, points, match.state.winner)
