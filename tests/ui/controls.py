"""Reading a built Flet control tree in the UI tests, without a page."""

from __future__ import annotations

import flet as ft


def texts(control: ft.Control) -> list[str]:
    """Every visible Text value inside ``control``, depth first."""
    if not control.visible:
        return []
    found = [str(control.value)] if isinstance(control, ft.Text) else []
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for part in child if isinstance(child, list) else [child]:
            if isinstance(part, ft.Control):
                found += texts(part)
    return found
