"""The match this session is scoring: which one is open, its rounds by id and revision, every change to it.

A form or dialog names the round it shows by id and by the match's revision
then (``RoundRef``, ``NewRoundRef``): if another phone changed the match
meanwhile, the change is refused instead of landing on whatever round now
stands in that place, or silently after rounds the scorer has not seen.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.errors import StorageError, TableError
from scorekeeper.core.records import MatchRecord
from scorekeeper.core.rules import TEAMS
from scorekeeper.session import phrases
from scorekeeper.session.access import WriteAccess
from scorekeeper.session.entry import Draft
from scorekeeper.session.preferences import Preferences
from scorekeeper.storage import Store


def revision_of(match: MatchRecord) -> str:
    """The match's revision: changes whenever any round is added, edited, deleted or taken back."""
    log = repr([(e.id, e.round) for e in match.entries])
    return hashlib.sha1(f"{match.id}|{log}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class RoundRef:
    """A round as a form or dialog saw it: its id, the match revision then, and its number then (1-based)."""

    round_id: str
    revision: str
    number: int


@dataclass(frozen=True)
class NewRoundRef:
    """A new round's form as it was opened: the match revision then, and the ids of the rounds it had.

    Save checks the revision as an edit does: a round saved meanwhile on another
    phone refuses it (``round_added``) instead of storing this one silently after it.
    """

    revision: str
    round_ids: tuple[str, ...]

    @property
    def number(self) -> int:
        """The number the round had when the form was opened (1-based)."""
        return len(self.round_ids) + 1


class Scoring:
    """The open match (``match``, None when none is) and the changes a scorer makes to it."""

    def __init__(self, store: Store, access: WriteAccess, prefs: Preferences) -> None:
        self._store = store
        self._access = access
        self._prefs = prefs
        self.match: MatchRecord | None = None
        self.reload()

    def current(self) -> MatchRecord:
        """The open match, for what only exists with one (a screen routes.view_for shows only then)."""
        if self.match is None:
            raise LookupError("no match is open")
        return self.match

    def reload(self) -> None:
        """Pick up the match in progress (after a restart, or another session's change)."""
        if self.match is not None:
            try:
                self.match = self._store.match(self.match.id)
                return
            except StorageError as err:
                if err.code != "match_not_found":
                    raise
                # deleted from another phone: fall back to the match in progress, if any
        self.match = self._store.current_match()

    def open(self, match_id: str) -> MatchRecord:
        self.match = self._store.match(match_id)
        return self.match

    def close(self) -> None:
        self.match = None

    def start(self, players: Sequence[str], team_names: Sequence[str], target: int) -> MatchRecord:
        """Start a match tonight and open it."""
        t = self._prefs.t
        # a team left unnamed (or given the default name) is stored as the store's marker, "A" or "B",
        # and shown in the language of the moment (Translator.team), never stored in tonight's language
        names = tuple(
            "" if t.team(name.strip()) == t(f"team_default_{team.lower()}") else name.strip()
            for name, team in zip(team_names, TEAMS, strict=True)
        )
        self.match = self._access.run(lambda: self._store.new_match(players, target, (names[0], names[1])))
        return self.match

    def rematch(self) -> MatchRecord:
        """Same seats, teams and target as the match just finished."""
        old = self.current()
        return self.start(old.players, old.team_names, old.target)

    # --- rounds, by id and revision ------------------------------------------------------

    def round_ref(self, index: int) -> RoundRef:
        """How a form or dialog names round ``index`` (0-based) of the open match as it is now."""
        match = self.current()
        return RoundRef(match.entries[index].id, revision_of(match), index + 1)

    def new_round_ref(self) -> NewRoundRef:
        """How a form for the next round names the open match as it is now."""
        match = self.current()
        return NewRoundRef(revision_of(match), tuple(e.id for e in match.entries))

    def changes_since(self, ref: RoundRef | NewRoundRef) -> list[str]:
        """What other phones changed in the open match since ``ref`` was taken, in words ([] if nothing).

        A round saved meanwhile is named with its score ("Round 5 was just saved
        on another phone: Team A +7."); any other change in one line.
        """
        t, match = self._prefs.t, self.current()
        if revision_of(match) == ref.revision:
            return []
        if isinstance(ref, RoundRef):
            return [t("record.changed_elsewhere")]
        ids = [e.id for e in match.entries]
        added = [i for i, round_id in enumerate(ids) if round_id not in ref.round_ids]
        lines = [t("record.saved_elsewhere", n=i + 1, score=phrases.round_score(t, match, i)) for i in added]
        if ids[: len(ref.round_ids)] != list(ref.round_ids) or not added:  # a round edited, deleted or taken back
            lines.insert(0, t("record.changed_elsewhere"))
        return lines

    def round_index(self, round_id: str) -> int | None:
        """Where round ``round_id`` stands in the open match now (0-based), or None."""
        match = self.match
        ids = [e.id for e in match.entries] if match else []
        return ids.index(round_id) if round_id in ids else None

    def _check(self, ref: RoundRef) -> tuple[MatchRecord, int]:
        """The match as stored now and the round's index, if nothing changed since ``ref`` was taken.

        Otherwise the session is shown the match as it is now and the change is
        refused: it must never land on another round.
        """
        fresh = self._store.match(self.current().id)
        if revision_of(fresh) != ref.revision:
            self.match = fresh
            index = self.round_index(ref.round_id)
            if index is None:
                raise TableError("round_gone", "the round was deleted elsewhere", n=ref.number)
            raise TableError("round_changed", "the match changed elsewhere", n=index + 1)
        return fresh, [e.id for e in fresh.entries].index(ref.round_id)

    def _check_new(self, ref: NewRoundRef) -> None:
        """Refuse a new round when the match changed since its form was opened (the session sees it as it is now)."""
        fresh = self._store.match(self.current().id)
        if revision_of(fresh) != ref.revision:
            self.match = fresh
            raise TableError("round_added", "the match changed elsewhere", n=ref.number, next=len(fresh.entries) + 1)

    def save_round(self, draft: Draft, ref: RoundRef | NewRoundRef | None = None) -> MatchRecord:
        """Save a new round (``ref`` None or a ``NewRoundRef``) or re-enter the round ``ref`` names.

        Nothing is written if the round is invalid, or if the match changed since
        ``ref`` was taken (``round_changed``/``round_gone`` for an edit,
        ``round_added`` for a new round: the scorer is asked before it is saved
        after the rounds other phones saved). A draft is saved once: a double tap
        on Save (its second tap can still reach the form after the first one
        saved) changes nothing more.
        """
        if draft.saved:
            return self.current()
        rnd = draft.to_round()
        match = self.current()

        def write() -> MatchRecord:
            if isinstance(ref, RoundRef):
                fresh, index = self._check(ref)
                return self._store.replace_round(fresh.id, index, rnd)
            if ref is not None:
                self._check_new(ref)
            return self._store.add_round(match.id, rnd)

        self.match = self._access.run(write)
        draft.saved = True
        return self.match

    def delete_round(self, ref: RoundRef) -> MatchRecord:
        def write() -> MatchRecord:
            fresh, index = self._check(ref)
            return self._store.delete_round(fresh.id, index)

        self.match = self._access.run(write)
        return self.match

    def undo_last(self, ref: RoundRef) -> int:
        """Take back the round ``ref`` names, which the scorer confirmed as the last; returns its number."""

        def write() -> MatchRecord:
            fresh, index = self._check(ref)
            if index != len(fresh.entries) - 1:  # cannot happen with an unchanged revision; never guess
                raise TableError("round_changed", "the round is no longer the last", n=index + 1)
            return self._store.delete_round(fresh.id, index)

        self.match = self._access.run(write)
        return ref.number
