"""core/match.py's one rule for names coming in: at most MAX_NAME characters, once trimmed, players and teams alike."""

import pytest

from scorekeeper.core.errors import InvalidMatch
from scorekeeper.core.match import MAX_NAME, Match, check_new_names

PLAYERS = ("Ahmed", "Salem", "Ghanim", "Yahya")


def test_the_cap_is_sixteen_characters():
    assert MAX_NAME == 16


@pytest.mark.parametrize("seat", range(4))
def test_each_seat_is_checked_at_the_cap_and_one_past_it(seat):
    names = list(PLAYERS)
    names[seat] = "n" * MAX_NAME
    check_new_names(names, ("A", "B"))
    names[seat] = "n" * (MAX_NAME + 1)
    with pytest.raises(InvalidMatch) as err:
        check_new_names(names, ("A", "B"))
    assert err.value.code == "name_too_long"
    assert err.value.values == {"name": "n" * MAX_NAME + "…", "limit": MAX_NAME}


@pytest.mark.parametrize("team", range(2))
def test_each_team_is_checked(team):
    teams = ["A", "B"]
    teams[team] = "t" * (MAX_NAME + 1)
    with pytest.raises(InvalidMatch):
        check_new_names(PLAYERS, teams)
    teams[team] = "t" * MAX_NAME
    check_new_names(PLAYERS, teams)


def test_spaces_around_a_name_do_not_count_and_inner_ones_do():
    check_new_names((" " * 10 + "x" * MAX_NAME + "\t\n", *PLAYERS[1:]), ("A", "B"))
    with pytest.raises(InvalidMatch):
        check_new_names(("x" * 8 + " " + "x" * 8, *PLAYERS[1:]), ("A", "B"))


def test_arabic_names_count_characters_not_bytes():
    name = "عبدالرحمن اليافع"  # 16 characters, 31 bytes in UTF-8
    assert len(name) == MAX_NAME
    check_new_names((name, *PLAYERS[1:]), ("الصقور", "النسور"))


def test_a_kept_match_is_not_checked_on_replay():
    """A match stored before the cap keeps opening: the rule is for names coming in, not for the log."""
    match = Match(("x" * 40, *PLAYERS[1:]), 11, (), ("y" * 40, "B"))
    assert match.players[0] == "x" * 40
