"""``python -m scorekeeper`` / the ``scorekeeper`` command."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Mapping

#: What each way of running needs beyond the phone's set, and the extra that installs it.
NEEDS = {
    "web": (("flet_web.fastapi", "uvicorn"), "web", "serve the app to browsers"),
    "desktop": (("flet_desktop",), "desktop", "open a desktop window"),
}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Scorekeeper for Yemeni partnership dominoes. Opens a desktop window by default; "
        "with --web (or where there is no display) it serves the app to browsers on this network.",
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="serve to browsers instead of opening a window (needs the 'web' extra; the window needs 'desktop')",
    )
    parser.add_argument(
        "--host",
        default=None,
        help="address to serve on with --web (default 127.0.0.1; 0.0.0.0 lets phones on the same Wi-Fi connect)",
    )
    parser.add_argument("--port", type=int, default=None, help="port to serve on with --web (default 8550)")
    parser.add_argument(
        "--data",
        default=None,
        help="data folder (default: $SCOREKEEPER_DATA, $FLET_APP_STORAGE_DATA, else the user data folder)",
    )
    parser.add_argument(
        "--no-local-scorer",
        action="store_true",
        help="with --web: a browser on this machine is a viewer too, unless it opens the score link "
        "(use it behind a reverse proxy on the same machine, where every phone looks local)",
    )
    parser.add_argument(
        "--proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="with --web: the address of a reverse proxy whose X-Forwarded-For header names the real phone "
        "(may be given again; without it that header is ignored, whoever sends it)",
    )
    return parser.parse_args(argv)


def run_mode(web: bool, env: Mapping[str, str] = os.environ) -> str:
    """How this start shows the app: ``embedded`` (a built phone or desktop app), ``web`` or ``desktop``.

    A built app (``flet build``) sets ``FLET_PLATFORM``; its own Flutter shell
    draws the app, so it needs neither the web server nor the desktop client.
    Elsewhere a machine without a display serves web mode, as Flet itself does.
    """
    if env.get("FLET_PLATFORM"):
        return "embedded"
    headless = not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY") and os.name == "posix"
    forced = env.get("FLET_FORCE_WEB_SERVER", "").lower() in ("1", "true", "yes")
    return "web" if web or headless or forced else "desktop"


def missing_extra(mode: str) -> str | None:
    """The plain sentence to show when this mode's part of Flet is not installed, else None.

    Checked by importing it, before Flet would try to pip-install it at run time.
    """
    if mode not in NEEDS:
        return None
    modules, extra, purpose = NEEDS[mode]
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as err:
            hint = " (or run with --web)" if mode == "desktop" else ""
            return (
                f"scorekeeper: cannot {purpose}: {err.name or module} is not installed.\n"
                f"Install the '{extra}' extra: pip install -e '.[{extra}]' in a checkout, "
                f"or pip install 'scorekeeper[{extra}]'{hint}."
            )
    return None


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    mode = run_mode(args.web)
    problem = missing_extra(mode)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if args.host:
        os.environ.setdefault("FLET_SERVER_IP", args.host)
    from scorekeeper.ui.app import serve  # flet loads only when the app runs, not for --help

    # non-zero: refused (a second copy)
    return serve(
        args.data,
        mode=mode,
        host=args.host,
        port=args.port,
        local_scorer=not args.no_local_scorer,
        proxies=args.proxy,
    )


if __name__ == "__main__":
    raise SystemExit(main())
