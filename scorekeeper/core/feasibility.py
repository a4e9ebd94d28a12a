"""Which rounds can happen at all: hands dealt from the 28 tiles, and the line of play.

``score_round`` only scores; this module decides whether the entered hands
could exist (see docs/rules.md, "What can never be entered"). Three ideas do
all the work, and every limit the app names is derived from them
(``scorekeeper.core.limits``):

* **Hands.** The players still in hold disjoint, non-empty hands of at most
  seven tiles. Only a tile's weight matters for a sum, so the search runs over
  the thirteen weights 12..0 (how many tiles of each weight are left) instead
  of over tiles (``scorekeeper.core.deal``).
* **The line.** A blocked game has all seven tiles of the blocking number on
  the table, their six other halves joined in pairs by runs worth at least the
  halves they join; a round opened with the double-six has it on the table;
  when every hand is known, the table is one line (``scorekeeper.core.line``).
* **Compulsory play.** After a domino the other seats laid tiles too: the
  fewest, proved by a search over legal games, caps what they can keep.

One function decides (``_decide``). Proofs that a round *can* happen may answer
before it (``scorekeeper.core.proofs``: a greedy deal that respects every
limit); they never refuse, and a property test holds them to ``_decide``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from scorekeeper.core.deal import Pool, greedy_fits, hands_fit, warm
from scorekeeper.core.deal import minus as _minus
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.limits import BLOCKED, OPENING, limit_problem
from scorekeeper.core.line import line_problem
from scorekeeper.core.proofs import picked_proof, typed_key, typed_proof
from scorekeeper.core.rules import score_round
from scorekeeper.core.tiles import DOUBLE_SIX, HIGHEST, SEATS, SET, Hands, Tile, check_hands, hand_pips

ENDS_CHECKED = ("domino", "blocked")


def check_picked(hands: Hands, winner: int | None = None) -> None:
    """Refuse picked tiles no deal allows: a tile in two hands, over seven in one, any for the player out.

    The tile picker calls this on every tap, the match on every round: one check.
    """
    if winner is not None and 0 <= winner < len(hands) and hands[winner]:
        raise InvalidRound(
            "winner_holds_pips",
            f"seat {winner} went out and holds no tiles",
            seat=winner,
            value=hand_pips(hands[winner] or ()),
        )
    check_hands(hands)


def round_problem(
    end: str,
    pips: Sequence[int | None],
    winner: int | None = None,
    tiles: Hands | None = None,
    opened_with_double_six: bool = False,
) -> InvalidRound | None:
    """Why a round could not have happened; None if it could.

    A round ``score_round`` refuses (a seat 4, three counts) gets its refusal:
    the decision is about rounds that can be scored. A typed round needs no
    separate asking: its memo key exists only for a round the rules score.
    """
    if end not in ENDS_CHECKED or (tiles is not None and tiles.count(None) != len(tiles)):
        problem = _scoring_problem(end, pips, winner)
        if problem is not None:
            return problem
    return scored_round_problem(end, pips, winner, tiles, opened_with_double_six)


def scored_round_problem(
    end: str,
    pips: Sequence[int | None],
    winner: int | None,
    tiles: Hands | None,
    opened_with_double_six: bool,
) -> InvalidRound | None:
    """``round_problem`` of a round the rules have scored already: they are not asked again.

    A match's replay scores every round before it asks which could not have
    happened, and it asks of every round. ``_decide`` answers; a proof that the
    round is possible may answer first. Typed rounds are memoised (four sums,
    an end, a seat, a flag: a long history mostly looks answers up); picked
    ones are seldom asked twice.
    """
    if end not in ENDS_CHECKED:
        return None  # a redeal: nothing was played
    sums = pips if type(pips) is tuple else tuple(pips)
    if tiles is None or tiles.count(None) == len(tiles):  # no hand picked: typed totals only
        key = typed_key(end, sums, winner)
        if key is None:  # no seat-free question: the rules refuse the round
            return _decide(end, sums, winner, None, opened_with_double_six)
        if typed_proof(end, key, opened_with_double_six):
            return None
        return _typed_answer(end, sums, winner, opened_with_double_six)
    if picked_proof(end, sums, winner, tiles, opened_with_double_six):
        return None
    return _decide(end, sums, winner, tiles, opened_with_double_six)


def check_round(
    end: str,
    pips: Sequence[int | None],
    winner: int | None = None,
    tiles: Hands | None = None,
    opened_with_double_six: bool = False,
) -> None:
    """Raise ``InvalidRound`` (a fresh one) if the round could not have happened."""
    problem = round_problem(end, pips, winner, tiles, opened_with_double_six)
    if problem is not None:
        raise InvalidRound(problem.code, str(problem), **problem.values)


@lru_cache(maxsize=65_536)
def _typed_answer(end: str, pips: tuple[int | None, ...], winner: int | None, opened: bool) -> InvalidRound | None:
    """Typed totals the seat-free proof left open: the decision, memoised by seat (its words name them)."""
    return _decide(end, pips, winner, None, opened)


def _decide(
    end: str, pips: tuple[int | None, ...], winner: int | None, tiles: Hands | None, opened: bool
) -> InvalidRound | None:
    """The one decision: the rules' refusal, picked tiles, the named limits, the hands, the line; the first problem."""
    unscorable = _scoring_problem(end, pips, winner)
    if unscorable is not None or end not in ENDS_CHECKED:
        return unscorable
    hands: list[Sequence[Tile] | None] = list(tiles) if tiles is not None else [None] * SEATS
    out = winner if end == "domino" else None
    if tiles is not None:
        try:
            check_picked(hands, out)
        except InvalidRound as err:
            return err
    picked: list[Tile] = []
    sums: dict[int, int] = {}
    typed: dict[int, int] = {}
    counts: dict[int, int] = {}
    for seat in range(SEATS):
        if seat == out:
            continue
        hand, value = hands[seat], pips[seat]
        if hand is not None:
            if not hand:
                return InvalidRound(
                    "hand_empty", f"seat {seat} is still in the round and holds a tile at least", seat=seat
                )
            picked.extend(hand)
            sums[seat] = hand_pips(hand)
            counts[seat] = len(hand)
        elif value is not None:
            sums[seat] = typed[seat] = value
    return (
        limit_problem(end, out, sums, opened, counts)
        or _hand_problem(end, sums, typed, picked, opened)
        or _table_problem(end, out, sums, typed, picked)
    )


