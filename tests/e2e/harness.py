"""Start the real app in web mode and drive it in headless Chromium.

Shared by the end-to-end tests and the UI benchmark. Flutter draws on a
canvas; its accessibility tree (turned on by clicking a hidden placeholder)
is what we read and click, as a screen reader would.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
INSTALL_HINT = (
    "The end-to-end tests need Debian's Chromium and the playwright package:\n"
    "    sudo apt-get install -y chromium && pip install -e '.[test]'\n"
    "(never `playwright install`: it downloads a browser, which this project does not do)."
)
PHONE = {"width": 360, "height": 740}
#: Everything the accessibility tree says, as one text (empty before Flutter has drawn a screen).
HOST_TEXT = "() => document.querySelector('flt-semantics-host')?.innerText ?? ''"
#: Where the tests' screenshots go: a git-ignored folder, so a test run never changes tracked files.
#: ``SCOREKEEPER_SHOTS=docs/screenshots`` retakes the pictures the docs show (docs/guide.md, at its end).
SHOTS = Path(os.environ.get("SCOREKEEPER_SHOTS") or Path(__file__).resolve().parents[2] / "build" / "screenshots")
#: Pages opened by the running test, so a failure can be photographed.
OPEN_PAGES: list = []


def chromium_path() -> str:
    """The system Chromium; fail (never skip) with the install command when it is missing."""
    for candidate in (
        os.environ.get("CHROMIUM"),
        shutil.which("chromium"),
        "/usr/bin/chromium",
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    raise RuntimeError(INSTALL_HINT)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    """``python -m scorekeeper --web`` on a free port and a given data folder."""

    def __init__(self, data: Path, log: Path, args: tuple[str, ...] = ()) -> None:
        self.data = data
        self.args = args
        self.log_path = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "scorekeeper",
            "--web",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            *self.args,
        ]

    def environment(self) -> dict[str, str]:
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="1", PYTHONUNBUFFERED="1")
        env.pop("DISPLAY", None)
        return env

    def start(self, timeout: float = 60) -> AppServer:
        self.log = open(self.log_path, "a")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            self.command(),
            env=self.environment(),
            cwd=Path(__file__).resolve().parents[2],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited with {self.proc.returncode}:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the app did not answer on {self.url}:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def open_page(
    browser, url: str, *, locale: str = "en-US", viewport: dict | None = None, color_scheme="light", listen=None
):
    """A new browser session on the app, with the accessibility tree switched on.

    ``listen(page)``, when given, is called before the page loads (to watch its requests from the first).
    """
    context = browser.new_context(
        viewport=viewport or PHONE, locale=locale, color_scheme=color_scheme, accept_downloads=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    OPEN_PAGES.append(page)
    if listen is not None:
        listen(page)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    # Flutter takes the placeholder away once the tree is on; a click that came before its
    # listener was wired is lost, and every later lookup by role would wait in vain: click again.
    for _ in range(10):
        page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        try:
            page.wait_for_selector("flt-semantics-placeholder", state="detached", timeout=3_000)
        except PlaywrightTimeout:
            continue
        _first_screen(page)
        return page
    raise AssertionError("Flutter's accessibility tree never came on")


def _first_screen(page) -> None:
    """Wait, as long as a load may take, for the first screen's words: on a busy machine a cold page
    has its tree on many seconds before the app has sent anything to show, and a test's own
    step-sized wait would be spent on the load. A page with nothing to say is the test's to judge."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({HOST_TEXT})().trim().length > 0", timeout=60_000)


BLANK_JS = """async data => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + data;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const px = new Uint32Array(ctx.getImageData(0, 0, c.width, c.height).data.buffer);
  return px.every(v => v === px[0]);
}"""


def screenshot(page, path: Path, tries: int = 10) -> None:
    """Save a picture of the page, never a blank one.

    Flutter paints onto a canvas; a picture taken before a frame is composited
    comes out a single colour. The picture is decoded in the browser itself
    (no imaging library needed) and retaken until it shows something.
    """
    for _ in range(tries):
        page.wait_for_timeout(400)  # let the last frame paint
        png = page.screenshot()
        if not page.evaluate(BLANK_JS, base64.b64encode(png).decode()):
            path.write_bytes(png)
            return
    raise AssertionError(f"the screen stayed blank; no picture for {path.name}")


