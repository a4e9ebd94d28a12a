"""Counting pips from a photo: the reader and its result (no UI here; numpy, Pillow and OpenCV)."""

from .model import FoundTile, PhotoReading
from .reader import read_tiles

__all__ = ["FoundTile", "PhotoReading", "read_tiles"]
