"""The viewer's table board when a scorer becomes a viewer (its score link revoked by another phone).

A real shell and state on a real store, without a page: building the views does not touch it.
"""

from __future__ import annotations

import flet as ft

from scorekeeper.session.state import TableState
from scorekeeper.ui.shell import Shell
from scorekeeper.ui.views import board, watch
from tests.ui.controls import texts

PLAYERS = ["Ahmed", "Salem", "Ghanim", "Yahya"]


def test_a_scorer_demoted_to_a_viewer_gets_the_table_board_not_its_old_scoreboard(store):
    may_write = [True]
    shell = Shell(None, store)  # no page: building the views only reads the state
    shell.state = TableState(store, "en", may_write=lambda: may_write[0])
    shell.state.scoring.start(PLAYERS, ["Lions", "Eagles"], 101)
    assert board.view(shell, "/match").route == "/match"  # the scorer's scoreboard, kept on the shell

    may_write[0] = False  # another phone revoked the score link this one joined with
    assert shell.viewer
    # the board's own kept scoreboard was once taken for the table board: no view at all came back
    shown = watch.view(shell, watch.ROUTE)
    assert isinstance(shown, ft.View)
    assert shown.route == watch.ROUTE
    lines = [line for control in shown.controls for line in texts(control)]
    assert "Lions" in lines and "Eagles" in lines
    assert watch.view(shell, watch.ROUTE) is shown  # built once, then updated in place


def test_an_old_score_link_is_told_on_the_board_until_dismissed(store):
    shell = Shell(None, store)
    shell.state = TableState(store, "en", may_write=lambda: False)
    shell.admission.notice = "share.link_revoked"  # admitted with a score link that no longer works
    shown = watch.view(shell, watch.ROUTE)
    lines = [line for control in shown.controls for line in texts(control)]
    assert shell.t("share.link_revoked") in lines
    shell.state.hear()  # the table changed: the board is shown again, the notice with it
    assert shell.kept.table_board is not None and shell.kept.table_board.notice.visible
    shell.admission.notice = None  # the phone tapped "Got it"
    watch.view(shell, watch.ROUTE)
    assert not shell.kept.table_board.notice.visible
