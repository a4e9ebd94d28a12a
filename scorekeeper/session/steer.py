"""Where the keyboard goes next on the record form, until it is there.

One-handed at the table the keyboard should walk from count to count by itself:
the form's first count takes it when the counts appear, and the keyboard's
action key moves it on to the next. Both are only requests to the phone, and a
busy phone can drop one (the first count's autofocus is skipped when a tapped
button still holds the focus), undo one (Flutter lets go of the count just
ended after the move and takes the keyboard back there) or take it away again
(the "Blocked" button just tapped, its focus from the screen-reader layer
arriving after the count took the keyboard: seen in the end-to-end tests, the
count focused, then blurred 0.1 s later, no field focused). So a move is kept
here, with Flet out of it, until the player typed, and for a few seconds the
form asks again (a bounded number of times) whenever the keyboard is not, or no
longer, at the target. A player's own choice of another field or button wins.
"""

from __future__ import annotations

from dataclasses import dataclass

RETRIES = 3  # times a move is asked for again: enough for a busy phone, never a fight with the player
WAIT = 1.0  # seconds a requested move may take before it is asked for again
WATCH = 5  # checks, WAIT apart, that a move is still where it went; after them it is left to the player


@dataclass
class Move:
    """One move of the keyboard: to ``target``, from the count ``ended`` (None: the form's first count)."""

    target: int
    ended: int | None
    left: int = RETRIES
    arrived: bool = False


class Steer:
    """The move under way, if any, and the events that end it or ask for it again."""

    def __init__(self) -> None:
        self.move: Move | None = None

    def start(self, target: int, ended: int | None = None) -> Move:
        """A new move replaces any earlier one."""
        self.move = Move(target, ended)
        return self.move

    def stop(self) -> None:
        """The form was laid out anew, saved or left: no move outlives its fields."""
        self.move = None

    def typed(self, seat: int) -> None:
        """Typing ends the move: the keyboard is where the player wants it.

        Not a late change of the count just ended (a plain handler runs on a worker
        thread, so its change can come after the action key's move).
        """
        if self.move is not None and seat != self.move.ended:
            self.move = None

    def blurred(self, seat: int) -> None:
        """The target let go of the keyboard before any typing: no longer there (asked again in time)."""
        if self.move is not None and seat == self.move.target:
            self.move.arrived = False

    def focused(self, seat: int) -> bool:
        """A field took the keyboard; True when the move's target must be asked for again."""
        move = self.move
        if move is None:
            return False
        if seat == move.target:
            move.arrived = True  # wait for typing: the count just ended may still take it back
            return False
        if seat == move.ended and move.left > 0:  # taken back by the count just ended
            move.left -= 1
            move.arrived = False
            return True
        self.move = None  # another field: the player chose it
        return False

    def overdue(self, move: Move) -> bool:
        """``WAIT`` after asking: True when ``move`` is still on, is not (or no longer) there, and may ask again."""
        if move is not self.move or move.arrived:
            return False
        if move.left <= 0:
            self.move = None
            return False
        move.left -= 1
        return True
