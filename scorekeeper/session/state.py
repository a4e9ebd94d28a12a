"""One session's state: the shared store seen through the scorer's language.

The views read this object and call its methods; nothing here imports Flet,
so tests drive a whole evening without a page. It is the one way the UI
changes data: every write checks that this session may write, runs under the
process-wide write lock, and then ``on_change`` tells the other sessions.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from scorekeeper.core import exchange
from scorekeeper.core.checks import is_evening
from scorekeeper.core.errors import ScorekeeperError, StorageError, TableError
from scorekeeper.core.records import EveningSummary, MatchRecord
from scorekeeper.core.rules import TEAMS, Team
from scorekeeper.core.settings import Settings
from scorekeeper.i18n import Translator, pick_language
from scorekeeper.session import phrases
from scorekeeper.session.entry import Draft
from scorekeeper.session.phrases import Preview
from scorekeeper.storage import FolderInfo, ImportReport, Store

#: An import file larger than this is refused before it is parsed (a decade of evenings is far less).
MAX_IMPORT_BYTES = 8 * 1024 * 1024
#: One store per process, so one lock: a check ("is round 3 still the round I opened?") and
#: the write it guards happen together, whichever session or thread sends them.
WRITE_LOCK = threading.RLock()
#: One import at a time in the process: a file is read whole into memory, and a second tap on Import
#: (or a second phone) would read it again while the first is still being written.
IMPORTING = threading.Lock()
T = TypeVar("T")


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


class TableState:
    """One session: current match, language, and every change it may make.

    ``may_write`` says whether this session may change data now (a viewer
    never; a phone that joined with a score link until that link is revoked).
    Every change goes through the store (which checks it with the core before
    writing), then ``on_change`` tells the other sessions of this process.
    """

    def __init__(
        self,
        store: Store,
        device_language: str | None = None,
        on_change: Callable[[], None] | None = None,
        *,
        may_write: Callable[[], bool] | None = None,
    ) -> None:
        self.store = store
        self.device_language = device_language
        self.on_change = on_change or (lambda: None)
        self.may_write = may_write or (lambda: True)
        self.match: MatchRecord | None = None
        self.t = Translator()
        self.apply_settings()
        self.reload()

    @property
    def can_write(self) -> bool:
        return self.may_write()

    def _write(self, action: Callable[[], T]) -> T:
        """Run one change: refused for a viewer, serialised with every other session's, then announced."""
        if not self.may_write():
            raise TableError("viewer_read_only", "this session may only watch the table")
        with WRITE_LOCK:
            result = action()
        self.on_change()
        return result

    # --- settings and language -------------------------------------------------

    @property
    def settings(self) -> Settings:
        """The settings as they are saved now (every value already one of its allowed choices)."""
        return self.store.settings()

    def apply_settings(self) -> None:
        settings = self.settings
        self.t = Translator(settings.language or pick_language(self.device_language), settings.digits)

    def save_settings(self, **changes: Any) -> None:
        self._write(lambda: self.store.save_settings(**changes))
        self.apply_settings()

    def hear(self) -> None:
        """Another session changed data: pick up the match and the settings again."""
        self.apply_settings()
        self.reload()

    def folder_info(self) -> FolderInfo:
        return self.store.folder_info()

    def restore_backup(self, point: str) -> None:
        """Go back to a backup (the store backs up the present first); every session is told."""

        def restore() -> None:
            self.store.restore_backup(point)
            self.match = None
            self.apply_settings()
            self.reload()

        self._write(restore)

    # --- reading ---------------------------------------------------------------------

    def reload(self) -> None:
        """Pick up the match in progress (after a restart, or another session's change)."""
        if self.match is not None:
            try:
                self.match = self.store.match(self.match.id)
                return
            except StorageError as err:
                if err.code != "match_not_found":
                    raise
                # deleted from another phone: fall back to the match in progress, if any
        self.match = self.store.current_match()

    def tonight(self) -> list[MatchRecord]:
        """This evening's matches, oldest first (an evening runs past midnight)."""
        return self.store.tonight()

    def on_the_table(self) -> MatchRecord | None:
        """What a table board shows: the match in progress, else tonight's last match."""
        current = self.store.current_match()
        if current is not None:
            return current
        tonight = self.store.tonight()
        return tonight[-1] if tonight else None

    def in_progress(self) -> MatchRecord | None:
        """The newest unfinished match, whichever phone started it."""
        return self.store.current_match()

    def find_match(self, match_id: str) -> MatchRecord:
        return self.store.match(match_id)

    def matches_on(self, evening: str) -> list[MatchRecord]:
        return self.store.matches_on(evening) if is_evening(evening) else []

    def evenings(self, offset: int, limit: int) -> list[EveningSummary]:
        return self.store.evenings(offset=offset, limit=limit)

    def all_matches(self) -> Iterator[MatchRecord]:
        return self.store.all_matches()

    def known_players(self) -> list[str]:
        return self.store.known_players()

    def open_match(self, match_id: str) -> MatchRecord:
        self.match = self.store.match(match_id)
        return self.match

    def close_match(self) -> None:
        self.match = None

    # --- changing matches, evenings, imports ------------------------------------------

    def start_match(self, players: Sequence[str], team_names: Sequence[str], target: int) -> MatchRecord:
        # a team left unnamed (or given the default name) is stored as the store's marker, "A" or "B",
        # and shown in the language of the moment (Translator.team), never stored in tonight's language
        names = tuple(
            "" if self.t.team(name.strip()) == self.t(f"team_default_{team.lower()}") else name.strip()
            for name, team in zip(team_names, TEAMS, strict=True)
        )
        self.match = self._write(lambda: self.store.new_match(players, target, (names[0], names[1])))
        return self.match

    def rematch(self) -> MatchRecord:
        """Same seats, teams and target as the match just finished."""
        old = self.current()
        return self.start_match(old.players, old.team_names, old.target)

    def delete_match(self, match_id: str) -> None:
        self._write(lambda: self.store.delete_match(match_id))
        if self.match and self.match.id == match_id:
            self.close_match()

    def delete_evening(self, evening: str) -> None:
        if not is_evening(evening):
            raise TableError("evening_unknown", "an evening is named by its date", evening=evening[:20])
        self._write(lambda: self.store.delete_evening(evening))
        if self.match and self.match.evening == evening:
            self.close_match()

    def import_json(self, data: bytes) -> ImportReport:
        """Import an export file: refused whole if too large or invalid (nothing of it is written).

        Thread-safe, and slow for a big file: the UI calls it in a worker thread.
        """
        if len(data) > MAX_IMPORT_BYTES:
            mb = 1024 * 1024
            raise TableError(
                "import_too_large", "the file is too large", size=-(-len(data) // mb), limit=MAX_IMPORT_BYTES // mb
            )
        if not self.may_write():  # refused before the parse, not only before the write
            raise TableError("viewer_read_only", "this session may only watch the table")
        if not IMPORTING.acquire(blocking=False):
            raise TableError("import_busy", "another import is still running")
        try:
            records = exchange.parse_json(data)  # seconds for a big file: callers run this off the event loop
            return self._write(lambda: self.store.import_matches(records))
        finally:
            IMPORTING.release()

    def current(self) -> MatchRecord:
        """The open match, for what only exists with one (a screen routes.view_for shows only then)."""
        if self.match is None:
            raise LookupError("no match is open")
        return self.match

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
        match = self.current()
        if revision_of(match) == ref.revision:
            return []
        if isinstance(ref, RoundRef):
            return [self.t("record.changed_elsewhere")]
        ids = [e.id for e in match.entries]
        added = [i for i, round_id in enumerate(ids) if round_id not in ref.round_ids]
        lines = [self.t("record.saved_elsewhere", n=i + 1, score=phrases.round_score(self.t, match, i)) for i in added]
        if ids[: len(ref.round_ids)] != list(ref.round_ids) or not added:  # a round edited, deleted or taken back
            lines.insert(0, self.t("record.changed_elsewhere"))
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
        fresh = self.store.match(self.current().id)
        if revision_of(fresh) != ref.revision:
            self.match = fresh
            index = self.round_index(ref.round_id)
            if index is None:
                raise TableError("round_gone", "the round was deleted elsewhere", n=ref.number)
            raise TableError("round_changed", "the match changed elsewhere", n=index + 1)
        return fresh, [e.id for e in fresh.entries].index(ref.round_id)

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
                return self.store.replace_round(fresh.id, index, rnd)
            if ref is not None:
                self._check_new(ref)
            return self.store.add_round(match.id, rnd)

        self.match = self._write(write)
        draft.saved = True
        return self.match

    def _check_new(self, ref: NewRoundRef) -> None:
        """Refuse a new round when the match changed since its form was opened (the session sees it as it is now)."""
        fresh = self.store.match(self.current().id)
        if revision_of(fresh) != ref.revision:
            self.match = fresh
            raise TableError("round_added", "the match changed elsewhere", n=ref.number, next=len(fresh.entries) + 1)

    def delete_round(self, ref: RoundRef) -> MatchRecord:
        def write() -> MatchRecord:
            fresh, index = self._check(ref)
            return self.store.delete_round(fresh.id, index)

        self.match = self._write(write)
        return self.match

    def undo_last(self, ref: RoundRef) -> int:
        """Take back the round ``ref`` names, which the scorer confirmed as the last; returns its number."""

        def write() -> MatchRecord:
            fresh, index = self._check(ref)
            if index != len(fresh.entries) - 1:  # cannot happen with an unchanged revision; never guess
                raise TableError("round_changed", "the round is no longer the last", n=index + 1)
            return self.store.delete_round(fresh.id, index)

        self.match = self._write(write)
        return ref.number

    # --- words for the views (the wording itself lives in ui.phrases) ----------------

    def team_name(self, team: Team | None, match: MatchRecord | None = None) -> str:
        return phrases.team_name(match or self.current(), team)

    def error_text(self, err: ScorekeeperError, match: MatchRecord | None = None) -> str:
        return phrases.error_text(self.t, err, match or self.match)

    def preview(self, draft: Draft, index: int | None = None) -> Preview:
        return phrases.preview(self.t, self.match, draft, index)

    def starter_text(self) -> str:
        return phrases.starter_text(self.t, self.current())

    def round_line(self, index: int, match: MatchRecord | None = None) -> str:
        """One row of a round log (the open match's, or ``match``'s)."""
        return phrases.round_line(self.t, match or self.current(), index)
