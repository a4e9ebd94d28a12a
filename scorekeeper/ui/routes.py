"""Every route of the app in one place: what each shows, where "back" leads, and what is not a route.

A route is parsed before anything reads it: an evening must be a date and a
match or round id short text, so no route, however long or odd, reaches a
file name or ends a session; anything else shows "not found".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.checks import is_evening, is_match_id
from scorekeeper.core.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell

#: Where "back" leads from each screen (the rest go home).
PARENT = {
    "/record": "/match",
    "/round": "/match",
    "/winner": "/match",
    "/evening": "/history",
    "/stats": "/history",
    "/review": "/history",
}
MAX_ROUTE = 160
PLAIN = ("new", "match", "record", "winner", "history", "stats", "settings", "rules", "share")


def split(route: str) -> tuple[str, str | None] | None:
    """``(head, argument)`` of a known route, or None for one that is not (too long, unknown, malformed)."""
    if len(route) > MAX_ROUTE:
        return None
    parts = route.strip("/").split("/")
    head = parts[0]
    if head == "" and len(parts) == 1:
        return "", None
    if head in PLAIN and len(parts) == 1:
        return head, None
    if len(parts) == 2 and (
        (head == "evening" and is_evening(parts[1])) or (head in ("review", "round") and is_match_id(parts[1]))
    ):
        return head, parts[1]
    return None


def view_for(shell: Shell, route: str) -> ft.View:
    """The screen for ``route``, freshly built; home when the route's match is gone, "not found" when unknown."""
    from scorekeeper.ui.views import (
        board,
        evening,
        history,
        home,
        missing,
        record,
        review,
        rules,
        settings,
        setup,
        share,
        statistics,
        trouble,
        winner,
    )

    if shell.state is None:
        return trouble.view(shell, route)
    parsed = split(route)
    if parsed is None:
        return missing.view(shell, route)
    head, arg = parsed
    state = shell.state
    match = state.scoring.match
    if head == "new":
        return setup.view(shell, route)
    if head == "match" and match:
        return board.view(shell, route)
    if head == "record" and match and not match.finished:
        return record.view(shell, route, None)
    if head == "round" and match and arg and state.scoring.round_index(arg) is not None:
        return record.view(shell, route, arg)
    if head == "winner" and match and match.finished:
        return winner.view(shell, route)
    if head == "history":
        return history.view(shell, route)
    if head == "stats":
        return statistics.view(shell, route)
    if head == "evening" and arg:
        return evening.view(shell, route, arg)
    if head == "review" and arg:
        try:
            return review.view(shell, route, arg)
        except ScorekeeperError:
            return missing.view(shell, route)
    if head == "settings":
        return settings.view(shell, route)
    if head == "rules":
        return rules.view(shell, route)
    if head == "share":
        return share.view(shell, route)
    return home.view(shell, "/")


def parent(shell: Shell, route: str) -> str:
    """Where "back" leads from ``route``: from a match to its evening, else by ``PARENT``."""
    parsed = split(route)
    if parsed is None:
        return "/"
    head, arg = parsed
    if head == "review" and arg and shell.state is not None:
        try:
            return f"/evening/{shell.state.reads.match(arg).evening}"
        except ScorekeeperError:
            pass
    return PARENT.get("/" + head, "/")
