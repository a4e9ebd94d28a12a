"""The shared table in a real browser: live read-only boards, two phones racing, score links, the front door.

Every session here comes from 127.0.0.1, which the app treats as the
scorer's own machine. Viewers join the honest way a phone does: with the
watch link. The score-link test starts the server with ``--no-local-scorer``
(as behind a reverse proxy), so that only the secret in the link, not the
address, can make a session a scorer.
"""

from __future__ import annotations

import re
import socket
from urllib.parse import urlsplit

import pytest

from tests.e2e.harness import open_page, open_round, shot, shows_line, text
from tests.e2e.test_match_flow import expect_totals, record, set_up

pytestmark = pytest.mark.e2e
LANDSCAPE = {"width": 740, "height": 360}
OLD_LINK = "This score link is no longer valid: you can watch the table. Ask the scorer for the new link."


def data_controls(page) -> int:
    """Buttons, fields and switches a person could use to change something (closing a notice changes nothing)."""
    controls = sum(page.get_by_role(role).count() for role in ("button", "textbox", "checkbox", "radio", "slider"))
    return controls - page.get_by_role("button", name="Got it", exact=True).count()


def test_a_viewer_sees_each_round_live_and_has_nothing_to_change_it_with(browser, app_server):
    server = app_server()
    scorer = open_page(browser, server.url)
    set_up(scorer)
    board = open_page(browser, server.url + "watch")
    expect_totals(board, 0, 0)
    text(board, "Play to 11").wait_for()
    record(scorer, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    expect_totals(scorer, 7, 0)
    expect_totals(board, 7, 0)  # pushed to the board, not reloaded
    board.get_by_text("Round 1 · Blocked · lowest: Ahmed · 12 / 30 / 25 / 18 · Team A +7").wait_for()
    text(board, "Next round: the holder of the double-six starts with it.").wait_for()
    assert data_controls(board) == 0
    shot(board, "board-portrait")
    board.set_viewport_size(LANDSCAPE)
    expect_totals(board, 7, 0)
    shot(board, "board-landscape")
    scorer.get_by_role("button", name="Undo last round").click()
    scorer.get_by_role("button", name="Take back").click()
    expect_totals(board, 0, 0)  # an undo reaches the board too
    assert data_controls(board) == 0


def test_two_phones_racing_for_a_round_the_late_one_is_refused_and_the_round_intact(browser, app_server):
    server = app_server()
    a = open_page(browser, server.url)
    set_up(a)
    record(a, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})  # 1: A +7
    a.get_by_role("button", name="Edit round 1").wait_for()
    record(a, "Redeal")  # 2
    a.get_by_role("button", name="Edit round 2").wait_for()
    record(a, "Domino", winner="Salem", pips={"Ahmed": 20, "Ghanim": 15})  # 3: B +3
    expect_totals(a, 7, 3)
    b = open_page(browser, server.url)
    b.get_by_role("button", name="Resume match").click()
    expect_totals(b, 7, 3)

    open_round(a, 3)  # phone A: delete round 3 ...
    a.get_by_role("button", name="Delete round").click()
    text(a, "Delete round 3? The totals will be recomputed.").wait_for()
    open_round(b, 1)  # ... while phone B deletes round 1
    b.get_by_role("button", name="Delete round").click()
    b.get_by_role("button", name="Delete", exact=True).click()
    expect_totals(b, 0, 3)
    a.get_by_role("button", name="Delete", exact=True).click()  # A confirms, too late

    text(a, "Round 2 was changed on another phone: here it is now.").wait_for()
    shows_line(a, "Round 2")  # the form shows that round where it stands now
    shows_line(a, "Team B +3")  # ... as it is: Salem's domino, B +3
    b.get_by_text("Domino · Salem went out · 20 + 15 · Team B +3").wait_for()  # the round A meant: intact
    expect_totals(b, 0, 3)
    assert b.get_by_role("button", name="Edit round 3").count() == 0


def score_link(server) -> str:
    match = re.search(r"score \(keep it to the scorer\):\s+(\S+)", server.log_path.read_text())
    assert match, server.log_path.read_text()
    return match.group(1)


def test_a_score_link_lets_a_phone_score_and_a_revoked_one_no_longer_does(browser, app_server):
    server = app_server(None, "--no-local-scorer")
    plain = open_page(browser, server.url)  # no link: a viewer, even on this machine
    text(plain, "Waiting for the scorer to start a match.").wait_for()
    assert data_controls(plain) == 0

    old = score_link(server)
    scorer = open_page(browser, old)
    set_up(scorer)
    expect_totals(plain, 0, 0)
    assert "/score/" not in scorer.url  # the secret left the address bar
    second = open_page(browser, old)  # a second phone joins with the same link and opens the scoreboard
    second.get_by_role("button", name="Resume match").click()
    second.get_by_role("button", name="Record round").wait_for()

    scorer.get_by_role("button", name="Back").click()  # home, where the share button is
    scorer.get_by_role("button", name="Share the table", exact=True).click()  # the button itself is named
    text(scorer, "Watch: a live board").wait_for()
    shot(scorer, "share")
    scorer.get_by_role("button", name="Revoke the score link").click()
    text(scorer, "Make a new score link? Phones that joined with the old one can only watch from now on.").wait_for()
    scorer.get_by_role("button", name="Revoke the score link").last.click()
    text(scorer, "A new score link was made; the old one no longer works.").wait_for()
    new = re.search(r"http://\S+/score/\S+", scorer.evaluate("document.querySelector('flt-semantics-host').innerText"))
    assert new and new.group(0) != old
    # the second phone, still on the scoreboard, becomes a viewer at once: the table board, nothing to tap
    # (it was once handed its own old scoreboard as the table board, and no screen came back at all)
    second.get_by_role("button", name="Record round").wait_for(state="detached")
    expect_totals(second, 0, 0)
    text(second, OLD_LINK).wait_for()  # and told why, until it says it has read it
    assert data_controls(second) == 0

    late = open_page(browser, old)  # the old link: a viewer now, and told why
    text(late, OLD_LINK).wait_for()
    expect_totals(late, 0, 0)
    assert data_controls(late) == 0
    fresh = open_page(browser, new.group(0))
    fresh.get_by_role("button", name="Resume match").click()  # the new link scores
    record(fresh, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    expect_totals(late, 7, 0)


def upgrade(url: str, origin: str) -> str:
    """A raw websocket upgrade to the app's socket; the server's status line."""
    parts = urlsplit(url)
    request = (
        f"GET /ws HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as s:
        s.sendall(request.encode())
        return s.recv(4096).decode("latin-1").split("\r\n")[0]


def test_a_websocket_from_another_site_is_refused_while_the_apps_own_connects(browser, app_server):
    server = app_server()
    assert " 403 " in upgrade(server.url, "http://evil.example") + " "
    assert " 101 " in upgrade(server.url, server.url.rstrip("/")) + " "
    page = open_page(browser, server.url)  # the app's own page connects and works
    page.get_by_role("button", name="New match").wait_for()


def test_a_300_character_route_shows_not_found_and_the_session_goes_on(browser, app_server):
    server = app_server()
    page = open_page(browser, server.url + "evening/" + "x" * 300)
    text(page, "This page does not exist.").wait_for()
    page.get_by_role("button", name="Home").click()
    set_up(page)  # the same session goes on
    assert server.proc.poll() is None
