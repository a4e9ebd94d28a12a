"""The hand search over tile weights: each bound pinned where it starts to bite, against brute force."""

import random

import pytest

from scorekeeper.core.deal import (
    FULL,
    MAX_WEIGHT,
    _Search,
    _shares,
    _tables,
    greedy_deal,
    greedy_fits,
    hands_fit,
    heaviest_in,
    minus,
    pool_of,
    warm,
)
from scorekeeper.core.tiles import SET, Tile
from tests.oracles import brute_fit


def test_the_full_pool_counts_each_weight_of_the_set():
    assert FULL == (1, 1, 2, 2, 3, 3, 4, 3, 3, 2, 2, 1, 1)
    assert len(FULL) == MAX_WEIGHT + 1 == 13
    assert pool_of([Tile(6, 6), Tile(6, 5), Tile(5, 6)]) == (0,) * 11 + (2, 1)
    assert pool_of([]) == (0,) * 13


def test_minus_takes_each_tile_once_by_its_weight():
    pool = minus(FULL, [Tile(0, 0), Tile(3, 1), Tile(2, 2)])
    assert pool[0] == 0 and pool[4] == FULL[4] - 2 and sum(pool) == 25
    assert minus(FULL, []) == FULL


@pytest.mark.parametrize(("count", "expected"), [(0, 0), (1, 12), (2, 23), (7, 69), (14, 118), (28, 168), (29, 168)])
def test_heaviest_in_the_full_set(count, expected):
    assert heaviest_in(FULL, count) == expected


def test_heaviest_in_respects_the_top_weight_and_stops_at_the_count():
    assert heaviest_in(FULL, 1, top=11) == 11
    assert heaviest_in(FULL, 2, top=10) == 20
    assert heaviest_in(FULL, 3, top=1) == 1  # only the 0-1 weighs 1; the 0-0 adds nothing
    assert heaviest_in(minus(FULL, [Tile(6, 6)]), 7) == 65


def test_greedy_deal_is_a_proof_and_says_no_when_it_cannot_deal():
    assert greedy_deal(FULL, [0])
    assert not greedy_deal(FULL, [0, 0])  # one 0-0 only
    assert greedy_deal(FULL, [1]) and not greedy_deal(FULL, [1, 1])
    assert greedy_deal(FULL, [2, 2]) and not greedy_deal(FULL, [2, 2, 2])
    assert greedy_deal(FULL, [69])  # the seven heaviest
    assert not greedy_deal(FULL, [70])  # an eighth tile would be needed
    assert greedy_deal(FULL, [12]) and greedy_deal(FULL, [13])
    assert greedy_deal(minus(FULL, [Tile(6, 6)]), [65]) and not greedy_deal(minus(FULL, [Tile(6, 6)]), [66])
    empty = (0,) * 13
    assert greedy_deal(empty, []) and not greedy_deal(empty, [0]) and not greedy_deal(empty, [3])


def test_a_hand_holds_seven_tiles_at_most():
    ones = (0, 8) + (0,) * 11  # eight tiles of weight 1 (not a real set: the bound alone)
    assert hands_fit(ones, [7]) and not hands_fit(ones, [8])
    assert greedy_deal(ones, [7]) and not greedy_deal(ones, [8])


@pytest.mark.parametrize(
    ("sums", "fits"),
    [
        ([], True),
        ([0], True),
        ([0, 0], False),
        ([-1], False),
        ([1, 0], True),
        ([1, 1], False),
        ([2, 2], True),
        ([2, 2, 2], False),
        ([3, 3, 3], True),
        ([3, 3, 3, 3], False),
        ([69], True),
        ([70], False),
        ([69, 49], True),
        ([69, 50], False),
        ([69, 49, 35], True),
        ([69, 49, 36], False),
    ],
)
def test_hands_fit_at_and_one_past_each_bound(sums, fits):
    assert hands_fit(FULL, sums) is fits


