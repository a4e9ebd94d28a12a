"""The look: one bundled font for Latin and Arabic, one colour per team, big targets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import flet as ft

import scorekeeper

FONT = "ScorekeeperSans"
FONTS = {FONT: "fonts/ScorekeeperSans-Regular.ttf"}
SEED = "#00695C"  # the green of a domino table
TEAM_COLORS = {"A": "#1565C0", "B": "#BF360C"}  # blue and deep orange: apart for colour-blind eyes too
TOUCH = 56  # px: a comfortable thumb target for a phone passed across a table
BAR_ICON = 48  # px: an app bar's icon button, Material's minimum target, leaving the title its room


@dataclass(frozen=True)
class Palette:
    """Every colour text is drawn in, and every colour it is drawn on, for one brightness.

    Written out rather than derived from the seed at run time, so a unit test can
    check each text/background pair against WCAG AA (``PAIRS``).
    """

    surface: str
    on_surface: str
    on_surface_variant: str
    dialog: str  # dialogs' background (surface_container_high)
    primary: str  # filled buttons; also the text of outlined and text buttons
    on_primary: str
    secondary_container: str  # the "who starts" note
    on_secondary_container: str
    error: str  # error lines on the surface; the delete button's fill
    on_error: str
    error_container: str  # an error's snack bar
    on_error_container: str
    inverse_surface: str  # any other snack bar
    on_inverse_surface: str
    outline: str
    team: dict[str, str]  # team names and totals on the surface, and fills (winner buttons, round numbers)
    on_team: str  # text on a team fill
    neutral: str  # the fill of a round that scored for nobody
    on_neutral: str

    def scheme(self) -> ft.ColorScheme:
        return ft.ColorScheme(
            primary=self.primary,
            on_primary=self.on_primary,
            surface=self.surface,
            on_surface=self.on_surface,
            on_surface_variant=self.on_surface_variant,
            surface_container_high=self.dialog,
            secondary_container=self.secondary_container,
            on_secondary_container=self.on_secondary_container,
            error=self.error,
            on_error=self.on_error,
            error_container=self.error_container,
            on_error_container=self.on_error_container,
            inverse_surface=self.inverse_surface,
            on_inverse_surface=self.on_inverse_surface,
            outline=self.outline,
        )


LIGHT = Palette(
    surface="#F5FAF8",
    on_surface="#161D1B",
    on_surface_variant="#3F4946",
    dialog="#E4E9E7",
    primary="#00695C",
    on_primary="#FFFFFF",
    secondary_container="#CCE8E2",
    on_secondary_container="#05201C",
    error="#B3261E",
    on_error="#FFFFFF",
    error_container="#F9DEDC",
    on_error_container="#410E0B",
    inverse_surface="#2B3230",
    on_inverse_surface="#ECF2EF",
    outline="#6F7976",
    team=dict(TEAM_COLORS),
    on_team="#FFFFFF",
    neutral="#5B6562",
    on_neutral="#FFFFFF",
)
DARK = Palette(
    surface="#0F1513",
    on_surface="#DEE4E1",
    on_surface_variant="#BEC9C5",
    dialog="#252B29",
    primary="#80CBC4",
    on_primary="#00201C",
    secondary_container="#334B47",
    on_secondary_container="#CCE8E2",
    error="#F2B8B5",
    on_error="#601410",
    error_container="#8C1D18",
    on_error_container="#F9DEDC",
    inverse_surface="#DEE4E1",
    on_inverse_surface="#2B3230",
    outline="#899390",
    team={"A": "#90CAF9", "B": "#FFAB91"},
    on_team="#1B1B1B",
    neutral="#BEC9C5",
    on_neutral="#1B1B1B",
)
#: (text, background, large text only) pairs the screens draw, by the palette's field names;
#: a team's colour as text is also drawn on the surface.
PAIRS: tuple[tuple[str, str, bool], ...] = (
    ("on_surface", "surface", False),
    ("on_surface_variant", "surface", False),
    ("on_surface", "dialog", False),
    ("primary", "dialog", False),
    ("primary", "surface", False),
    ("on_primary", "primary", False),
    ("on_secondary_container", "secondary_container", False),
    ("error", "surface", False),
    ("on_error", "error", False),
    ("on_error_container", "error_container", False),
    ("on_inverse_surface", "inverse_surface", False),
    ("on_neutral", "neutral", False),
)


def palette(dark: bool) -> Palette:
    return DARK if dark else LIGHT


def assets_dir() -> Path:
    """``assets/`` inside an installed wheel, else the repository's top-level folder."""
    packaged = Path(scorekeeper.__file__).resolve().parent / "assets"
    if packaged.is_dir():
        return packaged
    return Path(scorekeeper.__file__).resolve().parent.parent / "assets"


def is_dark(page: ft.Page, theme: str) -> bool:
    """Whether the screen is dark: the setting, or with "system" the device's own brightness."""
    if theme in ("light", "dark"):
        return theme == "dark"
    return page.platform_brightness == ft.Brightness.DARK


def apply(page: ft.Page, theme: str) -> None:
    """Fonts and colours for light and dark alike; ``theme`` is system, light or dark."""
    page.fonts = dict(FONTS)
    page.theme, page.dark_theme = THEMES
    page.theme_mode = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(theme, ft.ThemeMode.SYSTEM)


def _themes() -> tuple[ft.Theme, ft.Theme]:
    """The light and dark themes, built once and given to every page: they never change, and a
    server's every session (fifty viewers) would otherwise hold its own copies of both."""
    # Screens change at once: after "Save" the new total must show without a slide animation in between.
    still = ft.PageTransitionTheme.NONE
    transitions = ft.PageTransitionsTheme(android=still, ios=still, linux=still, macos=still, windows=still)
    # A phone's density everywhere (a desktop browser gets a compact one), and icon buttons such as
    # the app bar's Back of 48 px, not 40: 24 px of icon and 12 of padding round it.
    density = ft.VisualDensity.STANDARD
    icons = ft.IconButtonTheme(style=ft.ButtonStyle(padding=ft.Padding.all(12)))
    light, dark = (
        ft.Theme(
            font_family=FONT,
            color_scheme_seed=SEED,
            color_scheme=colours.scheme(),
            page_transitions=transitions,
            visual_density=density,
            icon_button_theme=icons,
        )
        for colours in (LIGHT, DARK)
    )
    return light, dark


THEMES = _themes()
