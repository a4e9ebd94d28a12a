"""The guard's rules for one frame, on real Flet controls in a seat: which pass, which are dropped or trimmed.

The raw-protocol tests drive the same rules through a real server; these name each rule.
"""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import msgpack
import pytest

from scorekeeper.ui.guard import DROP, PASS, VIEWER_MAX_BYTES, Connection, Policy, Refused, Seat
from tests.security.wsclient import CONTROL_EVENT, REGISTER_CLIENT, UPDATE_CONTROL_PROPS, frame


def seated(scorer: bool) -> tuple[Policy, dict[str, ft.Control], object]:
    field = ft.TextField(value="11", on_change=lambda e: None)
    text = ft.Text("Lions")
    button = ft.Button("Save", on_click=lambda e: None)
    snack = ft.SnackBar(ft.Text("saved"))
    switch = ft.Switch(value=True, on_change=lambda e: None)
    page = SimpleNamespace(on_route_change=lambda e: None, on_close=lambda: None)
    controls = {"field": field, "text": text, "button": button, "snack": snack, "switch": switch}
    index = {n: c for n, c in enumerate([page, *controls.values()], start=1)}
    page.session = SimpleNamespace(index=index)
    connection = Connection("10.0.0.5", registered=True)
    connection.seat = Seat(page, lambda: scorer)
    return Policy(connection), {name: i for i, name in enumerate(["page", *controls], start=1)}, page


def props(policy: Policy, control: int, **values) -> str | dict:
    verdict = policy.check(frame(UPDATE_CONTROL_PROPS, {"id": control, "props": values}))
    if isinstance(verdict, bytes):
        return msgpack.unpackb(verdict[1:])[1]["props"]
    return verdict


def event(policy: Policy, control: int, name: str) -> str | bytes:
    return policy.check(frame(CONTROL_EVENT, {"target": control, "name": name, "data": None}))


def test_the_page_takes_only_what_the_client_reports_about_itself():
    policy, ids, _ = seated(scorer=True)
    assert props(policy, ids["page"], width=360.0, height=740.0) == PASS
    assert props(policy, ids["page"], client_ip="127.0.0.1") == DROP
    assert props(policy, ids["page"], width=360.0, client_ip="::1", _i=9) == {"width": 360.0}


def test_a_scorer_types_into_fields_and_closes_messages_and_nothing_else():
    policy, ids, _ = seated(scorer=True)
    assert props(policy, ids["field"], value="77") == PASS
    assert props(policy, ids["field"], value="77", on_change=None) == {"value": "77"}
    assert props(policy, ids["switch"], value=False) == PASS  # a setting switched off
    assert props(policy, ids["text"], value="HACKED") == DROP
    assert props(policy, ids["button"], disabled=False) == DROP
    assert props(policy, ids["snack"], open=False) == PASS
    assert props(policy, ids["snack"], open=True) == DROP  # the client closes messages, never opens them


def test_a_viewer_changes_nothing_on_its_screen():
    policy, ids, _ = seated(scorer=False)
    assert props(policy, ids["field"], value="77") == DROP
    assert props(policy, ids["switch"], value=False) == DROP
    assert props(policy, ids["text"], value="HACKED") == DROP
    assert props(policy, ids["page"], height=700.0) == PASS


def test_events_only_for_controls_that_exist_and_carry_that_handler():
    policy, ids, _ = seated(scorer=True)
    assert event(policy, ids["button"], "click") == PASS
    assert event(policy, ids["page"], "route_change") == PASS
    assert event(policy, ids["text"], "click") == DROP  # no handler
    assert event(policy, ids["button"], "long_press") == DROP
    assert event(policy, 9999, "click") == DROP  # no such control in this session
    assert event(policy, ids["page"], "close") == DROP  # the server's own lifecycle events
    assert event(policy, ids["button"], "__class__") == DROP


def test_size_burst_and_registration_limits():
    policy, ids, _ = seated(scorer=False)
    with pytest.raises(Refused):
        policy.check(b"\x00" + b"x" * (VIEWER_MAX_BYTES + 1))
    with pytest.raises(Refused):  # registered already
        policy.check(frame(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"route": "/"}}))
    with pytest.raises(Refused):
        for _ in range(10_000):
            event(policy, ids["page"], "route_change")


def test_a_registration_keeps_the_route_and_drops_a_forged_address():
    connection = Connection("10.0.0.5")
    verdict = Policy(connection).check(
        frame(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"route": "/watch", "client_ip": "::1"}})
    )
    assert isinstance(verdict, bytes)
    assert msgpack.unpackb(verdict[1:])[1]["page"] == {"route": "/watch"}
    assert connection.route == "/watch"
