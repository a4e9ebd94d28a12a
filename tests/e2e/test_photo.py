"""Counting a hand's pips from a photo, in the real app in Chromium: pick, read, fix by a tap, use, save."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.photo import read_tiles
from scorekeeper.storage import Store
from tests.e2e.harness import open_page, shot, text, type_into
from tests.e2e.test_match_flow import PLAYERS, expect_totals

pytestmark = pytest.mark.e2e

PHOTO = Path(__file__).resolve().parents[1] / "photo" / "fixtures" / "one-four-blue-gold.jpg"
SHOWN = 300  # scorekeeper.photo.screen.SHOWN: the photo's shown width


def free_corner_of_the_one_half(reading) -> tuple[float, float]:
    """A point on the tile's 1-half, near a corner, far from its only pip (in photo pixels)."""
    tile = reading.found[0]
    ends = (tile.outline[0], tile.outline[1]) if tile.a == 1 else (tile.outline[2], tile.outline[3])
    cx, cy = tile.center
    x, y = 0.75 * ends[0][0] + 0.25 * cx, 0.75 * ends[0][1] + 0.25 * cy
    return x, y


def test_pips_counted_from_a_photo_fixed_by_a_tap_and_saved(browser, app_server):
    reading = read_tiles(PHOTO.read_bytes())
    assert sorted(reading.tiles[0]) == [1, 4]
    server = app_server()
    page = open_page(browser, server.url)
    page.get_by_role("button", name="New match").click()  # as set_up(), without its new-match picture
    for seat, name in enumerate(PLAYERS):
        type_into(page, page.get_by_role("textbox", name=f"Player {seat + 1}"), name)
    page.get_by_role("button", name="Start match").click()
    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Domino", exact=True).click()
    page.get_by_role("button", name="Ghanim", exact=True).click()

    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Count from a photo: Salem", exact=True).click()
    chooser.value.set_files(PHOTO)
    text(page, "5 pips").wait_for()
    text(page, "1-4").or_(text(page, "4-1")).wait_for()

    # a pip the camera "missed": tap an empty place on the 1-half; the total follows
    picture = page.get_by_role("img", name="Pips of Salem from the photo")
    box = picture.bounding_box()
    assert box is not None
    scale = box["width"] / reading.width
    x, y = free_corner_of_the_one_half(reading)
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
    text(page, "6 pips").wait_for()
    text(page, "2-4").or_(text(page, "4-2")).wait_for()
    shot(page, "photo-reading")

    page.get_by_role("button", name="Use", exact=True).click()
    text(page, "6 pips").wait_for(state="hidden")
    page.get_by_role("button", name="Type total").wait_for()  # every tile was read: the hand holds the 4-2 now
    type_into(page, page.get_by_role("textbox", name="Pips of Yahya"), "5")
    text(page, "Team A +1").wait_for()  # (6 + 5) // 10
    page.get_by_role("button", name="Save round").click()
    expect_totals(page, 1, 0)

    server.stop()
    with Store.open(server.data) as store:
        rnd = store.current_match().rounds[0]
    assert rnd.pips == (None, 6, 0, 5)
    assert rnd.tiles is not None and rnd.tiles[1] == ((4, 2),)
