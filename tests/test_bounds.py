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
import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.line import FEWEST_LAID, LIGHTEST_DOMINO_TABLE, is_connected, most_kept, most_kept_after_domino
from scorekeeper.core.match import Round
from scorekeeper.core.tiles import HAND_SIZE, SEATS, SET, TOTAL_PIPS, Tile, parse_tile
from tools import bounds_search, kept_pips_search
from tools.kept_pips_search import FEWEST_TILES

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


# --- the three hands after a domino: the lightest table a domino ends with ------------------------------------

CERTIFICATE = json.loads((Path(__file__).parent / "kept_pips_sweep.json").read_text())


def test_the_candidate_tables_are_every_set_of_eleven_or_more_tiles_in_one_line():
    """An independent listing: every 11 tiles of at most 35 pips (12 weigh 38 at least), kept when they form a line."""
    light = [t for t in SET if t.pips <= 35 - 28]  # the ten lightest weigh 28
    listed = set()
    for combo in combinations(light, FEWEST_TILES):
        halves = Counter(n for t in combo for n in t)
        odd = sum(c % 2 for c in halves.values())
        if sum(t.pips for t in combo) <= 35 and odd <= 2 and is_connected(combo):
            listed.add(sum(1 << SET.index(t) for t in combo))
    assert FEWEST_TILES == 11 and sorted(listed) == sorted(kept_pips_search.candidate_tables(35, False))
    assert len(listed) > 10


@pytest.mark.parametrize("opened", [False, True])
def test_the_three_hands_keep_what_the_lightest_domino_table_leaves_and_every_lighter_table_was_searched(opened):
    """``tests/kept_pips_sweep.json``: every candidate table lighter than the engine's, every winner seat, no game.

    The whole sweep takes minutes in C (``tools/kept_pips_search.py --fast``); here its list of tables is
    rebuilt, and its cheapest searches run again in Python, node for node.
    """
    cert = CERTIFICATE["66" if opened else "any"]
    lim = LIMITS_DOUBLE_SIX if opened else LIMITS
    assert LIGHTEST_DOMINO_TABLE[opened] == cert["lightest"]
    assert lim["after_domino"] == TOTAL_PIPS - cert["lightest"] == most_kept_after_domino(opened)
    tables = kept_pips_search.candidate_tables(cert["lightest"] - 1, opened)
    assert len(tables) == len(cert["nodes"]) > 100
    assert all(len(seats) == SEATS and min(seats) > 0 for seats in cert["nodes"])
    cheapest = sorted((n, i, w) for i, seats in enumerate(cert["nodes"]) for w, n in enumerate(seats))[:2]
    for nodes, i, winner in cheapest:
        row = kept_pips_search.row(tables[i], winner, opened)
        assert not row["found"] and row["nodes"] == nodes
    # and a game on the lightest table itself: the limit is met (its game is in tests/extreme_games.json)
    game = next(g for g in GAMES if g["limit"] == "after_domino" and g["opened"] == opened)
    laid = {parse_tile(m) for _seat, m, _side in game["moves"] if m != "pass"}
    assert sum(t.pips for t in laid) == cert["lightest"]


@pytest.mark.skipif(shutil.which("gcc") is None, reason="the C search needs gcc")
def test_the_c_search_finds_what_the_python_search_finds_node_for_node(tmp_path):
    binary = kept_pips_search.compiled(tmp_path)
    witness = next(g for g in GAMES if g["limit"] == "after_domino" and not g["opened"])
    table = sum(1 << SET.index(parse_tile(m)) for _seat, m, _side in witness["moves"] if m != "pass")
    for opened, tables, winners in ((True, kept_pips_search.candidate_tables(43, True)[:2], "0123"),
                                    (False, [table], str(witness["winner"]))):  # fmt: skip
        fast = list(kept_pips_search.fast_rows(tables, winners, opened, binary))
        slow = [kept_pips_search.row(t, int(w), opened) for t in tables for w in winners]
        assert [(r["table"], r["winner"], r["found"], r["nodes"], r["witness"]) for r in fast] == [
            (r["table"], r["winner"], r["found"], r["nodes"], r["witness"]) for r in slow
        ]
    assert fast[0]["found"]  # the witness game's table has a game, and both find the same one
