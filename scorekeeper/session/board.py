"""What a table board shows, in words and figures: worked out once per change and language.

Every viewer of one table in one language sees the same board, so it is
written here once (a frozen value) and every viewer's screen is filled from
it; the screen itself is ``ui/views/watch.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.records import MatchRecord
from scorekeeper.i18n import Translator
from scorekeeper.session.phrases import round_line, starter_text, won_line


@dataclass(frozen=True)
class Panel:
    """One team's panel: its name, total (and what a screen reader says of it), progress to the target."""

    name: str
    total: str
    label: str
    progress: float


@dataclass(frozen=True)
class BoardFacts:
    """The whole board as text: ``panels`` empty when there is no match to show yet (``waiting`` then)."""

    waiting: str
    panels: tuple[Panel, ...]
    target: str
    status: str
    winner: str | None  # the winning team's letter: the status line names it, in the team's colour
    last: str
    tonight_title: str
    tonight: tuple[str, ...]


def board_facts(t: Translator, match: MatchRecord | None, tonight: Sequence[MatchRecord]) -> BoardFacts:
    """The board for ``match`` (the one on the table, or None) among ``tonight``'s matches, in ``t``'s words."""
    panels: tuple[Panel, ...] = ()
    target = status = last = ""
    winner = None
    if match is not None:
        names = [t.team(name) for name in match.team_names]
        panels = tuple(
            Panel(name, t.num(total), f"{name}: {t.num(total)}", min(total / match.target, 1.0))
            for name, total in zip(names, match.totals, strict=True)
        )
        target = t("board.target", target=match.target)
        if match.finished and match.winner is not None:
            status, winner = t("winner.title", team=match.winner_name), match.winner
        else:
            status = starter_text(t, match)
        n = len(match.rounds)
        last = f"{t('board.round_n', n=t.num(n))} · {round_line(t, match, n - 1)}" if n else t("board.no_rounds")
    lines = tuple(won_line(t, m) for m in reversed(tonight) if m.finished and (match is None or m.id != match.id))
    return BoardFacts(t("watch.waiting"), panels, target, status, winner, last, t("home.tonight"), lines)