def _scoring_problem(end: str, pips: Sequence[int | None], winner: int | None) -> InvalidRound | None:
    """What ``score_round`` refuses, in its words: bad input is refused as the rules refuse it."""
    try:
        score_round(end, pips, winner)
    except InvalidRound as err:
        return err
    return None


def _hand_problem(
    end: str, sums: dict[int, int], typed: dict[int, int], picked: list[Tile], opened: bool
) -> InvalidRound | None:
    """The exact check: can these hands be dealt (and, blocked, leave a whole suit on the table)?"""
    if opened and DOUBLE_SIX in picked:
        return InvalidRound("double_six_picked", "the round opened with the double-six: no hand holds it")
    base = OPENING[opened]
    pool = _minus(base, picked)
    wanted = list(typed.values())
    if end == "domino":
        if hands_fit(pool, wanted):
            return None
    else:
        total = sum(sums.values())
        shown = {half for t in picked for half in t}
        pools = [without for number, most, without in BLOCKED[opened] if total <= most and number not in shown]
        # which number blocked is not known: a quick proof for any of them first, then the full search
        left = [_minus(without, picked) for without in pools]
        ordered = sorted(wanted, reverse=True)
        if any(greedy_fits(rest, ordered) for rest in left) or any(hands_fit(rest, wanted) for rest in left):
            return None
    return _explain(end, sums, typed, base, pool, picked)


def _table_problem(
    end: str, out: int | None, sums: dict[int, int], typed: dict[int, int], picked: list[Tile]
) -> InvalidRound | None:
    """Every hand known: the tiles not in them are the table, and the table is one line."""
    if typed or len(sums) != SEATS - (out is not None):
        return None
    held = set(picked)
    found = line_problem((t for t in SET if t not in held), blocked=end == "blocked")
    if found is None:
        return None
    code, numbers = found
    listed = ", ".join(map(str, numbers))
    if code == "line_in_pieces":
        return InvalidRound(code, "the tiles on the table do not hang together in one line")
    if code == "blocked_line_odd":
        message = f"a blocked line has both ends on one number, but {listed} show an odd count on the table"
        return InvalidRound(code, message, numbers=listed)
    return InvalidRound(code, f"a line has two ends, but {listed} show an odd count on the table", numbers=listed)


def _explain(
    end: str, sums: dict[int, int], typed: dict[int, int], base: Pool, pool: Pool, picked: list[Tile]
) -> InvalidRound:
    """The smallest group of hands that no deal gives, in words (picked hands count by their sums first)."""
    for size in range(1, len(sums) + 1):
        for seats in combinations(sorted(sums), size):
            values = [sums[s] for s in seats]
            if hands_fit(base, values):
                continue
            if size == 2 and values[0] == values[1] and values[0] <= 1:
                code = "two_hands_zero" if values[0] == 0 else "two_hands_one"
                return InvalidRound(code, f"two hands cannot both hold {values[0]} pips", seats=list(seats))
            return InvalidRound("hands_impossible", f"no deal gives hands of {values} pips at once",
                                seats=list(seats), pips=", ".join(map(str, values)))  # fmt: skip
    if picked and not hands_fit(pool, list(typed.values())):
        return InvalidRound("hands_impossible_picked", "the picked tiles leave no deal for the typed hands",
                            seats=sorted(typed))  # fmt: skip
    if end == "blocked" and picked and all(any(n in t for t in picked) for n in range(HIGHEST + 1)):
        return InvalidRound(
            "blocked_every_number_picked", "a blocked game leaves one number's seven tiles on the table"
        )
    return InvalidRound("blocked_no_suit", "no number can have blocked with these hands")


warm((*OPENING.values(), *(without for rows in BLOCKED.values() for _n, _most, without in rows)))
