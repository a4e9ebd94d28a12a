"""Layout at the table: the seating map's geometry in both directions, and how few taps a round takes."""

from __future__ import annotations

import contextlib
import math
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scorekeeper.core.match import Round
from scorekeeper.storage import Store
from tests.e2e.harness import open_page, shot, text, type_into
from tests.e2e.test_match_flow import type_pips

pytestmark = pytest.mark.e2e


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def settled(measure, tries: int = 50):
    """``measure()`` once two readings in a row agree: the screen slides in, and seats read one by one
    mid-slide would each be caught at another moment of it (the likely cause of one failure seen once
    in a loaded run, which left no picture)."""
    last = measure()
    for _ in range(tries):
        now = measure()
        if now == last:
            return now
        last = now
    raise AssertionError(f"the layout never settled: {last}")


@pytest.mark.parametrize(
    ("locale", "new_match", "player"),
    [("en-US", "New match", "Player {n}"), ("ar-YE", "مباراة جديدة", "اللاعب {n}")],
)
def test_seats_run_counter_clockwise_in_every_direction(browser, app_server, locale, new_match, player):
    """Seat 1 is near the scorer; seats 2, 3, 4 follow counter-clockwise round the table (seen from above)."""
    page = open_page(browser, app_server().url, locale=locale)
    page.get_by_role("button", name=new_match).click()
    seats = [page.get_by_role("textbox", name=player.format(n=n)) for n in range(1, 5)]
    points = settled(lambda: [centre(seat.bounding_box()) for seat in seats])
    cx = sum(x for x, _ in points) / 4
    cy = sum(y for _, y in points) / 4
    # Angles as on a map (y up): counter-clockwise means each next seat's angle is larger, by under half a turn.
    angles = [math.atan2(cy - y, x - cx) for x, y in points]
    steps = [(angles[(i + 1) % 4] - angles[i]) % (2 * math.pi) for i in range(4)]
    assert all(0 < step < math.pi for step in steps), (points, steps)
    near, right, far, left = points
    assert near[1] > cy > far[1] and right[0] > cx > left[0], points
    if locale.startswith("ar"):
        shot(page, "arabic-new-match")


def seeded(app_server, tmp_path):
    """A server on data holding one finished match (players with long names)."""
    with Store.open(tmp_path / "data") as store:
        match = store.new_match(["Ahmed", "Salem", "Ghanim", "Yahya Al-Hamdani"], 5)
        store.add_round(match.id, Round("blocked", (12, 30, 25, 18)))
    return app_server(tmp_path / "data")


FIGURES_ON_SCREEN = """labels => labels.map(label => {
  const node = [...document.querySelectorAll('flt-semantics')].find(e => e.getAttribute('aria-label') === label
    || e.innerText === label);
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return [r.left, r.right];
})"""


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}])
def test_statistics_fit_a_phone_and_a_desktop(browser, app_server, tmp_path, viewport):
    """Every figure of every player, with its label, lies on screen: nothing cut, nothing off to the side.

    The seven-column table was wider than a phone ("Rounds wo..." cut, the rest off screen
    with no hint that it scrolled); "Played 1" sat under a header of "2 matches" counting another thing.
    """
    with Store.open(tmp_path / "data") as store:  # a match still being played: counted apart
        store.new_match(["Ahmed", "Salem", "Ghanim", "Yahya Al-Hamdani"], 11)
    server = seeded(app_server, tmp_path)
    page = open_page(browser, server.url + "stats", viewport=viewport)
    text(page, "2 matches · 1 round · 0 ties · 0 redeals").wait_for()
    labels = [
        "Finished matches: 1",
        "Matches won: 1",
        "Rounds won: 1",
        "Dominoes: 0",
        "Blocked: 1",
        "Avg. points: 7.0",
        "Biggest: 7",
    ]
    page.wait_for_function(f"labels => ({FIGURES_ON_SCREEN})(labels).every(x => x)", arg=labels)
    spans = page.evaluate(FIGURES_ON_SCREEN, labels)
    assert all(span is not None for span in spans), dict(zip(labels, spans, strict=True))
    assert all(0 <= left < right <= viewport["width"] for left, right in spans), dict(zip(labels, spans, strict=True))
    if viewport["width"] == 360:
        shot(page, "statistics-phone")


READY = (  # the keyboard is in this field, and Flutter has wired it up for typing
    "label => { const el = document.activeElement;"
    " return !!el && el.getAttribute('aria-label') === label && el.getAttribute('autocorrect') === 'on'; }"
)


HOLDS = "v => document.activeElement && document.activeElement.value === v"


