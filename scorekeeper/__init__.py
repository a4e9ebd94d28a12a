"""Scorekeeper for Yemeni partnership dominoes.

``core`` is pure and decides every score; ``storage`` keeps it on disk through
TinyDB; ``session`` is a session's Flet-free state; ``ui`` is the Flet shell and
its views; ``photo`` reads pips from a photo, with its screens beside it.
"""

__version__ = "0.1.0"
