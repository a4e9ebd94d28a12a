"""What a mischievous phone does through the websocket, and what it got: shared by the tests and netns.py."""

from __future__ import annotations

import re
import time

from websockets.exceptions import InvalidStatus

from tests.security.server import Server
from tests.security.wsclient import FletClient

TARGET = "77"  # typed into every field the phone is shown: the settings' default target, if it gets there


def views(client: FletClient) -> list[str]:
    return [c.get("route", "") for c in client.controls.values() if c.get("_c") == "View"]


def settle(client: FletClient, seconds: float = 1.0) -> None:
    """Let the server answer what was sent (its patches arrive on the reader thread)."""
    time.sleep(seconds)


def observe(server: Server, client: FletClient) -> dict:
    secret = server.score_route.rsplit("/", 1)[1]
    return {
        "views": sorted(set(views(client))),
        "saw_secret": client.saw(secret),
        "target_saved": re.search(rf'"default_target":\s*{TARGET}\b', server.settings_text()) is not None,
        "crashed": client.crashed(),
        "closed": client.closed.is_set(),
    }


def try_everything(client: FletClient) -> None:
    """Ask for the settings and type into any field shown, then ask for the share screen (the link)."""
    client.go("/settings")
    settle(client)
    for field in client.find("TextField"):
        client.type_into(field, TARGET)
    settle(client)
    client.go("/share")
    settle(client)


def forged_address(server: Server, route: str = "/", address: str = "127.0.0.1", to_route: str | None = None) -> dict:
    """Register, then patch the page's client_ip (and maybe its route) at the moment the old shell read them."""
    forged: dict = {"client_ip": address}
    if to_route is not None:
        forged["route"] = to_route

    def on_invoke(client: FletClient, call: dict) -> None:
        if call.get("name") == "get_device_info" and client.page_id is not None:
            client.patch(client.page_id, **forged)

    client = FletClient(server.url, route, on_invoke=on_invoke).connect().wait_registered().wait_rendered()
    client.patch(client.page_id, **forged)  # and again, for any later read
    settle(client)
    try_everything(client)
    result = observe(server, client)
    client.close()
    return result


def score_link(server: Server) -> dict:
    """A phone that opened the score link sets the default target in the settings."""
    client = FletClient(server.url, server.score_route).connect().wait_registered().wait_rendered()
    settle(client)
    client.go("/settings")
    client.wait_for(lambda: bool(client.find("TextField")))
    try_everything(client)
    result = observe(server, client)
    client.close()
    return result


def refused(server: Server, source: str | None = None) -> bool:
    """Whether the server turns down one more connection from ``source`` before it is accepted."""
    try:
        FletClient(server.url, "/watch", source=source).connect(register=False).close()
    except InvalidStatus:  # refused before the handshake finished: the server answered 403
        return True
    return False


def crowd(server: Server, other: str, tries: int = 40) -> dict:
    """One phone holds open as many viewer sessions as the server lets it; then a second phone comes."""
    held: list[FletClient] = []
    for _ in range(tries):
        if refused(server):
            break
        held.append(FletClient(server.url, "/watch").connect().wait_registered().wait_rendered())
    result = {"held": len(held), "refused_more": refused(server), "other_served": not refused(server, other)}
    held.pop().close()  # one of them goes: its place is free again
    settle(held[0])
    result["again_after_one_left"] = not refused(server)
    for client in held:
        client.close()
    return result