def test_more_hands_than_tiles_never_fit():
    pool = pool_of([Tile(1, 0), Tile(2, 0)])
    assert hands_fit(pool, [1, 2]) and not hands_fit(pool, [1, 2, 0])


def test_greedy_fits_answers_true_only_with_a_greedy_proof():
    # 4 and 2 from 0-2, 1-1 and 2-2: greedy gives the 4 the 2-2 and the 2 the 0-2; fine at once
    pool = pool_of([Tile(2, 0), Tile(1, 1), Tile(2, 2)])
    assert greedy_fits(pool, [4, 2])
    # 5 and 5 from 4-0, 0-1, 3-2 -> 4+1 and 5: heaviest-first greedy takes 5 then 4 (+1): found either way
    pool = pool_of([Tile(4, 0), Tile(1, 0), Tile(3, 2)])
    assert hands_fit(pool, [5, 5])
    # where only the search finds it: 6 and 6 from 3-3, 4-0, 2-0 (4+2) ... and 5-1 absent
    hard = pool_of([Tile(3, 3), Tile(4, 0), Tile(2, 0), Tile(1, 1), Tile(2, 1), Tile(3, 0)])
    assert hands_fit(hard, [6, 6, 6]) == brute_fit(
        [Tile(3, 3), Tile(4, 0), Tile(2, 0), Tile(1, 1), Tile(2, 1), Tile(3, 0)], [6, 6, 6]
    )


TILES_HARD = [Tile(3, 3), Tile(4, 0), Tile(2, 0), Tile(1, 1), Tile(2, 1), Tile(3, 0)]


