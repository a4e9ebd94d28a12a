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


def walk(control: ft.BaseControl) -> list[ft.BaseControl]:
    """``control`` and every control under it (any field holding a control or a list of them), depth first."""
    found = [control]
    for name in getattr(control, "__dataclass_fields__", {}):
        if name.startswith("_") or name == "parent":
            continue
        child = getattr(control, name, None)
        for part in child if isinstance(child, list) else [child]:
            if isinstance(part, ft.BaseControl):
                found += walk(part)
    return found


def buttons(control: ft.BaseControl) -> dict[str, ft.BaseControl]:
    """The buttons under ``control`` by their words (a button's content text)."""
    found = {}
    for part in walk(control):
        if isinstance(part, ft.Button | ft.OutlinedButton | ft.FilledButton | ft.TextButton):
            words = part.content.value if isinstance(part.content, ft.Text) else part.content
            found[str(words)] = part
    return found
