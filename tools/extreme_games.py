"""Write ``tests/extreme_games.json``: a legal game at each limit, for the referee in ``tests/test_bounds.py``.

    python tools/extreme_games.py RUN.jsonl [RUN.jsonl ...] > tests/extreme_games.json
    python tools/extreme_games.py --into tests/extreme_games.json SWEEP.jsonl [SWEEP.jsonl ...]

Each RUN.jsonl is the output of ``tools/bounds_search.py`` (one JSON row per
question, its best game's moves in ``witness``: ``seat:tile``, ``/1`` when laid
on the second end). Taken per limit and opening: the first game that meets the
limit (the opponents' and the three hands' tiles kept, the opponents' pips,
one hand's pips), and the lightest blocked line, laid in turn without a pass
(the line bound's own game). ``--into`` adds (or replaces) the games of
``tools/kept_pips_search.py`` sweeps in an existing file: per opening, the
first game found, on the lightest table, is the three hands' limit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core.tiles import SEATS, SET, Tile
from tools import bounds_search

#: The question whose best game meets each limit (seat 0 opens; the winner or the hand is the seat named).
LIMITS = {
    "opponents_tiles_w0": "opponents_tiles",
    "after_domino_tiles_w0": "after_domino_tiles",
    "opponents_pips_w0": "opponents",
    "hand_pips_s1": "hand",
    "hand_pips_s3": "hand",
}
#: The lightest blocked lines as (tile, end) moves: the 0s with 1-2, 3-4, 5-6 between them; the same round the 6-6.
LINES = {
    False: [(0, 1, 0), (1, 2, 0), (2, 0, 0), (0, 3, 0), (3, 4, 0), (4, 0, 0), (0, 5, 0), (5, 6, 0), (6, 0, 0),
            (0, 0, 0)],
    True: [(6, 6, 0), (6, 5, 0), (5, 0, 0), (6, 0, 1), (0, 1, 0), (1, 2, 0), (2, 0, 0), (0, 3, 0), (3, 4, 0),
           (4, 0, 0), (0, 0, 0)],
}  # fmt: skip


def game(name: str, opened: bool, moves: list[tuple[int, str, int]], limit: str) -> dict[str, object]:
    q = next(q for q in bounds_search.questions(opened) if q.name == name)
    q.witness = moves
    end, winner, hands = bounds_search.witness_round(q)
    return {"name": name, "limit": limit, "opened": opened, "end": end, "winner": winner,
            "moves": [list(m) for m in moves], "hands": [[str(t) for t in h] for h in hands]}  # fmt: skip


def line_game(opened: bool) -> dict[str, object]:
    """The lightest blocked line laid in turn, then four passes; the other tiles fill the hands, doubles spread."""
    ends: list[int] = []
    moves: list[list[object]] = []
    laid = [0] * SEATS
    for turn, (a, b, side) in enumerate(LINES[opened]):
        tile, seat = Tile.of(a, b), turn % SEATS
        if ends:
            ends[side] = tile.low if tile.high == ends[side] else tile.high
        else:
            ends = [tile.high, tile.low]
        moves.append([seat, str(tile), side])
        laid[seat] += 1
    moves += [[(len(LINES[opened]) + k) % SEATS, "pass", 0] for k in range(SEATS)]
    table = {Tile.of(a, b) for a, b, _ in LINES[opened]}
    hands: list[list[Tile]] = [[] for _ in range(SEATS)]
    for tile in (t for t in SET if t not in table):
        open_seats = [s for s in range(SEATS) if len(hands[s]) + laid[s] < 7]
        seat = min(open_seats, key=lambda s: (sum(t.is_double for t in hands[s]) if tile.is_double else 0, s))
        hands[seat].append(tile)
    return {"name": "lightest_blocked_line", "limit": "blocked", "opened": opened, "end": "blocked", "winner": None,
            "moves": moves, "hands": [[str(t) for t in h] for h in hands]}  # fmt: skip


def moves_of(witness: str) -> list[tuple[int, str, int]]:
    """A search's ``witness`` (``seat:tile``, ``/1`` on the second end, ``seat:pass``) as (seat, move, end) moves."""
    moves = []
    for token in witness.split():
        seat, move = token.split(":")
        moves.append((int(seat), move.removesuffix("/1"), int(move.endswith("/1"))))
    return moves


def add_kept(target: Path, sweeps: list[str]) -> None:
    """The lightest table's game of each opening's sweep, as the three hands' limit, into ``target``."""
    games = json.loads(target.read_text())
    for path in sweeps:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            if not row["found"]:
                continue
            opened = row["opened_with_double_six"]
            name = f"after_domino_pips_w{row['winner']}"
            games = [g for g in games if not (g["limit"] == "after_domino" and g["opened"] == opened)]
            games.append(game(name, opened, moves_of(row["witness"]), "after_domino"))
            break
    games.sort(key=lambda g: (g["opened"], g["limit"]))
    target.write_text(json.dumps(games, indent=1) + "\n")


def main() -> None:
    if sys.argv[1:2] == ["--into"]:
        add_kept(Path(sys.argv[2]), sys.argv[3:])
        return
    games: dict[tuple[str, bool], dict[str, object]] = {}
    for path in sys.argv[1:]:
        for line in Path(path).read_text().splitlines():
            row = json.loads(line)
            name, opened = row["name"], row["opened_with_double_six"]
            limit = LIMITS.get(name)
            met = row["ceiling"] is None or row["best"] == row["ceiling"] or name == "opponents_pips_w0"
            if limit is None or not met or (limit, opened) in games or not row["exact"]:
                continue
            games[(limit, opened)] = game(name, opened, moves_of(row["witness"]), limit)
    for opened in (False, True):
        games[("blocked", opened)] = line_game(opened)
    print(json.dumps(sorted(games.values(), key=lambda g: (g["opened"], g["limit"])), indent=1))


if __name__ == "__main__":
    main()
