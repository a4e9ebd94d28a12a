"""The command line: help that explains every option, and options that reach the app."""

import subprocess
import sys

from scorekeeper.__main__ import parse


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
