"""Every text/background pair of both themes meets WCAG AA, computed from the theme's own colours."""

from __future__ import annotations

import pytest

from scorekeeper.ui.theme import DARK, LIGHT, PAIRS, Palette

AA, AA_LARGE = 4.5, 3.0


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of ``#RRGGBB``."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_formula_matches_known_ratios():
    assert contrast("#FFFFFF", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # famously just under AA


def pairs(p: Palette) -> list[tuple[str, str, str, float]]:
    """(what, text colour, background colour, ratio needed) for everything the screens draw."""
    found = [(f"{fg} on {bg}", getattr(p, fg), getattr(p, bg), AA_LARGE if large else AA) for fg, bg, large in PAIRS]
    for team, colour in p.team.items():
        found.append((f"team {team} on surface", colour, p.surface, AA))
        found.append((f"team {team} on dialog", colour, p.dialog, AA))
        found.append((f"text on team {team} fill", p.on_team, colour, AA))
    return found


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_every_text_meets_wcag_aa(palette):
    failing = [(what, round(contrast(fg, bg), 2)) for what, fg, bg, need in pairs(palette) if contrast(fg, bg) < need]
    assert not failing, failing


def test_the_issue_s_pairs_are_among_those_checked():
    """Dark text on the orange winner button, and team A's blue on black, were the reported failures."""
    whats = {what for what, *_ in pairs(DARK)}
    assert {"text on team B fill", "team A on surface"} <= whats


@pytest.mark.parametrize("palette", [LIGHT, DARK], ids=["light", "dark"])
def test_the_photo_dialog_s_total_is_drawn_in_the_theme_s_team_colour(tmp_path, palette):
    """The total read from a photo (large, on the dialog) was the light theme's orange even in the dark one: 2.6:1."""
    from pathlib import Path
    from types import SimpleNamespace

    from scorekeeper.photo import read_tiles
    from scorekeeper.photo.screen import PhotoDialog
    from scorekeeper.session.state import TableState
    from scorekeeper.storage import Store

    photo = Path(__file__).resolve().parents[1] / "photo" / "fixtures" / "one-four-blue-gold.jpg"
    with Store.open(tmp_path / "data") as store:
        state = TableState(store, "en-US")
        state.scoring.start(["Ahmed", "Salem", "Ghanim", "Yahya"], ["", ""], 11)
        form = SimpleNamespace(
            shell=SimpleNamespace(page=None, look=SimpleNamespace(palette=palette)), t=state.prefs.t, state=state
        )
        dialog = PhotoDialog(form, 1, read_tiles(photo.read_bytes()), None)  # seat 1: team B
        assert dialog.total.color == palette.team["B"]
        assert contrast(dialog.total.color, palette.dialog) >= AA_LARGE
