"""The phone at the table: the screen kept on while a match is played, a tick on Save; both can be turned off."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.core.settings import Settings
from scorekeeper.ui.device import Device, wants_awake
from tests.aio import run_alone


class Service:
    """Flet's Wakelock or HapticFeedback as the device would take them: each call noted."""

    def __init__(self, calls: list[str]) -> None:
        self.calls = calls

    def __getattr__(self, name: str):
        async def method() -> None:
            self.calls.append(name)

        return method


class Missing:
    """A desktop browser without the service: every call fails."""

    def __getattr__(self, name: str):
        async def method() -> None:
            raise RuntimeError("no such service")

        return method


class Page:
    web = False  # an app on the phone (a built APK), not a browser

    def run_task(self, handler, *args):
        run_alone(lambda: handler(*args))


@pytest.fixture
def calls():
    return []


@pytest.fixture
def device(calls):
    return Device(Page(), Service(calls), Service(calls))


def test_the_screen_is_kept_on_only_while_a_match_is_played():
    playing, won = SimpleNamespace(finished=False), SimpleNamespace(finished=True)
    assert wants_awake(Settings(), playing)
    assert not wants_awake(Settings(), won) and not wants_awake(Settings(), None)
    assert not wants_awake(Settings(keep_awake=False), playing)


def test_the_wakelock_is_told_each_change_once(device, calls):
    device.keep_awake(True)
    device.keep_awake(True)  # every render asks: the device hears it once
    device.keep_awake(False)
    assert calls == ["enable", "disable"]


def test_save_ticks_unless_turned_off(device, calls):
    device.tick(Settings())
    device.tick(Settings(haptics=False))
    assert calls == ["light_impact"]


def test_a_browser_gets_no_tick(calls):
    """Flutter's haptics do nothing on the web: no message after every Save for nothing."""
    browser = Page()
    browser.web = True
    device = Device(browser, Service(calls), Service(calls))
    device.tick(Settings())
    device.keep_awake(True)  # the screen wake lock does work in a browser
    assert calls == ["enable"]


def test_a_device_without_the_services_is_left_alone():
    device = Device(Page(), Missing(), Missing())
    device.keep_awake(True)
    device.tick(Settings())  # nothing raised: no message at the table for a missing vibrator


def test_both_are_settings_of_their_own_kept_with_the_others():
    assert (Settings().keep_awake, Settings().haptics) == (True, True)
    assert Settings.from_stored({"theme": "dark"}).keep_awake is True  # settings saved before they existed
    assert Settings().changed(keep_awake=False, haptics=False).as_dict()["haptics"] is False
    with pytest.raises(ValueError):
        Settings().changed(keep_awake="no")