def test_the_search_agrees_with_brute_force_where_greedy_deals_fail():
    rng = random.Random(5)
    searched = 0
    for _ in range(400):
        tiles = rng.sample(SET, rng.randint(5, 10))
        total = sum(t.pips for t in tiles)
        sums = [rng.randint(0, max(1, total // 2)) for _ in range(rng.randint(2, 4))]
        pool = pool_of(tiles)
        ordered = sorted(sums, reverse=True)
        greedy = greedy_deal(pool, ordered) or greedy_deal(pool, ordered[::-1])
        expected = brute_fit(tiles, sums)
        assert hands_fit(pool, sums) == expected, (tiles, sums)
        assert greedy_fits(pool, ordered) == greedy
        assert not greedy or expected  # a greedy deal is a proof
        searched += expected and not greedy
    assert searched > 5  # the search, not only the greedy deal, found some


def test_warm_builds_the_bounds_and_changes_no_answer():
    pool = minus(FULL, [Tile(0, 0)])
    before = hands_fit(pool, [0])
    warm([pool])
    assert hands_fit(pool, [0]) is before is False


# --- the search itself, asked directly (no greedy deal in front of it) ----------------------


def test_the_exact_search_alone_agrees_with_brute_force():
    rng = random.Random(8)
    found = refused = 0
    for _ in range(300):
        tiles = rng.sample(SET, rng.randint(3, 9))
        total = sum(t.pips for t in tiles)
        sums = sorted((rng.randint(0, max(1, total // 2)) for _ in range(rng.randint(1, 3))), reverse=True)
        expected = brute_fit(tiles, sums)
        assert _Search(pool_of(tiles)).exact(tuple(sums)) == expected, (tiles, sums)
        found += expected
        refused += not expected
    assert found > 50 and refused > 50


@pytest.mark.parametrize(
    ("sums", "fits"),
    [((0,), True), ((0, 0), False), ((1,), True), ((1, 1), False), ((2, 2), True), ((2, 2, 2), False),
     ((69,), True), ((70,), False), ((69, 49), True), ((69, 50), False), ((12, 0), True), ((3, 3, 3, 3), False)],
)  # fmt: skip
def test_the_exact_search_alone_at_each_bound_of_the_full_set(sums, fits):
    assert _Search(FULL).exact(sums) is fits


def test_a_hand_of_seven_is_the_most_the_search_deals():
    pool = (0, 7, 1) + (0,) * 10  # one tile of 2 and seven of 1 (not a set: the bound alone)
    assert _Search(pool).exact((8,))  # 2 + six 1s: seven tiles
    assert not _Search(pool).exact((9,))  # 2 + seven 1s would be eight
    ones = (0, 8) + (0,) * 11
    assert _Search(ones).exact((7,)) and not _Search(ones).exact((8,))


def test_the_bounds_tables_of_a_pool():
    heavy, light = _tables(FULL)
    assert heavy[12][:4] == [0, 12, 23, 33] and heavy[12][7] == 69 and heavy[12][28] == 168
    assert heavy[1][:3] == [0, 1, 1] and heavy[0][5] == 0
    assert heavy[10][2] == 20 and len(heavy) == 13 and len(heavy[0]) == 29
    assert light[:4] == [0, 1, 5, 11] and light[12] == 168  # 0-1; 0-2, 1-1; 0-3, 1-2


def test_hopeless_states_at_each_bound():
    search = _Search(FULL)
    assert not search.hopeless(12, ((1, 0),))
    assert search.hopeless(12, ((1, 0), (1, 0)))  # two hands short of 1 pip: one 0-1
    assert not search.hopeless(12, ((0, 1), (0, 0)))  # one hand needs the 0-0
    assert search.hopeless(12, ((0, 0), (0, 0)))  # two hands need it
    assert not search.hopeless(12, ((69, 0),)) and search.hopeless(12, ((70, 0),))
    assert not search.hopeless(12, ((69, 0), (49, 0))) and search.hopeless(12, ((69, 0), (50, 0)))
    assert not search.hopeless(12, ((12, 6),)) and search.hopeless(12, ((13, 6),))  # one place left
    assert search.hopeless(5, ((6, 6),)) and not search.hopeless(6, ((6, 6),))  # weights 5 and below
    assert not search.hopeless(2, ((3, 0),)) and search.hopeless(2, ((3, 0), (3, 0)))  # 0-1, 0-2, 1-1: 5 pips
    assert not search.hopeless(12, ((3, 0), (3, 0)))
    # three hands short of 2 pips each: the tiles of 1 and 2 pips (0-1, 0-2, 1-1) hold 5; the heavy end has room
    assert search.hopeless(12, ((12, 0), (2, 0), (2, 0), (2, 0))) and not search.hopeless(12, ((12, 0), (2, 0), (2, 0)))
    # a hand with one place left and 13 pips to find, behind a hand the heavy tiles can still fill
    assert search.hopeless(12, ((20, 0), (13, 6))) and not search.hopeless(12, ((20, 0), (12, 6)))


def test_a_hand_of_nothing_needs_the_double_blank():
    assert _Search(FULL).exact((0,)) and _Search(FULL).exact((1, 0))  # the 0-0; the 0-1 and the 0-0
    without = minus(FULL, [Tile(0, 0)])
    assert not _Search(without).exact((0,)) and not _Search(without).exact((1, 0))


def test_a_question_asked_again_of_the_same_search_gets_the_same_answer():
    search = _Search(pool_of(TILES_HARD))
    first = [search.exact(sums) for sums in ((6, 6, 6), (6, 6), (9, 9), (7, 3, 3))]
    assert first == [search.exact(sums) for sums in ((6, 6, 6), (6, 6), (9, 9), (7, 3, 3))]
    assert first == [brute_fit(TILES_HARD, list(s)) for s in ((6, 6, 6), (6, 6), (9, 9), (7, 3, 3))]
    assert True in first and False in first


def test_shares_hand_out_at_most_what_is_there_and_what_fits():
    assert sorted(_shares(((5, 6), (3, 0)), 2, 1)) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    assert list(_shares(((4, 0),), 3, 2)) == [(2,), (1,), (0,)]
    assert list(_shares(((12, 7),), 1, 12)) == [(0,)]  # a full hand takes nothing more