def type_where_the_keyboard_is(page, label: str, digits: str, tries: int = 3) -> None:
    """Wait for the keyboard in the field ``label`` (no tap), type ``digits``, and see them arrive.

    With Flutter's accessibility tree on, as these tests run it, the button just tapped can take
    the keyboard back a moment after the count took it (see ``scorekeeper/ui/steer.py``): keys
    typed in that moment are lost, twice in this session's runs. The app sends the keyboard back
    by itself; the digits are then typed again, never a tap. A keyboard that does not come back
    to the count by itself still fails here.
    """
    for attempt in range(tries):
        page.wait_for_function(READY, arg=label)
        value = page.evaluate("() => document.activeElement?.value ?? ''")  # the keyboard may have gone again
        for _ in value:  # what arrived of an earlier try
            page.keyboard.press("Backspace")
        page.keyboard.type(digits)
        try:
            page.wait_for_function(HOLDS, arg=digits, timeout=5_000 if attempt < tries - 1 else None)
            return
        except PlaywrightTimeout:
            continue


def test_a_blocked_round_in_six_taps_with_the_keyboard_s_action_key(browser, app_server):
    """Record, Blocked, then each count ended by the action key (Enter): on to the next, the last one saves."""
    page = open_page(browser, app_server().url)
    page.get_by_role("button", name="New match").click()
    for seat, name in enumerate(["Ahmed", "Salem", "Ghanim", "Yahya"]):
        type_into(page, page.get_by_role("textbox", name=f"Player {seat + 1}"), name)
    page.get_by_role("button", name="Start match").click()

    taps = 0

    def tap(button: str) -> None:
        nonlocal taps
        taps += 1
        page.get_by_role("button", name=button, exact=True).click()

    tap("Record round")
    tap("Blocked")
    for name, pips in (("Ahmed", "12"), ("Salem", "30"), ("Ghanim", "25"), ("Yahya", "18")):
        # the keyboard went to this count by itself (the first as the counts appeared): no tap
        type_where_the_keyboard_is(page, f"Pips of {name}", pips)
        if name == "Yahya":  # the app must have every digit before the action key saves
            text(page, "Lowest: Ahmed · Team A +7").wait_for()
        taps += 1
        page.keyboard.press("Enter")
    text(page, "Team A: 7").wait_for()
    text(page, "Team B: 0").wait_for()
    assert taps <= 6, taps


def test_screen_leftovers_are_gone(browser, app_server):
    """The New-match refusal goes once names are typed; the record form asks "how did it end" once."""
    page = open_page(browser, app_server().url)
    page.get_by_role("button", name="New match").click()
    page.get_by_role("button", name="Start match").click()
    refusal = text(page, "Enter a name for each of the four players.")
    refusal.wait_for()
    type_into(page, page.get_by_role("textbox", name="Player 1"), "Ahmed")
    refusal.wait_for(state="hidden")
    for seat, name in enumerate(["Salem", "Ghanim", "Yahya"], start=2):
        type_into(page, page.get_by_role("textbox", name=f"Player {seat}"), name)
    page.get_by_role("button", name="Start match").click()

    page.get_by_role("button", name="Record round").click()
    page.get_by_role("button", name="Save round").wait_for()
    assert page.locator("flt-semantics").filter(has_text=re.compile("^How did the round end\\?$")).count() == 1
    page.get_by_role("button", name="Blocked", exact=True).click()
    type_pips(page, {"Ahmed": 70, "Salem": 1, "Ghanim": 2, "Yahya": 3})  # typed again if a key was lost
    refusal = "Ahmed: 70 pips is impossible; one hand holds at most 69."
    text(page, refusal).wait_for()  # the live preview says it
    page.get_by_role("button", name="Save round").click()
    page.get_by_role("button", name="Save round").wait_for()
    lines = page.locator("flt-semantics").filter(has_text=re.compile("^" + re.escape(refusal) + "$"))
    page.wait_for_timeout(500)  # not a timing check: gives a second copy, if any, the chance to appear
    assert lines.count() == 1


#: Per language: the Blocked choice, Save, and the names of a seat's field and its two buttons.
RECORD_WORDS = {
    "en-US": ("Blocked", "Save round", "Pips of {name}", "Pick tiles: {name}", "Count from a photo: {name}"),
    "nl-NL": ("Gesloten", "Ronde opslaan", "Ogen van {name}", "Stenen kiezen: {name}", "Tellen van een foto: {name}"),
    # a Latin name in an Arabic label is isolated (FSI ... PDI), so it keeps its place in the sentence
    "ar-YE": ("مقفولة", "احفظ الجولة", "نقاط \u2068{name}\u2069", "اختر الأحجار: {name}", "العدّ من صورة: {name}"),
}
LONG_NAMES = ["Ahmed", "Salem", "Ghanim", "Yahya Al-Hamdani"]  # the longest a name may be: 16


