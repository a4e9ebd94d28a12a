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

from scorekeeper.core.accumulate import Accumulator, BiggestRound, Partial, Played, merge, partial
from scorekeeper.core.match import Match
from scorekeeper.core.rules import Team

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
    "partial",
    "progression",
]


# --- output -----------------------------------------------------------------


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


def _ranked(accs: Iterable[Accumulator]) -> list[Accumulator]:
    def order(acc: Accumulator) -> tuple[int, int, str]:
        display = acc.display if isinstance(acc.display, str) else " & ".join(acc.display)
        return (-acc.won_matches, -acc.won, display.casefold())

    return sorted(accs, key=order)


def compute(matches: Iterable[Any]) -> Statistics:
    """All statistics in one pass (``matches`` may be a generator such as ``Store.all_matches()``).

    Per match the rounds are walked once to tally each team and seat; the
    players and partnerships then take the match's figures in a handful of
    additions, so the cost is one cheap loop per round.
    """
    return _finish(partial(matches))


def combine(parts: Iterable[Partial]) -> Statistics:
    """The statistics of all the parts' matches together, without reading a match again.

    For a history screen that keeps one ``Partial`` per evening: past
    evenings rarely change, so only a changed evening (tonight, an edit, an
    import) needs ``partial`` again; combining a few thousand parts is cheap.
    Give the parts oldest evening first to match ``compute`` exactly.
    """
    return _finish(merge(parts))


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


def progression(match: Any) -> Progression:
    """The running totals after every round, for the score chart (from the cached replay)."""
    match = match if isinstance(match, Match) else match.match
    points = ((0, 0, 0), *((n, a, b) for n, (a, b) in enumerate(match.state.totals_after, start=1)))
    return Progression(match.target, match.team_names, points, match.state.winner)
