"""The README's commands are the ones CI runs, word for word."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_block(heading: str) -> str:
    """The first fenced command under a README heading."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1]
    return re.search(r"```\n(.+?)\n```", section, re.S).group(1).strip()


def test_ci_runs_the_readme_test_command_verbatim():
    command = readme_block("Run the tests")
    assert "pytest" in command
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_commands_need_no_sudo_as_root():
    """``sudo`` is not on a fresh Debian where you are root: the commands ask for it only where it exists."""
    for heading in ("Run the app", "Run the tests"):
        command = readme_block(heading)
        assert not re.search(r"(^|&& )sudo ", command), command
