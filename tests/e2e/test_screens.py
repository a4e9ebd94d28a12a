"""Every main screen on a 360 x 740 phone, in Arabic, English and Dutch, light and dark.

One evening is played through as a table would: a match the Eagles won 11 - 9
(Latin names, so Arabic shows mixed-direction lines), its winning round taken
back from the winner screen, the next round half entered, then the statistics.
Each screen is photographed into ``SHOTS`` (git-ignored; see harness.py), and
what the issue found wrong is checked on the way.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.core.match import Round
from scorekeeper.i18n import FSI, PDI, Translator
from scorekeeper.storage import Store
from tests.e2e.harness import HOST_TEXT, loose, open_page, shot, tap_until, type_into

pytestmark = pytest.mark.e2e

LOCALES = {"ar": "ar-YE", "en": "en-US", "nl": "nl-NL"}
PLAYERS = ["Ahmed", "Salem", "Ghanim", "Bilal"]
TEAMS = ("Lions", "Eagles")
#: Lions 9, Eagles 11: the Eagles (team B) won with a domino by Bilal.
ROUNDS = (Round("blocked", (5, 40, 25, 30)), Round("blocked", (30, 10, 25, 40)), Round("domino", (12, 0, 14, 0), 3))


def line(page, text: str):
    """The node whose whole text is ``text`` (isolate marks or not)."""
    pattern = loose(text)
    return page.locator("flt-semantics").filter(has_text=re.compile(f"^{pattern.pattern}$")).last


def seed(tmp_path) -> None:
    with Store.open(tmp_path / "data") as store:
        match = store.new_match(PLAYERS, 11, TEAMS)
        for rnd in ROUNDS:
            match = store.add_round(match.id, rnd)
        assert match.totals == (9, 11) and match.winner == "B"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["ar", "en", "nl"])
def test_every_screen_on_a_phone_in_every_language_and_theme(browser, app_server, tmp_path, language, scheme):
    seed(tmp_path)
    server = app_server(tmp_path / "data")
    t = Translator(language)
    name = f"phone-{language}-{scheme}"
    page = open_page(browser, server.url, locale=LOCALES[language], color_scheme=scheme)

    # Home: Rematch for the match just won, and tonight's line with the winner's total beside its name
    rematch = page.get_by_role("button", name=loose(t("home.rematch", team_a="Lions", team_b="Eagles")))
    rematch.wait_for()
    won = t("match.won_by", team="Eagles", won=11, lost=9)
    page.get_by_role("button", name=loose(won)).wait_for()
    if language == "ar":  # the isolates reach the phone: "Eagles" is one unit beside its 11
        assert f"{FSI}Eagles{PDI} 11\u00a0–\u2060\u00a09" in won
    shot(page, f"{name}-home")

    # The winner screen, from tonight's list; its Undo takes the winning round back
    winner = page.get_by_role("button", name=loose(t("winner.title", team="Eagles")))
    tap_until(page.get_by_role("button", name=loose(won)), winner)
    undo = page.get_by_role("button", name=t("board.undo"))
    tap_until(winner, undo)
    line(page, t("winner.final", a=9, b=11)).wait_for()
    shot(page, f"{name}-winner")
    take_back = page.get_by_role("button", name=t("board.undo_action"), exact=True)
    tap_until(undo, take_back)
    record = page.get_by_role("button", name=t("board.record"))
    tap_until(take_back, record)

    # The scoreboard, the match going on at 9 - 9 after the undo; the start hint said once
    line(page, t("board.starter_double_six")).wait_for()
    host = page.evaluate(HOST_TEXT)
    assert host.count(t("board.starter_double_six")) == 1, host
    shot(page, f"{name}-scoreboard")

    # The record form: no verdict from half the counts; a count no hand holds is said at once
    blocked = page.get_by_role("button", name=t("end.blocked"), exact=True)
    tap_until(record, blocked)
    blocked.click()
    field = "record.pips"
    type_into(page, page.get_by_role("textbox", name=loose(t(field, name="Ahmed"))), "12")
    type_into(page, page.get_by_role("textbox", name=loose(t(field, name="Salem"))), "30")
    line(page, t("record.fill")).wait_for()  # the whole line: "... · Lowest: Ahmed" was a half verdict
    type_into(page, page.get_by_role("textbox", name=loose(t(field, name="Ghanim"))), "70")
    line(page, t("error.pips_over_hand", seat="Ghanim", value=70, limit=69)).wait_for()  # Bilal still empty
    shot(page, f"{name}-record")
    page.context.close()

    # Statistics: every figure on the phone's screen, each with its label
    stats = open_page(browser, server.url + "stats", locale=LOCALES[language], color_scheme=scheme)
    line(stats, t("stats.players")).wait_for()
    figures = stats.locator("flt-semantics").filter(has_text=loose(t("stats.rounds_won")))
    figures.first.wait_for()
    for box in (figures.nth(i).bounding_box() for i in range(figures.count())):
        if box is not None and box["width"] > 0:
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    shot(stats, f"{name}-statistics")
