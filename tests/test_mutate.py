"""The mutation tester itself: its mutants change behaviour, and its list of equivalents reads back."""

import ast
import re

from tools import mutate


def run_mutant(module: str, mutation: str) -> dict:
    """The namespace of ``core/<module>.py`` compiled with the mutant described as ``mutation``."""
    (mutant,) = [m for m in mutate.mutants(module) if m.mutation == mutation]
    namespace: dict = {"__name__": f"scorekeeper.core.{module}"}
    exec(mutate.mutated_code(module, mutant.index), namespace)
    return namespace


def test_a_mutant_changes_what_the_module_does():
    dropped = run_mutant("checks", "`not isinstance(value, bool)` not dropped")
    assert dropped["is_int"](True) is True  # only bools pass now
    assert dropped["is_int"](5) is False
    swapped = run_mutant("checks", "`isinstance(value, int) and not isinstan…` and -> or")
    assert swapped["is_int"]("5") is True


def test_the_unchanged_module_compiles_as_itself():
    namespace: dict = {"__name__": "scorekeeper.core.checks"}
    exec(mutate.mutated_code("checks", None), namespace)
    assert namespace["is_int"](True) is False and namespace["is_int"](5) is True


def test_every_kind_of_mutant_is_made():
    found = [m.mutation for name in ("tiles", "match", "rules") for m in mutate.mutants(name)]
    kinds = {
        "negated comparison": r"` (<|<=|>|>=|==|!=|in|not in|is|is not) -> ",
        "integer": r"^-?\d+ -> -?\d+",
        "bool": r"^(True -> False|False -> True)",
        "and/or": r"` (and -> or|or -> and)$",
        "not dropped": r"` not dropped$",
        "condition negated": r"` negated$",
        "return None": r"-> `return None`$",
        "plus/minus": r"` (\+ -> -|- -> \+)$",
    }
    missing = [kind for kind, pattern in kinds.items() if not any(re.search(pattern, m) for m in found)]
    assert missing == []


def test_text_and_annotations_are_never_mutated():
    source = '''"""Docstring 1."""
from __future__ import annotations
__all__ = ["a"]
def f(x: list[int] = None) -> tuple[int, int]:
    """Returns 2."""
    raise ValueError(f"{x + 1} is not {x > 2}")
'''
    assert list(mutate._walk(ast.parse(source), source)) == []


def test_each_mirror_is_the_modules_own_test_file():
    assert [p.name for p in mutate.mirror_tests("match")] == ["test_match.py", "test_match_names.py"]
    assert [p.name for p in mutate.mirror_tests("feasibility")] == ["test_feasibility.py", "test_feasibility_proofs.py"]
    assert [p.name for p in mutate.mirror_tests("proofs")] == ["test_proofs.py", "test_proofs_agree.py"]


def test_the_equivalent_mutants_listed_in_the_docs_all_read_back():
    rows = [line for line in mutate.EQUIVALENTS.read_text(encoding="utf-8").splitlines() if line.startswith("| `core/")]
    listed = mutate.listed_equivalents()
    assert len(listed) == len(rows) > 0
    assert ("core/rules.py:64", "`seat + 2` + -> -") in listed  # a change that holds backticks itself
