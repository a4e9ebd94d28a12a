"""What a phone says when the table's server goes away and comes back, and when its score link is old.

Flet's own client shows a blank "Working..." while its websocket is down; the
app's banner (scorekeeper/ui/connection.js, put into the page by the guard)
says it in the table's language instead, and says when the table is back.
"""

from __future__ import annotations

import pytest

from tests.e2e.harness import AppServer, open_page, shows_line, text
from tests.e2e.test_match_flow import expect_totals, set_up
from tests.e2e.test_tiles_and_languages import open_settings

pytestmark = pytest.mark.e2e
LOST_NL = "De computer van de scorer is niet bereikbaar. We proberen het opnieuw…"
BACK_NL = "Weer verbonden."
OLD_LINK = "This score link is no longer valid: you can watch the table. Ask the scorer for the new link."


def test_a_phone_says_in_the_tables_language_when_the_server_is_gone_and_when_it_is_back(browser, app_server, tmp_path):
    server = app_server()
    phone = open_page(browser, server.url)
    open_settings(phone)
    phone.get_by_role("button", name="Nederlands", exact=True).click()  # the table speaks Dutch from now on
    shows_line(phone, "Instellingen")
    server.stop()  # the laptop went to sleep
    banner = phone.locator("#scorekeeper-connection")
    phone.locator("#scorekeeper-connection[data-state=lost]").wait_for(timeout=30_000)
    assert banner.inner_text() == LOST_NL
    assert banner.get_attribute("role") == "status"
    again = AppServer(server.data, tmp_path / "again.log")
    again.port, again.url = server.port, server.url  # the same address the phone keeps trying
    again.start()
    try:
        phone.locator("#scorekeeper-connection[data-state=back]").wait_for(timeout=60_000)
        assert banner.inner_text() == BACK_NL
        banner.wait_for(state="hidden", timeout=30_000)  # and then it makes way for the table
        shows_line(phone, "Instellingen", timeout=60_000)  # the app itself is back, where the phone was
    finally:
        again.stop()


def test_an_old_score_link_is_told_on_the_board_until_the_phone_dismisses_it(browser, app_server):
    server = app_server()
    phone = open_page(browser, server.url + "score/an-old-secret")
    notice = text(phone, OLD_LINK)
    notice.wait_for()
    scorer = open_page(browser, server.url)
    set_up(scorer)  # the table changes meanwhile: the board is redrawn, the notice stays
    expect_totals(phone, 0, 0)
    phone.wait_for_timeout(5_000)  # longer than any passing message lasts
    assert notice.is_visible()
    phone.get_by_role("button", name="Got it").click()
    notice.wait_for(state="hidden")
    expect_totals(phone, 0, 0)  # still the board, without the notice
