"""``python -m scorekeeper`` / the ``scorekeeper`` command."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Placeholder until the app lands: say so plainly instead of pretending."""
    print("The scorekeeper app is not built yet; only the test suite exists (see README.md).", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
