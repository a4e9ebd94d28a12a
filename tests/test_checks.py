"""The shared one-line checks: a whole number, an evening name, a match id."""

import uuid

import pytest

from scorekeeper.core.checks import is_evening, is_int, is_match_id


@pytest.mark.parametrize(("value", "ok"), [(0, True), (-3, True), (69, True), (True, False), (False, False),
                                           (1.0, False), ("1", False), (None, False)])  # fmt: skip
def test_is_int_is_a_whole_number_never_a_bool(value, ok):
    assert is_int(value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [("2026-03-01", True), ("2026-3-1", False), ("2026-03-01.json", False), ("../2026-03-01", False),
     ("2026-03-01\n", False), (20260301, False), (None, False), ("", False)],
)  # fmt: skip
def test_is_evening_is_a_date_and_nothing_else(value, ok):
    assert is_evening(value) is ok


@pytest.mark.parametrize(
    ("value", "ok"),
    [(uuid.uuid4().hex, True), ("m1", True), ("a" * 64, True), ("a" * 65, False), ("old_id-2", True),
     ("", False), ("-m1", False), ("../m1", False), ("m/1", False), ("m.1", False), ("m1\n", False),
     (12, False), (None, False)],
)  # fmt: skip
def test_is_match_id_holds_no_path_and_is_short(value, ok):
    assert is_match_id(value) is ok
