"""The phone's way in: `main.py` started as a built app starts it, and the back button.

A built app (`flet build apk`) runs `main.py` with `FLET_APP_STORAGE_DATA`
pointing into the app's private folder, no display and no command line. Its
Flutter shell cannot run here, so the same start is served in web mode (no
display: the app serves, as on any headless machine) and driven in Chromium.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.e2e.harness import AppServer, close_dialog, open_page, text, type_into
from tests.e2e.test_match_flow import PLAYERS, expect_totals, record, type_pips

pytestmark = pytest.mark.e2e
#: What a phone start does not have: a display, our own data setting, a forced web server, a host.
NOT_ON_A_PHONE = ("DISPLAY", "WAYLAND_DISPLAY", "SCOREKEEPER_DATA", "FLET_FORCE_WEB_SERVER", "FLET_SERVER_IP")


class PhoneStart(AppServer):
    """``python main.py`` with only what a built app sets: its storage folder (and, here, a port)."""

    def __init__(self, data: Path, log: Path, home: Path) -> None:
        super().__init__(data, log)
        self.home = home

    def command(self) -> list[str]:
        return [sys.executable, "main.py"]

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in NOT_ON_A_PHONE and k != "FLET_PLATFORM"}
        # the user data folder moves into the test's temp folder, so a write there would be seen
        env.update(HOME=str(self.home), XDG_DATA_HOME=str(self.home / "share"), PYTHONUNBUFFERED="1")
        env.update(FLET_APP_STORAGE_DATA=str(self.data), FLET_SERVER_PORT=str(self.port))
        return env


def set_up(page) -> None:
    page.get_by_role("button", name="New match").click()
    for seat, name in enumerate(PLAYERS):
        type_into(page, page.get_by_role("textbox", name=f"Player {seat + 1}"), name)
    page.get_by_role("button", name="Start match").click()
    page.get_by_role("button", name="Record round").wait_for()


def test_main_py_as_a_phone_starts_it_keeps_a_round_in_the_app_folder(browser, tmp_path):
    storage, home = tmp_path / "app-storage", tmp_path / "home"
    home.mkdir()
    servers = []
    try:
        server = PhoneStart(storage, tmp_path / "phone.log", home).start()
        servers.append(server)
        assert f"serving at http://127.0.0.1:{server.port}/" in (tmp_path / "phone.log").read_text()
        page = open_page(browser, server.url)
        set_up(page)
        record(page, "Domino", winner="Ghanim", pips={"Salem": 23, "Yahya": 14})  # team A +3
        expect_totals(page, 3, 0)
        server.stop()

        kept = sorted(p.name for p in storage.iterdir())
        assert "meta.json" in kept, kept
        evenings = [p for p in storage.rglob("*.json") if p.name != "meta.json"]
        assert any('"Salem"' in p.read_text() for p in evenings), kept  # the round, in the app's own folder
        assert list(home.rglob("*")) == []  # nothing went to the user data folder

        server = PhoneStart(storage, tmp_path / "phone.log", home).start()
        servers.append(server)
        page.context.close()
        page = open_page(browser, server.url)
        page.get_by_role("button", name="Resume match").click()
        expect_totals(page, 3, 0)
        page.get_by_role("button", name="Edit round 1").wait_for()
    finally:
        for s in servers:
            s.stop()


# --- the back button: one screen back, and a form with unsaved input asks first ----------------


def value_of(locator) -> str:
    """What a text field holds: Flutter fills its DOM input only while the field has the focus."""
    locator.click()
    locator.evaluate(
        "el => new Promise(r => { const t0 = Date.now(); (function w() {"
        " if ((document.activeElement === el && el.value) || Date.now() - t0 > 3000) r(); else setTimeout(w, 20);"
        " })(); })"
    )
    return locator.input_value()


def back(page) -> None:
    """The arrow in the title bar: Flutter's own back, as the Android back button pops the view."""
    page.get_by_role("button", name="Back").click()


