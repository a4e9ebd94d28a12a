"""The engine's fallback-font downloads are answered with the bundled font; every other request reaches Flet."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.ui.fallback_font import with_fallback_font
from tests.aio import run_alone

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "ScorekeeperSans-Regular.ttf"  # Latin and Arabic
#: What Flet 1.0's web engine asked this server for on an Arabic page (seen in Chromium's network log).
ARABIC = (
    "/assets/fonts/notosansarabic/v28/nwpxtLGrOAZMl5nJ_wfgRg3DrWFZWsnVBJ_sS6tlqHHFlhQ5l3sQWIHPqzCfyGyvvnCBFQLaig.woff2"
)


async def flet(scope, receive, send) -> None:
    """Stands for Flet's static files: what they hold under assets/fonts/ is Roboto; anything else is a 404."""
    found = scope["path"] == "/assets/fonts/roboto.woff2"
    await send({"type": "http.response.start", "status": 200 if found else 404, "headers": []})
    await send({"type": "http.response.body", "body": b"roboto" if found else b"Not Found"})


def get(path: str, method: str = "GET") -> tuple[int, bytes]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "headers": []}
    run_alone(lambda: with_fallback_font(flet)(scope, receive, send))
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_the_arabic_fallback_the_engine_asks_for_is_answered_with_the_bundled_font():
    status, body = get(ARABIC)
    assert status == 200 and body == FONT.read_bytes()


def test_a_large_fallback_in_numbered_parts_and_a_head_request_are_answered_too():
    assert (
        get(
            "/assets/fonts/notosans/v39/o-0mIpQlx3QUlC5A4PNB6Ryti20_6n1iPHjcz6L1SoM-jCpoiyD9A-9U6VTYyWtZ3rKW9w.12.woff2"
        )[0]
        == 200
    )
    status, body = get(ARABIC, "HEAD")
    assert status == 200 and body == b""


def test_every_other_request_reaches_flet_unchanged():
    assert get("/assets/fonts/roboto.woff2") == (200, b"roboto")
    assert get("/assets/fonts/notosansarabic/v28/../../../../scorekeeper.json")[0] == 404
    assert get("/fonts/ScorekeeperSans-Regular.ttf")[0] == 404  # page.fonts is Flet's to serve
    assert get(ARABIC, "POST")[0] == 404
