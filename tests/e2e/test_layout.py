"""Layout at the table: the seating map's geometry in both directions, and how few taps a round takes."""

from __future__ import annotations

import math

import pytest

from scorekeeper.match import Round
from scorekeeper.storage import Store
from tests.e2e.harness import open_page, text

pytestmark = pytest.mark.e2e


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize(
    ("locale", "new_match", "player"),
    [("en-US", "New match", "Player {n}"), ("ar-YE", "مباراة جديدة", "اللاعب {n}")],
)
def test_seats_run_counter_clockwise_in_every_direction(browser, app_server, locale, new_match, player):
    """Seat 1 is near the scorer; seats 2, 3, 4 follow counter-clockwise round the table (seen from above)."""
    page = open_page(browser, app_server().url, locale=locale)
    page.get_by_role("button", name=new_match).click()
    points = [centre(page.get_by_role("textbox", name=player.format(n=n)).bounding_box()) for n in range(1, 5)]
    cx = sum(x for x, _ in points) / 4
    cy = sum(y for _, y in points) / 4
    # Angles as on a map (y up): counter-clockwise means each next seat's angle is larger, by under half a turn.
    angles = [math.atan2(cy - y, x - cx) for x, y in points]
    steps = [(angles[(i + 1) % 4] - angles[i]) % (2 * math.pi) for i in range(4)]
    assert all(0 < step < math.pi for step in steps), (points, steps)
    near, right, far, left = points
    assert near[1] > cy > far[1] and right[0] > cx > left[0], points


def seeded(app_server, tmp_path):
    """A server on data holding one finished match (players with long names)."""
    with Store.open(tmp_path / "data") as store:
        match = store.new_match(["Ahmed", "Salem", "Ghanim", "Yahya Abdulrahman"], 5)
        store.add_round(match.id, Round("blocked", (12, 30, 25, 18)))
    return app_server(tmp_path / "data")


LAST_SHOWN = (
    "() => [...document.querySelectorAll('flt-semantics')].some(e => e.innerText === '7'"
    " && e.getBoundingClientRect().right <= 360 && e.getBoundingClientRect().right > 0)"
)


def test_statistics_fit_a_phone_and_a_desktop(browser, app_server, tmp_path):
    server = seeded(app_server, tmp_path)
    wide = open_page(browser, server.url + "stats", viewport={"width": 1280, "height": 800})
    last = text(wide, "7")  # the biggest round, in the last column (a table's headings are not in the tree)
    last.wait_for()
    box = last.bounding_box()
    assert box["width"] > 0 and box["x"] + box["width"] <= 1280, box  # the last column is whole, not cut
    wide.context.close()

    phone = open_page(browser, server.url + "stats", viewport={"width": 360, "height": 740})
    name = text(phone, "Ahmed")
    name.wait_for()
    before = name.bounding_box()
    assert not phone.evaluate(LAST_SHOWN)  # on a phone the last column starts off screen
    figures = text(phone, "1").bounding_box()
    phone.mouse.move(figures["x"] + 5, figures["y"] + 5)
    phone.mouse.wheel(600, 0)  # scroll the figures sideways
    phone.wait_for_function(LAST_SHOWN)
    assert name.bounding_box() == before  # the names stayed where they were
