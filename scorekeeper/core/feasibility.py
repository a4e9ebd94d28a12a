"""Which rounds can happen at all: hands dealt from the 28 tiles, and the line of play.

``score_round`` only scores; this module decides whether the entered hands
could exist (see docs/rules.md, "What can never be entered"). Two ideas do all
the work, and every limit the app names is derived from them here:

* **Hands.** The players still in hold disjoint, non-empty hands of at most
  seven tiles. Only a tile's weight matters for a sum, so the search runs over
  the thirteen weights 12..0 (how many tiles of each weight are left) instead
  of over tiles (``scorekeeper.core.deal``).
* **The line.** A blocked game has all seven tiles of the blocking number on
  the table, their six other halves joined in pairs by runs worth at least the
  halves they join; a round opened with the double-six has it on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from operator import sub
from typing import cast

from scorekeeper.core.deal import FULL, Pool, greedy_deal, hands_fit, heaviest_in, warm
from scorekeeper.core.deal import minus as _minus
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.rules import opponents_of, partner_of
from scorekeeper.core.tiles import HAND_SIZE, HIGHEST, SEATS, SET, TOTAL_PIPS, Tile, check_hands, hand_pips

DOUBLE_SIX = Tile(HIGHEST, HIGHEST)
Hands = Sequence[Sequence[Tile] | None]


def suit(number: int) -> tuple[Tile, ...]:
    """The seven tiles that carry ``number``."""
    return _SUITS[number]


_SUITS: tuple[tuple[Tile, ...], ...] = tuple(tuple(t for t in SET if n in t) for n in range(HIGHEST + 1))


def opening_pool(opened_with_double_six: bool) -> Pool:
    """The tiles that can still be in hands at the end of a round, before any picking."""
    return _minus(FULL, (DOUBLE_SIX,)) if opened_with_double_six else FULL


def min_blocked_table(number: int, opened_with_double_six: bool = False) -> int:
    """Fewest pips on the table when ``number`` blocks the game (a proof, not a search).

    All seven tiles of ``number`` are out and both open ends show it. Their six
    other halves (every number but ``number``) lie inside the line and are
    joined in pairs by runs of other tiles; a run from half a to half b weighs
    at least a + b. The double-six, when it opened the round and is not of the
    blocking suit, sits inside such a run next to the 6 half it matches, and
    adds its own 12 pips at least.
    """
    table = sum(t.pips for t in suit(number)) + sum(k for k in range(HIGHEST + 1) if k != number)
    if opened_with_double_six and number != HIGHEST:
        table += DOUBLE_SIX.pips
    return table


def max_blocked_hands(number: int, opened_with_double_six: bool = False) -> int:
    """Most pips the four hands hold together when ``number`` blocked the game."""
    gone = set(suit(number)) | ({DOUBLE_SIX} if opened_with_double_six else set())
    pool = _minus(FULL, gone)
    return min(heaviest_in(pool, SEATS * HAND_SIZE), TOTAL_PIPS - min_blocked_table(number, opened_with_double_six))


def limits(opened_with_double_six: bool = False) -> dict[str, int]:
    """The named limits of RULES: one hand, two opponents, three hands after a domino, a blocked game."""
    pool = opening_pool(opened_with_double_six)
    return {
        "hand": heaviest_in(pool, HAND_SIZE),
        "opponents": heaviest_in(pool, 2 * HAND_SIZE),
        "after_domino": heaviest_in(pool, 3 * HAND_SIZE),
        "blocked": max(max_blocked_hands(n, opened_with_double_six) for n in range(HIGHEST + 1)),
    }


_OPENING: dict[bool, Pool] = {opened: opening_pool(opened) for opened in (False, True)}
#: docs/rules.md: 69, 118, 153 and 126 in any round; 65, 112, 145 and 114 when the 6-6 opened it.
LIMITS: dict[str, int] = limits(False)
LIMITS_DOUBLE_SIX: dict[str, int] = limits(True)


#: Per opening (6-6 or not), per blocking number: the most the hands hold, and the tiles left for them.
_BLOCKED: dict[bool, tuple[tuple[int, int, Pool], ...]] = {
    opened: tuple(
        (
            n,
            TOTAL_PIPS - min_blocked_table(n, opened),
            _minus(opening_pool(opened), (t for t in suit(n) if not (opened and t == DOUBLE_SIX))),
        )
        for n in range(HIGHEST + 1)
    )
    for opened in (False, True)
}

#: The same rows, heaviest suit first: the greedy proofs' order (light tiles left: half the greedy deals).
_BLOCKED_TRY = {opened: rows[::-1] for opened, rows in _BLOCKED.items()}


# --- a round, checked ------------------------------------------------------------


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


def _refuse(code: str, message: str, **values: object) -> InvalidRound:
    return InvalidRound(code, message, **values)


def round_problem(
    end: str,
    pips: Sequence[int | None],
    winner: int | None = None,
    tiles: Hands | None = None,
    opened_with_double_six: bool = False,
    *,
    tiles_checked: bool = False,
) -> InvalidRound | None:
    """Why a round that ``score_round`` accepts could not have happened; None if it could.

    Memoised: the input space is small (four sums of at most 69, an end, a seat, a flag), so replaying
    a long history mostly looks answers up. ``tiles_checked``: a ``Round`` already refused a tile in
    two hands, a picked total that is not its hand's, and tiles for the player out.
    """
    if tiles is None or list(tiles).count(None) == len(tiles):  # typed totals only: ask seat-free first
        if end == "blocked":
            key = tuple(sorted(pips)) if None not in pips else None  # type: ignore[type-var]  # no None in them
            if key is not None and _typed_possible(end, key, opened_with_double_six):
                return None
        elif end == "domino":
            if winner is not None and 0 <= winner < SEATS:
                left, right = opponents_of(winner)
                a, b = pips[left], pips[right]
                if a is not None and b is not None:
                    partner = pips[partner_of(winner)]
                    key = (a, b, partner) if a <= b else (b, a, partner)
                    if _typed_possible(end, key, opened_with_double_six):
                        return None
        else:
            return None
    if end not in ("domino", "blocked"):
        return None
    if tiles_checked and tiles is not None and _picked_possible(end, pips, winner, tiles, opened_with_double_six):
        return None  # proven possible at once; a refusal, or a doubt, takes the full path below for its words
    frozen = tiles
    if tiles is not None and not tiles_checked:
        frozen = tuple(None if h is None else tuple(h) for h in tiles)  # hashable (a Round's already are)
    if frozen is not None:  # picked tiles: seldom asked twice, not worth a cache entry
        return _problem.__wrapped__(end, tuple(pips), winner, frozen, opened_with_double_six, tiles_checked)
    return _problem(end, tuple(pips), winner, frozen, opened_with_double_six, tiles_checked)


@lru_cache(maxsize=1 << 16)
def _typed_possible(end: str, key: tuple[int | None, ...], opened: bool) -> bool:
    """Typed totals only, seats forgotten (blocked: the four sums sorted; domino: opponents sorted, partner).

    The same limits and search as ``_problem``, without the words; most real rounds are answered here.
    """
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    if end == "blocked":  # the key: all four sums, lightest first
        sums = cast("list[int]", list(key))
        if sums[-1] > lim["hand"]:
            return False
        total = sum(sums)
        heaviest_first = sums[::-1]
        hopeful = False
        for _n, most, without in _BLOCKED_TRY[opened]:  # a greedy proof for any blocking number first
            if total <= most:
                if greedy_deal(without, heaviest_first) or greedy_deal(without, sums):
                    return True
                hopeful = True
        return hopeful and any(hands_fit(p, sums) for _n, most, p in _BLOCKED[opened] if total <= most)
    sums = [v for v in key if v is not None]
    if max(sums) > lim["hand"]:
        return False
    if sums[0] + sums[1] > lim["opponents"] or sum(sums) > lim["after_domino"]:  # the opponents come first
        return False
    ordered = sorted(sums, reverse=True)
    if min(sums) >= 0 and (greedy_deal(_OPENING[opened], ordered) or greedy_deal(_OPENING[opened], ordered[::-1])):
        return True  # the greedy proof of ``hands_fit``, without its preliminaries
    return hands_fit(_OPENING[opened], sums)


def _picked_possible(end: str, pips: Sequence[int | None], winner: int | None, tiles: Hands, opened: bool) -> bool:
    """A ``Round``'s picked tiles (already checked): True only when ``_problem`` would find nothing.

    The same limits, then a greedy deal from what the picked tiles leave (a proof);
    False means "not proven here", never "impossible": that takes the full path.
    """
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    out = winner if end == "domino" else None
    taken = [0] * (2 * HIGHEST + 1)  # the picked tiles per weight
    wanted: list[int] = []
    shown = total = top = counted = 0  # shown: the numbers on picked tiles, as bits
    for seat in range(SEATS):
        if seat == out:
            continue
        hand, value = tiles[seat], pips[seat]
        if value is None:
            if hand is None:
                continue
            return False  # (a Round's picked hand has its count)
        if hand:
            for high, low in hand:
                taken[high + low] += 1
                shown |= (1 << high) | (1 << low)
        elif hand is not None or value < 0:  # an empty hand, a negative count: the full path says why
            return False
        else:
            wanted.append(value)
        total += value
        counted += 1
        top = max(top, value)
    if top > lim["hand"] or (opened and taken[-1]):  # (the 6-6 picked after opening with it)
        return False
    ordered = sorted(wanted, reverse=True)
    if end == "domino":
        if out is None or not 0 <= out < SEATS:
            return False
        both = (pips[(out + 1) % SEATS] or 0) + (pips[(out + 3) % SEATS] or 0)
        if both > lim["opponents"] or (counted == SEATS - 1 and total > lim["after_domino"]):
            return False
        if not wanted:
            return True
        pool = tuple(map(sub, _OPENING[opened], taken))
        return greedy_deal(pool, ordered) or greedy_deal(pool, ordered[::-1])
    if total > lim["blocked"]:
        return False
    for number, most, without in _BLOCKED_TRY[opened]:  # any number the picked tiles leave whole may have blocked
        if total <= most and not shown >> number & 1:
            if not wanted:
                return True
            pool = tuple(map(sub, without, taken))
            if greedy_deal(pool, ordered) or greedy_deal(pool, ordered[::-1]):
                return True
    return False


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


@lru_cache(maxsize=1 << 16)
def _problem(
    end: str,
    pips: tuple[int | None, ...],
    winner: int | None,
    tiles: tuple[tuple[Tile, ...] | None, ...] | None,
    opened: bool,
    tiles_checked: bool = False,
) -> InvalidRound | None:
    if end not in ("domino", "blocked"):
        return None
    hands = list(tiles) if tiles is not None else [None] * SEATS
    out = winner if end == "domino" else None
    if tiles is not None and not tiles_checked:
        try:
            check_picked(hands, out)
        except InvalidRound as err:
            return err
    picked: list[Tile] = []
    sums: dict[int, int] = {}
    typed: dict[int, int] = {}
    for seat in range(SEATS):
        if seat == out:
            continue
        hand, value = hands[seat], pips[seat]
        if hand is not None:
            if not hand:
                return _refuse("hand_empty", f"seat {seat} is still in the round and holds a tile at least", seat=seat)
            picked.extend(hand)
            sums[seat] = value if tiles_checked and value is not None else hand_pips(hand)
        elif value is not None:
            sums[seat] = typed[seat] = value
    return _limit_problem(end, out, sums, opened) or _hand_problem(end, sums, typed, picked, opened)


def _limit_problem(end: str, out: int | None, sums: dict[int, int], opened: bool) -> InvalidRound | None:
    """The named limits first: they say in one line what is wrong."""
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    for seat, value in sums.items():
        if value > lim["hand"]:
            code = "pips_over_hand_66" if opened else "pips_over_hand"
            message = f"seat {seat}: one hand holds at most {lim['hand']} pips"
            return InvalidRound(code, message, seat=seat, value=value, limit=lim["hand"])
    total = sum(sums.values())
    if end == "blocked" and total > lim["blocked"]:
        code = "blocked_over_limit_66" if opened else "blocked_over_limit"
        message = f"the four hands of a blocked game hold at most {lim['blocked']} pips, not {total}"
        return InvalidRound(code, message, total=total, limit=lim["blocked"])
    if end == "domino" and out is not None:
        first, second = (out + 1) % SEATS, (out + 3) % SEATS
        both = sums.get(first, 0) + sums.get(second, 0)
        if both > lim["opponents"]:
            code = "opponents_over_limit_66" if opened else "opponents_over_limit"
            message = f"the two opponents hold at most {lim['opponents']} pips together, not {both}"
            return InvalidRound(code, message, seats=[first, second], total=both, limit=lim["opponents"])
        if len(sums) == 3 and total > lim["after_domino"]:
            code = "after_domino_over_limit_66" if opened else "after_domino_over_limit"
            message = f"the three hands left after a domino hold at most {lim['after_domino']} pips, not {total}"
            return InvalidRound(code, message, seats=sorted(sums), total=total, limit=lim["after_domino"])
    return None


def _hand_problem(
    end: str, sums: dict[int, int], typed: dict[int, int], picked: list[Tile], opened: bool
) -> InvalidRound | None:
    """The exact check: can these hands be dealt (and, blocked, leave a whole suit on the table)?"""
    if opened and DOUBLE_SIX in picked:
        return _refuse("double_six_picked", "the round opened with the double-six: no hand holds it")
    base = _OPENING[opened]
    pool = _minus(base, picked)
    wanted = list(typed.values())
    if end == "domino":
        if hands_fit(pool, wanted):
            return None
    else:
        total = sum(sums.values())
        shown = {half for t in picked for half in t}
        pools = [
            (without, picked) for number, most, without in _BLOCKED[opened] if total <= most and number not in shown
        ]
        if pools and not wanted:
            return None
        # which number blocked is not known: a quick proof for any of them first, then the full search
        for greedy_only in (True, False):
            for without, taken in pools:
                if hands_fit(_minus(without, taken) if taken else without, wanted, greedy_only=greedy_only):
                    return None
    return _explain(end, sums, typed, base, pool, picked)


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
                return _refuse(code, f"two hands cannot both hold {values[0]} pips", seats=list(seats))
            return _refuse("hands_impossible", f"no deal gives hands of {values} pips at once",
                           seats=list(seats), pips=", ".join(map(str, values)))  # fmt: skip
    if picked and not hands_fit(pool, list(typed.values())):
        return _refuse("hands_impossible_picked", "the picked tiles leave no deal for the typed hands",
                       seats=sorted(typed))  # fmt: skip
    if end == "blocked" and picked and all(any(n in t for t in picked) for n in range(HIGHEST + 1)):
        return _refuse("blocked_every_number_picked", "a blocked game leaves one number's seven tiles on the table")
    return _refuse("blocked_no_suit", "no number can have blocked with these hands")


warm((*_OPENING.values(), *(without for rows in _BLOCKED.values() for _n, _most, without in rows)))
