"""Fixtures for driving the app in a real browser: one Chromium per run, a server per test."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from tests.e2e.harness import CHROMIUM_ARGS, HOST_TEXT, INSTALL_HINT, OPEN_PAGES, AppServer, chromium_path

FAILURES = Path(__file__).resolve().parents[2] / "test-failures"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failed end-to-end step, keep a picture and the accessibility tree of each open page."""
    report = yield
    if report.when == "call" and report.failed:
        FAILURES.mkdir(exist_ok=True)
        for n, page in enumerate(OPEN_PAGES):
            kept = FAILURES / f"{item.name}-{n}.txt"
            try:
                page.screenshot(path=str(FAILURES / f"{item.name}-{n}.png"))
                kept.write_text(page.evaluate(HOST_TEXT))
            except Exception as error:  # a closed or hung page: what stopped the picture is the clue
                kept.write_text(f"page {page.url} gave no picture or tree: {type(error).__name__}: {error}")
    return report


@pytest.fixture(autouse=True)
def close_pages():
    """Close each test's browser sessions after it (and after a failure's picture).

    A page left open keeps its Flutter app running and retrying its lost
    server; a few tests later the browser is busy enough to drop clicks and
    photograph blank screens.
    """
    yield
    for page in OPEN_PAGES:
        with contextlib.suppress(Exception):  # already closed with its browser
            page.context.close()
    OPEN_PAGES.clear()


@pytest.fixture(scope="module")
def browser():
    """A Chromium per test module: one kept for the whole run at times stopped painting a page of
    the screens' module for over 40 s (its screenshot timed out), a module that alone passed 18
    cases of 18."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:  # fail loudly: an end-to-end test is never skipped
        raise RuntimeError(INSTALL_HINT) from err
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def app_server(tmp_path):
    """Start the app on a fresh data folder; the test may stop and start it again on the same data."""
    servers: list[AppServer] = []

    def start(data=None, *args: str):
        server = AppServer(data or tmp_path / "data", tmp_path / "server.log", args).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
