"""The UI's state object driven without a page, on a real store in a temp folder."""

import pytest

from scorekeeper.core.errors import InvalidMatch, InvalidRound, MatchOver
from scorekeeper.core.limits import LIMITS_DOUBLE_SIX
from scorekeeper.core.tiles import MAX_HAND
from scorekeeper.session.entry import Draft
from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from tests.ui import words

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


@pytest.fixture
def table(store):
    changes = []
    state = TableState(store, "en-US", on_change=lambda: changes.append(1))
    state.changes = changes
    state.scoring.start(PLAYERS, ["", "Falcons"], 11)
    return state


def domino(winner, **pips):
    return Draft("domino", winner, [pips.get(f"s{s}", "") for s in range(4)])


def blocked(*pips):
    return Draft("blocked", pips=[str(p) for p in pips])


def test_a_double_tap_on_save_stores_the_round_once(table):
    draft = domino(2, s1="23", s3="14")
    table.scoring.save_round(draft)
    table.scoring.save_round(draft)  # the second tap of a double tap
    assert len(table.scoring.match.rounds) == 1
    assert table.scoring.match.totals == (3, 0)
    table.scoring.save_round(domino(2, s1="23", s3="14"))  # the same hands again, entered anew, count
    assert table.scoring.match.totals == (6, 0)


def test_setting_up_uses_default_team_names_and_the_target(table):
    assert table.scoring.match.team_names == ("A", "Falcons")  # an unnamed team is stored as the marker "A"
    assert table.scoring.match.target == 11
    assert words.starter(table) == "Next round: the holder of the double-six starts with it."


def test_a_bad_setup_is_refused_and_nothing_saved(store):
    state = TableState(store, "en")
    with pytest.raises(InvalidMatch):
        state.scoring.start(["Ahmed", "ahmed", "x", "y"], ["", ""], 11)
    assert state.scoring.match is None
    assert store.current_match() is None


def test_record_rounds_and_see_totals_and_starter(table):
    table.scoring.save_round(domino(2, s1="23", s3="14"))
    assert table.scoring.match.totals == (3, 0)
    assert words.starter(table) == "Next round: Team A to start (the winner or the partner, with a high double)."
    table.scoring.save_round(blocked(12, 30, 25, 18))
    assert table.scoring.match.totals == (10, 0)
    assert words.line(table, 1) == "Blocked · lowest: Ahmed · 12 / 30 / 25 / 18 · Team A +7"
    assert words.line(table, 0) == "Domino · Ghanim went out · 23 + 14 · Team A +3"
    assert len(table.changes) == 3  # start + two rounds told the other sessions


def test_preview_lines(table):
    assert words.preview(table, domino(2, s1="23")).text == "Enter the pips to see the score."
    assert words.preview(table, domino(2, s1="23", s3="14")).text == "Team A +3"
    assert words.preview(table, blocked(9, 9, 20, 31)).text == (
        "Lowest: Ahmed, Salem · Tie between the teams for lowest: no score."
    )
    assert words.preview(table, blocked(6, 15, 6, 22)).text == "Lowest: Ahmed, Ghanim · Team A +4"
    refused = words.preview(table, domino(0, s1=str(MAX_HAND + 1), s3="1"))
    assert refused.error == f"Salem: {MAX_HAND + 1} pips is impossible; one hand holds at most {MAX_HAND}."
    assert words.preview(table, Draft("redeal")).text.startswith("Redeal: no score")


def test_an_impossible_round_is_refused_and_nothing_saved(table):
    with pytest.raises(InvalidRound):
        table.scoring.save_round(domino(1, s0="60", s2="59"))
    assert table.reads.match(table.scoring.match.id).rounds == ()


def test_undo_edit_delete(table):
    table.scoring.save_round(domino(1, s0="20", s2="15"))
    table.scoring.save_round(blocked(12, 30, 25, 18))
    table.scoring.save_round(Draft("redeal"))
    assert table.scoring.undo_last(table.scoring.round_ref(2)) == 3
    assert len(table.scoring.match.rounds) == 2
    table.scoring.save_round(blocked(30, 12, 25, 18), table.scoring.round_ref(1))
    assert table.scoring.match.totals == (0, 3 + 7)
    table.scoring.delete_round(table.scoring.round_ref(0))
    assert table.scoring.match.totals == (0, 7)
    assert table.reads.match(table.scoring.match.id).totals == (0, 7)


