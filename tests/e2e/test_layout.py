"""Layout at the table: the seating map's geometry in both directions, and how few taps a round takes."""

from __future__ import annotations

import math

import pytest

from tests.e2e.harness import open_page

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
