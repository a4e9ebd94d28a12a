"""The tile picker on a 360 px phone: thumb-wide tiles, the double-six on the table, picked tiles named."""

from __future__ import annotations

import pytest

from scorekeeper.core.tiles import SET, Tile
from scorekeeper.storage import Store
from tests.e2e.harness import PHONE, close_dialog, open_page, shot, tap_until, text

pytestmark = pytest.mark.e2e

ON_TABLE = "6-6, on the table: this round opened with it"


def test_the_picker_fits_a_phone_and_lays_the_double_six_on_the_table(browser, app_server, tmp_path):
    with Store.open(tmp_path / "data") as store:
        store.new_match(["Ahmed", "Salem", "Ghanim", "Yahya"], 11)  # its first round opens with the 6-6
    page = open_page(browser, app_server(tmp_path / "data").url)
    record = page.get_by_role("button", name="Record round")
    tap_until(page.get_by_role("button", name="Resume match"), record)
    blocked = page.get_by_role("button", name="Blocked", exact=True)
    tap_until(record, blocked)
    blocked.click()
    tap_until(page.get_by_role("button", name="Pick tiles: Ahmed"), text(page, "0 tiles · 0 pips"))

    tiles = [page.get_by_role("button", name=str(tile), exact=True) for tile in SET if tile != Tile(6, 6)]
    tiles[-1].wait_for()
    for tile in tiles:  # every tile a thumb wide and whole on the phone's screen (they were 39 px)
        tile.scroll_into_view_if_needed()
        box = tile.bounding_box()
        assert box["width"] >= 48 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    shot(page, "phone-tile-picker")

    # the 6-6 lies on the table: said so, and a tap picks nothing (it was accepted, then refused after Done)
    double = page.locator(f'flt-semantics[aria-label="{ON_TABLE}"]').or_(text(page, ON_TABLE))
    double.first.click()
    page.get_by_role("button", name="6-5", exact=True).click()
    text(page, "1 tile · 11 pips").wait_for()
    assert page.get_by_role("button", name="6-6", exact=True).count() == 0
    close_dialog(page.get_by_role("button", name="Done"), text(page, "1 tile · 11 pips"))
    page.get_by_role("button", name="Tiles of Ahmed: 6-5").wait_for()  # the chips under the count, named
    assert "lies on the table" not in page.evaluate("document.querySelector('flt-semantics-host').innerText")
