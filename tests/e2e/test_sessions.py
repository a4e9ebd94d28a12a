"""The shell around the table: a second phone following live, data already open elsewhere."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorekeeper.storage import Store
from tests.e2e.harness import free_port, open_page, shot
from tests.e2e.test_match_flow import expect_totals, record, set_up

pytestmark = pytest.mark.e2e


def test_a_second_phone_follows_the_score_live(browser, app_server):
    server = app_server()
    scorer = open_page(browser, server.url)
    set_up(scorer)
    follower = open_page(browser, server.url)  # its own browser session on the same server
    follower.get_by_role("button", name="Resume match").click()
    expect_totals(follower, 0, 0)
    record(scorer, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    expect_totals(scorer, 7, 0)
    expect_totals(follower, 7, 0)  # pushed, not reloaded


def test_data_already_open_elsewhere_is_said_plainly(tmp_path):
    """A second server on a folder in use says why and exits non-zero; it never serves."""
    data = tmp_path / "shared-data"
    with Store.open(data):  # another instance owns the folder
        out = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--web", "--port", str(free_port()), "--data", str(data)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert out.returncode == 1
    assert "These scores are already open in another window or app" in out.stderr
    assert "serving at" not in out.stdout and "Traceback" not in out.stderr


def test_desktop_size_keeps_a_readable_centred_column(browser, app_server):
    server = app_server()
    page = open_page(browser, server.url, viewport={"width": 1280, "height": 800})
    set_up(page)
    record(page, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    expect_totals(page, 7, 0)
    button = page.get_by_role("button", name="Record round").bounding_box()
    assert button["width"] < 700  # not stretched across the whole window
    assert abs(button["x"] + button["width"] / 2 - 640) < 20  # centred
    shot(page, "desktop")
