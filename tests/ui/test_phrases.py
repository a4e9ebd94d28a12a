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
