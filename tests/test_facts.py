"""Each fact is written once: a scan of the package's source that fails when a removed copy comes back.

Every check reads the syntax tree (or, for the name patterns, the text) of
every module under ``scorekeeper/`` and of the game simulator, and names the
file and line of each copy it finds outside the fact's one home.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
SOURCES = sorted([*PACKAGE.rglob("*.py"), ROOT / "tests" / "play.py"])
ENDS = {"domino", "blocked", "redeal"}
SETTING_KEYS = {"language", "digits", "theme", "default_target"}


def rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix() if path.is_relative_to(PACKAGE) else path.relative_to(ROOT).as_posix()


def trees() -> Iterator[tuple[str, ast.AST]]:
    for path in SOURCES:
        yield rel(path), ast.parse(path.read_text(encoding="utf-8"))


def nodes(kind: type[ast.AST] | tuple[type[ast.AST], ...]) -> Iterator[tuple[str, ast.AST]]:
    for name, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, kind):
                yield name, node


def where(name: str, node: ast.AST) -> str:
    return f"{name}:{getattr(node, 'lineno', '?')}"


def constant(node: ast.AST) -> object:
    return node.value if isinstance(node, ast.Constant) else None


@pytest.mark.parametrize(
    ("text", "home"),
    [
        (r"\d{4}-\d{2}-\d{2}", "core/checks.py"),  # an evening's name
        ("[A-Za-z0-9", "core/checks.py"),  # a match id
    ],
)
def test_the_name_patterns_are_written_in_checks_only(text, home):
    found = [rel(p) for p in SOURCES if text in p.read_text(encoding="utf-8")]
    assert found == [home]


def test_the_round_endings_are_listed_once():
    found = [
        where(name, node)
        for name, node in nodes((ast.Tuple, ast.List, ast.Set))
        if {constant(e) for e in node.elts} == ENDS  # type: ignore[attr-defined]
    ]
    assert len(found) == 1 and found[0].startswith("core/rules.py:"), found


def counts_four_seats(node: ast.AST) -> bool:
    """``range(4)``, ``[x] * 4`` or ``len(x) == 4``: the seat count typed in."""
    if isinstance(node, ast.Call):
        return getattr(node.func, "id", None) == "range" and constant(node.args[-1]) == 4
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.Mult) and 4 in (constant(node.left), constant(node.right))
    return isinstance(node, ast.Compare) and any(constant(c) == 4 for c in node.comparators)


def test_no_view_or_session_counts_the_seats_itself():
    found = [
        where(name, node)
        for name, node in nodes((ast.Call, ast.BinOp, ast.Compare))
        if name.startswith(("ui/", "session/")) and counts_four_seats(node)
    ]
    assert found == []


def test_the_default_target_is_defined_once_and_never_supplied_again():
    defined = [
        where(name, node)
        for name, node in nodes(ast.Assign)
        if any(getattr(t, "id", None) == "DEFAULT_TARGET" for t in node.targets)  # type: ignore[attr-defined]
    ]
    assert len(defined) == 1 and defined[0].startswith("core/match.py:"), defined


def test_no_caller_supplies_a_settings_default_again():
    defaults = {"latin", "system", 11}
    found = [
        where(name, node)
        for name, node in nodes(ast.BoolOp)
        if isinstance(node.op, ast.Or) and constant(node.values[-1]) in defaults  # type: ignore[attr-defined]
    ]
    found += [
        where(name, node)
        for name, node in nodes(ast.Call)
        if name.startswith(("ui/", "session/"))
        and getattr(node.func, "attr", None) == "get"  # type: ignore[attr-defined]
        and node.args  # type: ignore[attr-defined]
        and constant(node.args[0]) in SETTING_KEYS  # type: ignore[attr-defined]
    ]
    assert found == []


#: Where the settings become a plain mapping: the files that read and write ``meta.json``'s form of them.
SETTINGS_AS_DATA = {"core/settings.py", "storage/meta.py", "storage/schema.py"}


def test_the_settings_travel_as_one_frozen_value():
    """One ``Settings`` from storage to the views: no dict beside it, no second reader for the same value."""
    as_dicts = [
        where(name, node)
        for name, node in nodes(ast.Call)
        if getattr(node.func, "attr", None) == "as_dict" and name not in SETTINGS_AS_DATA  # type: ignore[attr-defined]
    ]
    assert as_dicts == []
    store = next(
        node
        for name, node in nodes(ast.ClassDef)
        if name == "storage/store.py" and node.name == "Store"  # type: ignore[attr-defined]
    )
    readers = {
        node.name: ast.unparse(node.returns) if node.returns else None
        for node in store.body  # type: ignore[attr-defined]
        if isinstance(node, ast.FunctionDef) and "settings" in node.name
    }
    assert readers == {"settings": "Settings", "save_settings": "Settings"}


def test_the_double_six_tile_is_built_in_tiles_only():
    found = []
    for name, node in nodes(ast.Call):
        func = node.func  # type: ignore[attr-defined]
        called = getattr(func, "id", None) or getattr(func, "attr", None)
        args = node.args  # type: ignore[attr-defined]
        if called in ("Tile", "of") and len(args) == 2:
            halves = {getattr(a, "id", None) or constant(a) for a in args}
            if halves in ({"HIGHEST"}, {6}):
                found.append(where(name, node))
    assert len(found) == 1 and found[0].startswith("core/tiles.py:"), found


#: Every Python file of the project (package, tests, tools, benchmarks): where a name must mean one thing.
PARTS = ("scorekeeper", "tests", "tools", "benchmarks")
EVERY_FILE = sorted(path for part in PARTS for path in (ROOT / part).rglob("*.py"))


def test_the_name_double_six_is_the_tile_and_comes_from_tiles():
    """``DOUBLE_SIX`` is the tile, bound in ``core/tiles.py`` and imported from there: no other value takes the name."""
    found = []
    for path in EVERY_FILE:
        name = rel(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "scorekeeper.core.tiles":
                names = {alias.asname or alias.name for alias in node.names} | {alias.name for alias in node.names}
                found += [where(name, node)] if "DOUBLE_SIX" in names else []
            elif isinstance(node, ast.Assign | ast.AnnAssign) and name != "core/tiles.py":
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [where(name, node) for target in targets if getattr(target, "id", None) == "DOUBLE_SIX"]
    assert found == []


def test_the_pip_limits_are_derived_in_tiles_not_typed_in():
    found = [where(name, node) for name, node in nodes(ast.Constant) if node.value in (69, 118, 65, 112)]  # type: ignore[attr-defined]
    assert found == []
    homes = [
        where(name, node)
        for name, node in nodes((ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])  # type: ignore[attr-defined]
        if getattr(target, "id", None) in ("MAX_HAND", "MAX_TWO_HANDS")
    ]
    assert [h.split(":")[0] for h in homes] == ["core/tiles.py", "core/tiles.py"], homes


#: "issue 15", "Issue #10", "issues 3 and 4": history, which belongs in commit messages, not the code.
ISSUE = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)


def test_no_code_names_an_issue():
    """The package, its tests, benchmarks and tools: every Python file but this one, which names the pattern."""
    code = [*PACKAGE.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]
    found = [
        f"{rel(path)}:{number}"
        for path in sorted({*code, *(ROOT / "tools").rglob("*.py")} - {Path(__file__).resolve()})
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if ISSUE.search(line)
    ]
    assert found == []


def dotted(node: ast.AST) -> list[str]:
    """``self.store.tonight`` as ``["self", "store", "tonight"]`` ([] for anything else)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return [node.id, *reversed(parts)] if isinstance(node, ast.Name) else []