def test_reaching_the_target_ends_the_match_and_rematch_keeps_the_seats(table):
    table.scoring.save_round(blocked(12, 30, 25, 18))
    table.scoring.save_round(domino(0, s1="20", s3="20"))
    assert table.scoring.match.finished and table.scoring.match.winner == "A"
    with pytest.raises(MatchOver):
        table.scoring.save_round(Draft("redeal"))
    old = table.scoring.match
    table.scoring.rematch()
    assert table.scoring.match.id != old.id
    assert table.scoring.match.players == old.players and table.scoring.match.team_names == old.team_names
    assert table.scoring.match.totals == (0, 0)


def test_a_restart_resumes_the_match_in_progress(tmp_path):
    with Store.open(tmp_path / "d") as store:
        state = TableState(store, "en")
        state.scoring.start(PLAYERS, ["", ""], 11)
        state.scoring.save_round(domino(1, s0="20", s2="15"))
    with Store.open(tmp_path / "d") as store:
        resumed = TableState(store, "en")
        assert resumed.scoring.match is not None
        assert resumed.scoring.match.totals == (0, 3)


def test_language_follows_device_then_settings(store):
    assert TableState(store, "ar-YE").prefs.t.language == "ar"
    state = TableState(store, "ar-YE")
    state.prefs.save(language="nl")
    assert state.prefs.t.language == "nl"
    assert TableState(store, "ar-YE").prefs.t.language == "nl"  # the choice survives


def test_arabic_digits_in_the_round_log(store):
    state = TableState(store, "ar")
    state.prefs.save(digits="arabic")
    state.scoring.start(PLAYERS, ["", ""], 11)
    state.scoring.save_round(domino(2, s1="23", s3="14"))
    assert "٢٣ + ١٤" in words.line(state, 0)
    assert words.line(state, 0).endswith("الفريق أ +٣")


def test_a_match_deleted_on_another_phone_is_let_go(store):
    here = TableState(store, "en")
    here.scoring.start(PLAYERS, ["", ""], 11)
    there = TableState(store, "en")
    assert there.scoring.match.id == here.scoring.match.id
    store.delete_match(here.scoring.match.id)
    there.scoring.reload()
    assert there.scoring.match is None


def test_restoring_a_backup_goes_through_the_state_and_is_announced(store, table):
    match = table.scoring.match
    for _ in range(2):
        table.scoring.save_round(domino(0, s1="30", s3="30"))  # 60 pips: the target of 11 is reached, a backup is taken
    info = table.reads.folder_info()
    assert info.folder == str(store.folder) and info.restore_points
    point = info.restore_points[0]
    other = TableState(store, "nl-NL")  # a second phone
    table.prefs.save(language="ar")
    table.changes.clear()
    table.archive.restore_backup(point)
    assert table.changes == [1]  # the other sessions are told
    assert table.prefs.t.language == "en" and store.settings().language is None  # settings as they were then
    other.prefs.apply()
    assert other.prefs.t.language == "nl"
    assert store.match(match.id).finished


def test_default_team_names_follow_the_language_of_the_moment(store):
    arabic = TableState(store, "ar-YE")
    arabic.scoring.start(PLAYERS, ["الفريق أ", ""], 11)  # the prefilled Arabic default, and a blank
    arabic.scoring.save_round(blocked(12, 30, 25, 18))
    assert store.match(arabic.scoring.match.id).team_names == ("A", "B")  # stored as markers, not in Arabic
    english = TableState(store, "en-US")
    assert words.line(english, 0) == "Blocked · lowest: Ahmed · 12 / 30 / 25 / 18 · Team A +7"
    assert english.prefs.t("match.line", team_a="A", a=7, b=0, team_b="B") == "Team A 7\u00a0–\u2060\u00a00 Team B"
    assert arabic.prefs.t("winner.title", team="Team A") == "الفائز: الفريق أ!"  # an older match's English default


def test_a_chosen_team_name_is_kept_as_typed(store):
    table = TableState(store, "ar-YE")
    table.scoring.start(PLAYERS, ["Falcons 2", "الصقور"], 11)
    assert store.match(table.scoring.match.id).team_names == ("Falcons 2", "الصقور")


# --- rounds that could not have happened -----------------------------------------------


