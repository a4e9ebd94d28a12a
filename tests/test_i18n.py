"""String tables: same keys and placeholders in every language; every error code translated."""

import ast
import re
import string
from pathlib import Path

import pytest

from scorekeeper.core.errors import ErrorCode
from scorekeeper.core.rules import InvalidRound, score_round
from scorekeeper.core.tiles import MAX_HAND
from scorekeeper.i18n import LANGUAGES, TABLES, Translator, pick_language, plural_forms, to_digits

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
    def all_placeholders(entry) -> set[str]:
        return placeholders(entry) if isinstance(entry, str) else set().union(*map(placeholders, entry.values()))

    for key, entry in TABLES["en"].items():
        assert all_placeholders(TABLES[language][key]) == all_placeholders(entry), key


def error_codes_raised_in_source() -> set[str]:
    kinds = "InvalidRound|InvalidMatch|MatchOver|StorageError|InvalidImport|TableError|_refuse"
    pattern = re.compile(rf'(?:{kinds})\(\s*"([a-z_]+)"')
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        codes |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return codes


def test_every_code_raised_as_a_literal_is_registered():
    """A cross-check of the registry: codes written out where they are raised are all in ``ErrorCode``."""
    found = error_codes_raised_in_source()
    assert {"pips_over_hand", "tile_twice", "round_after_end", "target_invalid"} <= found
    assert found <= {code.value for code in ErrorCode}


def test_an_unregistered_code_is_refused_at_once():
    code = "no_such_code"  # through a variable, as rules.py raises some
    with pytest.raises(ValueError, match="no_such_code"):
        InvalidRound(code, "never")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_code_has_a_message(language):
    missing = {code.value for code in ErrorCode if f"error.{code}" not in TABLES[language]}
    assert not missing, f"{language} lacks messages for {sorted(missing)}"


def test_no_message_for_a_code_that_does_not_exist():
    stale = {key for key in TABLES["en"] if key.startswith("error.") and key[6:] not in set(ErrorCode)}
    assert not stale, sorted(stale)


def keys_named_in_source() -> tuple[set[str], list[tuple[str, str]]]:
    """Every string literal of the package outside the tables, and the (prefix, suffix) of every f-string."""
    literals: set[str] = set()
    families: list[tuple[str, str]] = []
    for path in PACKAGE.rglob("*.py"):
        if "i18n" in path.parts and path.name != "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values:
                first, last = node.values[0], node.values[-1]
                prefix = first.value if isinstance(first, ast.Constant) else ""
                suffix = last.value if isinstance(last, ast.Constant) and last is not first else ""
                if prefix and prefix != "error.":  # error messages are checked against ErrorCode instead
                    families.append((prefix, suffix))
    return literals, families


def test_every_string_key_is_used():
    """A key no code asks for is a translation nobody sees (and three languages to keep for nothing)."""
    literals, families = keys_named_in_source()
    for table in TABLES.values():  # plural entries are named by a placeholder's spec: {matches:matches}
        for entry in table.values():
            for text in [entry] if isinstance(entry, str) else entry.values():
                literals |= {f"count.{spec}" for _, _, spec, _ in string.Formatter().parse(text) if spec}
    unused = {
        key
        for key in TABLES["en"]
        if key not in literals
        and not (key.startswith("error.") and key[6:] in set(ErrorCode))
        and not any(key.startswith(p) and key.endswith(x) and len(key) > len(p) + len(x) for p, x in families)
    }
    assert not unused, sorted(unused)


