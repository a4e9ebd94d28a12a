"""Entry point for ``flet build`` (``[tool.flet.app] module = "main"``).

A built phone or desktop app sets ``FLET_PLATFORM`` and passes no command
line of ours, so none is parsed there; started by hand, ``python main.py``
takes the same options as the ``scorekeeper`` command.
"""

import os

from scorekeeper.__main__ import main

if __name__ == "__main__":
    status = main([] if os.environ.get("FLET_PLATFORM") else None)
    if status:
        raise SystemExit(status)