def test_a_round_no_deal_gives_is_refused_in_the_preview_and_on_save(table, store):
    draft = blocked(0, 0, 20, 31)
    preview = words.preview(table, draft)
    assert preview.result is None
    assert preview.error == "Two hands cannot both hold 0 pips (Ahmed, Salem): only the 0-0 weighs nothing."
    with pytest.raises(InvalidRound) as err:
        table.scoring.save_round(draft)
    assert err.value.code == "two_hands_zero"
    assert table.scoring.match.rounds == ()
    assert store.match(table.scoring.match.id).rounds == ()
    assert table.changes == [1]  # the start of the match only


def test_the_double_six_opening_limit_depends_on_the_round_before(table):
    most = LIMITS_DOUBLE_SIX["blocked"]
    heavy = blocked(30, 30, 30, most - 89)  # one pip over: fine after a domino, not in a round the 6-6 opened
    assert words.preview(table, heavy).error == (
        f"In a round that opened with the double-six, the four hands of a blocked game hold at most {most} pips, "
        f"not {most + 1}."
    )
    with pytest.raises(InvalidRound):
        table.scoring.save_round(heavy)
    table.scoring.save_round(domino(2, s1="3", s3="4"))
    assert words.preview(table, blocked(30, 30, 30, most - 89)).error is None
    table.scoring.save_round(blocked(30, 30, 30, most - 89))
    assert len(table.scoring.match.rounds) == 2
    # re-entering round 1 as a blocked game makes round 2 open with the 6-6: the correction is kept,
    # and round 2 is marked for the table to check
    assert words.preview(table, blocked(10, 12, 14, 16), index=0).error is None
    table.scoring.save_round(blocked(10, 12, 14, 16), table.scoring.round_ref(0))
    assert table.scoring.match.rounds[0].end == "blocked"
    assert list(table.scoring.match.match.problems) == [1]
    assert table.scoring.match.match.problems[1].code == "blocked_over_limit_66"
    assert "This round could not have happened: check it." in words.line(table, 1)


def test_the_preview_speaks_the_users_language(store):
    state = TableState(store, "nl-NL")
    state.scoring.start(PLAYERS, ["", ""], 11)
    assert words.preview(state, blocked(1, 5, 1, 9)).error == (
        "Twee handen kunnen niet allebei 1 oog hebben (Ahmed, Ghanim): alleen de 0-1 weegt 1."
    )
    state.prefs.save(language="ar")
    assert words.preview(state, blocked(1, 5, 1, 9)).error.startswith("لا يمكن أن تحمل يدان كلتاهما نقطة واحدة")


def test_a_stored_round_the_stricter_checks_refuse_still_opens_is_marked_and_can_be_corrected(tmp_path):
    import json

    folder = tmp_path / "old"
    with Store.open(folder) as store:
        state = TableState(store, "en")
        rec = state.scoring.start(PLAYERS, ["", ""], 11)
        state.scoring.save_round(blocked(12, 30, 25, 18))
        state.scoring.save_round(domino(1, s0="5", s2="4"))
    # an older version let this in: two hands of 0 pips
    path = folder / "evenings" / f"{rec.evening}.json"
    doc = json.loads(path.read_bytes())
    (match_doc,) = doc["matches"].values()
    match_doc["rounds"][0]["pips"] = [0, 0, 20, 31]
    path.write_text(json.dumps(doc))
    with Store.open(folder) as store:
        assert not store.report.recovered and not store.report.notes  # not treated as damage
        state = TableState(store, "en")
        match = state.scoring.open(rec.id)
        assert match.rounds[0].pips == (0, 0, 20, 31)
        assert list(match.match.problems) == [0]
        assert "This round could not have happened: check it." in words.line(state, 0)
        assert "could not have happened" not in words.line(state, 1)
        assert match.totals == (0, 0)  # the 0-0 tie still scores as entered, until corrected
        # re-entering it: the preview says why, then a real round is accepted and the mark goes
        assert words.preview(state, Draft.of(match.rounds[0]), index=0).error.startswith(
            "Two hands cannot both hold 0 pips"
        )
        state.scoring.save_round(blocked(0, 10, 20, 31), state.scoring.round_ref(0))
        assert state.scoring.match.match.problems == {}
        assert state.scoring.match.totals == (6, 0)
