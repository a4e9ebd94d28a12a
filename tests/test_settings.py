"""The settings value: its defaults, what each setting may take, and reading it back from storage."""

import dataclasses

import pytest

from scorekeeper.core.settings import DIGIT_STYLES, MAX_TARGET, THEMES, Settings


def test_the_defaults():
    assert Settings() == Settings(
        language=None, digits="latin", theme="system", default_target=11, keep_awake=True, haptics=True
    )
    assert Settings().as_dict() == {
        "language": None,
        "digits": "latin",
        "theme": "system",
        "default_target": 11,
        "keep_awake": True,
        "haptics": True,
    }


def test_the_choices():
    assert THEMES == ("system", "light", "dark")
    assert DIGIT_STYLES == ("latin", "arabic")
    assert MAX_TARGET == 10_000


@pytest.mark.parametrize(
    ("key", "value"),
    [("language", None), ("language", "ar"), ("language", "x" * 35), ("language", "x"), ("digits", "arabic"),
     ("digits", "latin"), ("theme", "dark"), ("theme", "light"), ("default_target", 1),
     ("default_target", MAX_TARGET), ("default_target", 21)],
)  # fmt: skip
def test_allowed_values(key, value):
    assert Settings.allows(key, value)
    assert getattr(Settings().changed(**{key: value}), key) == value


@pytest.mark.parametrize(
    ("key", "value"),
    [("language", ""), ("language", "x" * 36), ("language", 5), ("digits", "roman"), ("digits", None),
     ("theme", "blue"), ("default_target", 0), ("default_target", MAX_TARGET + 1), ("default_target", True),
     ("default_target", "11"), ("colour", "red")],
)  # fmt: skip
def test_refused_values_name_their_key(key, value):
    assert not Settings.allows(key, value)
    with pytest.raises(ValueError, match=key):
        Settings().changed(**{key: value})


def test_changed_returns_a_new_value_and_leaves_the_old_one():
    old = Settings()
    new = old.changed(theme="dark", default_target=21)
    assert (new.theme, new.default_target, new.digits) == ("dark", 21, "latin")
    assert old == Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.theme = "light"  # type: ignore[misc]


def test_from_stored_ignores_a_newer_apps_keys_and_refuses_bad_values():
    assert Settings.from_stored({"theme": "dark", "sound": "on"}) == Settings(theme="dark")
    assert Settings.from_stored({}) == Settings()
    with pytest.raises(ValueError, match="digits"):
        Settings.from_stored({"digits": "roman"})