def test_error_messages_use_player_names_and_language():
    with pytest.raises(InvalidRound) as err:
        score_round("domino", [0, MAX_HAND + 1, 0, 1], winner=0)
    assert Translator("en")(f"error.{err.value.code}", seat="x", value=70, limit=MAX_HAND).startswith("x: 70")
    assert Translator("nl").error(err.value, {1: "Salem"}) == (
        f"Salem: {MAX_HAND + 1} ogen kan niet; één hand heeft er hoogstens {MAX_HAND}."
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


@pytest.mark.parametrize(("digits", "shown", "not_shown"), [("latin", "28", "٢٨"), ("arabic", "٢٨", "28")])
def test_numbers_the_arabic_table_writes_itself_follow_the_chosen_digits(digits, shown, not_shown):
    """The rules page said "٢٨ حجرًا" (28 tiles) even to a user who chose Western digits."""
    rules = Translator("ar", digits)("rules.body")
    assert shown in rules and not_shown not in rules
    assert to_digits("١١ - ٧", "latin") == "11 - 7"


def plural_entries(language: str) -> dict[str, dict[str, str]]:
    return {key: entry for key, entry in TABLES[language].items() if not isinstance(entry, str)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_entries_have_exactly_the_language_s_cldr_forms(language):
    """Babel's CLDR rules say which forms a language needs: Arabic six, English and Dutch two."""
    assert set(plural_entries(language)) == set(plural_entries("en"))
    for key, entry in plural_entries(language).items():
        assert set(entry) == plural_forms(language), key
    assert len(plural_forms("ar")) == 6


@pytest.mark.parametrize(
    ("language", "n", "expected"),
    [
        ("en", 1, "1 match"),
        ("en", 2, "2 matches"),
        ("en", 0, "0 matches"),
        ("nl", 1, "1 partij"),
        ("ar", 0, "لا مباريات"),
        ("ar", 1, "مباراة واحدة"),
        ("ar", 2, "مباراتان"),
        ("ar", 3, "3 مباريات"),
        ("ar", 11, "11 مباراة"),
        ("ar", 100, "100 مباراة"),
    ],
)
def test_counts_read_right_in_every_language(language, n, expected):
    assert Translator(language)("count.matches", n=n) == expected


def test_one_of_each_reads_in_the_singular():
    t = Translator("en")
    assert t("picker.total", count=1, pips=5) == "1 tile · 5 pips"
    assert t("evening.summary", matches=1, rounds=1, ties=1, redeals=1) == "1 match · 1 round · 1 tie · 1 redeal"
    assert t("history.imported", added=1, skipped=0) == "Imported: 1 match. Already here: 0 matches."


def test_digits_change_in_numbers_never_in_names():
    t = Translator("ar", "arabic")
    assert t("board.points", team="Ahmed 2", points=7) == "\u2068Ahmed 2\u2069 +٧"  # a Latin name isolated in Arabic
    assert t("error.pips_over_hand", seat="Salem 3", value=70, limit=69).startswith("\u2068Salem 3\u2069: ٧٠")
    # the date kept whole, left to right: isolated, and a mark after each hyphen (Arabic-Indic digits)
    assert t("evening.title", date="2026-11-30") == "أمسية \u2066٢٠٢٦-\u200e١١-\u200e٣٠\u2069"
    assert Translator("ar")("evening.title", date="2026-11-30") == "أمسية \u20662026-\u200e11-\u200e30\u2069"
    assert Translator("en")("evening.title", date="2026-11-30") == "Evening of 2026-11-30"


def test_a_zero_score_is_a_word_in_arabic_not_a_dot():
    """A plus and an Arabic-Indic zero read like a trailing full stop; Arabic says "no points" instead."""
    assert "٠" not in Translator("ar", "arabic")("board.points", team="أ", points=0)
    assert Translator("en")("board.points", team="Falcons", points=0) == "Falcons +0"


def test_negative_pips_name_the_range_not_the_kind_of_number():
    from scorekeeper.session.entry import Draft

    draft = Draft(end="blocked", pips=["-1", "2", "3", "4"])
    with pytest.raises(InvalidRound) as err:
        draft.to_round()
    assert Translator("en").error(err.value) == "The pips of seat 1 must be a whole number from 0 to 69."


def _words(entry) -> str:
    """An entry's words, without its placeholders ("{pips:pips}" is a name, not a word)."""
    text = entry if isinstance(entry, str) else " ".join(entry.values())
    return re.sub(r"\{[^}]*\}", "", text)


def test_dutch_calls_a_dominos_pips_ogen_not_the_scores_punten():
    """ "Punten" is the score's word: a domino's pips are "ogen" (one "oog")."""
    nl = TABLES["nl"]
    for key, english in TABLES["en"].items():
        words = _words(english).lower()
        if "pip" not in words:
            continue
        dutch = _words(nl[key]).lower()
        assert "ogen" in dutch or "oog" in dutch, (key, dutch)
        if "point" not in words and "score" not in words:
            assert "punt" not in dutch, (key, dutch)
    assert Translator("nl")("count.pips", n=1) == "1 oog"


SCORE_PAIR = re.compile(r"\{(?:a|b|won|lost)\}(?P<dash>\W+?)\{(?:a|b|won|lost)\}")


@pytest.mark.parametrize("language", sorted(TABLES))
def test_a_score_pair_never_breaks_across_lines(language):
    """A score and its pair on one line: a break after the dash left a Dutch home line ending in the
    11 and its dash, over a lone 9.

    No-break spaces alone do not hold it: the line-breaking rules allow a break after a dash even
    before a no-break space, so a word joiner follows the dash."""
    pairs = [(key, m["dash"]) for key, value in TABLES[language].items() for m in SCORE_PAIR.finditer(str(value))]
    assert pairs, "the score pairs are found"
    for key, dash in pairs:
        assert dash == "\u00a0–\u2060\u00a0", (key, dash)
