"""Mutation testing for the pure core: does each module's own test file notice a small change?

Usage::

    nice -n 10 .venv/bin/python tools/mutate.py match codec --jobs 2
    .venv/bin/python tools/mutate.py scorekeeper/core/tiles.py --list   # the mutants, not run

Each core module ``scorekeeper/core/<name>.py`` is tested only by the tests
that mirror it (``mirror_tests``: ``tests/test_<name>.py`` and
``tests/test_<name>_*.py``), so a module cannot hide behind another module's
tests. A mutant is one small AST change (``MUTATORS`` below lists them); it is
killed when those tests fail (or time out, or the module no longer imports)
and survives when they pass.

How a mutant runs, and why it is safe and cheap: this process parses the
sources and imports pytest and hypothesis once, never the package. For each
mutant it forks; the child installs an import hook that compiles the mutated
tree in place of the module's file (nothing on disk changes, so a run never
touches tracked files and parallel mutants cannot see each other), turns off
bytecode writing and the hypothesis example database (derandomized, so a run
is repeatable), and runs pytest in-process with ``-x -q -p no:cacheprovider``
and without the plugins the core's tests never use (flet, anyio, platformdirs:
loading them took two thirds of a mutant's time); the whole package and the
tests are imported fresh in the child. The parent
kills a child that runs past ``--timeout``. The process renices itself
(``--nice``, default 10): the machine is shared.

Equivalent mutants (a change no test can see, because behaviour is the same)
are listed in ``docs/mutation.md`` in a table whose first two cells are
`` `core/<module>.py:<line>` `` and `` `<mutation>` ``, exactly as this script
prints survivors; they are reported apart and left out of the share killed.
"""

from __future__ import annotations

import argparse
import ast
import importlib.abc
import importlib.machinery
import importlib.util
import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "scorekeeper" / "core"
TESTS = ROOT / "tests"
EQUIVALENTS = ROOT / "docs" / "mutation.md"
PYTEST_ARGS = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:flet", "-p", "no:anyio", "-p", "no:platformdirs"]


def mirror_tests(module: str) -> list[Path]:
    """The tests that mirror ``core/<module>.py``: the one place this map is written."""
    return sorted({TESTS / f"test_{module}.py", *TESTS.glob(f"test_{module}_*.py")} & set(TESTS.glob("test_*.py")))


# --- the mutants ---------------------------------------------------------------

_NEGATED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BOUNDARY: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Add: "+",
    ast.Sub: "-",
}
#: Fields never evaluated at run time (``from __future__ import annotations``) or only message text.
_SKIPPED_FIELDS = {"annotation", "returns", "type_comment"}

MUTATORS = (
    "comparison negated (< to >=, == to !=, in to not in, is to is not)",
    "comparison boundary moved (< to <=, > to >=, and back)",
    "integer constant +1 and -1; True and False swapped",
    "and / or swapped",
    "not dropped",
    "if / while / conditional expression / comprehension condition negated",
    "return value replaced by None",
    "+ and - swapped (also in +=, -=)",
)


@dataclass(frozen=True)
class Mutant:
    """The ``index``-th mutant of a module: where it is and what it changes."""

    module: str
    index: int
    line: int
    mutation: str

    @property
    def where(self) -> str:
        return f"core/{self.module}.py:{self.line}"


Slot = tuple[ast.AST, str, int | None]  # parent, field, position in a list field (None: a single node)


def _children(node: ast.AST) -> Iterator[tuple[ast.AST, Slot]]:
    for name, value in ast.iter_fields(node):
        if name in _SKIPPED_FIELDS:
            continue
        if isinstance(value, ast.AST):
            yield value, (node, name, None)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, ast.AST):
                    yield item, (node, name, i)


def _is_docstring(node: ast.AST, slot: Slot | None) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _is_dunder_all(node: ast.AST) -> bool:
    return isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)


