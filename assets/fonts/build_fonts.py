"""Rebuild the bundled UI font: Noto Sans merged with Noto Sans Arabic.

Why merged: the Flet web client loads no fonts from the internet, and a
Flutter theme names one family. With one font that holds both scripts, a
player named "Sam" and one named "سالم" render on the same screen, in light
and dark theme alike, with no fallback download.

Run (needs ``pip install fonttools`` and Debian's ``fonts-noto-core``):
    python assets/fonts/build_fonts.py
"""

from pathlib import Path

from fontTools.merge import Merger

NOTO = Path("/usr/share/fonts/truetype/noto")
HERE = Path(__file__).resolve().parent

for weight in ("Regular", "Bold"):
    merged = Merger().merge([str(NOTO / f"NotoSans-{weight}.ttf"), str(NOTO / f"NotoSansArabic-{weight}.ttf")])
    merged.save(str(HERE / f"ScorekeeperSans-{weight}.ttf"))
