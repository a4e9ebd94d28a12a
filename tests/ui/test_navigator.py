"""Moves between screens when the browser answers late.

Each address the session tells the browser comes back as a route change a
round trip later. A phone that taps on before that answer arrives (seen on a
loaded machine: a joining link's "/" came back after "Resume match") must stay
where it tapped; a real Back or a typed address must still move it.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.ui.navigator import Navigator
from scorekeeper.ui.on_screen import OnScreen


class Browser:
    """A page whose address answers come back only when the test says so."""

    def __init__(self, route: str) -> None:
        self.route = route
        self.told: list[str] = []
        self.on_route_change = None
        self.on_view_pop = None

    def navigate(self, route: str) -> None:
        self.told.append(route)

    def answer(self, route: str) -> None:
        """The browser's route change: the answer to an address it was told, or the person's own move."""
        self.route = route
        self.on_route_change(SimpleNamespace(route=route))


@pytest.fixture
def moves():
    browser = Browser("/score/secret")
    shown: list[str] = []
    nav = Navigator(
        browser, OnScreen(), lambda: shown.append(nav.route), lambda leave, stay: stay(), lambda: None, lambda r: "/"
    )
    nav.listen()
    return browser, nav, shown


def test_a_late_answer_to_the_joining_address_does_not_undo_a_tap(moves):
    browser, nav, _ = moves
    nav.tell("/")  # the link leaves the address bar
    nav.go("/match")  # the scorer taps Resume before the browser answered
    browser.answer("/")
    browser.answer("/match")
    assert nav.route == "/match"
    assert browser.told == ["/", "/match"]


def test_two_quick_taps_end_on_the_second(moves):
    browser, nav, shown = moves
    nav.go("/match")
    nav.go("/record")
    browser.answer("/match")
    browser.answer("/record")
    assert nav.route == "/record"
    assert shown == ["/match", "/record"]  # nothing drawn for the answers


def test_the_browser_back_button_still_moves_after_its_answers(moves):
    browser, nav, shown = moves
    nav.go("/match")
    browser.answer("/match")
    browser.answer("/")  # Back, pressed by the person
    assert nav.route == "/"
    assert shown == ["/match", "/"]


def test_an_address_typed_before_the_answer_came_is_a_move(moves):
    browser, nav, _ = moves
    nav.go("/match")
    browser.answer("/stats")  # typed while the answer to /match was still on its way
    assert nav.route == "/stats"


def test_the_address_already_shown_is_not_told_again(moves):
    browser, nav, _ = moves
    nav.go("/match")
    browser.answer("/match")
    nav.tell("/match")
    assert browser.told == ["/match"]
