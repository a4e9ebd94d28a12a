"""A match as a log of rounds, and everything that follows from replaying it.

Totals, the winner and the next starter are never stored: they are derived
from the log every time, so editing or deleting a past round gives exactly
what entering it that way would have.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from scorekeeper.core.checks import is_int
from scorekeeper.core.errors import InvalidMatch, InvalidRound, MatchOver
from scorekeeper.core.feasibility import check_round, round_problem, scored_round_problem
from scorekeeper.core.rules import TEAMS, RoundResult, Team, score_round, team_at
from scorekeeper.core.tiles import SEATS, Tile, as_tile, check_hands, hand_pips

DEFAULT_TARGET = 11
#: The longest name a player or a team may be given, in characters. At 360 px (a small phone) the
#: scoreboard's team panel shows a name this long in its two lines unclipped, and a player's button
#: and pips label in the record form keep it whole; longer is cut off there (docs/limits.md).
MAX_NAME = 16


@dataclass(frozen=True)
class Round:
    """One round as entered at the table: how it ended, pips per seat, who went out.

    ``tiles`` optionally holds the tiles picked per seat (None where the total
    was typed); a picked hand must add up to that seat's pips.
    """

    end: str
    pips: tuple[int | None, ...] = (None, None, None, None)
    winner: int | None = None
    tiles: tuple[tuple[Tile, ...] | None, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.pips, list):
            object.__setattr__(self, "pips", tuple(self.pips))
        if isinstance(self.tiles, list | tuple):  # picked tiles in any spelling become Tiles; bad ones stay, refused
            object.__setattr__(self, "tiles", tuple(_hand(hand) for hand in self.tiles))

    @cached_property
    def result(self) -> RoundResult:
        """The score, checked by the rules (raises ``InvalidRound``)."""
        result = score_round(self.end, self.pips, self.winner)
        if self.tiles is not None:
            _check_tiles(self)
        return result

    def problem(self, opened_with_double_six: bool) -> InvalidRound | None:
        """Why this round could not have happened at a table; None if it could (the one check, as ``check``)."""
        return round_problem(self.end, self.pips, self.winner, self.tiles, opened_with_double_six)

    def check(self, opened_with_double_six: bool) -> None:
        """Refuse this round, as new input, if it is not scorable or could not have happened."""
        self.result  # noqa: B018 - the scoring checks come first
        check_round(self.end, self.pips, self.winner, self.tiles, opened_with_double_six)


def _hand(hand: Any) -> Any:
    if not isinstance(hand, list | tuple):
        return hand
    tiles = [as_tile(t) for t in hand]
    return tuple(hand) if None in tiles else tuple(tiles)


def _check_tiles(rnd: Round) -> None:
    """Refuse picked tiles that are not tiles, or that no deal can give (the core's ``InvalidRound``, always)."""
    tiles = rnd.tiles
    if tiles is None:
        return
    if not isinstance(tiles, tuple) or len(tiles) != SEATS:
        count = len(tiles) if isinstance(tiles, tuple) else 0
        raise InvalidRound("pips_not_four", f"tiles must list the four seats, got {count}", count=count)
    for hand in tiles:
        if hand is None:
            continue
        if not isinstance(hand, tuple):
            raise InvalidRound("tile_unknown", f"{hand!r} is not a hand of tiles", tile=repr(hand)[:40])
        for tile in hand:
            if as_tile(tile) != tile or not isinstance(tile, Tile):
                raise InvalidRound("tile_unknown", f"{tile!r} is not a double-six tile", tile=repr(tile)[:40])
    check_hands(tiles)
    for seat, hand in enumerate(tiles):
        if hand is None:
            continue
        if rnd.end == "domino" and seat == rnd.winner and hand:
            raise InvalidRound(
                "winner_holds_pips", f"seat {seat} went out and holds no tiles", seat=seat, value=hand_pips(hand)
            )
        if rnd.pips[seat] is not None and hand_pips(hand) != rnd.pips[seat]:
            raise InvalidRound(
                "tiles_mismatch",
                f"seat {seat}: the picked tiles hold {hand_pips(hand)} pips, not {rnd.pips[seat]}",
                seat=seat,
                value=rnd.pips[seat],
                total=hand_pips(hand),
            )


@dataclass(frozen=True)
class Starter:
    """Who opens the next round: the double-six holder, or a team's choice."""

    kind: Literal["double_six", "team"]
    team: Team | None = None


#: The holder of the double-six opens: the first round, and every round after a block or a redeal.
DOUBLE_SIX_OPENS = Starter("double_six")


@dataclass(frozen=True)
class Replay:
    """Everything the log implies, computed once per match value."""

    results: tuple[RoundResult, ...]
    totals_after: tuple[tuple[int, int], ...]
    winner: Team | None
    next_starter: Starter
    #: Per round: did it open with the double-six (first round, after a block or a redeal)?
    openings: tuple[bool, ...] = ()

    @property
    def totals(self) -> tuple[int, int]:
        return self.totals_after[-1] if self.totals_after else (0, 0)

    @property
    def finished(self) -> bool:
        return self.winner is not None


def replay(rounds: Sequence[Round], target: int) -> Replay:
    """Replay ``rounds``; refuse a log that goes on after the target was reached."""
    a = b = 0
    results: list[RoundResult] = []
    totals: list[tuple[int, int]] = []
    winner: Team | None = None
    starter = DOUBLE_SIX_OPENS
    openings: list[bool] = []
    for number, rnd in enumerate(rounds, start=1):
        if winner is not None:
            raise MatchOver(
                "round_after_end",
                f"team {winner} reached {target} in round {number - 1}; round {number} cannot follow",
                round=number,
                ended_at=number - 1,
                team=winner,
            )
        result = rnd.result
        openings.append(starter.kind == "double_six")
        if result.team == "A":
            a += result.points
        elif result.team == "B":
            b += result.points
        results.append(result)
        totals.append((a, b))
        if a >= target or b >= target:
            winner = team_at(0 if a >= target else 1)
        starter = Starter("team", result.team) if rnd.end == "domino" else DOUBLE_SIX_OPENS
    return Replay(tuple(results), tuple(totals), winner, starter, tuple(openings))


def check_new_names(players: Sequence[str], team_names: Sequence[str]) -> None:
    """Refuse a player's or a team's name longer than ``MAX_NAME`` characters (once trimmed).

    Checked where names come in (a new match, an import), not in every replay:
    a match kept before the limit keeps opening.
    """
    for kind, names in (("player", players), ("team", team_names)):
        for name in names:
            text = str(name).strip()
            if len(text) > MAX_NAME:
                raise InvalidMatch(
                    "name_too_long",
                    f"a {kind} name of {len(text)} characters; at most {MAX_NAME}",
                    name=text[:MAX_NAME] + "…",
                    limit=MAX_NAME,
                )


def _check_setup(players: Sequence[str], target: Any) -> tuple[str, ...]:
    names = tuple(str(p).strip() for p in players)
    if len(names) != SEATS:
        raise InvalidMatch("players_not_four", f"a match needs four players, got {len(names)}", count=len(names))
    for seat, name in enumerate(names):
        if not name:
            raise InvalidMatch("player_name_empty", f"seat {seat} has no name", seat=seat)
    folded = [n.casefold() for n in names]
    for seat, name in enumerate(folded):
        if folded.index(name) != seat:
            raise InvalidMatch("player_name_twice", f"{names[seat]!r} sits at two seats", name=names[seat])
    if not is_int(target) or target < 1:
        raise InvalidMatch(
            "target_invalid", f"the target must be a whole number of at least 1, not {target!r}", value=repr(target)
        )
    return names


@dataclass(frozen=True)
class Match:
    """Four seated players (0..3 counter-clockwise), a target and the round log.

    Immutable: every change returns a new ``Match`` whose replay has already
    been checked, so an invalid log can never be held.
    """

    players: tuple[str, ...]
    target: int = DEFAULT_TARGET
    rounds: tuple[Round, ...] = ()
    team_names: tuple[str, str] = TEAMS
    state: Replay = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", _check_setup(self.players, self.target))
        object.__setattr__(self, "rounds", tuple(self.rounds))
        object.__setattr__(self, "state", replay(self.rounds, self.target))

    @property
    def totals(self) -> tuple[int, int]:
        return self.state.totals

    @property
    def winner(self) -> Team | None:
        return self.state.winner

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def next_starter(self) -> Starter:
        return self.state.next_starter

    @cached_property
    def problems(self) -> dict[int, InvalidRound]:
        """Rounds (0-based index) that could not have happened, e.g. stored before the stricter checks.

        A stored log is never refused for this (an evening must keep opening),
        nor is a correction of an earlier round that changed how a later one
        opened: the review marks these rounds so that the scorer can correct them.
        """
        # ``Round.problem`` of every round, asked without a call in between: a replay asks it of every round,
        # and has scored each (``_opened`` replays), so the rules are not asked again
        answers = [scored_round_problem(r.end, r.pips, r.winner, r.tiles, opened) for r, opened in self._opened()]
        if answers.count(None) == len(answers):
            return {}
        return {index: problem for index, problem in enumerate(answers) if problem is not None}

    def _opened(self) -> zip[tuple[Round, bool]]:
        """Each round with whether it opened with the double-six (the replay gave one opening per round)."""
        return zip(self.rounds, self.state.openings, strict=True)

    def opens_with_double_six(self, index: int) -> bool:
        """Whether round ``index`` (0-based; ``len(rounds)`` for the next one) opens with the 6-6."""
        return index == 0 or self.rounds[index - 1].end != "domino"

    def check_round(self, rnd: Round, index: int | None = None) -> None:
        """Refuse ``rnd`` as the next round (``index`` None) or as round ``index`` re-entered.

        Only ``rnd`` itself is judged: a correction is never refused because of a
        later round (that one is then marked in ``problems``, for the table to check).
        """
        at = len(self.rounds) if index is None else index
        rnd.check(self.opens_with_double_six(at))

    def add_round(self, rnd: Round) -> Match:
        """The match with ``rnd`` appended; ``MatchOver`` once the target is reached.

        ``InvalidRound`` if the round could not have happened (see ``check_round``).
        """
        if self.finished:
            raise MatchOver(
                "round_after_end",
                f"the match is over: team {self.winner} reached {self.target}",
                round=len(self.rounds) + 1,
                ended_at=len(self.rounds),
                team=self.winner,
            )
        self.check_round(rnd)
        return replace(self, rounds=(*self.rounds, rnd))

    def replace_round(self, index: int, rnd: Round) -> Match:
        """The match with round ``index`` (0-based) re-entered as ``rnd``."""
        self._check_index(index)
        self.check_round(rnd, index)
        return replace(self, rounds=(*self.rounds[:index], rnd, *self.rounds[index + 1 :]))

    def delete_round(self, index: int) -> Match:
        """The match without round ``index`` (0-based)."""
        self._check_index(index)
        return replace(self, rounds=self.rounds[:index] + self.rounds[index + 1 :])

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.rounds):
            raise IndexError(f"no round {index + 1} in a match of {len(self.rounds)} rounds")
