"""The exact hand check and the limits of the line of play, against oracles that know nothing of them."""

import random
from itertools import combinations

import pytest

from scorekeeper.core.deal import FULL, hands_fit, pool_of
from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import check_round, round_problem
from scorekeeper.core.line import max_blocked_hands, min_blocked_table, suit
from scorekeeper.core.tiles import DOUBLE_SIX, HIGHEST, SEATS, SET, TOTAL_PIPS, Tile
from tests.oracles import brute_fit


def code(*args, **kwargs) -> str:
    problem = round_problem(*args, **kwargs)
    assert problem is not None, "expected a refusal"
    assert str(problem)
    return problem.code


# --- the examples of docs/rules.md, each refused with its message ------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("blocked", (0, 0, 0, 0)), "two_hands_zero"),
        (("blocked", (0, 0, 20, 31)), "two_hands_zero"),
        (("domino", (1, 0, 1, 0), 3), "two_hands_one"),  # seat 3 out: opponents 1 and 0 (seats 0, 2: 1 and 1)
        (("domino", (1, 0, 1, None), 1), "two_hands_one"),
        (("blocked", (2, 2, 2, 30)), "hands_impossible"),
        (("blocked", (3, 3, 3, 3)), "hands_impossible"),
    ],
)
def test_hands_no_deal_gives_are_refused(args, expected):
    assert code(*args) == expected


def test_domino_with_opponents_0_and_1_and_partner_1_is_refused():
    # seat 0 went out; opponents (seats 1, 3) hold 0 and 1, the partner (seat 2) 1: two hands of 1 pip
    problem = round_problem("domino", (0, 0, 1, 1), 0)
    assert problem.code == "two_hands_one"
    assert problem.values["seats"] == [2, 3]


def test_check_round_raises_a_fresh_invalid_round_with_code_and_values():
    with pytest.raises(InvalidRound) as first:
        check_round("blocked", (0, 0, 20, 31))
    with pytest.raises(InvalidRound) as second:
        check_round("blocked", (0, 0, 20, 31))
    assert first.value is not second.value
    assert first.value.code == "two_hands_zero"
    assert first.value.values == {"seats": [0, 1]}


def test_redeals_and_real_rounds_pass():
    assert round_problem("redeal", (None,) * 4) is None
    for pips in [(12, 30, 25, 18), (9, 9, 20, 31), (6, 15, 6, 22), (0, 1, 2, 3)]:
        assert round_problem("blocked", pips) is None
    assert round_problem("domino", (None, 23, 0, 14), 2) is None
    assert round_problem("domino", (5, 0, 4, None), 1) is None


def test_counts_in_a_list_are_answered_as_in_a_tuple():
    """The typed answers are memoised by their counts: a list is asked as the tuple it holds."""
    assert code("blocked", [0, 0, 20, 31]) == "two_hands_zero"
    assert code("domino", [1, 0, 1, None], 1) == "two_hands_one"
    assert round_problem("blocked", [12, 30, 25, 18]) is None


# --- picked tiles -------------------------------------------------------------------


def tiles(*names):
    return tuple(Tile.of(int(n[0]), int(n[2])) for n in names)


def test_picked_tiles_must_leave_room_for_the_typed_hands():
    # seat 1 picked the 0-0 (0 pips) and seat 2 typed 0: only the 0-0 weighs nothing
    picked = (None, tiles("0-0"), None, None)
    problem = round_problem("blocked", (10, 0, 0, 12), tiles=picked)
    assert problem.code == "two_hands_zero"
    picked = (None, tiles("0-0", "0-1"), None, None)
    assert code("blocked", (10, 1, 1, 12), tiles=picked) == "two_hands_one"
    # 4 and 2 pips can be dealt, but not once the 0-2 and the 1-1 were picked for the 4
    picked = (None, tiles("0-2", "1-1"), None, None)
    assert code("blocked", (10, 4, 2, 12), tiles=picked) == "hands_impossible_picked"


