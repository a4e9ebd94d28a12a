"""Two scorer phones and one new round, in a real browser: the late one is told, asked, and saves only if it says so.

Both pages come from 127.0.0.1, which the app treats as the scorer's own
machine: two scorers, as with two score links.
"""

from __future__ import annotations

import pytest

from tests.e2e.harness import open_page, text
from tests.e2e.test_match_flow import expect_totals, record, set_up

pytestmark = pytest.mark.e2e


def test_a_round_saved_on_another_phone_is_announced_and_the_late_save_asks_first(browser, app_server):
    server = app_server()
    a = open_page(browser, server.url)
    set_up(a)
    b = open_page(browser, server.url)
    b.get_by_role("button", name="Resume match").click()
    expect_totals(b, 0, 0)

    record(a, "Blocked", pips={"Ahmed": 5, "Salem": 6, "Ghanim": 7, "Yahya": 8}, save=False)  # A fills round 1
    record(b, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})  # B saves its round 1
    expect_totals(b, 7, 0)

    notice = "Round 1 was just saved on another phone: Team A +7."
    text(a, notice).wait_for()  # A's open form says so at once, its input kept
    text(a, "Lowest: Ahmed · Team A +2").wait_for()
    a.get_by_role("button", name="Save round").click()
    text(a, "Save this round as round 2?").wait_for()
    text(a, notice).wait_for()  # the question says why (the form under it is behind the modal barrier)
    b.get_by_role("button", name="Edit round 1").wait_for()
    assert b.get_by_role("button", name="Edit round 2").count() == 0  # nothing saved before A answers

    a.get_by_role("button", name="Save as round 2").click()
    expect_totals(a, 9, 0)  # B's +7, then A's +2
    expect_totals(b, 9, 0)
    b.get_by_role("button", name="Edit round 2").wait_for()
    b.get_by_text("Blocked · lowest: Ahmed · 5 / 6 / 7 / 8 · Team A +2").wait_for()
    b.get_by_text("Blocked · lowest: Ahmed · 12 / 30 / 25 / 18 · Team A +7").wait_for()  # B's round stays round 1


def test_not_yet_keeps_the_form_and_its_input(browser, app_server):
    server = app_server()
    a = open_page(browser, server.url)
    set_up(a)
    b = open_page(browser, server.url)
    b.get_by_role("button", name="Resume match").click()
    record(a, "Blocked", pips={"Ahmed": 5, "Salem": 6, "Ghanim": 7, "Yahya": 8}, save=False)
    record(b, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    text(a, "Round 1 was just saved on another phone: Team A +7.").wait_for()
    a.get_by_role("button", name="Save round").click()
    a.get_by_role("button", name="Not yet").click()
    a.get_by_role("button", name="Not yet").wait_for(state="detached")
    text(a, "Lowest: Ahmed · Team A +2").wait_for()  # the form, as typed: its live score from the four counts
    a.get_by_role("button", name="Save round").wait_for()
    expect_totals(b, 7, 0)
    assert b.get_by_role("button", name="Edit round 2").count() == 0
