"""The documentation a newcomer reads is true: CI's commands, links that lead somewhere, one home per figure.

The checkers themselves live in ``tests/docs_check.py``; each is also tried
here on a small made-up page with the fault it must find.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.docs_check import (
    ROOT,
    anchors,
    broken_links,
    fenced_commands,
    figures,
    links,
    pages,
    refreshed_shots,
    shared_figures,
    shown_images,
    slug,
)

FIRST_SCREEN = 40  # lines a reader sees before scrolling
README_LINES = 150  # a page read in a minute; the rest lives in docs/


def readme_block(heading: str) -> str:
    """The first fenced command under a README heading."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1]
    match = re.search(r"```\n(.+?)\n```", section, re.S)
    assert match, f"no command under '## {heading}'"
    return match.group(1).strip()


def test_ci_runs_the_readme_test_command_verbatim():
    command = readme_block("Run the tests")
    assert "pytest" in command
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_commands_need_no_sudo_as_root():
    """``sudo`` is not on a fresh Debian where you are root: the commands ask for it only where it exists."""
    for heading in ("Run the app", "Run the tests"):
        command = readme_block(heading)
        assert not re.search(r"(^|&& )sudo ", command), command


def test_a_newcomer_finds_the_run_and_test_commands_on_the_first_screen():
    lines = {command: line for line, command in fenced_commands((ROOT / "README.md").read_text(encoding="utf-8"))}
    for heading in ("Run the app", "Run the tests"):
        command = readme_block(heading)
        assert lines[command] <= FIRST_SCREEN, f"the '{heading}' command is on line {lines[command]}"


def test_the_readme_is_read_in_a_minute():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_LINES, f"README.md has {lines} lines: move the detail into a page under docs/"


# --- links ---------------------------------------------------------------------------------------


def test_every_link_in_the_docs_leads_to_a_file_or_a_heading():
    broken = {page.name: problems for page in pages() if (problems := broken_links(page))}
    assert broken == {}


def test_the_docs_are_the_readme_the_docs_folder_and_the_benchmarks_readme():
    found = {page.relative_to(ROOT).as_posix() for page in pages()}
    assert {"README.md", "docs/guide.md", "docs/benchmarks.md", "benchmarks/README.md"} <= found


