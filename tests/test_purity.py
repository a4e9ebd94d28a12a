"""The core must stay pure: no UI, no storage behind a score, each module checked in a fresh interpreter."""

import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).resolve().parent
#: Every module outside the shell (storage, ui, i18n) and the entry point is core.
SHELL = {"storage", "ui", "i18n", "__main__"}
CORE = sorted(
    f"scorekeeper.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem not in SHELL and not p.stem.startswith("_")
)
FORBIDDEN = ("flet", "flet_web", "tinydb", "filelock", "platformdirs", "scorekeeper.storage", "scorekeeper.ui")


def test_the_core_list_is_complete():
    named = {"tiles", "rules", "match", "stats", "records", "codec", "exchange", "errors", "checks", "settings",
             "deal", "feasibility", "play", "accumulate"}
    assert {f"scorekeeper.{n}" for n in named} <= set(CORE)


@pytest.mark.parametrize("module", CORE)
def test_a_core_module_loads_neither_ui_nor_storage(module):
    code = (
        f"import sys, {module}\n"
        f"bad = {FORBIDDEN!r}\n"
        "print(sorted(m for m in sys.modules if m in bad or m.split('.')[0] in bad or m.startswith(bad)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_check_can_fail():
    """The same probe on a shell module does report what it loads (the check is not blind)."""
    code = "import sys, scorekeeper.storage\nprint(sorted(m for m in sys.modules if m in ('tinydb', 'filelock')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['filelock', 'tinydb']"
