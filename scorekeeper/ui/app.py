"""Serving the app: one store per process, one ``Shell`` per browser session."""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import flet as ft

from scorekeeper.core.errors import ScorekeeperError
from scorekeeper.i18n import LANGUAGES, RTL, Translator
from scorekeeper.session.insight import StatsCache
from scorekeeper.session.table import Table
from scorekeeper.storage import OpenReport, Store
from scorekeeper.ui.fallback_font import with_fallback_font
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
    store: Store | None, report: OpenReport | None, error: ScorekeeperError | None, table: Table | None = None
) -> Callable[[ft.Page], Awaitable[None]]:
    """The per-session entry Flet calls for every browser or window that connects."""
    insight = StatsCache(store) if store is not None else None
    if insight is not None:
        insight.warm_up()
    table = table or Table(web=False)

    async def main(page: ft.Page) -> None:
        await Shell(page, store, lambda t: startup_messages(report, error, t), insight, table).start()

    return main


def connection_script(store: Store | None) -> Callable[[], bytes]:
    """The page's connection-lost banner (connection.js) with its words in every language, for the guard."""
    code = (Path(__file__).with_name("connection.js")).read_text(encoding="utf-8")
    words = {lang: {kind: Translator(lang)(f"connection.{kind}") for kind in ("lost", "back")} for lang in LANGUAGES}
    titles = {Translator(lang)("app.title"): lang for lang in LANGUAGES}
    fixed = {"words": words, "titles": titles, "rtl": sorted(RTL), "socketPath": "/ws", "probePath": "/favicon.png"}
    fixed |= {"probeMs": 4000, "probeTimeoutMs": 3000, "backMs": 5000}

    def script() -> bytes:
        language = store.settings().language if store is not None else None
        config = json.dumps({**fixed, "language": language})
        return f"<script>window.scorekeeperConnection = {config};\n{code}</script>".encode()

    return script


def serve(
    data: str | os.PathLike | None = None,
    *,
    mode: str = "web",
    host: str | None = None,
    port: int | None = None,
    local_scorer: bool = True,
    proxies: Sequence[str] = (),
) -> int:
    """Run until closed, as ``scorekeeper.__main__.run_mode`` chose: a web server, a desktop window,
    or (``embedded``) inside a built phone or desktop app, whose Flutter shell connects to it; the exit status."""
    store, report, error = open_store(data)
    for line in startup_messages(report, error, Translator()):
        log.warning(line)
    if error is not None and error.code == "locked_elsewhere":  # a second copy: say why and stop, never serve
        print(f"scorekeeper: {Translator().error(error)}", file=sys.stderr, flush=True)
        return 1
    web = mode == "web"
    port = port or int(os.environ.get("FLET_SERVER_PORT") or 0) or (8550 if web else 0)
    table = Table(web=web, host=host, port=port, local_scorer=local_scorer)
    main = make_main(store, report, error, table)
    try:
        if web:
            serve_web(main, table, proxies, connection_script(store))
        else:
            ft.run(main, view=ft.AppView.FLET_APP, port=port, assets_dir=str(assets_dir()), no_cdn=True)
    finally:
        if store is not None:
            store.close()
    return 0


def serve_web(
    main: Callable[[ft.Page], Awaitable[None]],
    table: Table,
    proxies: Sequence[str] = (),
    page_script: Callable[[], bytes] | None = None,
) -> None:
    """Flet's web app behind the guard (who connects, what it may send, same-origin websockets), by uvicorn.

    ``proxies``: the reverse proxies whose ``X-Forwarded-For`` names the real client. uvicorn trusts
    that header from 127.0.0.1 unless told otherwise, so any local process could claim any address;
    with no proxy named the header is ignored and the peer address is the connection's own.
    """
    import uvicorn

    from scorekeeper.ui.guard import SCORER_TIMEOUT, Guard

    # Flet keeps a disconnected session this long (read when a connection opens): the scorer's phone may
    # sleep through a long break and come back to its form; the guard frees a viewer's much sooner.
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SCORER_TIMEOUT))
    asgi = ft.run(main, export_asgi_app=True, assets_dir=str(assets_dir()), no_cdn=True)
    print(f"Scorekeeper is serving at {table.base_url()}/  (Ctrl+C stops it)", flush=True)
    print(f"  watch the table (read-only board): {table.watch_url()}", flush=True)
    print(f"  score (keep it to the scorer):     {table.score_url()}", flush=True)
    guarded = Guard(with_fallback_font(asgi), [table.host], proxies, page_script)
    # uvicorn stops gracefully on SIGTERM, then raises it again with the handler it found: make that one
    # end the process through the normal way out, so the store is closed (and its lock given back).
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        _run(uvicorn, guarded, table, proxies)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(0)


def _run(uvicorn, guarded, table: Table, proxies: Sequence[str]) -> None:
    from scorekeeper.ui.guard import WS_MAX_BYTES

    # A picked file comes over the websocket in one message: uvicorn's default 16 MiB limit closed the
    # connection on a bigger import or photo before the app could say "too large" (imports stop at 8 MB);
    # the guard holds each viewer to far less.
    uvicorn.run(
        guarded,
        host=table.host,
        port=table.port,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_BYTES,
        log_level="warning",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) or None,
        timeout_graceful_shutdown=1,  # open websockets never end by themselves: stop within 2 s of a signal
    )