def test_a_blocked_game_leaves_one_number_whole_on_the_table():
    every_number = (tiles("0-1", "2-3"), tiles("4-5"), tiles("6-6"), None)
    assert code("blocked", (6, 9, 12, 20), tiles=every_number) == "blocked_every_number_picked"
    # the same hands without the 6-6: the sixes can have blocked
    fine = (tiles("0-1", "2-3"), tiles("4-5"), tiles("0-2"), None)
    assert round_problem("blocked", (6, 9, 2, 20), tiles=fine) is None


def test_the_double_six_cannot_be_in_a_hand_when_it_opened_the_round():
    picked = (None, tiles("6-6"), None, None)
    assert code("domino", (0, 12, None, 20), 0, tiles=picked, opened_with_double_six=True) == "double_six_picked"
    assert round_problem("domino", (0, 12, None, 20), 0, tiles=picked) is None


def test_a_hand_still_in_holds_a_tile():
    assert code("blocked", (0, 10, 10, 10), tiles=((), None, None, None)) == "hand_empty"


# --- oracle: exact search against brute force over real tiles -----------------------


def test_exact_search_agrees_with_brute_force_on_random_small_pools():
    rng = random.Random(10)
    checked = 0
    for _ in range(300):
        pool_tiles = rng.sample(SET, rng.randint(4, 11))
        total = sum(t.pips for t in pool_tiles)
        sums = [rng.randint(0, max(1, total // 3)) for _ in range(rng.randint(1, 4))]
        assert hands_fit(pool_of(pool_tiles), sums) == brute_fit(pool_tiles, sums), (pool_tiles, sums)
        checked += 1
    assert checked == 300


def test_exact_search_agrees_with_brute_force_on_light_hands_of_the_full_set():
    light = [t for t in SET if t.pips <= 5]  # a hand of at most 5 pips uses only these
    for size in (2, 3):
        for sums in combinations(range(6), size):
            for repeat in (sums, (sums[0],) * size):
                assert hands_fit(FULL, repeat) == brute_fit(light, repeat), repeat


# --- oracle: the least a blocked line can weigh, by searching every line ------------


def lightest_blocked_line(number: int, with_double_six: bool, ceiling: int) -> int:
    """Branch and bound over real lines of play: both ends show ``number``, all its tiles are out.

    Returns the least pips such a line holds, if below ``ceiling``; else ``ceiling``.
    """
    need = set(suit(number)) | ({DOUBLE_SIX} if with_double_six else set())
    best = [ceiling]
    seen: dict[tuple[int, frozenset], int] = {}
    by_weight = sorted(SET, key=lambda t: t.pips)

    def grow(end: int, used: frozenset, pips: int) -> None:
        missing = sum(t.pips for t in need - used)
        if pips + missing >= best[0] or seen.get((end, used), TOTAL_PIPS + 1) <= pips:
            return
        seen[(end, used)] = pips
        if end == number and need <= used:
            best[0] = pips
            return
        for tile in by_weight:
            if tile not in used and end in tile:
                other = tile.low if tile.high == end else tile.high
                grow(other, used | {tile}, pips + tile.pips)

    for first in suit(number):  # the left end shows ``number``
        other = first.low if first.high == number else first.high
        grow(other, frozenset({first}), first.pips)
    return best[0]


@pytest.mark.parametrize("number", range(HIGHEST + 1))
@pytest.mark.parametrize("opened", [False, True])
def test_the_blocked_table_bound_is_the_lightest_real_line(number, opened):
    bound = min_blocked_table(number, opened)
    # no line is lighter than the bound, and one line weighs exactly that
    assert lightest_blocked_line(number, opened, bound + 1) == bound


# --- the line of play: the table is one line -----------------------------------


def test_the_blocked_first_round_of_docs_rules_md_is_refused_for_its_odd_numbers():
    hands = (tiles("3-3"), tiles("4-0"), tiles("4-3"), tiles("0-0"))
    problem = round_problem("blocked", (6, 4, 7, 0), tiles=hands, opened_with_double_six=True)
    assert problem.code == "blocked_line_odd"
    assert problem.values == {"numbers": "0, 3"}


def lightest_line(number: int) -> tuple[Tile, ...]:
    """The ten tiles of the lightest blocked line for ``number``: its suit and three tiles joining the rest."""
    others = [k for k in range(HIGHEST + 1) if k != number]
    return (*suit(number), *(Tile.of(a, b) for a, b in zip(others[::2], others[1::2], strict=True)))


def hands_of(held: list[Tile]) -> tuple[tuple[Tile, ...], ...]:
    """``held`` dealt round the four seats, one tile at a time."""
    return tuple(tuple(held[s::SEATS]) for s in range(SEATS))


@pytest.mark.parametrize("number", range(HIGHEST + 1))
def test_a_blocked_line_is_accepted_and_one_tile_swapped_breaks_its_parity(number):
    table = lightest_line(number)
    held = [t for t in SET if t not in table]
    hands = hands_of(held)
    pips = tuple(sum(t.pips for t in h) for h in hands)
    assert sum(pips) == max_blocked_hands(number) == 126 - 6 * number  # the per-number bound, met
    assert round_problem("blocked", pips, tiles=hands) is None
    # a joining tile back in a hand, a held one (not a double) no lighter and sharing no number with it on the table:
    # four numbers show an odd count now
    join = table[SEATS + 3]  # the lightest of the three joining tiles
    swap = next(t for t in held if t.pips >= join.pips and not t.is_double and not {*t} & {*join, number})
    changed = [join if t == swap else t for t in held]
    hands = hands_of(changed)
    pips = tuple(sum(t.pips for t in h) for h in hands)
    problem = round_problem("blocked", pips, tiles=hands)
    assert problem is not None and problem.code == "blocked_line_odd"
    assert problem.values["numbers"] == ", ".join(map(str, sorted({*join, *swap})))


def test_a_domino_whose_three_hands_are_known_needs_a_line_with_two_ends_at_most():
    # seat 0 went out; the table, a real line of eleven tiles from 0 to 6
    line = tiles("0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-0", "0-2", "2-4", "4-6", "6-6")
    held = [t for t in SET if t not in line]
    hands = (None, tuple(held[0:6]), tuple(held[6:11]), tuple(held[11:17]))
    pips = (0, *(sum(t.pips for t in h) for h in hands[1:]))
    assert round_problem("domino", pips, 0, tiles=hands) is None
    # the 6-6 and the 1-3 change places: the table shows 1, 3 and 6 an odd number of times, twice each end
    other = Tile(3, 1)
    seat = next(s for s in (1, 2, 3) if other in hands[s])
    moved = list(hands)
    moved[seat] = tuple(Tile(6, 6) if t == other else t for t in hands[seat])
    pips = (0, *(sum(t.pips for t in h) for h in moved[1:]))
    problem = round_problem("domino", pips, 0, tiles=tuple(moved))
    assert problem.code == "line_odd_numbers"
    assert problem.values == {"numbers": "0, 1, 3, 6"}  # 0 and 6 were the two ends


def test_a_table_in_two_pieces_is_refused():
    # on the table: a ring of 0, 1, 2 and, apart, a ring of 3, 4, 5, 6 with their doubles; every count even
    table = tiles("0-1", "1-2", "2-0", "3-4", "4-5", "5-6", "6-3", "3-3", "4-4", "5-5", "6-6")
    held = [t for t in SET if t not in table]
    hands = (None, tuple(held[0:6]), tuple(held[6:12]), tuple(held[12:18]))
    pips = (0, *(sum(t.pips for t in h) for h in hands[1:]))
    assert round_problem("domino", pips, 0, tiles=hands).code == "line_in_pieces"


# --- a blocked game's bound per number and suit on the table; the defaults; check_picked ---------


@pytest.mark.parametrize("number", range(HIGHEST + 1))
@pytest.mark.parametrize("opened", [False, True])
def test_the_per_number_blocked_bound_is_met_and_one_over_refused(number, opened):
    """Three hands picked (showing every number but ``number``: it must have blocked), the fourth typed."""
    table = set(lightest_line(number)) | ({DOUBLE_SIX} if opened else set())
    hands = hands_of([t for t in SET if t not in table])
    bound = max_blocked_hands(number, opened)
    assert bound == 126 - 6 * number - (12 if opened and number != HIGHEST else 0)
    pips = [sum(t.pips for t in h) for h in hands]
    assert sum(pips) == bound
    picked = (*hands[:3], None)
    assert round_problem("blocked", tuple(pips), tiles=picked, opened_with_double_six=opened) is None
    pips[3] += 1
    problem = round_problem("blocked", tuple(pips), tiles=picked, opened_with_double_six=opened)
    assert problem is not None and problem.code in ("blocked_no_suit", "blocked_over_limit", "blocked_over_limit_66")
    if number:
        assert problem.code == "blocked_no_suit" and problem.values == {}


def test_check_round_and_round_problem_take_a_round_not_opened_with_the_double_six_by_default():
    check_round("blocked", (30, 30, 30, 36))  # 126: possible after a domino, not after a 6-6 opening
    assert round_problem("blocked", (30, 30, 30, 36)) is None
    with pytest.raises(InvalidRound) as err:
        check_round("blocked", (30, 30, 30, 36), opened_with_double_six=True)
    assert err.value.code == "blocked_over_limit_66"


def test_the_blocking_suit_is_on_the_table_in_both_openings():
    # the picked hands show 0..5: the 6s blocked, so a typed hand has no six; 60 pips need one (52 at most)
    picked = (tiles("0-1"), tiles("2-3"), tiles("4-5"), None)
    for opened in (False, True):
        assert code("blocked", (1, 5, 9, 60), tiles=picked, opened_with_double_six=opened) == "blocked_no_suit"
        assert round_problem("blocked", (1, 5, 9, 52), tiles=picked, opened_with_double_six=opened) is None
        assert code("blocked", (1, 5, 9, 53), tiles=picked, opened_with_double_six=opened) == "blocked_no_suit"
    # the picked hands show 1..6: the 0s blocked, so the 0-0 is on the table and no hand holds 0 pips
    picked = (tiles("1-2"), tiles("3-4"), tiles("5-6"), None)
    for opened in (False, True):
        assert code("blocked", (3, 7, 11, 0), tiles=picked, opened_with_double_six=opened) == "blocked_no_suit"
        assert round_problem("blocked", (3, 7, 11, 1), tiles=picked, opened_with_double_six=opened) is not None
        assert round_problem("blocked", (3, 7, 11, 2), tiles=picked, opened_with_double_six=opened) is None


def test_check_picked_looks_at_the_winner_only_when_the_seat_exists():
    from scorekeeper.core.feasibility import check_picked

    hands = (None, None, None, tiles("6-6"))
    for winner in (None, -1, 4, 5):
        check_picked(hands, winner)  # no such seat went out: nothing to refuse, no IndexError
    check_picked(hands[:3], 3)
    with pytest.raises(InvalidRound) as err:
        check_picked(hands, 3)
    assert err.value.code == "winner_holds_pips" and err.value.values == {"seat": 3, "value": 12}
    with pytest.raises(InvalidRound) as err:
        check_picked((tiles("0-1"), None, None, None), 0)
    assert err.value.values == {"seat": 0, "value": 1}


# --- what the proofs must never accept, asked through round_problem --------------------


def test_the_player_out_holds_no_picked_tile_and_a_tile_is_in_one_hand_only():
    one = round_problem("domino", (1, 10, None, 12), 0, tiles=(tiles("1-0"), tiles("5-5"), None, None))
    assert one.code == "winner_holds_pips" and one.values == {"seat": 0, "value": 1}
    twice = round_problem("domino", (0, 10, None, 12), 0, tiles=(None, tiles("5-5"), None, tiles("5-5", "1-1")))
    assert twice.code == "tile_twice" and twice.values == {"tile": "5-5", "seat": 3, "other": 1}


def test_a_negative_count_is_never_a_hand():
    assert round_problem("domino", (0, 10, -1, 12), 0).code == "pips_negative"
    assert round_problem("domino", (0, 10, -1, 12), 0, tiles=(None, tiles("5-5"), None, None)) is not None


def test_a_blocked_line_with_odd_numbers_says_both_ends_are_on_one_number():
    hands = (tiles("3-3"), tiles("4-0"), tiles("4-3"), tiles("0-0"))
    problem = round_problem("blocked", (6, 4, 7, 0), tiles=hands, opened_with_double_six=True)
    assert "both ends on one number" in str(problem)
