"""Roles come from the connection: no message a phone sends makes it the scorer.

Raw Flet frames against the real server. The non-loopback cases run in a private
network namespace (netns.py), where the server sees the phone at 10.199.0.1.
"""

from __future__ import annotations

from tests.security import attacks, netns
from tests.security.wsclient import FletClient

SCORER_SCREENS = {"/settings", "/share"}


def a_viewer(seen: dict) -> bool:
    return "/watch" in seen["views"] and not SCORER_SCREENS & set(seen["views"])


def test_a_phone_on_the_network_forging_a_loopback_client_ip_stays_a_viewer(tmp_path):
    seen = netns.run("forged_address", tmp_path, "/", "127.0.0.1", "::1", "::ffff:127.0.0.1")
    for address, result in seen.items():
        assert a_viewer(result), (address, result)
        assert not result["saw_secret"], address  # never shown the score link
        assert not result["target_saved"], address  # and meta.json on disk kept its default target


def test_a_phone_on_the_network_with_the_score_link_scores(tmp_path):
    seen = netns.run("score_link", tmp_path)
    assert set(seen["views"]) >= SCORER_SCREENS
    assert seen["target_saved"]  # its change reached meta.json on disk


def test_a_watch_session_on_this_machine_patching_its_route_stays_a_viewer(serve):
    server = serve()
    seen = attacks.forged_address(server, "/watch", "127.0.0.1", to_route="/")
    assert a_viewer(seen), seen
    assert not seen["saw_secret"] and not seen["target_saved"]


def scorer_screens(server, **headers: str) -> set[str]:
    client = FletClient(server.url, "/", headers=headers).connect().wait_registered().wait_rendered()
    client.go("/settings")
    attacks.settle(client)
    shown = set(attacks.views(client))
    client.close()
    return shown


def test_x_forwarded_for_is_ignored_unless_a_proxy_is_named(serve):
    plain = serve()
    # uvicorn would take this header from 127.0.0.1 as the client's address: the app does not
    assert "/settings" in scorer_screens(plain, **{"X-Forwarded-For": "10.9.9.9"})
    behind = serve("--proxy", "127.0.0.1")
    assert "/settings" not in scorer_screens(behind, **{"X-Forwarded-For": "10.9.9.9"})  # a phone, via the proxy
    assert "/settings" not in scorer_screens(behind)  # the proxy itself named no phone: not this machine's user
