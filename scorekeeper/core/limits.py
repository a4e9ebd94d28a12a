"""The named limits, and the check of entered sums against them.

A limit is the most pips hands can hold at the end of a round: one hand, the two
opponents and the three players left after a domino, the four hands of a blocked
game (see docs/rules.md). Each is derived here from the set, the line of play and
compulsory play (``scorekeeper.core.line``). They stand apart because two parts of
the feasibility check read them: the decision (``scorekeeper.core.feasibility``)
refuses a round past a limit in one line, and the fast proofs
(``scorekeeper.core.proofs``) accept no such round.
"""

from __future__ import annotations

from scorekeeper.core.deal import FULL, Pool, heaviest_in
from scorekeeper.core.deal import minus as _minus
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.line import MOST_KEPT_PIPS, max_blocked_hands, most_kept, suit
from scorekeeper.core.rules import opponents_of, partner_of
from scorekeeper.core.tiles import DOUBLE_SIX, HAND_SIZE, HIGHEST, SEATS


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


#: Per opening (6-6 or not): the tiles that can be in hands, ``opening_pool``.
OPENING: dict[bool, Pool] = {opened: opening_pool(opened) for opened in (False, True)}
#: docs/rules.md: 69, 112, 129 and 126 in any round; 65, 103, 118 and 114 when the 6-6 opened it.
LIMITS: dict[str, int] = limits(False)
LIMITS_DOUBLE_SIX: dict[str, int] = limits(True)
_LIMITS = {False: LIMITS, True: LIMITS_DOUBLE_SIX}
#: Per seat that went out: its two opponents, then its partner.
AROUND: tuple[tuple[int, int, int], ...] = tuple((*opponents_of(seat), partner_of(seat)) for seat in range(SEATS))
#: Most tiles still held after a domino: by the two opponents, by the three players left.
_KEPT = {"opponents": most_kept(2, "opponents"), "after_domino": most_kept(3, "after_domino")}


#: Per opening (6-6 or not), per blocking number: the most the hands hold, and the tiles left for them.
BLOCKED: dict[bool, tuple[tuple[int, int, Pool], ...]] = {
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


def limit_problem(
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
        first, second, _partner = AROUND[out]
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
