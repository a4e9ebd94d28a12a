"""What the screen on display declares about itself while it is shown, for the shell to ask.

A view sets these while it is built (a form: whether it holds input not saved
yet; the record form: what to do when another phone changed the match); the
shell clears them before it builds the next screen, so a hook never outlives
its screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class OnScreen:
    """The hooks of the screen on display (none for a screen that declares nothing)."""

    #: A form: does it hold input not saved yet? Back, a link and the browser's Back ask first then.
    unsaved: Callable[[], bool] | None = None
    #: A record form: another phone changed the match; the form stays as typed and says what changed.
    heard: Callable[[], None] | None = None

    def clear(self) -> None:
        self.unsaved = self.heard = None

    def holds_input(self) -> bool:
        """Whether leaving this screen now would drop input the scorer has not saved."""
        return self.unsaved is not None and self.unsaved()
