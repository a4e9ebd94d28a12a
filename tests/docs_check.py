"""Reading the project's Markdown pages as GitHub shows them: links, heading anchors, figures, pictures.

The documentation tests (``tests/test_docs.py``) are built on these, and so
are their own tests on small made-up pages: a checker that cannot find a
broken link would pass every page.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
#: ``[text](target)`` and ``![alt](target)``, the target optionally in <> and followed by a "title".
LINK = re.compile(r"(!?)\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^\s)>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_IMAGE = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)
EXTERNAL = ("http://", "https://", "mailto:")

#: A measured figure: numbers with the unit they were measured in. Times and sizes may have a space
#: before the unit ("0.80 ms", "27 MB"); a percentage or a ratio sticks to its number ("96.4%",
#: "1.48x", or with the multiplication sign). A ratio sign followed by a digit is a size
#: ("4000x3000"), not a figure. Numbers given together for one unit, joined by a slash, a dash or
#: an arrow, are one figure ("12-19 ms", "25.2 / 25.4 ms"; "88.8% to 94.2%" with an arrow is two):
#: a run of three timings is not the same figure as another that happens to end alike.
NUMBER = r"\d[\d,]*(?:\.\d+)?"
FIGURE = re.compile(
    rf"(?<![\w.,])((?:{NUMBER}\s?(?:/|–|-|→)\s?)*{NUMBER})"
    r"(?:[ \u00a0]?(ms|µs|us|s|kB|KB|MB|GB)\b|(%|x|×)(?![\w\d]))"
)
#: Values any two measurements may share by nature, so sharing them says nothing: none, and all.
NATURAL = {"0", "100%"}


def pages(root: Path = ROOT) -> list[Path]:
    """The pages a reader of the repository sees as documentation."""
    found = [root / "README.md", *sorted((root / "docs").glob("*.md")), root / "benchmarks" / "README.md"]
    return [page for page in found if page.is_file()]


def prose(text: str) -> str:
    """The text with fenced blocks and inline code blanked: what is in code is shown, not linked."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the shown text lower-cased, punctuation gone, spaces as hyphens."""
    shown = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    shown = shown.replace("`", "").replace("*", "").strip().lower()
    shown = re.sub(r"[^\w\- ]", "", shown)
    return shown.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading anchor of a page; a repeated heading gets -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for match in HEADING.finditer(FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> Iterator[tuple[bool, str]]:
    """(is_image, target) for each link and picture of a page, in order."""
    plain = prose(text)
    for match in LINK.finditer(plain):
        yield bool(match.group(1)), match.group(2)
    for match in HTML_IMAGE.finditer(plain):
        yield True, match.group(1)


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """Each link of the page that leads to no file, out of the repository, or to no heading of its page."""
    problems = []
    for _, target in links(page.read_text(encoding="utf-8")):
        if target.startswith(EXTERNAL):
            continue  # the tests never go on line; every page here links inside the repository
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page.resolve()
        if not where.is_relative_to(root.resolve()):
            problems.append(f"{target}: outside the repository")
        elif not where.exists():
            problems.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where.read_text(encoding="utf-8")):
            problems.append(f"{target}: no heading #{anchor} in {where.name}")
    return problems


def figures(text: str) -> set[str]:
    """The figures a page states (numbers with their units), code blocks left out."""
    found = set()
    for match in FIGURE.finditer(prose(text)):
        numbers = re.sub(r"\s?(/|–|-|→)\s?", r" \1 ", match.group(1).replace(",", ""))
        unit = match.group(2) or match.group(3)
        figure = f"{numbers}{unit.replace('×', 'x')}" if unit in ("%", "x", "×") else f"{numbers} {unit}"
        if any(float(n) for n in re.findall(NUMBER, numbers)) and figure not in NATURAL:
            found.add(figure)
    return found


def shared_figures(on_pages: Iterable[Path]) -> dict[str, list[str]]:
    """Each figure stated on more than one page, with those pages."""
    where: dict[str, list[str]] = {}
    for page in on_pages:
        for figure in figures(page.read_text(encoding="utf-8")):
            where.setdefault(figure, []).append(shown_name(page))
    return {figure: names for figure, names in sorted(where.items()) if len(names) > 1}


def shown_name(page: Path) -> str:
    """A page as a reader finds it: its path in the repository."""
    return page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else page.name


def shown_images(on_pages: Iterable[Path]) -> dict[Path, list[str]]:
    """Every picture the pages show (resolved), with the pages showing it."""
    shown: dict[Path, list[str]] = {}
    for page in on_pages:
        for is_image, target in links(page.read_text(encoding="utf-8")):
            if is_image and not target.startswith(EXTERNAL):
                shown.setdefault((page.parent / target.partition("#")[0]).resolve(), []).append(shown_name(page))
    return shown


def refreshed_shots(source: str) -> set[str]:
    """Names of the pictures a test module takes with ``tests.e2e.harness.shot`` (those the refresh command writes).

    A module with a ``shot`` of its own, or one that saves pictures some other way, contributes
    nothing: only the harness's ``shot`` honours the refresh command's folder. A name passed
    through a variable (``picture=...`` handed to a helper that shoots it) is found as the string
    given to that keyword anywhere in the module.
    """
    tree = ast.parse(source)
    imported = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "tests.e2e.harness"
        and any(alias.name == "shot" and alias.asname is None for alias in node.names)
        for node in tree.body
    )
    own = any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "shot" for node in tree.body)
    if not imported or own:
        return set()
    names: set[str] = set()
    variables: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "shot" and node.args[1:]:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                names.add(name.value)
            elif isinstance(name, ast.Name):
                variables.add(name.id)
    for node in ast.walk(tree):
        value = node.value if isinstance(node, ast.keyword) and node.arg in variables else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            names.add(value.value)
    return names


def fenced_commands(text: str) -> list[tuple[int, str]]:
    """(line number, command) of each one-line fenced block of a page, numbered from 1."""
    found = []
    for match in re.finditer(r"^```[^\n]*\n(.+?)\n```", text, re.M | re.S):
        body = match.group(1).strip()
        if "\n" not in body:
            found.append((text.count("\n", 0, match.start(1)) + 1, body))
    return found
