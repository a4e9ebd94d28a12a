"""The screens one session keeps between renders and changes in place, instead of building them anew.

Each is made and read by its own view (``views/board.py``, ``views/watch.py``
say why it is kept); the shell only hands the holder to them, so a demoted
scorer can hold both without one view mistaking the other's for its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.ui.views.board import Board
    from scorekeeper.ui.views.watch import WatchBoard


@dataclass
class Kept:
    """One session's kept screens: the open match's scoreboard, and a viewer's table board."""

    scoreboard: Board | None = None
    table_board: WatchBoard | None = None
