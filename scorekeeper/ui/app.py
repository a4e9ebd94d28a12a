"""Serving the app: one store per process, one ``Shell`` per browser session."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Awaitable, Callable

import flet as ft

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import Translator
from scorekeeper.storage import OpenReport, Store
from scorekeeper.ui.insight import StatsCache
from scorekeeper.ui.shell import Shell
from scorekeeper.ui.theme import assets_dir

log = logging.getLogger(__name__)


def open_store(folder: str | os.PathLike | None) -> tuple[Store | None, OpenReport | None, ScorekeeperError | None]:
    """Open the data once for the whole process; on failure keep the app up to say why."""
    try:
        store = Store.open(folder)
    except ScorekeeperError as err:
        return None, None, err
    return store, store.report, None


def startup_messages(report: OpenReport | None, error: ScorekeeperError | None, t: Translator) -> list[str]:
    """What the scorer must hear after opening, in their language: recoveries, read-only mode, refusal."""
    if error is not None:
        return [t.error(error)]
    messages = []
    for recovery in report.recovered if report else ():
        values = {"file": recovery.file, "kept_as": recovery.kept_as or "-", "lost_since": recovery.lost_since}
        if recovery.restored_from is None:
            messages.append(t("storage.unrecoverable", **values))
        elif recovery.lost_since:
            messages.append(t("storage.recovered", **values))
        else:
            messages.append(t("storage.recovered_nothing_lost", **values))
    messages += [t.error(note) for note in (report.notes if report else ())]
    return messages


def make_main(
    store: Store | None, report: OpenReport | None, error: ScorekeeperError | None
) -> Callable[[ft.Page], Awaitable[None]]:
    """The per-session entry Flet calls for every browser or window that connects."""
    insight = StatsCache(store) if store is not None else None
    if insight is not None:
        insight.warm_up()

    async def main(page: ft.Page) -> None:
        await Shell(page, store, lambda t: startup_messages(report, error, t), insight).start()

    return main


def serve(
    data: str | os.PathLike | None = None, *, web: bool = False, host: str | None = None, port: int | None = None
) -> int:
    """Run until closed: a desktop window, or a web server when asked or when there is no display; the exit status."""
    store, report, error = open_store(data)
    for line in startup_messages(report, error, Translator()):
        log.warning(line)
    if error is not None and error.code == "locked_elsewhere":  # a second copy: say why and stop, never serve
        print(f"scorekeeper: {Translator().error(error)}", file=sys.stderr, flush=True)
        return 1
    headless = not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and os.name == "posix"
    web = web or headless or os.environ.get("FLET_FORCE_WEB_SERVER", "").lower() in ("1", "true")
    port = port or (8550 if web else 0)
    if web:
        print(f"Scorekeeper is serving at http://{host or '127.0.0.1'}:{port}/  (Ctrl+C stops it)", flush=True)
    try:
        ft.run(
            make_main(store, report, error),
            view=ft.AppView.WEB_BROWSER if web else ft.AppView.FLET_APP,
            host=host,
            port=port,
            assets_dir=str(assets_dir()),
            no_cdn=True,
        )
    finally:
        if store is not None:
            store.close()
    return 0
