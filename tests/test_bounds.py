"""The compulsory-play limits, re-checked: the search behind each fact, and a legal game at each limit.

``core.line.FEWEST_LAID`` comes from ``tools/bounds_search.py``. Here the cheap half
is searched again in full (the opponents of a domino, both openings); the
three-hands search takes minutes and runs in ``benchmarks/feasibility.py --bounds``.
Each limit is also met by a game the search found (``tests/extreme_games.json``,
written by ``tools/extreme_games.py`` from the search's output), replayed move
by move by a referee that knows only the rules of play: so no limit is
stricter than a real table.
"""

import json
from pathlib import Path

import pytest

from scorekeeper.core.feasibility import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.line import FEWEST_LAID, most_kept
from scorekeeper.core.match import Round
from scorekeeper.core.tiles import HAND_SIZE, SEATS, SET, Tile, parse_tile
from tools import bounds_search

GAMES = json.loads((Path(__file__).parent / "extreme_games.json").read_text())
REDEAL_DOUBLES = 5


@pytest.mark.parametrize("opened", [False, True])
def test_the_opponents_of_a_domino_lay_a_tile_at_least_whoever_won(opened):
    kept = []
    for q in bounds_search.questions(opened):
        if q.name.startswith("opponents_tiles"):
            bounds_search.solve(q, budget=600)
            assert q.complete, q.name  # every legal game was searched
            kept.append(q.best)
    assert max(kept) == 2 * HAND_SIZE - FEWEST_LAID["opponents"] == most_kept(2, "opponents")


def referee(game: dict) -> tuple[str, int | None, list[list[Tile]]]:
    """Replay ``game`` from its deal (the hands left plus the tiles each seat laid): every move legal, every
    pass forced, no redeal; returns how it ended, who went out, and the hands left."""
    left = [[parse_tile(t) for t in h] for h in game["hands"]]
    deal = [list(h) for h in left]
    for seat, move, _side in game["moves"]:
        if move != "pass":
            deal[seat].append(parse_tile(move))
    assert sorted(t for h in deal for t in h) == sorted(SET)  # all 28 tiles, each once
    assert all(len(h) == HAND_SIZE and sum(t.is_double for t in h) < REDEAL_DOUBLES for h in deal)
    hands = [list(h) for h in deal]
    ends: list[int] = []
    passes = 0
    for turn, (seat, move, side) in enumerate(game["moves"]):
        assert seat == turn % SEATS  # counter-clockwise from the opener, seat 0
        if move == "pass":
            assert ends and not any(e in t for t in hands[seat] for e in ends)  # nothing to play: a forced pass
            passes += 1
            continue
        tile = parse_tile(move)
        assert tile in hands[seat]
        if not ends:
            assert not game["opened"] or tile == Tile(6, 6)
            ends = [tile.high, tile.low]
        else:
            assert ends[side] in tile
            ends[side] = tile.low if tile.high == ends[side] else tile.high
        hands[seat].remove(tile)
        passes = 0
        if not hands[seat]:
            assert turn == len(game["moves"]) - 1
            assert hands == left
            return "domino", seat, hands
    assert passes == SEATS and hands == left
    return "blocked", None, hands


@pytest.mark.parametrize("game", GAMES, ids=[f"{g['name']}{'_66' if g['opened'] else ''}" for g in GAMES])
def test_a_legal_game_meets_each_limit_and_is_accepted(game):
    end, winner, hands = referee(game)
    assert end == game["end"] and winner == game["winner"]
    lim = LIMITS_DOUBLE_SIX if game["opened"] else LIMITS
    pips = [sum(t.pips for t in h) for h in hands]
    w = winner if winner is not None else 0
    held = {
        "opponents": pips[(w + 1) % SEATS] + pips[(w + 3) % SEATS],
        "hand": max(pips),
        "blocked": sum(pips),
        "after_domino": sum(pips),
    }
    role = game["limit"]
    if role in ("opponents_tiles", "after_domino_tiles"):
        seats = [(w + 1) % SEATS, (w + 3) % SEATS] if role == "opponents_tiles" else [s for s in range(SEATS) if s != w]
        assert sum(len(hands[s]) for s in seats) == most_kept(len(seats), role.removesuffix("_tiles"))
    else:
        assert held[role] == lim[role]  # the limit itself, met
    picked = tuple(None if s == winner else tuple(h) for s, h in enumerate(hands))
    shown = tuple(0 if s == winner else p for s, p in enumerate(pips))
    for tiles in (None, picked):
        rnd = Round(end, shown, winner, tiles)
        assert rnd.problem(game["opened"]) is None, (rnd, rnd.problem(game["opened"]))