def _segment(source: str, node: ast.AST, limit: int = 40) -> str:
    text = " ".join((ast.get_source_segment(source, node) or ast.unparse(node)).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# a change is (node, slot, what it does, how to apply it in the child)
Change = tuple[ast.AST, str, Any]


def _changes(node: ast.AST, slot: Slot | None, source: str) -> Iterator[tuple[str, Any]]:
    """Every mutation of ``node`` itself: (description, how to apply it)."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            kind = type(op)
            left = node.left if i == 0 else node.comparators[i - 1]
            pair = f"{_segment(source, left, 30)} {_SYMBOL[kind]} {_segment(source, node.comparators[i], 30)}"
            for table in (_NEGATED, _BOUNDARY):
                if kind in table:
                    new = table[kind]
                    yield f"`{pair}` {_SYMBOL[kind]} -> {_SYMBOL[new]}", ("cmp", i, new)
    elif isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            yield f"{node.value} -> {not node.value}", ("const", not node.value)
        elif isinstance(node.value, int):
            yield f"{node.value} -> {node.value + 1}", ("const", node.value + 1)
            yield f"{node.value} -> {node.value - 1}", ("const", node.value - 1)
    elif isinstance(node, ast.BoolOp):
        words = "and -> or" if isinstance(node.op, ast.And) else "or -> and"
        yield f"`{_segment(source, node)}` {words}", ("boolop",)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and slot is not None:
        yield f"`{_segment(source, node)}` not dropped", ("drop_not", slot)
    elif isinstance(node, ast.If | ast.While | ast.IfExp):
        yield f"`{_segment(source, node.test)}` negated", ("negate_test",)
    elif isinstance(node, ast.comprehension):
        for i, cond in enumerate(node.ifs):
            yield f"`{_segment(source, cond)}` negated", ("negate_if", i)
    elif isinstance(node, ast.Return):
        if node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield f"`return {_segment(source, node.value)}` -> `return None`", ("return_none",)
    elif isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Add | ast.Sub):
        old_op = type(node.op)
        new_op = ast.Sub if old_op is ast.Add else ast.Add
        yield f"`{_segment(source, node)}` {_SYMBOL[old_op]} -> {_SYMBOL[new_op]}", ("arith", new_op)


def _walk(tree: ast.AST, source: str) -> Iterator[tuple[ast.AST, str, Any]]:
    """Every (node, description, change) in a fixed order, so parent and child number mutants alike."""
    stack: list[tuple[ast.AST, Slot | None]] = [(tree, None)]
    while stack:
        node, slot = stack.pop()
        if _is_docstring(node, slot) or _is_dunder_all(node) or isinstance(node, ast.JoinedStr):
            continue  # text only: docstrings, the export list, messages
        for description, change in _changes(node, slot, source):
            yield node, description, change
        stack.extend(reversed(list(_children(node))))


def _apply(node: ast.AST, change: Any) -> None:
    kind = change[0]
    if kind == "cmp":
        assert isinstance(node, ast.Compare)
        node.ops[change[1]] = change[2]()
    elif kind == "const":
        assert isinstance(node, ast.Constant)
        node.value = change[1]
    elif kind == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "drop_not":
        assert isinstance(node, ast.UnaryOp)
        parent, name, position = change[1]
        if position is None:
            setattr(parent, name, node.operand)
        else:
            getattr(parent, name)[position] = node.operand
    elif kind == "negate_test":
        assert isinstance(node, ast.If | ast.While | ast.IfExp)
        node.test = ast.UnaryOp(ast.Not(), node.test)
    elif kind == "negate_if":
        assert isinstance(node, ast.comprehension)
        node.ifs[change[1]] = ast.UnaryOp(ast.Not(), node.ifs[change[1]])
    elif kind == "return_none":
        assert isinstance(node, ast.Return)
        node.value = ast.Constant(None)
    elif kind == "arith":
        assert isinstance(node, ast.BinOp | ast.AugAssign)
        node.op = change[1]()
    else:
        raise ValueError(kind)


def module_path(module: str) -> Path:
    return CORE / f"{module}.py"


_SOURCES: dict[str, str] = {}


def source_of(module: str) -> str:
    """The module's text as first read: forked children inherit it, so editing the file mid-run changes nothing."""
    if module not in _SOURCES:
        _SOURCES[module] = module_path(module).read_text(encoding="utf-8")
    return _SOURCES[module]


def mutants(module: str) -> list[Mutant]:
    source = source_of(module)
    tree = ast.parse(source)
    found: list[Mutant] = []
    seen: dict[tuple[int, str], int] = {}
    for i, (node, description, _) in enumerate(_walk(tree, source)):
        line: int = getattr(node, "lineno", 0) or getattr(getattr(node, "target", None), "lineno", 0)
        again = seen[line, description] = seen.get((line, description), 0) + 1
        found.append(Mutant(module, i, line, description if again == 1 else f"{description} #{again}"))
    return found


def mutated_code(module: str, index: int | None) -> Any:
    """The module's code object with mutant ``index`` applied (None: unchanged), compiled as its own file."""
    path = module_path(module)
    source = source_of(module)
    tree = ast.parse(source)
    if index is not None:
        for i, (node, _, change) in enumerate(_walk(tree, source)):
            if i == index:
                _apply(node, change)
                break
        else:
            raise IndexError(f"{module} has no mutant {index}")
        tree = ast.fix_missing_locations(tree)
    return compile(tree, str(path), "exec")


# --- running one mutant in a forked child --------------------------------------------


class _MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves one core module from a code object instead of its file."""

    def __init__(self, fullname: str, code: Any) -> None:
        self.fullname, self.code = fullname, code

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.fullname:
            return None
        return importlib.util.spec_from_file_location(fullname, self.code.co_filename, loader=self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.code, module.__dict__)


def _child(module: str, index: int | None, tests: list[Path]) -> int:
    """In the forked child: install the mutant, run the mirror tests, return pytest's exit code."""
    import pytest
    from hypothesis import settings

    sys.dont_write_bytecode = True
    # profiles registered later (tests/conftest.py) inherit from the loaded one
    settings.register_profile("mutate", database=None, derandomize=True, deadline=None)
    settings.load_profile("mutate")
    try:
        code = mutated_code(module, index)
    except Exception:  # a mutant the compiler refuses counts as killed
        return 1
    sys.meta_path.insert(0, _MutantFinder(f"scorekeeper.core.{module}", code))
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.chdir(ROOT)
    return int(pytest.main([*PYTEST_ARGS, *map(str, tests)]))


def _start(module: str, index: int | None, tests: list[Path]) -> int:
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            code = _child(module, index, tests)
        finally:
            os._exit(code)
    return pid


@dataclass
class Outcome:
    mutant: Mutant | None
    status: str  # killed, survived, timeout, error
    seconds: float


def _verdict(status: int) -> str:
    code = os.waitstatus_to_exitcode(status)
    if code == 0:
        return "survived"
    if code in (1, 2):  # tests failed, or collection failed (the mutant does not import)
        return "killed"
    return "error"


def run(jobs: list[tuple[Mutant | None, str, int | None, list[Path]]], workers: int, timeout: float) -> list[Outcome]:
    """Run each job (mutant, module, index, tests) in a forked child, at most ``workers`` at once."""
    pending = list(reversed(jobs))
    running: dict[int, tuple[Mutant | None, float]] = {}
    done: list[Outcome] = []
    try:
        _drive(pending, running, done, workers, timeout)
    finally:  # interrupted (Ctrl-C, SIGTERM): no child outlives the run
        for child in running:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
    return done


def _drive(
    pending: list[tuple[Mutant | None, str, int | None, list[Path]]],
    running: dict[int, tuple[Mutant | None, float]],
    done: list[Outcome],
    workers: int,
    timeout: float,
) -> None:
    while pending or running:
        while pending and len(running) < workers:
            mutant, module, index, tests = pending.pop()
            running[_start(module, index, tests)] = (mutant, time.monotonic())
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for child, (mutant, began) in list(running.items()):
                if now - began > timeout:
                    os.kill(child, signal.SIGKILL)
                    os.waitpid(child, 0)
                    del running[child]
                    done.append(Outcome(mutant, "timeout", now - began))
            time.sleep(0.02)
            continue
        if pid in running:
            mutant, began = running.pop(pid)
            done.append(Outcome(mutant, _verdict(status), time.monotonic() - began))


# --- the report -------------------------------------------------------------------

#: A table row: the place, then the change as a code span (two backticks around one that holds a backtick).
_ROW = re.compile(r"^\|\s*`(core/[\w/]+\.py:\d+)`\s*\|\s*(`+) ?(.+?) ?\2\s*\|")


def listed_equivalents(path: Path = EQUIVALENTS) -> set[tuple[str, str]]:
    """(where, mutation) pairs that ``docs/mutation.md`` lists as equivalent, with a reason."""
    if not path.exists():
        return set()
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            found.add((m.group(1), m.group(3)))
    return found


def _module_name(arg: str) -> str:
    name = Path(arg).stem if arg.endswith(".py") else arg.rsplit(".", 1)[-1]
    if not module_path(name).exists():
        raise SystemExit(f"no core module {name!r} (looked for {module_path(name)})")
    return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", help="core modules: match, core/match.py or scorekeeper.core.match")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1; the machine is shared)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a mutant's tests count as hung")
    parser.add_argument("--nice", type=int, default=10, help="niceness added to this process and its children")
    parser.add_argument("--list", action="store_true", help="print the mutants without running them")
    parser.add_argument("--lines", help="only mutants on these lines, e.g. 70-90 (with one module)")
    args = parser.parse_args(argv)
    modules = [_module_name(m) for m in args.modules]
    if args.nice:
        os.nice(args.nice)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwinds through run(), which kills the children
    equivalent = listed_equivalents()
    import hypothesis  # noqa: F401 - loaded once here, shared by every forked child
    import pytest  # noqa: F401

    failed = False
    for module in modules:
        found = mutants(module)
        if args.lines:
            low, _, high = args.lines.partition("-")
            found = [m for m in found if int(low) <= m.line <= int(high or low)]
        if args.list:
            for m in found:
                print(f"{m.where}  {m.mutation}")
            continue
        tests = mirror_tests(module)
        if not found:
            print(f"{module}: no mutants")
            continue
        if not tests:
            print(f"{module}: no mirror tests ({TESTS}/test_{module}.py)")
            failed = True
            continue
        began = time.monotonic()
        (baseline,) = run([(None, module, None, tests)], 1, args.timeout * 4)
        if baseline.status != "killed" and baseline.status != "survived":
            print(f"{module}: the unchanged module's tests {baseline.status}")
            failed = True
            continue
        if baseline.status == "killed":
            print(f"{module}: the unchanged module's tests fail; fix them first")
            failed = True
            continue
        timeout = max(args.timeout, 10 * baseline.seconds)
        outcomes = run([(m, module, m.index, tests) for m in found], max(1, args.jobs), timeout)
        survivors = sorted(
            (o.mutant for o in outcomes if o.status in ("survived", "error") and o.mutant is not None),
            key=lambda m: m.index,
        )
        listed = [m for m in survivors if (m.where, m.mutation) in equivalent]
        real = [m for m in survivors if (m.where, m.mutation) not in equivalent]
        killed = sum(o.status in ("killed", "timeout") for o in outcomes)
        timeouts = sum(o.status == "timeout" for o in outcomes)
        errors = sum(o.status == "error" for o in outcomes)
        scored = len(found) - len(listed)
        share = 100.0 * killed / scored if scored else 100.0
        names = ", ".join(p.relative_to(ROOT).as_posix() for p in tests)
        print(
            f"{module}: {len(found)} mutants, {killed} killed ({timeouts} by timeout), "
            f"{len(real)} survived, {len(listed)} equivalent (listed), {errors} errors; "
            f"killed {share:.1f}% of non-equivalent; tests {names}; {time.monotonic() - began:.0f} s"
        )
        broken = {o.mutant.index for o in outcomes if o.status == "error" and o.mutant is not None}
        for m in real:
            print(f"  {'error' if m.index in broken else 'survived'}  {m.where}  {m.mutation}")
        survived_listed = {(m.where, m.mutation) for m in listed}
        for where, mutation in sorted(e for e in equivalent if e[0].startswith(f"core/{module}.py:")):
            if not args.lines and (where, mutation) not in survived_listed:  # the code moved or the tests got better
                print(f"  stale     {where}  {mutation}  (listed as equivalent in docs/mutation.md, not a survivor)")
        failed = failed or bool(real)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
