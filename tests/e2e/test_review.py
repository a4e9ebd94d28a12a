"""Reviewing past evenings in a real browser: history, an evening, a match with its chart, CSV export, statistics."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest

from scorekeeper.core.records import evening_of
from tests.e2e.harness import open_page, open_round, shot, text, type_into
from tests.e2e.test_match_flow import PLAYERS, expect_totals, record

pytestmark = pytest.mark.e2e


def new_match(page, target: str) -> None:
    page.get_by_role("button", name="New match").click()
    for seat, name in enumerate(PLAYERS):
        type_into(page, page.get_by_role("textbox", name=f"Player {seat + 1}"), name)
    page.get_by_role("button", name=target, exact=True).click()
    page.get_by_role("button", name="Start match").click()
    page.get_by_role("button", name="Record round").wait_for()


def test_review_two_matches_chart_and_csv(browser, app_server):
    server = app_server()
    page = open_page(browser, server.url)
    today = evening_of(datetime.now().astimezone())

    # Match 1, to 5: one blocked game settles it (A +7)
    new_match(page, "5")
    record(page, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    text(page, "Winner: Team A!").wait_for()
    page.get_by_role("button", name="Done").click()
    page.get_by_text("Won by Team A, 7\u00a0–\u2060\u00a00").wait_for()

    # Match 2, to 11: A +7, B +3, a redeal, A +4
    new_match(page, "11")
    record(page, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    expect_totals(page, 7, 0)
    record(page, "Domino", winner="Salem", pips={"Ahmed": 20, "Ghanim": 15})
    expect_totals(page, 7, 3)
    record(page, "Redeal")
    page.get_by_role("button", name="Edit round 3").wait_for()
    record(page, "Domino", winner="Ahmed", pips={"Salem": 20, "Yahya": 25})
    text(page, "Winner: Team A!").wait_for()
    page.get_by_role("button", name="Done").click()
    page.get_by_text("Won by Team A, 11\u00a0–\u2060\u00a03").wait_for()

    page.get_by_role("button", name="Past evenings").click()
    page.get_by_text(f"{today}").first.click()
    text(page, "2 matches · 5 rounds · 0 ties · 1 redeal").wait_for()
    page.get_by_text("Won by Team A, 11\u00a0–\u2060\u00a03").click()

    text(page, "Score by round").wait_for()
    page.get_by_text("Round 2 · Domino · Salem went out · 20 + 15 · Team B +3").wait_for()
    page.get_by_text("Round 4 · Domino · Ahmed went out · 20 + 25 · Team A +4").wait_for()
    # the chart, labelled
    page.get_by_text("Score by round: Team A 11\u00a0–\u2060\u00a03 Team B. Target 11").wait_for()
    shot(page, "match-review")

    with page.expect_download() as download:
        page.get_by_role("button", name="Export (CSV)").click()
    content = download.value.path().read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(content)))
    assert len(rows) == 4
    assert [r["end"] for r in rows] == ["blocked", "domino", "redeal", "domino"]
    assert [r["points"] for r in rows] == ["7", "3", "0", "4"]
    assert (rows[-1]["total_a"], rows[-1]["total_b"]) == ("11", "3")
    assert rows[0]["seat0"] == "Ahmed" and rows[0]["team_a"] == "A"  # an unnamed team: the stored marker

    page.get_by_role("button", name="Back").click()  # to the evening
    page.get_by_role("button", name="Delete evening").wait_for()
    page.get_by_role("button", name="Back").click()  # to the list of evenings
    page.get_by_role("button", name="Statistics").click()
    text(page, "2 matches · 5 rounds · 0 ties · 1 redeal").wait_for()
    shot(page, "statistics")


def test_export_json_then_import_into_a_fresh_app(browser, app_server, tmp_path):
    server = app_server(tmp_path / "first")
    page = open_page(browser, server.url)
    new_match(page, "5")
    record(page, "Blocked", pips={"Ahmed": 12, "Salem": 30, "Ghanim": 25, "Yahya": 18})
    text(page, "Winner: Team A!").wait_for()
    page.get_by_role("button", name="Done").click()
    page.get_by_role("button", name="Past evenings").click()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export all (JSON)").click()
    exported = tmp_path / "export.json"
    download.value.save_as(exported)

    other = app_server(tmp_path / "second")  # another phone's app, empty
    page = open_page(browser, other.url)
    page.get_by_role("button", name="Past evenings").click()
    text(page, "No evenings saved yet.").wait_for()
    for expected in ("Imported: 1 match. Already here: 0 matches.", "Imported: 0 matches. Already here: 1 match."):
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name="Import (JSON)").click()
        chooser.value.set_files(exported)
        text(page, expected).wait_for()
    page.get_by_text("1 match · 1 round").wait_for()

    # a damaged file changes nothing and says why
    broken = tmp_path / "broken.json"
    broken.write_bytes(exported.read_bytes()[:100])
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import (JSON)").click()
    chooser.value.set_files(broken)
    text(
        page, "This file cannot be read: it is not a scorekeeper export, or it is incomplete. Nothing was imported."
    ).wait_for()
    page.get_by_text("1 match · 1 round").wait_for()
    # and deleting it again, after saying so: the evening goes with its last match
    page.get_by_text("1 match · 1 round").click()
    page.get_by_text("Won by Team A, 7\u00a0–\u2060\u00a00").click()
    page.get_by_role("button", name="Delete match").click()
    text(page, "Delete this match (Team A 7\u00a0–\u2060\u00a00 Team B)? A backup is taken first.").wait_for()
    page.get_by_role("button", name="Delete", exact=True).click()
    text(page, "Match deleted (a backup was kept).").wait_for()
    page.get_by_role("button", name="Back").click()
    text(page, "No evenings saved yet.").wait_for()


def test_a_stored_round_that_could_not_have_happened_opens_marked_and_can_be_corrected(browser, app_server, tmp_path):
    import json

    from scorekeeper.core.match import Round
    from scorekeeper.storage import Store

    data = tmp_path / "old-data"
    with Store.open(data) as store:
        rec = store.new_match(PLAYERS, 11)
        store.add_round(rec.id, Round("blocked", (12, 30, 25, 18)))
    path = data / "evenings" / f"{rec.evening}.json"
    doc = json.loads(path.read_bytes())
    (match_doc,) = doc["matches"].values()
    match_doc["rounds"][0]["pips"] = [0, 0, 20, 31]  # an older version let this in
    path.write_text(json.dumps(doc))

    server = app_server(data)
    page = open_page(browser, server.url)
    page.get_by_role("button", name="Resume match").click()  # the evening opens; nothing was refused
    page.get_by_text("This round could not have happened: check it.", exact=False).first.wait_for()
    open_round(page, 1)
    # the record form re-enters it: the live line says why, a real round can be saved
    text(page, "Two hands cannot both hold 0 pips (Ahmed, Salem): only the 0-0 weighs nothing.").wait_for()
    type_into(page, page.get_by_role("textbox", name="Pips of Salem"), "10")
    text(page, "Lowest: Ahmed · Team A +6").wait_for()  # started without team names: the default, in this language
    page.get_by_role("button", name="Save changes").click()
    expect_totals(page, 6, 0)
    page.get_by_role("button", name="Record round").wait_for()  # the new totals come first, then the form folds
    assert page.get_by_text("could not have happened", exact=False).count() == 0


def test_an_import_far_too_large_is_refused_with_the_reason(browser, app_server, tmp_path):
    """A 17 MB file once closed the connection (the server's 16 MiB message limit) before the app could answer."""
    page = open_page(browser, app_server().url)
    page.get_by_role("button", name="Past evenings").click()
    text(page, "No evenings saved yet.").wait_for()
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (17 * 1024 * 1024))  # just over the old 16 MiB limit
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import (JSON)").click()
    chooser.value.set_files(huge)
    refusal = text(page, "This file is too large to import (17 MB; at most 8 MB). Nothing was imported.")
    refusal.wait_for(timeout=120_000)  # 17 MB read in the browser and sent: slow on a busy machine
    text(page, "No evenings saved yet.").wait_for()  # the session lives on, nothing changed
