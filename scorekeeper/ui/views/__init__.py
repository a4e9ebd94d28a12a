"""One module per screen; ``view_for`` maps a route to its freshly built ``ft.View``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.ui.views import (
    board,
    evening,
    history,
    home,
    record,
    review,
    rules,
    settings,
    setup,
    statistics,
    trouble,
    winner,
)

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view_for(shell: Shell, route: str) -> ft.View:
    if shell.state is None:
        return trouble.view(shell, route)
    parts = route.strip("/").split("/")
    head = parts[0]
    if head == "new":
        return setup.view(shell, route)
    if head == "match" and shell.state.match:
        return board.view(shell, route)
    if head == "record" and shell.state.match and not shell.state.match.finished:
        return record.view(shell, route, None)
    if head == "round" and shell.state.match and len(parts) == 2 and parts[1].isdigit():
        index = int(parts[1]) - 1
        if 0 <= index < len(shell.state.match.rounds):
            return record.view(shell, route, index)
    if head == "winner" and shell.state.match and shell.state.match.finished:
        return winner.view(shell, route)
    if head == "history":
        return history.view(shell, route)
    if head == "stats":
        return statistics.view(shell, route)
    if head == "evening" and len(parts) == 2:
        return evening.view(shell, route, parts[1])
    if head == "review" and len(parts) == 2:
        return review.view(shell, route, parts[1])
    if head == "settings":
        return settings.view(shell, route)
    if head == "rules":
        return rules.view(shell, route)
    return home.view(shell, "/")
