"""The core must stay pure: no UI, no storage behind a score."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "scorekeeper.tiles",
        "scorekeeper.rules",
        "scorekeeper.match",
        "scorekeeper.deal",
        "scorekeeper.feasibility",
        "scorekeeper.play",
    ],
)
def test_core_imports_neither_flet_nor_tinydb(module):
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.split('.')[0] in ('flet', 'tinydb')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
