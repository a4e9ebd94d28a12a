"""The pure core: what a round scores, what could have happened, a match as its log.

Nothing here imports flet, tinydb, filelock or platformdirs (``tests/test_purity.py``
checks every module of this package in a fresh interpreter), so the rules can be
read, tested and trusted without a screen or a disk.
"""
