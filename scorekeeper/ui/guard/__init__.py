"""The web server's front door: who a connection is, what it may send, and which pages may hold it.

Flet's web server trusts its clients further than a shared table can (see
``policy.py``), so the guard (:class:`Guard`, ``asgi.py``) sits in front of it
and decides, per connection, before Flet sees a frame. Each part of that
decision is a module named for what it holds, so that a rule is read, tested
and changed in one place:

- ``origin.py``: where a request comes from (the peer address in the ASGI
  scope, a named proxy's client only) and whether its ``Origin`` and ``Host``
  are this server's;
- ``crowd.py``: how many connections one address may hold open at once;
- ``seats.py``: the :class:`Connection` the session's code reads through a
  context variable, and the :class:`Seat` (page and role) it takes, found
  again when a phone reconnects;
- ``policy.py`` on ``wire.py``: which frames a session may send, by role,
  read and rewritten in Flet's msgpack framing;
- ``sizes.py`` and ``rate.py``: how big and how many messages a role may send;
- ``expiry.py``: how long a disconnected session waits for its phone;
- ``pages.py``: the safe headers of every page, and the script put into HTML.

The names below are the one import surface for the rest of the app and the tests.
"""

from scorekeeper.ui.guard.asgi import Guard
from scorekeeper.ui.guard.crowd import SESSIONS_PER_ADDRESS
from scorekeeper.ui.guard.expiry import SCORER_TIMEOUT, VIEWER_TIMEOUT
from scorekeeper.ui.guard.policy import DROP, PASS, Policy, Refused
from scorekeeper.ui.guard.seats import Connection, Seat, current, take_seat
from scorekeeper.ui.guard.sizes import VIEWER_MAX_BYTES, WS_MAX_BYTES

__all__ = [
    "DROP",
    "PASS",
    "SCORER_TIMEOUT",
    "SESSIONS_PER_ADDRESS",
    "VIEWER_MAX_BYTES",
    "VIEWER_TIMEOUT",
    "WS_MAX_BYTES",
    "Connection",
    "Guard",
    "Policy",
    "Refused",
    "Seat",
    "current",
    "take_seat",
]
