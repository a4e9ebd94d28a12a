"""Never refuse a real round: games dealt and played under every policy, entered every way, through the match.

The unit tests' share is small; ``benchmarks/feasibility.py`` feeds 300,000 entries and the extreme games.
The other side: the rounds ``tests.impossible`` builds near every rule are all refused.
"""

import random

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.match import Match
from scorekeeper.core.tiles import hand_pips
from tests.impossible import KINDS, impossible_rounds
from tests.play import ENTRY_WAYS, POLICIES, entered, play_round

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
ROUNDS_PER_POLICY = 600


def test_every_round_of_real_games_is_accepted_under_every_policy_and_entry_way():
    rng = random.Random(20261201)
    checked = dict.fromkeys(ENTRY_WAYS, 0)
    ends = {"domino": 0, "blocked": 0, "redeal": 0}
    most = {"blocked": {False: 0, True: 0}, "opponents": {False: 0, True: 0}}
    refused = []
    for name, policy in POLICIES.items():
        matches = {way: Match(PLAYERS, 11) for way in ENTRY_WAYS}
        for _ in range(ROUNDS_PER_POLICY):
            if any(m.finished for m in matches.values()):  # the same deals feed every match: they finish together
                matches = {way: Match(PLAYERS, 11) for way in ENTRY_WAYS}
            lead = matches[ENTRY_WAYS[0]]
            opened = lead.opens_with_double_six(len(lead.rounds))
            played = play_round(rng, lead.next_starter, policy)
            ends[played.end] += 1
            if played.end == "blocked":
                total = sum(hand_pips(h) for h in played.hands)
                most["blocked"][opened] = max(most["blocked"][opened], total)
            if played.end == "domino":
                w = played.winner
                both = hand_pips(played.hands[(w + 1) % 4]) + hand_pips(played.hands[(w + 3) % 4])
                most["opponents"][opened] = max(most["opponents"][opened], both)
            for way in ENTRY_WAYS:
                try:
                    matches[way] = matches[way].add_round(entered(played, rng, way))
                    checked[way] += 1
                except InvalidRound as err:
                    refused.append((name, way, played, opened, err.code, str(err)))
    print(f"\nreal rounds checked: {checked} ({ends}); heaviest: {most}")
    assert refused == []
    assert all(ends.values())  # every kind of end was played
    assert sum(checked.values()) == len(POLICIES) * ROUNDS_PER_POLICY * len(ENTRY_WAYS)
    for opened, lim in ((False, LIMITS), (True, LIMITS_DOUBLE_SIX)):
        assert most["blocked"][opened] <= lim["blocked"] and most["opponents"][opened] <= lim["opponents"]


def test_every_impossible_round_the_generator_builds_is_refused():
    rng = random.Random(11)
    seen = dict.fromkeys(KINDS, 0)
    accepted = []
    for case in impossible_rounds(rng, 50 * len(KINDS)):
        seen[case.kind] += 1
        if case.round.problem(case.opened_with_double_six) is None:
            accepted.append(case)
    assert accepted == []
    assert all(count == 50 for count in seen.values()), seen
