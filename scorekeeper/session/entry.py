"""Turning what was typed or tapped into a core ``Round``.

Kept apart from Flet so the same parsing serves the form, the tile picker and
the tests: a typed total and a picked hand go through the same checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.feasibility import check_picked
from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.match import Round
from scorekeeper.core.rules import partner_of
from scorekeeper.core.tiles import DOUBLE_SIX, MAX_HAND, SEATS, Tile, hand_pips


def parse_pips(seat: int, text: str | None) -> int | None:
    """``""`` -> None; ``"23"`` or Arabic-Indic ``"٢٣"`` -> 23; anything else is refused."""
    text = (text or "").strip()
    if not text:
        return None
    if text.startswith("-") and text[1:].isdecimal():  # a whole number, but below 0: the core says the range
        return -int(text[1:])
    if not text.isdecimal():
        raise InvalidRound(
            "pips_not_whole",
            f"seat {seat}: pips must be a whole number, not {text!r}",
            seat=seat,
            value=text,
            limit=MAX_HAND,
        )
    return int(text)


@dataclass
class Draft:
    """A round being entered: the end, who went out, and per seat a typed total or picked tiles."""

    end: str | None = None
    winner: int | None = None
    pips: list[str] = field(default_factory=lambda: [""] * SEATS)
    tiles: list[list[Tile] | None] = field(default_factory=lambda: [None] * SEATS)
    #: Set once the round is stored, so a second tap on Save cannot store it twice.
    saved: bool = field(default=False, compare=False)

    @classmethod
    def of(cls, rnd: Round) -> Draft:
        """The draft that re-enters a stored round (for editing)."""
        pips = ["" if p is None else str(p) for p in rnd.pips]
        tiles = [None if h is None else list(h) for h in (rnd.tiles or (None,) * SEATS)]
        return cls(rnd.end, rnd.winner, pips, tiles)

    def seats_needed(self) -> tuple[int, ...]:
        """Seats whose pips this kind of round asks for."""
        if self.end == "blocked":
            return tuple(range(SEATS))
        if self.end == "domino" and self.winner is not None:
            return tuple(s for s in range(SEATS) if s not in (self.winner, partner_of(self.winner)))
        return ()

    def total(self, seat: int) -> int | None:
        """A seat's pips: the picked tiles' sum where tiles were picked, else the typed number."""
        hand = self.tiles[seat]
        if hand is not None:
            return hand_pips(hand)
        return parse_pips(seat, self.pips[seat])

    def hand_problem(self, opened_with_double_six: bool = False) -> InvalidRound | None:
        """The first count typed so far that no hand can hold (letters, below 0, over a hand's most).

        Checked one field at a time, as soon as it is typed: "-5" and "70" are refused as
        letters are, without waiting for the other counts the round needs. The limit is
        the core's (``scorekeeper.core.limits.LIMITS``), the same that Save applies.
        """
        limit = (LIMITS_DOUBLE_SIX if opened_with_double_six else LIMITS)["hand"]
        for seat in self.seats_needed():
            if self.tiles[seat] is not None:
                continue  # picked tiles are checked at each tap
            value = parse_pips(seat, self.pips[seat])
            if value is None or 0 <= value <= limit:
                continue
            if value < 0:
                return InvalidRound("pips_negative", f"seat {seat}: below 0", seat=seat, value=value, limit=MAX_HAND)
            if value > MAX_HAND:  # more than any hand: the rules' own refusal, as Save gives it
                return InvalidRound(
                    "pips_over_hand", f"seat {seat}: over {MAX_HAND}", seat=seat, value=value, limit=MAX_HAND
                )
            return InvalidRound("pips_over_hand_66", f"seat {seat}: over {limit}", seat=seat, value=value, limit=limit)
        return None

    def owner(self, tile: Tile) -> int | None:
        """The seat whose picked hand holds ``tile``, if any."""
        for seat, hand in enumerate(self.tiles):
            if hand is not None and tile in hand:
                return seat
        return None

    def toggle_tile(self, seat: int, tile: Tile, opened_with_double_six: bool = False) -> None:
        """Give ``tile`` to ``seat``'s hand, or take it back; refuse what no deal allows.

        A tile is in one hand only, a hand holds seven at most, and the player
        who went out holds none: the core's own check (``check_picked``), run
        at the tap so the scorer sees why at once. In a round that opened with
        the double-six that tile lies on the table: refused at the tap too, not
        only once the hand is done.
        """
        hand = list(self.tiles[seat] or [])
        if tile in hand:
            hand.remove(tile)
            self.tiles[seat] = hand or None  # an emptied hand goes back to its typed total
            return
        if opened_with_double_six and tile == DOUBLE_SIX:
            raise InvalidRound("double_six_picked", "the round opened with the double-six: no hand holds it")
        hands = [list(h) if h is not None else None for h in self.tiles]
        hands[seat] = [*hand, tile]
        check_picked(hands, self.winner if self.end == "domino" else None)  # the core's check, at the tap
        self.tiles[seat] = [*hand, tile]

    def type_total(self, seat: int) -> None:
        """Drop the picked tiles of ``seat``: its typed number counts again."""
        self.tiles[seat] = None

    def to_round(self) -> Round:
        """The core ``Round``; raises ``InvalidRound`` with the first problem."""
        if self.end is None:
            raise InvalidRound("end_unknown", "choose how the round ended", end="None")
        if self.end == "redeal":
            return Round("redeal")
        needed = self.seats_needed() if self.end == "domino" else tuple(range(SEATS))
        pips = tuple(self.total(s) if s in needed else None for s in range(SEATS))
        tiles = tuple(tuple(h) if h is not None and s in needed else None for s, h in enumerate(self.tiles))
        if self.end == "domino" and self.winner is not None:
            pips = tuple(0 if s == self.winner else p for s, p in enumerate(pips))
        rnd = Round(self.end, pips, self.winner, tiles if any(h is not None for h in tiles) else None)
        rnd.result  # noqa: B018 - validate now, so the caller sees InvalidRound here
        return rnd


def lowest_seats(pips: Sequence[int | None]) -> tuple[int, ...]:
    """Seats holding the fewest pips among those entered (for the live blocked preview)."""
    known = [p for p in pips if p is not None]
    if not known:
        return ()
    low = min(known)
    return tuple(s for s, p in enumerate(pips) if p == low)
