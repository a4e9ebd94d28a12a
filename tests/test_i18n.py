"""String tables: same keys and placeholders in every language; every error code translated."""

import re
import string
from pathlib import Path

import pytest

from scorekeeper import feasibility
from scorekeeper.i18n import LANGUAGES, TABLES, Translator, pick_language, to_digits
from scorekeeper.rules import InvalidRound, score_round
from scorekeeper.tiles import MAX_HAND

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_table_has_exactly_the_english_keys(language):
    english, other = set(TABLES["en"]), set(TABLES[language])
    assert not english - other, f"missing in {language}: {sorted(english - other)}"
    assert not other - english, f"extra in {language}: {sorted(other - english)}"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_placeholders_match_english(language):
    for key, text in TABLES["en"].items():
        assert placeholders(TABLES[language][key]) == placeholders(text), key


def error_codes_raised_in_source() -> set[str]:
    kinds = "InvalidRound|InvalidMatch|MatchOver|StorageError|InvalidImport|TableError|_refuse"
    pattern = re.compile(rf'(?:{kinds})\(\s*"([a-z_]+)"')
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        codes |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return codes | set(feasibility.CODES)  # spelt out there, built in a helper


def test_the_scan_finds_the_core_codes():
    assert {"pips_over_hand", "tile_twice", "round_after_end", "target_invalid"} <= error_codes_raised_in_source()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_code_has_a_message(language):
    missing = {code for code in error_codes_raised_in_source() if f"error.{code}" not in TABLES[language]}
    assert not missing, f"{language} lacks messages for {sorted(missing)}"


def test_error_messages_use_player_names_and_language():
    with pytest.raises(InvalidRound) as err:
        score_round("domino", [0, MAX_HAND + 1, 0, 1], winner=0)
    assert Translator("en")(f"error.{err.value.code}", seat="x", value=70, limit=MAX_HAND).startswith("x: 70")
    assert Translator("nl").error(err.value, {1: "Salem"}) == (
        f"Salem: {MAX_HAND + 1} punten kan niet; één hand heeft er hoogstens {MAX_HAND}."
    )
    arabic = Translator("ar", "arabic").error(err.value, {1: "سالم"})
    assert arabic.startswith("سالم: ٧٠")
    assert Translator("en").error(err.value) == (
        f"seat 2: {MAX_HAND + 1} pips is impossible; one hand holds at most {MAX_HAND}."
    )


@pytest.mark.parametrize(
    ("locale", "language"),
    [("ar-YE", "ar"), ("ar", "ar"), ("nl_NL", "nl"), ("en-US", "en"), ("fr-FR", "en"), (None, "en")],
)
def test_language_follows_the_device_or_falls_back_to_english(locale, language):
    assert pick_language(locale) == language


def test_arabic_indic_digits_only_in_arabic():
    assert to_digits("11 - 7", "arabic") == "١١ - ٧"
    assert Translator("ar", "arabic").num(12) == "١٢"
    assert Translator("en", "arabic").num(12) == "12"
    assert Translator("ar").rtl and not Translator("nl").rtl
