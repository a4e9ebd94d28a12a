"""Which rounds can happen at all: hands dealt from the 28 tiles, and the line of play.

``score_round`` only scores; this module decides whether the entered hands
could exist (see docs/rules.md, "What can never be entered"). Three ideas do
all the work, and every limit the app names is derived from them here:

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
before it (``_typed_proof``, ``_picked_proof``: a greedy deal that respects every
limit); they never refuse, and a property test holds them to ``_decide``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import cast

from scorekeeper.core.deal import FULL, Pool, greedy_fits, hands_fit, heaviest_in, warm
from scorekeeper.core.deal import minus as _minus
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.line import MOST_KEPT_PIPS, line_problem, max_blocked_hands, most_kept, suit
from scorekeeper.core.rules import opponents_of, partner_of, score_round
from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, HIGHEST, SEATS, SET, Tile, check_hands, hand_pips

Hands = Sequence[Sequence[Tile] | None]
ENDS_CHECKED = ("domino", "blocked")
#: The types a count can have in a round the rules score (``score_round`` refuses a bool or a float).
_COUNT_TYPES = frozenset({int, type(None)})


def opening_pool(opened_with_double_six: bool) -> Pool:
    """The tiles that can still be in hands at the end of a round, before any picking."""
    return _minus(FULL, (DOUBLE_SIX,)) if opened_with_double_six else FULL


def limits(opened_with_double_six: bool) -> dict[str, int]:
    """The named limits: one hand, two opponents, three hands after a domino, a blocked game.

    After a domino the opponents kept at most ``most_kept(2, "opponents")`` tiles and
    the three players left ``most_kept(3, "after_domino")``: compulsory play made them lay
    the rest. They hold at most the heaviest that many tiles of the round's pool, or less
    where the search proved less (``MOST_KEPT_PIPS``).
    """
    pool = opening_pool(opened_with_double_six)
    opponents = heaviest_in(pool, most_kept(2, "opponents"))
    three = heaviest_in(pool, most_kept(3, "after_domino"))
    return {
        "hand": heaviest_in(pool, HAND_SIZE),
        "opponents": min(opponents, MOST_KEPT_PIPS.get(("opponents", opened_with_double_six), opponents)),
        "after_domino": min(three, MOST_KEPT_PIPS.get(("after_domino", opened_with_double_six), three)),
        "blocked": max(max_blocked_hands(n, opened_with_double_six) for n in range(HIGHEST + 1)),
    }


_OPENING: dict[bool, Pool] = {opened: opening_pool(opened) for opened in (False, True)}
#: docs/rules.md: 69, 112, 129 and 126 in any round; 65, 103, 118 and 114 when the 6-6 opened it.
LIMITS: dict[str, int] = limits(False)
LIMITS_DOUBLE_SIX: dict[str, int] = limits(True)
_LIMITS = {False: LIMITS, True: LIMITS_DOUBLE_SIX}
#: Per seat that went out: its two opponents, then its partner.
_AROUND: tuple[tuple[int, int, int], ...] = tuple((*opponents_of(seat), partner_of(seat)) for seat in range(SEATS))
#: Most tiles still held after a domino: by the two opponents, by the three players left.
_KEPT = {"opponents": most_kept(2, "opponents"), "after_domino": most_kept(3, "after_domino")}


#: Per opening (6-6 or not), per blocking number: the most the hands hold, and the tiles left for them.
_BLOCKED: dict[bool, tuple[tuple[int, int, Pool], ...]] = {
    opened: tuple(
        (
            n,
            max_blocked_hands(n, opened),
            _minus(opening_pool(opened), (t for t in suit(n) if not (opened and t == DOUBLE_SIX))),
        )
        for n in range(HIGHEST + 1)
    )
    for opened in (False, True)
}

#: The same rows, heaviest suit first: the greedy proofs' order (light tiles left: half the greedy deals).
_BLOCKED_TRY = {opened: rows[::-1] for opened, rows in _BLOCKED.items()}


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
        key = _typed_key(end, sums, winner)
        if key is None:  # no seat-free question: the rules refuse the round
            return _decide(end, sums, winner, None, opened_with_double_six)
        if _typed_proof(end, key, opened_with_double_six):
            return None
        return _typed_answer(end, sums, winner, opened_with_double_six)
    if _picked_proof(end, sums, winner, tiles, opened_with_double_six):
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


def _typed_key(end: str, pips: tuple[int | None, ...], winner: int | None) -> tuple[int | None, ...] | None:
    """The seat-free question behind typed totals (blocked: sums sorted; domino: opponents sorted, partner).

    None only for a round ``score_round`` refuses: not four whole counts, a seat out that is none.
    """
    if len(pips) != SEATS or not _COUNT_TYPES.issuperset(map(type, pips)):
        return None
    if end == "blocked":
        return None if None in pips or winner is not None else tuple(sorted(pips))  # type: ignore[type-var]  # no None in them
    if type(winner) is not int or not 0 <= winner < SEATS:
        return None
    left, right, partner = _AROUND[winner]
    a, b = pips[left], pips[right]
    if a is None or b is None:
        return None
    return (a, b, pips[partner]) if a <= b else (b, a, pips[partner])


@lru_cache(maxsize=65_536)
def _typed_proof(end: str, key: tuple[int | None, ...], opened: bool) -> bool:
    """True only when ``_decide`` accepts typed totals with this seat-free ``key``: the limits, then a greedy deal."""
    if end == "blocked":  # the four sums, lightest first: a blocked game's typed key has no count missing
        sums = cast(tuple[int, ...], key)
        return sums[0] >= 0 and _blocked_greedy(sums[::-1], (), 0, opened)
    a, b, partner = cast(tuple[int, int, int | None], key)  # seat 0 out: opponents a <= b at 1 and 3, partner at 2
    held = {1: a, 3: b} if partner is None else {1: a, 3: b, 2: partner}
    ordered = sorted(held.values(), reverse=True)
    if a < 0 or (partner is not None and partner < 0) or _limit_problem(end, 0, held, opened) is not None:
        return False
    return greedy_fits(_OPENING[opened], ordered)


def _blocked_greedy(heaviest_first: Sequence[int], picked: Sequence[Tile], shown: int, opened: bool) -> bool:
    """A greedy deal of the typed sums for some blocking number the picked tiles leave whole (a proof).

    It needs no look at the named limits: a hand dealt or picked holds seven tiles at most of the
    round's pool (one hand's limit), and the blocking number's own bound is at most the blocked limit.
    """
    total = sum(heaviest_first) + hand_pips(picked)
    for number, most, without in _BLOCKED_TRY[opened]:
        whole = total <= most and not shown >> number & 1  # this number can have blocked
        if whole and greedy_fits(_minus(without, picked) if picked else without, heaviest_first):
            return True
    return False


def _picked_proof(end: str, pips: tuple[int | None, ...], winner: int | None, tiles: Hands, opened: bool) -> bool:
    """True only when ``_decide`` accepts this round with picked tiles; False means "not proven here".

    Asked only about a round the rules score (``round_problem`` asks them
    first): four counts, none negative, a seat out that exists. Cheap checks of
    the picked tiles first (each tile once, one to seven per hand still in,
    none for the player out, not the opening 6-6), the named limits, then a
    greedy deal of the typed hands from what the picks leave. A round whose
    every hand is known goes to ``_decide`` (its table must be one line).
    """
    domino = end == "domino"
    out = winner if domino else None
    if len(tiles) != SEATS or (out is not None and tiles[out]):
        return False
    picked: list[Tile] = []
    sums: dict[int, int] = {}
    typed: list[int] = []
    counts: dict[int, int] = {}
    for seat in range(SEATS):  # every round asks this: plain indexing, the cheapest loop
        if seat == out:
            continue
        hand = tiles[seat]
        if hand is not None:
            count = len(hand)
            if not count or count > HAND_SIZE:
                return False
            picked += hand
            sums[seat] = hand_pips(hand)
            counts[seat] = count
        elif (value := pips[seat]) is not None:
            sums[seat] = value
            typed.append(value)
    if not typed and len(sums) == SEATS - (out is not None):
        return False  # every hand known: the line decides
    seen = set(picked)
    if len(seen) != len(picked) or (opened and DOUBLE_SIX in seen):
        return False  # a tile in two hands, or the 6-6 that opened the round
    if domino and _limit_problem(end, out, sums, opened, counts) is not None:
        return False
    typed.sort(reverse=True)
    if domino:
        return greedy_fits(_minus(_OPENING[opened], picked), typed)
    shown = 0
    for high, low in picked:
        shown |= (1 << high) | (1 << low)
    return _blocked_greedy(typed, picked, shown, opened)


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
        _limit_problem(end, out, sums, opened, counts)
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


def _limit_problem(
    end: str, out: int | None, sums: dict[int, int], opened: bool, counts: dict[int, int] | None = None
) -> InvalidRound | None:
    """The named limits first: they say in one line what is wrong (``counts``: picked hands' tiles)."""
    lim = _LIMITS[opened]
    hand = lim["hand"]
    if sums and max(sums.values()) > hand:
        seat, value = next((seat, value) for seat, value in sums.items() if value > hand)
        code = "pips_over_hand_66" if opened else "pips_over_hand"
        message = f"seat {seat}: one hand holds at most {hand} pips"
        return InvalidRound(code, message, seat=seat, value=value, limit=hand)
    total = sum(sums.values())
    if end == "blocked" and total > lim["blocked"]:
        code = "blocked_over_limit_66" if opened else "blocked_over_limit"
        message = f"the four hands of a blocked game hold at most {lim['blocked']} pips, not {total}"
        return InvalidRound(code, message, total=total, limit=lim["blocked"])
    if end == "domino" and out is not None:
        first, second, _partner = _AROUND[out]
        both = sums.get(first, 0) + sums.get(second, 0)
        if both > lim["opponents"]:
            code = "opponents_over_limit_66" if opened else "opponents_over_limit"
            message = f"the two opponents hold at most {lim['opponents']} pips together, not {both}"
            return InvalidRound(code, message, seats=[first, second], total=both, limit=lim["opponents"])
        if len(sums) == SEATS - 1 and total > lim["after_domino"]:
            code = "after_domino_over_limit_66" if opened else "after_domino_over_limit"
            message = f"the three hands left after a domino hold at most {lim['after_domino']} pips, not {total}"
            return InvalidRound(code, message, seats=sorted(sums), total=total, limit=lim["after_domino"])
        if counts and first in counts and second in counts:  # picked hands: their tiles are counted too
            return _kept_problem(out, counts)
    return None


def _kept_problem(out: int, counts: dict[int, int]) -> InvalidRound | None:
    """Picked hands after a domino holding more tiles than compulsory play lets them keep."""
    roles = {"opponents": [(out + 1) % SEATS, (out + 3) % SEATS], "after_domino": [s for s in range(SEATS) if s != out]}
    for role, seats in roles.items():
        if all(s in counts for s in seats) and sum(counts[s] for s in seats) > _KEPT[role]:
            kept = sum(counts[s] for s in seats)
            message = f"seats {seats} cannot still hold {kept} tiles: compulsory play made them lay more"
            return InvalidRound("kept_too_many", message, seats=seats, count=kept, limit=_KEPT[role])
    return None


def _hand_problem(
    end: str, sums: dict[int, int], typed: dict[int, int], picked: list[Tile], opened: bool
) -> InvalidRound | None:
    """The exact check: can these hands be dealt (and, blocked, leave a whole suit on the table)?"""
    if opened and DOUBLE_SIX in picked:
        return InvalidRound("double_six_picked", "the round opened with the double-six: no hand holds it")
    base = _OPENING[opened]
    pool = _minus(base, picked)
    wanted = list(typed.values())
    if end == "domino":
        if hands_fit(pool, wanted):
            return None
    else:
        total = sum(sums.values())
        shown = {half for t in picked for half in t}
        pools = [without for number, most, without in _BLOCKED[opened] if total <= most and number not in shown]
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


warm((*_OPENING.values(), *(without for rows in _BLOCKED.values() for _n, _most, without in rows)))
