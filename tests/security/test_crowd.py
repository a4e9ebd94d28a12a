"""One phone opening session after session: it holds a table's share of the server, no more.

Each open session costs the server about 140 KB (300 held sessions took one
server from 62 to 105 MB), so a phone that opened thousands would starve it.
The phone runs in a private network namespace (netns.py), at a real
non-loopback address, with a second phone beside it at another.
"""

from __future__ import annotations

from scorekeeper.ui.guard import SESSIONS_PER_ADDRESS
from tests.security import netns


def test_one_phone_cannot_hold_the_table_with_open_sessions(tmp_path):
    seen = netns.run("crowd", tmp_path)
    assert seen["held"] == SESSIONS_PER_ADDRESS, seen
    assert seen["refused_more"], seen
    assert seen["other_served"], seen  # the phone beside it is not punished
    assert seen["again_after_one_left"], seen
