"""One session's state: the shared store seen through the scorer's language, in parts named for their jobs.

The views read these parts and call their methods; nothing here imports Flet,
so tests drive a whole evening without a page. The parts are the one way the
UI changes data: every write checks that this session may write, runs under
the process-wide write lock, and then tells the other sessions
(``WriteAccess``).
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.session.access import WriteAccess
from scorekeeper.session.archive import Archive
from scorekeeper.session.preferences import Preferences
from scorekeeper.session.reads import Reads
from scorekeeper.session.scoring import Scoring
from scorekeeper.storage import Store


class TableState:
    """One session, composed of its parts:

    * ``access``: whether it may write now (a viewer never; a phone that joined with a
      score link until that link is revoked), and the door every change goes through;
    * ``prefs``: the settings and the language they choose (``prefs.t``);
    * ``reads``: the kept matches and evenings, read-only;
    * ``scoring``: the open match and every change to its rounds;
    * ``archive``: deleting, importing, restoring a backup.
    """

    def __init__(
        self,
        store: Store,
        device_language: str | None = None,
        on_change: Callable[[], None] | None = None,
        *,
        may_write: Callable[[], bool] | None = None,
    ) -> None:
        self.access = WriteAccess(may_write, on_change)
        self.prefs = Preferences(store, self.access, device_language)
        self.reads: Reads = store
        self.scoring = Scoring(store, self.access, self.prefs)
        self.archive = Archive(store, self.access, self.scoring, restored=self.hear)

    def hear(self) -> None:
        """Data changed under this session (another session, a restore): pick up the settings and the match again."""
        self.prefs.apply()
        self.scoring.reload()