def forwards(function: ast.FunctionDef) -> bool:
    """A method whose whole body hands its own arguments to a part's method, or to a namesake elsewhere."""
    body = [s for s in function.body if not (isinstance(s, ast.Expr) and isinstance(constant(s.value), str))]
    if len(body) != 1 or not isinstance(body[0], ast.Return | ast.Expr) or not isinstance(body[0].value, ast.Call):
        return False
    call = body[0].value
    callee = dotted(call.func)
    if callee[-1:] == [function.name]:  # round_line -> phrases.round_line, tonight -> self.store.tonight
        return True
    params = sorted(a.arg for a in [*function.args.args[1:], *function.args.kwonlyargs])
    given = [*call.args, *(k.value for k in call.keywords)]
    return (
        len(callee) >= 3
        and callee[0] == "self"
        and all(isinstance(a, ast.Name) for a in given)
        and sorted(a.id for a in given) == params  # type: ignore[attr-defined]
    )


def test_the_session_and_the_shell_hold_no_pass_throughs():
    """A view calls the part that does the job (``state.reads``, ``state.scoring``, ``shell.nav``), not a relay."""
    found = [
        f"{where(name, function)} {cls.name}.{function.name}"  # type: ignore[attr-defined]
        for name, cls in nodes(ast.ClassDef)
        if name.startswith(("session/", "ui/"))
        for function in cls.body  # type: ignore[attr-defined]
        if isinstance(function, ast.FunctionDef) and forwards(function)
    ]
    assert found == []