def test_back_goes_one_screen_at_a_time(browser, app_server):
    page = open_page(browser, app_server().url)
    set_up(page)
    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Blocked", exact=True).wait_for()
    back(page)  # an untouched form goes back at once: no question
    page.get_by_role("button", name="Record round").wait_for()
    assert text(page, "Leave without saving?").count() == 0
    back(page)  # the scoreboard goes home
    page.get_by_role("button", name="Resume match").wait_for()


def test_back_from_a_form_with_input_asks_and_keeps_it(browser, app_server):
    page = open_page(browser, app_server().url)
    set_up(page)
    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Blocked", exact=True).click()
    pips = page.get_by_role("textbox", name="Pips of Salem")
    type_into(page, pips, "30")

    back(page)
    question = text(page, "Leave without saving?")
    question.wait_for()
    close_dialog(page.get_by_role("button", name="Keep editing"), question)
    assert value_of(pips) == "30"  # still on the form, the input kept
    # and the app still has it: with the other three counts the verdict counts Salem's 30,
    # (30 + 6 + 7) // 10 (the preview gives no verdict from a half-filled form)
    type_pips(page, {"Ahmed": 5, "Ghanim": 6, "Yahya": 7})
    page.locator("flt-semantics", has_text="Lowest: Ahmed · Team A +4").first.wait_for()

    page.go_back()  # the browser's Back (a route change) asks too
    question.wait_for()
    close_dialog(page.get_by_role("button", name="Keep editing"), question)
    page.wait_for_url("**/record")  # and the address is the form's again
    assert value_of(pips) == "30"

    page.go_back()  # and leaving that way shows the screen the address names
    question.wait_for()
    page.get_by_role("button", name="Leave", exact=True).click()
    page.get_by_role("button", name="Record round").wait_for()
    page.wait_for_url("**/match")

    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Redeal", exact=True).click()  # a choice is input too
    back(page)
    question.wait_for()
    page.get_by_role("button", name="Leave", exact=True).click()
    page.get_by_role("button", name="Record round").wait_for()
    expect_totals(page, 0, 0)
    assert page.get_by_role("button", name="Edit round 1").count() == 0  # nothing was saved


def test_a_past_round_tapped_under_a_form_with_input_asks_first(browser, app_server):
    """The form opens inside the scoreboard, its log still below: a row tapped there must not drop the input."""
    page = open_page(browser, app_server().url)
    set_up(page)
    record(page, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    expect_totals(page, 7, 0)
    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Blocked", exact=True).click()
    pips = page.get_by_role("textbox", name="Pips of Salem")
    type_into(page, pips, "23")
    page.get_by_role("button", name="Edit round 1").click()
    question = text(page, "Leave without saving?")
    question.wait_for()
    close_dialog(page.get_by_role("button", name="Keep editing"), question)
    assert value_of(pips) == "23"  # still round 2's form, the input kept
    page.get_by_role("button", name="Edit round 1").click()
    question.wait_for()
    page.get_by_role("button", name="Leave", exact=True).click()
    page.get_by_role("button", name="Save changes").wait_for()  # round 1 opened for editing
    assert value_of(page.get_by_role("textbox", name="Pips of Salem")) == "30"


def test_back_from_a_new_match_with_names_asks(browser, app_server):
    page = open_page(browser, app_server().url)
    page.get_by_role("button", name="New match").click()
    type_into(page, page.get_by_role("textbox", name="Player 1"), "Ahmed")
    back(page)
    question = text(page, "Leave without saving?")
    question.wait_for()
    close_dialog(page.get_by_role("button", name="Keep editing"), question)
    assert value_of(page.get_by_role("textbox", name="Player 1")) == "Ahmed"
    back(page)
    page.get_by_role("button", name="Leave", exact=True).click()
    page.get_by_role("button", name="New match").wait_for()
