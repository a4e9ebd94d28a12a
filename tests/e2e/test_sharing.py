"""Sharing a result from a desktop browser: the match and the evening as text, the score chart as a picture.

A desktop browser has no share sheet, so the screens offer Copy and Download there
(a phone gets its share sheet instead: see tests/ui/test_views.py).
"""

from __future__ import annotations

import struct

import pytest

from scorekeeper.core.match import Round
from scorekeeper.storage import Store
from tests.e2e.harness import SHOTS, loose, open_page, tap_until, text

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def evening(app_server, tmp_path):
    with Store.open(tmp_path / "data") as store:
        match = store.new_match(["Ahmed", "Salem", "Ghanim", "Bilal"], 11, ("Lions", "Eagles"))
        for rnd in (
            Round("blocked", (5, 40, 25, 30)),
            Round("blocked", (30, 10, 25, 40)),
            Round("domino", (12, 0, 14, 0), 3),
        ):
            match = store.add_round(match.id, rnd)
    return app_server(tmp_path / "data"), match


def download(page, button: str):
    with page.expect_download() as started:
        page.get_by_role("button", name=button, exact=True).click()
    return started.value


def test_a_match_downloads_as_text_and_its_chart_as_a_picture(browser, evening):
    server, match = evening
    page = open_page(browser, server.url + f"review/{match.id}", viewport=DESKTOP)
    page.get_by_role("button", name="Download the chart").wait_for()
    picture = download(page, "Download the chart")
    assert picture.suggested_filename.endswith(".png")
    data = picture.path().read_bytes()
    assert data[:8] == PNG
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk: the picture's size
    assert width > 200 and height > 100, (width, height)
    assert (width, height) != (2 * DESKTOP["width"], 2 * DESKTOP["height"])  # cut to the chart, not the page
    assert len(set(data[100:4000])) > 16  # not one flat colour
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "shared-chart.png").write_bytes(data)  # to look at: the picture a chat would get

    lines = download(page, "Download").path().read_text(encoding="utf-8").splitlines()
    assert lines[:3] == [
        "Winner: Eagles!",
        "Lions 9\u00a0–\u2060\u00a011 Eagles",
        "Lions: Ahmed, Ghanim · Eagles: Salem, Bilal",
    ]
    assert lines[3] == "Round 1 · Blocked · lowest: Ahmed · 5 / 40 / 25 / 30 · Lions +9"


def test_an_evening_downloads_as_text_in_the_tables_language(browser, evening):
    server, match = evening
    page = open_page(browser, server.url + f"evening/{match.evening}", viewport=DESKTOP, locale="nl-NL")
    page.get_by_role("button", name="Kopiëren").wait_for()  # a desktop: copy or download, no share sheet
    shared = download(page, "Downloaden").path().read_text(encoding="utf-8")
    assert shared.split("\n\n") == [
        f"Avond van {match.evening}",
        "Gewonnen door Eagles, 11\u00a0–\u2060\u00a09\nAhmed, Salem, Ghanim, Bilal",
    ]


def test_the_winner_screen_copies_the_result_for_a_message(browser, evening):
    server, _ = evening
    page = open_page(browser, server.url, viewport=DESKTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    winner = page.get_by_role("button", name="Winner: Eagles!")
    tap_until(page.get_by_role("button", name=loose("Won by Eagles, 11\u00a0–\u2060\u00a09")), winner)
    copy = page.get_by_role("button", name="Copy", exact=True)
    tap_until(winner, copy)
    copy.click()  # the client copies inside the tap itself (CopyToClipboard), as a browser requires
    text(page, "Copied: paste it in a message.").wait_for()  # the snack bar (its aria-live copy aside)
    copied = ""
    for _ in range(20):  # the browser writes the clipboard asynchronously: read until it holds something
        copied = page.evaluate("() => navigator.clipboard.readText().catch(() => '')")
        if copied:
            break
        page.wait_for_timeout(250)
    assert copied.splitlines()[:2] == ["Winner: Eagles!", "Lions 9\u00a0–\u2060\u00a011 Eagles"]
