"""The command line: help that explains every option, and options that reach the app."""

import os
import subprocess
import sys

from scorekeeper.__main__ import missing_extra, parse, run_mode


def test_help_explains_every_option():
    out = subprocess.run([sys.executable, "-m", "scorekeeper", "--help"], capture_output=True, text=True, check=True)
    for option in ("--web", "--host", "--port", "--data", "--no-local-scorer"):
        assert option in out.stdout
    assert "desktop window" in out.stdout


def test_help_does_not_load_the_ui():
    code = "import sys; from scorekeeper.__main__ import parse; parse([]); print('flet' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_options_parse():
    args = parse(["--web", "--port", "9000", "--host", "0.0.0.0", "--data", "/tmp/x"])
    assert (args.web, args.port, args.host, args.data) == (True, 9000, "0.0.0.0", "/tmp/x")
    assert parse([]).web is False
    assert parse(["--no-local-scorer"]).no_local_scorer and not parse([]).no_local_scorer


# --- which way the app runs, and a plain word when its part of Flet is missing ----------

#: Run the command with some modules made unimportable, as if their package were not installed.
BLOCKED_RUN = """
import sys
BLOCKED = set(sys.argv[1].split(","))

class NotInstalled:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NotInstalled())
from scorekeeper.__main__ import main
raise SystemExit(main(sys.argv[2:]))
"""


def run_blocked(blocked: str, *args: str, display: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "FLET_PLATFORM")}
    env["SCOREKEEPER_DATA"] = "/nonexistent/never-opened"  # the check comes before any data is opened
    if display:
        env["DISPLAY"] = display
    return subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, blocked, *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_without_the_web_server_the_command_names_the_web_extra():
    out = run_blocked("flet_web", "--web")
    assert out.returncode == 2, out.stderr
    assert "flet_web is not installed" in out.stderr
    assert "pip install -e '.[web]'" in out.stderr
    assert "Traceback" not in out.stderr


def test_without_uvicorn_the_command_names_the_web_extra_too():
    out = run_blocked("uvicorn", "--web")
    assert out.returncode == 2, out.stderr
    assert "uvicorn is not installed" in out.stderr
    assert "'web' extra" in out.stderr


def test_without_the_desktop_client_the_command_names_the_desktop_extra():
    out = run_blocked("flet_desktop", display=":99")
    assert out.returncode == 2, out.stderr
    assert "flet_desktop is not installed" in out.stderr
    assert "pip install -e '.[desktop]'" in out.stderr
    assert "--web" in out.stderr


def test_the_mode_follows_the_display_the_flag_and_a_built_app():
    assert run_mode(False, {"FLET_PLATFORM": "android"}) == "embedded"
    assert run_mode(True, {"FLET_PLATFORM": "ios", "DISPLAY": ":0"}) == "embedded"
    assert run_mode(False, {}) == "web"  # no display: serve, as Flet itself does
    assert run_mode(False, {"DISPLAY": ":0"}) == "desktop"
    assert run_mode(True, {"DISPLAY": ":0"}) == "web"
    assert run_mode(False, {"DISPLAY": ":0", "FLET_FORCE_WEB_SERVER": "true"}) == "web"


def test_a_built_app_needs_neither_extra_and_an_installed_one_passes():
    assert missing_extra("embedded") is None
    assert missing_extra("web") is None  # the test extra installs the web server
