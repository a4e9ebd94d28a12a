"""The views' wording as pure functions: a translator and a match record in, text out (no page, no store)."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.match import Match, Round
from scorekeeper.core.records import MatchRecord, RoundEntry
from scorekeeper.core.rules import score_round
from scorekeeper.core.tiles import MAX_HAND
from scorekeeper.i18n import Translator
from scorekeeper.session import phrases
from scorekeeper.session.entry import Draft

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")
EN = Translator("en")


def record(*rounds: Round, teams: tuple[str, str] = ("A", "Falcons"), target: int = 11) -> MatchRecord:
    """A match as the store would hand it over, built without a store."""
    match = Match(PLAYERS, target, rounds, teams)
    entries = tuple(RoundEntry(r, f"2026-03-14T21:0{i}:00+03:00") for i, r in enumerate(rounds))
    start = "2026-03-14T21:00:00+03:00"
    return MatchRecord(
        "m1", "2026-03-14", start, None, PLAYERS, teams, target, entries, winner=match.winner, replayed=match
    )


def domino(winner: int, *pips: int | None) -> Round:
    return Round("domino", tuple(pips), winner)


def test_team_name_is_the_matchs_own_and_empty_for_nobody():
    match = record()
    assert phrases.team_name(match, "B") == "Falcons"
    assert phrases.team_name(match, "A") == "A"  # the stored marker; the translator words it
    assert phrases.team_name(match, None) == ""


def test_round_lines_in_english_and_in_arabic_digits():
    match = record(domino(2, None, 23, None, 14), Round("blocked", (12, 30, 25, 18)), Round("redeal"))
    assert phrases.round_line(EN, match, 0) == "Domino · Ghanim went out · 23 + 14 · Team A +3"
    assert phrases.round_line(EN, match, 1) == "Blocked · lowest: Ahmed · 12 / 30 / 25 / 18 · Team A +7"
    assert phrases.round_line(EN, match, 2).startswith("Redeal")
    arabic = phrases.round_line(Translator("ar", "arabic"), match, 0)
    assert "٢٣ + ١٤" in arabic
    assert arabic.endswith("الفريق أ +٣")


def test_starter_text_follows_the_last_round():
    assert phrases.starter_text(EN, record()) == "Next round: the holder of the double-six starts with it."
    after = record(domino(1, 5, None, 4, 20))
    assert phrases.starter_text(EN, after) == (
        "Next round: Falcons to start (the winner or the partner, with a high double)."
    )


def test_preview_lines():
    match = record()
    assert phrases.preview(EN, match, Draft("domino", 2, ["", "23", "", ""])).text == (
        "Enter the pips to see the score."
    )
    scored = phrases.preview(EN, match, Draft("domino", 2, ["", "23", "", "14"]))
    assert (scored.text, scored.result.points, scored.error) == ("Team A +3", 3, None)
    tie = phrases.preview(EN, match, Draft("blocked", pips=["9", "9", "20", "31"]))
    assert tie.text == "Lowest: Ahmed, Salem · Tie between the teams for lowest: no score."
    assert phrases.preview(EN, match, Draft("blocked", pips=["6", "15", "6", "22"])).text == (
        "Lowest: Ahmed, Ghanim · Team A +4"
    )
    refused = phrases.preview(EN, match, Draft("domino", 0, ["", str(MAX_HAND + 1), "", "1"]))
    assert refused.error == f"Salem: {MAX_HAND + 1} pips is impossible; one hand holds at most {MAX_HAND}."
    assert refused.text == refused.error and refused.result is None
    assert phrases.preview(EN, match, Draft("redeal")).text.startswith("Redeal: no score")


def test_lowest_line_waits_for_a_hand_and_names_every_lowest():
    match = record()
    assert phrases.lowest_line(EN, match, [None, None, None, None]) == ""
    assert phrases.lowest_line(EN, match, [6, None, 6, 22]) == "Lowest: Ahmed, Ghanim"


def test_error_text_names_the_seat_of_the_match():
    with pytest.raises(InvalidRound) as caught:
        score_round("domino", [None, 1, 0, MAX_HAND + 1], 0)
    assert phrases.error_text(EN, caught.value, record()) == (
        f"Yahya: {MAX_HAND + 1} pips is impossible; one hand holds at most {MAX_HAND}."
    )
    assert phrases.seat_names(None) == {}


@pytest.mark.parametrize("language", ["ar", "en", "nl"])
def test_every_language_words_a_round_line(language):
    line = phrases.round_line(Translator(language), record(domino(2, None, 23, None, 14)), 0)
    assert "23" in line and "14" in line and " · " in line


FSI, LRI, PDI = "\u2068", "\u2066", "\u2069"
AR = Translator("ar")


def won_by_b() -> MatchRecord:
    """Lions (team A) 9, Eagles (team B) 11: the Eagles won."""
    return record(domino(0, None, 45, None, 46), domino(1, 55, None, 57, None), teams=("Lions", "Eagles"))


def test_a_won_match_puts_the_winners_own_total_beside_its_name_in_every_language():
    """Arabic "Lions won 9 - 11" put Lions beside the 9 although Lions had 11: the winner's total first, isolated."""
    match = won_by_b()
    assert match.totals == (9, 11)
    assert phrases.won_line(EN, match) == "Won by Eagles, 11\u00a0–\u2060\u00a09"
    assert phrases.won_line(Translator("nl"), match) == "Gewonnen door Eagles, 11\u00a0–\u2060\u00a09"
    assert phrases.won_line(AR, match) == f"فاز {FSI}Eagles{PDI} 11\u00a0–\u2060\u00a09"


