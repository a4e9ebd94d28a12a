"""The shape of the package's classes: every attribute an object will hold is set up when it is made.

An attribute first set in some later method (a session's ``start``, a room's
``recover``) is one a reader of ``__init__`` cannot know about, and one that a
call arriving early finds missing. The scan reads each class's syntax tree:
what ``__init__`` sets, directly or through the methods it calls, is declared;
any other method may only change those.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
Method = ast.FunctionDef | ast.AsyncFunctionDef


def set_on_self(function: Method) -> Iterator[tuple[str, int]]:
    """Each ``self.x`` this method assigns, with its line."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for item in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) and item.value.id == "self":
                    yield item.attr, node.lineno


def calls_on_self(function: Method) -> set[str]:
    return {
        node.func.attr
        for node in ast.walk(function)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
    }


def late_attributes(cls: ast.ClassDef) -> Iterator[tuple[str, int, str]]:
    methods = {f.name: f for f in cls.body if isinstance(f, Method)}
    if "__init__" not in methods:
        return
    making, seen = ["__init__"], set()
    while making:  # __init__ and every method it calls, however deep
        name = making.pop()
        if name in seen or name not in methods:
            continue
        seen.add(name)
        making.extend(calls_on_self(methods[name]))
    declared = {attr for name in seen for attr, _line in set_on_self(methods[name])}
    for name, method in methods.items():
        if name not in seen:
            for attr, line in set_on_self(method):
                if attr not in declared:
                    yield attr, line, name


def test_every_attribute_is_set_up_when_the_object_is_made():
    found = [
        f"{path.relative_to(PACKAGE).as_posix()}:{line} {cls.name}.{attr} (first set in {method})"
        for path in sorted(PACKAGE.rglob("*.py"))
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(cls, ast.ClassDef)
        for attr, line, method in late_attributes(cls)
    ]
    assert found == []


#: A module past this is split into modules named for what they hold; a class past ``MAX_CLASS`` into parts.
MAX_MODULE, MAX_CLASS = 400, 250
#: The string tables grow with the app's words, one table per language: they are data, not code to split.
TABLES = {"i18n/ar.py", "i18n/en.py", "i18n/nl.py"}


def test_no_module_or_class_outgrows_its_job():
    too_big = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        text = path.read_text(encoding="utf-8")
        if name in TABLES:
            continue
        if len(text.splitlines()) > MAX_MODULE:
            too_big.append(f"{name}: {len(text.splitlines())} lines")
        too_big += [
            f"{name}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.ClassDef) and node.end_lineno and node.end_lineno - node.lineno + 1 > MAX_CLASS
        ]
    assert too_big == []