def test_the_link_checker_finds_each_kind_of_broken_link(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## A heading\n", encoding="utf-8")
    (tmp_path / "docs" / "pic.png").write_bytes(b"")
    readme = tmp_path / "README.md"
    readme.write_text(
        "# Top\n\n"
        "[fine](docs/a.md#a-heading) [fine too](docs/a.md) [here](#top) ![picture](docs/pic.png)\n"
        "[gone](docs/missing.md) [no heading](docs/a.md#nowhere) [not here](#bottom)\n"
        "![no picture](docs/none.png) [away](../outside.md) [on line](https://example.org/x)\n"
        "`[in code](nowhere.md)`\n\n```\n[in a block](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(readme, tmp_path) == [
        "docs/missing.md: no such file",
        "docs/a.md#nowhere: no heading #nowhere in a.md",
        "#bottom: no heading #bottom in README.md",
        "docs/none.png: no such file",
        "../outside.md: outside the repository",
    ]


def test_anchors_are_the_ones_github_makes():
    assert slug("The store in three rooms (`storage/`)") == "the-store-in-three-rooms-storage"
    assert slug("At the table: Arabic first, at night, one-handed") == "at-the-table-arabic-first-at-night-one-handed"
    assert slug("Undo and edit") == "undo-and-edit"
    assert slug("See [the rules](rules.md)") == "see-the-rules"
    page = "# Notes\n\n## Run\n\n```\n# not a heading\n```\n\n## Run\n\n### Run\n"
    assert anchors(page) == {"notes", "run", "run-1", "run-2"}


def test_links_are_read_with_their_kind_and_titles_left_out():
    text = '![a picture](docs/p.png "title") and [a page](docs/a.md#x) and <img src="docs/q.png" width="90">'
    assert list(links(text)) == [(True, "docs/p.png"), (False, "docs/a.md#x"), (True, "docs/q.png")]


# --- figures -------------------------------------------------------------------------------------


def test_no_figure_appears_on_two_pages():
    """One page per figure; the others link to it, so a maintainer can tell which figure is current."""
    assert shared_figures(pages()) == {}


def test_the_readme_holds_no_figures():
    """The README says how to run the app; measured figures live on the pages it links to."""
    assert figures((ROOT / "README.md").read_text(encoding="utf-8")) == set()


def test_a_figure_is_a_number_with_its_unit_outside_code():
    text = (
        "save 0.80 ms, 27 MB, 96.4% exact, 1.48x, 2.26× before, 1,000 ms, 3.4 s\n"
        "runs: 12–19 ms, 25.2 / 25.4 ms, 197 → 217 ms, 88.8% → 94.2%\n"
        "not figures: 360×740, 4000x3000, 0 ms, 100%, 12 tiles, `5 ms in code`, v1.0.5, 5 seconds\n"
        "```\n7 ms in a block\n```\n"
    )
    assert figures(text) == {
        "0.80 ms",
        "27 MB",
        "96.4%",
        "1.48x",
        "2.26x",
        "1000 ms",
        "3.4 s",
        "12 – 19 ms",
        "25.2 / 25.4 ms",
        "197 → 217 ms",
        "88.8%",
        "94.2%",
    }


def test_the_figure_check_finds_a_figure_on_two_pages(tmp_path):
    one, two, three = (tmp_path / f"{name}.md" for name in ("one", "two", "three"))
    one.write_text("save p50 0.80 ms; exact 96.4%; twice here: 12 ms, 12 ms; 195 / 216 ms\n", encoding="utf-8")
    two.write_text("| save | 0.80 ms |\n|---|---|\n| photos | 96.4% |\n| p50 | 241 / 216 ms |\n", encoding="utf-8")
    three.write_text("12 tiles; 0 ms; 100% of the photos\n", encoding="utf-8")
    assert shared_figures([one, two, three]) == {"0.80 ms": ["one.md", "two.md"], "96.4%": ["one.md", "two.md"]}


def test_the_benchmark_page_says_how_to_run_every_benchmark():
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    missing = [
        script.name
        for script in sorted((ROOT / "benchmarks").glob("*.py"))
        if f"`.venv/bin/python benchmarks/{script.name}" not in text
    ]
    assert missing == [], "docs/benchmarks.md has no command for these"


def figure_pages() -> list[Path]:
    """The benchmark page and each page its table of benchmarks names for the latest figures."""
    page = ROOT / "docs" / "benchmarks.md"
    text = page.read_text(encoding="utf-8")
    found = [page]
    for row in re.findall(r"^\|(.+)\|$", text, re.M):
        for _, target in links(row.split("|")[-1]):
            path = target.partition("#")[0]
            if path and (page.parent / path).resolve() not in found:
                found.append((page.parent / path).resolve())
    return found


def test_every_set_of_latest_figures_says_when_and_on_what_machine_it_was_measured():
    """A table of figures, or a paragraph stating them, follows a line with its date and machine."""
    pages_checked = figure_pages()
    assert len(pages_checked) >= 2, "the benchmark page names no other page for its figures"
    for page in pages_checked:
        blocks = re.split(r"\n\s*\n", page.read_text(encoding="utf-8"))
        for before, block in zip(["", *blocks], blocks, strict=False):
            if block.startswith("|") and figures(block):
                said = before
            elif not block.startswith("|") and block.startswith("Latest figures") and ":" in block:
                said = block
            else:
                continue
            assert re.search(r"\b20\d\d-\d\d-\d\d\b", said), f"{page.name}: no date before\n{block[:200]}"
            assert "machine" in said, f"{page.name}: no machine before\n{block[:200]}"


# --- pictures ------------------------------------------------------------------------------------


def refresh_command() -> tuple[str, str]:
    """The variable and folder of the documented command that retakes the pictures."""
    for page in pages():
        for _, command in fenced_commands(page.read_text(encoding="utf-8")):
            match = re.fullmatch(r"(\w+)=(\S+) \.venv/bin/python -m pytest tests/e2e", command)
            if match:
                return match.group(1), match.group(2)
    raise AssertionError("no page shows the command that retakes the screenshots")


def test_the_refresh_command_writes_where_the_docs_take_their_pictures_from():
    variable, folder = refresh_command()
    probe = "from tests.e2e.harness import SHOTS; print(SHOTS.resolve())"
    env = {**os.environ, variable: folder}
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert Path(out.stdout.strip()) == (ROOT / folder).resolve()


def test_every_picture_the_docs_show_is_taken_by_the_refresh_command():
    _, folder = refresh_command()
    modules = (ROOT / "tests" / "e2e").glob("*.py")
    taken = set().union(*(refreshed_shots(module.read_text(encoding="utf-8")) for module in modules))
    shown = shown_images(pages())
    assert shown, "the docs show no picture"
    not_taken = {
        image.relative_to(ROOT).as_posix(): where
        for image, where in shown.items()
        if image.parent != (ROOT / folder).resolve() or image.suffix != ".png" or image.stem not in taken
    }
    assert not_taken == {}


def test_the_pictures_taken_are_read_from_the_harness_calls_only():
    harness = "from tests.e2e.harness import open_page, shot\n"
    calls = (
        "def test_x(page):\n"
        "    shot(page, 'home')\n"
        "    def record(picture=None):\n"
        "        if picture:\n"
        "            shot(page, picture)\n"
        "    record(picture='arabic-record')\n"
        "    screenshot(page, tmp / 'elsewhere.png')\n"
    )
    assert refreshed_shots(harness + calls) == {"home", "arabic-record"}
    assert refreshed_shots(calls) == set()  # no harness shot: its own folder, not the refresh command's
    own = harness + "def shot(page, name):\n    screenshot(page, SHOTS / f'{name}.png')\n" + calls
    assert refreshed_shots(own) == set()
