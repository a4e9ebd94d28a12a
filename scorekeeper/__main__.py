"""``python -m scorekeeper`` / the ``scorekeeper`` command."""

from __future__ import annotations

import argparse
import os


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Scorekeeper for Yemeni partnership dominoes. Opens a desktop window by default; "
        "with --web (or where there is no display) it serves the app to browsers on this network.",
    )
    parser.add_argument("--web", action="store_true", help="serve to browsers instead of opening a window")
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
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.host:
        os.environ.setdefault("FLET_SERVER_IP", args.host)
    from scorekeeper.ui.app import serve  # flet loads only when the app runs, not for --help

    return serve(args.data, web=args.web, host=args.host, port=args.port)  # non-zero: refused (a second copy)


if __name__ == "__main__":
    raise SystemExit(main())
