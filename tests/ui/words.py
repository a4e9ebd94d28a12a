"""The words a view shows for a session's open match, as the views ask ``session.phrases`` for them."""

from __future__ import annotations

from scorekeeper.session import phrases


def line(state, index, match=None):
    """Round ``index``'s row in the log of ``match`` (the open match if None)."""
    return phrases.round_line(state.prefs.t, match or state.scoring.current(), index)


def preview(state, draft, index=None):
    return phrases.preview(state.prefs.t, state.scoring.match, draft, index)


def starter(state):
    return phrases.starter_text(state.prefs.t, state.scoring.current())


def error(state, err, match=None):
    return phrases.error_text(state.prefs.t, err, match or state.scoring.match)
