"""Entry point for ``flet build`` (``[tool.flet.app] module = "main"``)."""

from scorekeeper.__main__ import main

if __name__ == "__main__":
    main()
