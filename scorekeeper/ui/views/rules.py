"""The house rules, in the user's language, one tap from the scoreboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.limits import LIMITS, LIMITS_DOUBLE_SIX
from scorekeeper.core.line import FEWEST_LAID
from scorekeeper.ui.widgets import screen

if TYPE_CHECKING:
    from scorekeeper.ui.shell import Shell


def view(shell: Shell, route: str) -> ft.View:
    t = shell.open_state.prefs.t
    body: list[ft.Control] = []
    limits = {**LIMITS, **{f"{name}66": value for name, value in LIMITS_DOUBLE_SIX.items()}}
    line = t("rules.line", laid=FEWEST_LAID["after_domino"], **limits)
    text = "\n\n".join((t("rules.body"), t("rules.readings"), t("rules.limits", **limits), line))
    for block in text.split("\n\n"):
        title, *lines = block.split("\n")
        body.append(ft.Text(title, size=18, weight=ft.FontWeight.BOLD))
        body.extend(ft.Text(line, size=16, selectable=True) for line in lines)
    return screen(route, t("rules.title"), body)
