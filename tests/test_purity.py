"""The core must stay pure: no UI, no storage behind a score, each module checked in a fresh interpreter."""

import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper.core

PACKAGE = Path(scorekeeper.core.__file__).resolve().parent
#: Every module of the ``core`` package is core: the folder is the list.
CORE = sorted(f"scorekeeper.core.{p.stem}" for p in PACKAGE.glob("*.py") if not p.stem.startswith("_"))
FORBIDDEN = (
    "flet",
    "flet_web",
    "tinydb",
    "filelock",
    "platformdirs",
    "scorekeeper.storage",
    "scorekeeper.ui",
    "scorekeeper.session",
    "scorekeeper.photo",
)


def test_the_core_list_is_complete():
    named = {
        "tiles",
        "rules",
        "match",
        "stats",
        "records",
        "codec",
        "exchange",
        "errors",
        "checks",
        "settings",
        "deal",
        "feasibility",
        "accumulate",
    }
    assert {f"scorekeeper.core.{n}" for n in named} <= set(CORE)


def test_nothing_but_the_entry_point_sits_beside_the_packages():
    """A module dropped at the package's top level would escape the purity check above."""
    top = Path(scorekeeper.core.__file__).resolve().parents[1]
    assert sorted(p.name for p in top.glob("*.py")) == ["__init__.py", "__main__.py"]


def test_the_session_layer_loads_no_flet():
    """The Flet-free presentation stays Flet-free, so a test can drive a session without a page."""
    code = (
        "import sys, pkgutil, importlib, scorekeeper.session as s\n"
        "[importlib.import_module('scorekeeper.session.' + m.name) for m in pkgutil.iter_modules(s.__path__)]\n"
        "print(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('flet', 'flet_web') or m.startswith('scorekeeper.ui')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


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


def test_the_architecture_page_names_every_core_module_and_package():
    """docs/architecture.md and the layout agree: each core module and each package has its line."""
    page = (PACKAGE.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [f"{m.rsplit('.', 1)[1]}.py" for m in CORE if f"`{m.rsplit('.', 1)[1]}.py`" not in page]
    packages = sorted(p.parent.name for p in PACKAGE.parent.glob("*/__init__.py"))
    missing += [f"scorekeeper/{p}/" for p in packages if f"`scorekeeper/{p}/`" not in page]
    assert missing == []
