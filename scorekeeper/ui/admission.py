"""How one session was let in to the shared table, what its board says about that, and revoking the score link.

The role comes from the connection the guard saw (``Table.admit``), once, when
the session starts; the permission it carries is asked again at every change,
so revoking the score link turns the phones that joined with it into viewers
at once. The note (an i18n key) stays on the viewer's board until the phone
dismisses it.
"""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.session.state import TableState
from scorekeeper.session.table import Access, Table


class Admission:
    """One session's way in: the process's ``Table``, how this phone joined, and its board's note."""

    def __init__(self, table: Table, state: Callable[[], TableState | None], tell_others: Callable[[], None]) -> None:
        self.table = table
        self.state = state  # the open data (None without a store): its access is what revoking changes
        self.tell_others = tell_others
        self.access: Access | None = None  # set when the session starts, from its connection
        #: What the viewer's board tells this phone until it is dismissed (an i18n key): an old score link.
        self.notice: str | None = None

    def admit(self, peer: str | None, route: str | None) -> Access:
        """Decide this session's role from its peer address and the route it opened."""
        self.access = access = self.table.admit(peer, route)
        self.notice = access.note
        return access

    @property
    def by_link(self) -> bool:
        """Joined with the score link (rather than on the server's own machine)."""
        return self.access is not None and self.access.by_link

    def revoke_score_link(self) -> bool:
        """A new score link; phones that joined with the old one become viewers at once."""
        state = self.state()
        if not state or not state.access.allowed():
            return False
        keep = self.table.revoke()
        if self.by_link:  # the phone that revoked keeps scoring, on the new link
            state.access.may_write = keep
        self.tell_others()
        return True