def shot(page, name: str) -> None:
    """A named screenshot in ``SHOTS`` (never a tracked file unless asked for by the variable)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(page, SHOTS / f"{name}.png")


def loose(text: str) -> re.Pattern:
    """``text`` as a pattern that also matches it as a browser names it: with or without its invisible
    marks (isolates FSI and PDI, the word joiner), and a no-break space as the plain space an
    accessible name collapses it to."""
    marks = "[\u2068\u2069\u2060]*"
    spaces = {" ": "[ \u00a0]", "\u00a0": "[ \u00a0]"}
    plain = text.replace("\u2068", "").replace("\u2069", "").replace("\u2060", "")
    return re.compile(marks + marks.join(spaces.get(c) or re.escape(c) for c in plain) + marks)


def text(page, value: str):
    """A Text control showing exactly ``value``."""
    return page.locator("flt-semantics").filter(has_text=re.compile(f"^{loose(value).pattern}$")).last


LINE_JS = "p => new RegExp(p, 'm').test(document.querySelector('flt-semantics-host')?.innerText ?? '')"


def shows_line(page, value: str, timeout: float | None = None) -> None:
    """Wait until one whole line of the accessibility tree reads ``value`` (a title is no node of its own)."""
    page.wait_for_function(LINE_JS, arg="^" + re.escape(value) + "$", timeout=timeout)


#: The record form's first line (English): whole on screen once the form's screen has come to its top.
FORM_TOP = "How did the round end?"


def open_round(page, n: int) -> None:
    """Tap round ``n``'s line on the scoreboard until its form is up, from its top.

    A line below the fold is scrolled into view first, and Flutter takes a tap
    that lands while its list is still moving as "stop scrolling", not as a tap
    (seen once: the list stopped half-way, the form never came). A tap that
    changed nothing is made again; one that was taken, even late, ends it.

    The form opens in the scoreboard's own screen, scrolled down to that line;
    the app then scrolls it to its top. Until then a field's place is about to
    change, and a tap on it would land on whatever moves there: the form is up
    once its first line is whole on screen.
    """
    heading = "^" + re.escape(f"Round {n}") + "$"
    row = page.get_by_role("button", name=re.compile("^" + re.escape(f"Edit round {n}") + r"(?!\d)"))  # not 10-19
    for _ in range(3):
        if page.evaluate(LINE_JS, heading) or not row.is_visible():
            break  # an earlier tap was taken after all
        row.click()
        try:
            shows_line(page, f"Round {n}", timeout=8_000)
            break
        except PlaywrightTimeout:
            continue
    shows_line(page, f"Round {n}")
    expect(text(page, FORM_TOP)).to_be_in_viewport(ratio=1, timeout=20_000)  # the page's own wait


def tap_until(button, shown, tries: int = 3) -> None:
    """Tap ``button`` until ``shown`` (a locator on the screen it leads to) is there.

    Flutter drops a tap that lands while a screen is still sliding in or out (a busy
    machine draws those frames late: seen after "Back", and right after the first load),
    so a tap that changed nothing is made again; one that was taken, even late, ends it.
    """
    for _ in range(tries):
        if shown.is_visible():
            return  # an earlier tap was taken after all
        button.click()
        try:
            shown.wait_for(timeout=8_000)
            return
        except PlaywrightTimeout:
            continue
    shown.wait_for()


def close_dialog(button, content) -> None:
    """Press a dialog's closing button and wait until ``content``, found only in the dialog, has gone."""
    button.click()
    content.wait_for(state="hidden")


def tap_field(locator) -> None:
    """Tap a text field where the field itself shows, as a finger would.

    Flutter gives a field's suffix (" pips") its own text node over the
    input; when that node covers the input's middle, Playwright's hit test
    calls the field blocked and waits forever, though a tap there focuses
    the field (the suffix is part of it). So tap a point of the input that
    nothing covers, and where every point is covered tap the middle anyway.
    """
    locator.scroll_into_view_if_needed()
    point = locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " for (const f of [0.5, 0.3, 0.7, 0.15, 0.85]) {"
        "  const x = r.left + r.width * f, y = r.top + r.height / 2, hit = document.elementFromPoint(x, y);"
        "  if (hit && (hit === el || el.contains(hit))) return {x: x - r.left, y: y - r.top}; }"
        " return null; }"
    )
    if point is None:
        locator.click(force=True)
    else:
        locator.click(position=point)


def type_into(page, locator, value: str) -> None:
    """Type like a person: Flutter inputs lose ``fill()`` values, real key events do not.

    Keys sent before Flutter has taken over a newly focused field land in the
    bare DOM input and never reach the app. Flutter marks the moment it
    attaches its editing to the element by configuring it (``autocorrect``
    turns "on" for our fields), so wait for focus and that mark, then type.
    """
    for _ in range(3):
        tap_field(locator)
        locator.evaluate(
            "el => new Promise(r => { const t0 = Date.now(); (function w() {"
            " const ready = document.activeElement === el && el.getAttribute('autocorrect') === 'on';"
            " if (ready || Date.now() - t0 > 3000) r(); else setTimeout(w, 20);"
            " })(); })"
        )
        page.keyboard.press("Control+A")
        if value:
            page.keyboard.type(value)
        else:
            page.keyboard.press("Backspace")
        if locator.input_value() == value:
            return
    raise AssertionError(f"could not type {value!r}; the field holds {locator.input_value()!r}")
