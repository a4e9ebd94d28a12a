"""The look: one bundled font for Latin and Arabic, one colour per team, big targets."""

from __future__ import annotations

from pathlib import Path

import flet as ft

import scorekeeper

FONT = "ScorekeeperSans"
FONTS = {FONT: "fonts/ScorekeeperSans-Regular.ttf"}
SEED = "#00695C"  # the green of a domino table
TEAM_COLORS = {"A": "#1565C0", "B": "#D84315"}  # blue and deep orange: apart for colour-blind eyes too
TOUCH = 56  # px: a comfortable thumb target for a phone passed across a table


def assets_dir() -> Path:
    """``assets/`` inside an installed wheel, else the repository's top-level folder."""
    packaged = Path(scorekeeper.__file__).resolve().parent / "assets"
    if packaged.is_dir():
        return packaged
    return Path(scorekeeper.__file__).resolve().parent.parent / "assets"


def apply(page: ft.Page, theme: str) -> None:
    """Fonts and colours for light and dark alike; ``theme`` is system, light or dark."""
    page.fonts = dict(FONTS)
    # Screens change at once: after "Save" the new total must show without a slide animation in between.
    still = ft.PageTransitionTheme.NONE
    transitions = ft.PageTransitionsTheme(android=still, ios=still, linux=still, macos=still, windows=still)
    page.theme = ft.Theme(font_family=FONT, color_scheme_seed=SEED, page_transitions=transitions)
    page.dark_theme = ft.Theme(font_family=FONT, color_scheme_seed=SEED, page_transitions=transitions)
    page.theme_mode = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(theme, ft.ThemeMode.SYSTEM)
