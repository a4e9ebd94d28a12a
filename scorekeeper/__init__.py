"""Scorekeeper for Yemeni partnership dominoes.

The pure core (``tiles``, ``rules``, ``match``, ``stats``) decides every score
and imports neither flet nor tinydb; ``storage`` and ``ui`` are the thin shell.
"""

__version__ = "0.1.0"
