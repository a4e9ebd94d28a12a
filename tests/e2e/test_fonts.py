"""Every font an Arabic page asks for arrives, with no internet: a failed one kept Flet's engine busy for good.

Flet 1.0's web engine lays an Arabic page out before the bundled font has
loaded and asks the server for a fallback font; a 404 there made it lay the
text out and ask again, at times without end (flutter/flutter#184449): the
Arabic screens timed out and once hung a whole run. See ui/fallback_font.py.
"""

from __future__ import annotations

import pytest

from scorekeeper.i18n import Translator
from tests.e2e.harness import loose, open_page

pytestmark = pytest.mark.e2e


def test_an_arabic_page_gets_every_font_it_asks_for(browser, app_server):
    server = app_server()
    fonts: list[tuple[int, str]] = []
    failed: list[str] = []

    def listen(page) -> None:
        page.on("response", lambda r: fonts.append((r.status, r.url)) if "/fonts/" in r.url else None)
        page.on("console", lambda m: failed.append(m.text) if "font" in m.text.lower() else None)

    page = open_page(browser, server.url, locale="ar-YE", listen=listen)
    t = Translator("ar")
    page.get_by_role("button", name=loose(t("home.new_match"))).wait_for()  # Arabic laid out in the bundled font
    page.wait_for_timeout(1_500)  # a fallback asked for late has its answer by now
    assert any("ScorekeeperSans" in url for _, url in fonts), fonts
    assert [url for status, url in fonts if status >= 400] == [] and failed == [], (fonts, failed)