def test_latin_names_in_an_arabic_round_line_are_isolated_one_by_one():
    """A Latin name pulled the numbers after it into its run, and a line break scrambled the row."""
    match = record(Round("blocked", (12, 30, 12, 18)), teams=("Lions", "Eagles"))
    line = phrases.round_line(AR, match, 0)
    assert line == f"مقفولة · الأقل: {FSI}Ahmed{PDI}، {FSI}Ghanim{PDI} · 12 / 30 / 12 / 18 · {FSI}Lions{PDI} +6"
    # the same row in English and Dutch: nothing to isolate, nothing added
    assert phrases.round_line(EN, match, 0) == "Blocked · lowest: Ahmed, Ghanim · 12 / 30 / 12 / 18 · Lions +6"
    assert FSI not in phrases.round_line(Translator("nl"), match, 0)


def test_arabic_names_in_english_and_dutch_text_are_isolated():
    match = record(Round("blocked", (12, 30, 25, 18)), teams=("الصقور", "Eagles"))
    for t in (EN, Translator("nl")):
        line = phrases.round_line(t, match, 0)
        assert f"{FSI}الصقور{PDI} +7" in line, line
    assert phrases.round_line(AR, match, 0).endswith("الصقور +7")  # in Arabic it is the sentence's own direction


@pytest.mark.parametrize("language", ["ar", "en", "nl"])
def test_every_isolate_is_closed(language):
    t = Translator(language)
    mixed = record(Round("blocked", (12, 30, 12, 18)), domino(1, 5, None, 4, None), teams=("Lions", "الصقور"))
    texts = [phrases.round_line(t, mixed, i) for i in range(2)]
    texts += [phrases.match_text(t, mixed), phrases.starter_text(t, mixed), phrases.won_line(t, won_by_b())]
    for text in texts:
        assert text.count(FSI) + text.count(LRI) == text.count(PDI), text


def test_no_verdict_until_the_round_can_be_scored():
    """ "Enter the pips to see the score · Lowest: Ahmed" gave a half verdict on a half-filled form."""
    match = record()
    assert (
        phrases.preview(EN, match, Draft("blocked", pips=["6", "15", "", ""])).text
        == "Enter the pips to see the score."
    )
    assert phrases.preview(EN, match, Draft("blocked", pips=["6", "15", "6", ""])).result is None


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("x", "The pips of Ahmed must be a whole number from 0 to 69."),
        ("-5", "The pips of Ahmed must be a whole number from 0 to 69."),
        ("70", "Ahmed: 70 pips is impossible; one hand holds at most 69."),
    ],
)
def test_a_count_no_hand_can_hold_is_flagged_as_soon_as_it_is_typed(typed, said):
    """Letters were flagged at once, -5 and 70 only once another field was filled: now all alike."""
    after_domino = record(domino(1, 5, None, 4, None))  # the next round does not open with the 6-6
    shown = phrases.preview(EN, after_domino, Draft("blocked", pips=[typed, "", "", ""]))
    assert (shown.error, shown.text) == (said, said)


def test_the_double_six_limit_applies_as_typed_in_a_round_it_opened():
    shown = phrases.preview(EN, record(), Draft("domino", 0, ["", "67", "", ""]))
    assert shown.error == (
        "Salem: 67 pips is impossible in a round that opened with the double-six; one hand then holds at most 65."
    )
    assert (
        phrases.preview(EN, record(domino(1, 5, None, 4, None)), Draft("domino", 0, ["", "67", "", ""])).error is None
    )


def test_a_match_and_an_evening_as_text_in_the_tables_language():
    match = won_by_b()
    text = phrases.match_text(EN, match)
    assert text.splitlines() == [
        "Winner: Eagles!",
        "Lions 9\u00a0–\u2060\u00a011 Eagles",
        "Lions: Ahmed, Ghanim · Eagles: Salem, Yahya",
        "Round 1 · Domino · Ahmed went out · 45 + 46 · Lions +9",
        "Round 2 · Domino · Salem went out · 55 + 57 · Eagles +11",
        "Match of 2026-03-14",
    ]
    arabic = phrases.match_text(Translator("ar", "arabic"), match)
    assert arabic.startswith(f"الفائز: {FSI}Eagles{PDI}!") and "١١" in arabic and "11" not in arabic
    evening = phrases.evening_text(Translator("nl"), "2026-03-14", [match, record()])
    assert evening.split("\n\n") == [
        "Avond van 2026-03-14",
        "Gewonnen door Eagles, 11\u00a0–\u2060\u00a09\nAhmed, Salem, Ghanim, Yahya",
        "Team A 0\u00a0–\u2060\u00a00 Falcons · Bezig\nAhmed, Salem, Ghanim, Yahya",
    ]