@pytest.mark.parametrize("locale", list(RECORD_WORDS))
def test_the_record_form_fits_a_small_phone_in_every_language(browser, app_server, tmp_path, locale):
    """Each pips field keeps room for its label beside two thumb-sized buttons; Save shows without scrolling.

    Beside a worded "Pick tiles" button and the camera, the field was a fifth of a 360 px
    screen and its Dutch label broke mid-word ("Punt|en van Ahme|d"); with the field on a
    row of its own, Save fell below the fold.
    """
    with Store.open(tmp_path / "data") as store:
        store.new_match(LONG_NAMES, 11)
    server = app_server(tmp_path / "data")
    blocked, save, field_name, pick, photo = RECORD_WORDS[locale]
    for width, height in ((320, 640), (360, 740)):
        page = open_page(browser, server.url + "record", locale=locale, viewport={"width": width, "height": height})
        page.get_by_role("button", name=blocked, exact=True).click()
        for name in LONG_NAMES:
            field = page.get_by_role("textbox", name=field_name.format(name=name), exact=True).bounding_box()
            assert field["width"] >= width / 2, (name, width, field)  # room for a whole name label
            for button in (pick, photo):
                box = page.get_by_role("button", name=button.format(name=name), exact=True).bounding_box()
                assert box["width"] >= 48 and box["height"] >= 48, (button, box)
                assert box["x"] >= 0 and box["x"] + box["width"] <= width, (button, width, box)  # on screen, whole
                assert abs(centre(box)[1] - centre(field)[1]) < 4, (button, box, field)  # on the field's row
        if height == 740:  # a blocked round, all four counts: Save is still in reach without scrolling
            box = page.get_by_role("button", name=save, exact=True).bounding_box()
            assert box["y"] + box["height"] <= height, box
        page.context.close()


SMALL_BUTTONS = """() => [...document.querySelectorAll('flt-semantics[role="button"], flt-semantics[role="checkbox"]')]
  .map(e => [e.innerText || e.getAttribute('aria-label') || '?', e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && r.top >= 0 && r.top < innerHeight - 48)  // a button the fold cuts is not judged
  .filter(([, r]) => r.width < 47.5 || r.height < 47.5)
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


# Not yet judged: a dropdown (aria-expanded; Settings' backup list), which Flutter leaves nameless
# beside its label (closing note of 2026-12-01, left alone).
NAMELESS = """() => [...document.querySelectorAll('flt-semantics[role="button"]:not([aria-expanded])')]
  .filter(e => !(e.innerText || e.getAttribute('aria-label') || '').trim()).length"""


def small_buttons(page) -> list[str]:
    """The buttons under 48 x 48 once the screen has settled.

    A dialog grows in from smaller, and a busy machine draws that animation's frames late:
    measured at once, a button may be caught half-grown. One still small after 5 s is a finding.
    """
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({SMALL_BUTTONS})().length === 0", timeout=5_000)
    return page.evaluate(SMALL_BUTTONS)


def test_every_button_is_thumb_sized_on_every_screen(browser, app_server, tmp_path):
    """No button under 48 x 48 px (Material's minimum target): exports, chips, dialogs and app-bar icons too.

    And none nameless: a screen reader says what each one does."""
    with Store.open(tmp_path / "data") as store:
        done = store.new_match(LONG_NAMES, 5)
        store.add_round(done.id, Round("blocked", (12, 30, 25, 18)))
        store.new_match(LONG_NAMES, 11)
    server = app_server(tmp_path / "data")
    small: dict[str, list[str]] = {}
    nameless: dict[str, int] = {}
    for route, ready in (
        ("", "Resume match"),
        ("new", "Start match"),
        ("match", "Record round"),
        ("history", "Statistics"),
        (f"evening/{done.evening}", "Delete evening"),
        (f"review/{done.id}", "Delete match"),
        ("settings", "English"),
        ("share", "Revoke the score link"),
    ):
        page = open_page(browser, server.url + route)
        page.get_by_role("button", name=ready, exact=True).wait_for()
        small[route] = small_buttons(page)
        nameless[route] = page.evaluate(NAMELESS)  # a screen reader would say just "button"
        if route == f"evening/{done.evening}":  # a dialog's buttons too
            page.get_by_role("button", name=ready, exact=True).click()
            page.get_by_role("button", name="Cancel", exact=True).wait_for()
            small["dialog"] = small_buttons(page)
        page.context.close()
    assert not any(small.values()), small
    assert not any(nameless.values()), nameless  # the home and scoreboard app-bar icons once were
