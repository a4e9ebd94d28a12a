"""Turning typed text and picked tiles into rounds."""

import pytest

from scorekeeper.core.errors import InvalidRound
from scorekeeper.core.match import Round
from scorekeeper.core.tiles import Tile
from scorekeeper.session.entry import Draft, lowest_seats, parse_pips


@pytest.mark.parametrize(("text", "value"), [("", None), ("  ", None), ("23", 23), (" 7 ", 7), ("٢٣", 23), ("0", 0)])
def test_typed_pips(text, value):
    assert parse_pips(0, text) == value


@pytest.mark.parametrize("text", ["2.5", "abc", "1e3", "+4", "--3"])
def test_typed_pips_that_are_not_whole_numbers_are_refused(text):
    with pytest.raises(InvalidRound) as err:
        parse_pips(2, text)
    assert err.value.code == "pips_not_whole"
    assert err.value.values["seat"] == 2


def test_a_negative_whole_number_is_refused_by_its_range():
    """-3 is a whole number; what is wrong is that it is below 0, and the message says the range."""
    assert parse_pips(2, "-3") == -3
    with pytest.raises(InvalidRound) as err:
        Draft("blocked", pips=["1", "2", "-3", "4"]).to_round()
    assert err.value.code == "pips_negative"
    assert err.value.values["seat"] == 2


def test_a_domino_draft_asks_only_for_the_opponents():
    draft = Draft("domino", winner=2, pips=["", "23", "", "14"])
    assert draft.seats_needed() == (1, 3)
    assert draft.to_round() == Round("domino", (None, 23, 0, 14), 2)


def test_the_partners_typed_pips_are_ignored_in_a_domino():
    draft = Draft("domino", winner=0, pips=["", "10", "99", "10"])
    assert draft.to_round().pips == (0, 10, None, 10)


def test_a_blocked_draft_needs_all_four():
    with pytest.raises(InvalidRound) as err:
        Draft("blocked", pips=["12", "30", "", "18"]).to_round()
    assert err.value.code == "pips_missing"
    assert Draft("blocked", pips=["12", "30", "25", "18"]).to_round().result.points == 7


def test_picked_tiles_and_typed_totals_mix():
    hand = [Tile(6, 6), Tile(5, 4)]
    draft = Draft("domino", winner=0, pips=["", "", "", "5"], tiles=[None, hand, None, None])
    rnd = draft.to_round()
    assert rnd.pips == (0, 21, None, 5)
    assert rnd.tiles == (None, tuple(hand), None, None)
    assert rnd.result.points == 2


def test_a_draft_without_an_end_is_refused():
    with pytest.raises(InvalidRound) as err:
        Draft().to_round()
    assert err.value.code == "end_unknown"


def test_redeal_draft():
    assert Draft("redeal", pips=["junk", "", "", ""]).to_round() == Round("redeal")


def test_round_trip_of_a_stored_round_for_editing():
    rnd = Round("blocked", (6, 15, 6, 22))
    assert Draft.of(rnd).to_round() == rnd


def test_lowest_seats():
    assert lowest_seats([6, 15, 6, 22]) == (0, 2)
    assert lowest_seats([None, 3, None, None]) == (1,)
    assert lowest_seats([None] * 4) == ()


# --- the tile picker's rules, without a page ------------------------------------


def test_picking_tiles_totals_the_hand():
    draft = Draft("blocked")
    draft.toggle_tile(1, Tile(6, 6))
    draft.toggle_tile(1, Tile(3, 2))
    assert draft.total(1) == 17
    assert draft.owner(Tile(6, 6)) == 1
    draft.toggle_tile(1, Tile(6, 6))  # tapped again: given back
    assert draft.total(1) == 5
    assert draft.owner(Tile(6, 6)) is None


def test_a_tile_cannot_be_picked_for_two_hands():
    draft = Draft("blocked")
    draft.toggle_tile(0, Tile(5, 5))
    with pytest.raises(InvalidRound) as err:
        draft.toggle_tile(2, Tile(5, 5))
    assert err.value.code == "tile_twice"
    assert draft.tiles[2] is None and draft.owner(Tile(5, 5)) == 0


def test_a_hand_takes_at_most_seven_tiles():
    from scorekeeper.core.tiles import SET

    draft = Draft("blocked")
    for tile in SET[:7]:
        draft.toggle_tile(3, tile)
    with pytest.raises(InvalidRound) as err:
        draft.toggle_tile(3, SET[7])
    assert err.value.code == "hand_too_many_tiles"
    assert len(draft.tiles[3]) == 7


def test_the_player_who_went_out_holds_no_tiles():
    draft = Draft("domino", winner=2)
    with pytest.raises(InvalidRound) as err:
        draft.toggle_tile(2, Tile(1, 0))
    assert err.value.code == "winner_holds_pips"
    assert draft.tiles[2] is None


def test_back_to_typing_a_total():
    draft = Draft("domino", winner=0, pips=["", "9", "", "12"])
    draft.toggle_tile(1, Tile(6, 6))
    assert draft.total(1) == 12
    draft.type_total(1)
    assert draft.total(1) == 9


def test_the_double_six_cannot_be_picked_in_a_round_it_opened():
    """It lies on the table: refused at the tap, not only after Done."""
    draft = Draft("blocked")
    with pytest.raises(InvalidRound) as refused:
        draft.toggle_tile(0, Tile(6, 6), opened_with_double_six=True)
    assert refused.value.code == "double_six_picked" and draft.tiles[0] is None
    draft.toggle_tile(0, Tile(6, 6))  # a round after a domino opens with any tile
    assert draft.tiles[0] == [Tile(6, 6)]


@pytest.mark.parametrize(
    ("typed", "opened", "code"),
    [
        ("-5", False, "pips_negative"),
        ("70", False, "pips_over_hand"),
        ("70", True, "pips_over_hand"),
        ("66", True, "pips_over_hand_66"),
        ("66", False, None),
        ("", True, None),
    ],
)
def test_a_count_is_checked_alone_as_soon_as_it_is_typed(typed, opened, code):
    problem = Draft("blocked", pips=[typed, "", "", ""]).hand_problem(opened)
    assert (problem.code if problem else None) == code
