"""Never refuse a real round: deal and play many random games, feed every round through the match."""

import random

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.match import DOUBLE_SIX, Match
from scorekeeper.core.tiles import hand_pips
from tests.play import as_round, play_round

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
ROUNDS = 20_000


def test_every_round_of_random_real_games_is_accepted_with_and_without_picked_tiles():
    rng = random.Random(20261130)
    checked = {"typed": 0, "picked": 0}
    ends = {"domino": 0, "blocked": 0, "redeal": 0}
    most_blocked = {False: 0, True: 0}
    refused = []
    typed, picked = Match(PLAYERS, 11), Match(PLAYERS, 11)
    while sum(checked.values()) < 2 * ROUNDS:
        if typed.finished:  # the same deals feed both matches, so they finish together
            typed, picked = Match(PLAYERS, 11), Match(PLAYERS, 11)
        opened = typed.next_starter == DOUBLE_SIX
        played = play_round(rng, typed.next_starter)
        ends[played.end] += 1
        if played.end == "blocked":
            total = sum(hand_pips(h) for h in played.hands)
            most_blocked[opened] = max(most_blocked[opened], total)
        try:
            typed = typed.add_round(as_round(played, rng))
            checked["typed"] += 1
            picked = picked.add_round(as_round(played, rng, pick=0.7))
            checked["picked"] += 1
        except InvalidRound as err:
            refused.append((played, opened, err.code, str(err)))
            typed, picked = Match(PLAYERS, 11), Match(PLAYERS, 11)
    print(f"\nreal rounds checked: {checked} ({ends}); heaviest blocked hands: {most_blocked}")
    assert refused == []
    assert checked == {"typed": ROUNDS, "picked": ROUNDS}
    assert all(ends.values())  # every kind of end was played
    assert most_blocked[False] <= LIMITS["blocked"] and most_blocked[True] <= LIMITS_DOUBLE_SIX["blocked"]
