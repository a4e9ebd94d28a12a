"""The keyboard's way from count to count: kept until it got there, never fought over with the player."""

from __future__ import annotations

from scorekeeper.session.steer import RETRIES, Steer


def test_a_move_that_arrived_is_not_asked_for_again():
    steer = Steer()
    move = steer.start(1, ended=0)
    assert not steer.focused(1)
    assert move.arrived and not steer.overdue(move)
    assert steer.move is move  # kept until typing: the count just ended may still take the keyboard back


def test_a_dropped_move_is_asked_for_again_a_bounded_number_of_times():
    steer = Steer()
    move = steer.start(2, ended=1)
    assert [steer.overdue(move) for _ in range(RETRIES + 2)] == [True] * RETRIES + [False, False]
    assert steer.move is None  # given up: the player taps the field


def test_the_count_just_ended_taking_the_keyboard_back_sends_it_on_again():
    steer = Steer()
    move = steer.start(2, ended=1)
    steer.focused(2)
    assert steer.focused(1)  # taken back after it had arrived
    assert not move.arrived and move.left == RETRIES - 1
    assert steer.overdue(move)  # and if the new request is dropped too, asked once more


def test_the_player_choosing_another_field_ends_the_move():
    steer = Steer()
    move = steer.start(2, ended=1)
    assert not steer.focused(0)
    assert steer.move is None and not steer.overdue(move)


def test_typing_ends_the_move_but_a_late_change_of_the_count_just_ended_does_not():
    steer = Steer()
    steer.start(2, ended=1)
    steer.typed(1)  # the last digit of the count just ended, reported after the move
    assert steer.move is not None
    steer.typed(2)
    assert steer.move is None


def test_the_first_count_has_no_count_ended_before_it():
    steer = Steer()
    move = steer.start(0)
    assert not steer.focused(3)  # any other field is the player's choice
    assert steer.move is None and not steer.overdue(move)


def test_a_new_move_or_a_new_layout_replaces_the_old_one():
    steer = Steer()
    old = steer.start(1, ended=0)
    new = steer.start(2, ended=1)
    assert not steer.overdue(old) and steer.overdue(new)
    steer.stop()
    assert not steer.overdue(new)


def test_a_target_that_lost_the_keyboard_before_typing_is_asked_for_again():
    """Seen in the e2e tests: the first count focused, then blurred 0.1 s later by the button just tapped."""
    steer = Steer()
    move = steer.start(0)
    steer.focused(0)
    assert not steer.overdue(move)
    steer.blurred(0)
    assert steer.overdue(move)
    steer.blurred(3)  # another field letting go changes nothing
    steer.focused(0)
    assert not steer.overdue(move)


def test_a_blur_after_typing_is_the_player_s_own():
    steer = Steer()
    move = steer.start(0)
    steer.focused(0)
    steer.typed(0)
    steer.blurred(0)
    assert steer.move is None and not steer.overdue(move)
