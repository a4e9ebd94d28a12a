"""One session's state: the shared store seen through the scorer's language.

The views read this object and call its methods; nothing here imports Flet,
so tests drive a whole evening without a page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scorekeeper.errors import ScorekeeperError, StorageError
from scorekeeper.i18n import Translator, pick_language
from scorekeeper.match import Round
from scorekeeper.rules import RoundResult, Team
from scorekeeper.storage import MatchRecord, Store
from scorekeeper.ui.entry import Draft, lowest_seats

TEAM_INDEX = {"A": 0, "B": 1}


@dataclass(frozen=True)
class Preview:
    """What the record form shows before saving: the score line, or why it cannot be saved."""

    text: str
    result: RoundResult | None = None
    error: str | None = None


class TableState:
    """The scorer's session: current match, language, and every change they can make.

    Every change goes through the store (which checks it with the core before
    writing), then ``on_change`` tells the other sessions of this process.
    """

    def __init__(
        self, store: Store, device_language: str | None = None, on_change: Callable[[], None] | None = None
    ) -> None:
        self.store = store
        self.device_language = device_language
        self.on_change = on_change or (lambda: None)
        self.match: MatchRecord | None = None
        self.t = Translator()
        self.apply_settings()
        self.reload()

    # --- settings and language -------------------------------------------------

    @property
    def settings(self) -> dict:
        return self.store.settings()

    def apply_settings(self) -> None:
        settings = self.store.settings()
        language = settings.get("language") or pick_language(self.device_language)
        self.t = Translator(language, settings.get("digits") or "latin")

    def save_settings(self, **changes) -> None:
        self.store.save_settings(**changes)
        self.apply_settings()

    # --- the match -----------------------------------------------------------------

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

    def open_match(self, match_id: str) -> MatchRecord:
        self.match = self.store.match(match_id)
        return self.match

    def close_match(self) -> None:
        self.match = None

    def start_match(self, players: Sequence[str], team_names: Sequence[str], target: int) -> MatchRecord:
        names = tuple(
            (name or "").strip() or self.t(f"team_default_{team.lower()}")
            for name, team in zip(team_names, "AB", strict=True)
        )
        self.match = self.store.new_match(players, target, (names[0], names[1]))
        self.on_change()
        return self.match

    def rematch(self) -> MatchRecord:
        """Same seats, teams and target as the match just finished."""
        old = self._current()
        return self.start_match(old.players, old.team_names, old.target)

    def _current(self) -> MatchRecord:
        if self.match is None:
            raise LookupError("no match is open")
        return self.match

    # --- rounds ----------------------------------------------------------------------

    def save_round(self, draft: Draft, index: int | None = None) -> MatchRecord:
        """Save a new round (``index`` None) or re-enter round ``index``; nothing is written if invalid.

        A draft is saved once: a double tap on Save (its second tap can still
        reach the form after the first one saved) changes nothing more.
        """
        if draft.saved:
            return self._current()
        rnd = draft.to_round()
        match = self._current()
        if index is None:
            self.match = self.store.add_round(match.id, rnd)
        else:
            self.match = self.store.replace_round(match.id, index, rnd)
        draft.saved = True
        self.on_change()
        return self.match

    def delete_round(self, index: int) -> MatchRecord:
        self.match = self.store.delete_round(self._current().id, index)
        self.on_change()
        return self.match

    def undo_last(self) -> int | None:
        """Remove the last round; returns its number (1-based), or None when there is none."""
        match = self._current()
        if not match.rounds:
            return None
        self.delete_round(len(match.rounds) - 1)
        return len(match.rounds)

    # --- words for the views ---------------------------------------------------------

    def team_name(self, team: Team | None, match: MatchRecord | None = None) -> str:
        match = match or self._current()
        return match.team_names[TEAM_INDEX[team]] if team else ""

    def seat_names(self, match: MatchRecord | None = None) -> dict[int, str]:
        match = match or self.match
        return dict(enumerate(match.players)) if match else {}

    def error_text(self, err: ScorekeeperError, match: MatchRecord | None = None) -> str:
        return self.t.error(err, self.seat_names(match))

    def preview(self, draft: Draft, index: int | None = None) -> Preview:
        """The live line under the form: points, lowest hand, tie, or the reason it is refused.

        ``index`` is the round being re-entered (None for a new one): whether
        the round opened with the double-six depends on the one before it.
        """
        t = self.t
        if draft.end == "redeal":
            return Preview(t("record.preview_redeal"), RoundResult(None, 0))
        needed = draft.seats_needed()
        try:
            totals = [draft.total(s) if s in needed else None for s in range(4)]
            if (
                draft.end is None
                or (draft.end == "domino" and draft.winner is None)
                or None in (totals[s] for s in needed)
            ):
                extra = self._lowest_line(totals) if draft.end == "blocked" else ""
                return Preview(" · ".join(x for x in (t("record.fill"), extra) if x))
            rnd = draft.to_round()
            result = rnd.result
            if self.match is not None:
                self.match.match.check_round(rnd, index)  # exactly what Save will be told
        except ScorekeeperError as err:
            return Preview(self.error_text(err), error=self.error_text(err))
        if result.tie:
            return Preview(" · ".join((self._lowest_line(totals), t("record.preview_tie"))), result)
        line = t("record.preview_points", team=self.team_name(result.team), points=result.points)
        if draft.end == "blocked":
            line = " · ".join((self._lowest_line(totals), line))
        return Preview(line, result)

    def _lowest_line(self, totals: Sequence[int | None]) -> str:
        seats = lowest_seats(totals)
        if not seats:
            return ""
        names = self.seat_names()
        return self.t("record.preview_lowest", names=self.t("list_sep").join(names[s] for s in seats))

    def starter_text(self) -> str:
        starter = self._current().match.next_starter
        if starter.kind == "double_six":
            return self.t("board.starter_double_six")
        return self.t("board.starter_team", team=self.team_name(starter.team))

    def round_line(self, index: int, match: MatchRecord | None = None) -> str:
        """One row of a round log (the open match's, or ``match``'s): kind, who went out or was lowest, the score."""
        match = match or self._current()
        rnd: Round = match.rounds[index]
        result = match.match.state.results[index]
        t, names = self.t, self.seat_names(match)
        parts = [t(f"end.{rnd.end}")]
        if rnd.end == "domino" and rnd.winner is not None:
            parts.append(t("board.went_out", name=names[rnd.winner]))
        if rnd.end == "blocked":
            low = lowest_seats(rnd.pips)
            parts.append(t("board.lowest", names=t("list_sep").join(names[s] for s in low)))
        counted = [p for s, p in enumerate(rnd.pips) if p is not None and not (rnd.end == "domino" and s == rnd.winner)]
        if counted:
            parts.append((" + " if rnd.end == "domino" else " / ").join(t.num(p) for p in counted))
        if index in match.match.problems:
            parts.append(t("review.impossible"))
        if result.tie:
            parts.append(t("board.tie"))
        elif rnd.end == "redeal":
            parts.append(t("board.redeal"))
        else:
            parts.append(t("board.points", team=self.team_name(result.team, match), points=result.points))
        return " · ".join(parts)
