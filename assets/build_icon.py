"""Draw the app icon (icon.png for ``flet build``, favicon.png for the browser tab).

A standing ivory domino, 6 over 5, on the green of a domino table; drawn in
code so it can be changed and rebuilt (``pip install pillow``):
    python assets/build_icon.py
"""

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
SIZE = 1024
GREEN, IVORY, INK, LINE = "#00695C", "#FBF7EC", "#1B1B1B", "#5D5D5D"
PATTERNS = {
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def draw(size: int = SIZE) -> Image.Image:
    scale = size / SIZE
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, size - 1, size - 1), radius=int(220 * scale), fill=GREEN)
    half = int(300 * scale)
    left, top = (size - half) // 2, (size - 2 * half) // 2
    pen.rounded_rectangle(
        (left, top, left + half, top + 2 * half),
        radius=int(48 * scale),
        fill=IVORY,
        outline=LINE,
        width=max(2, int(10 * scale)),
    )
    pen.line((left + half * 0.12, top + half, left + half * 0.88, top + half), fill=LINE, width=max(2, int(10 * scale)))
    dot, step = half * 0.2, half * 0.1
    for number, origin in ((6, top), (5, top + half)):
        for col, row in PATTERNS[number]:
            x = left + step + col * (dot + step)
            y = origin + step + row * (dot + step)
            pen.ellipse((x, y, x + dot, y + dot), fill=INK)
    return image


if __name__ == "__main__":
    draw().save(HERE / "icon.png")
    draw(64).save(HERE / "favicon.png")
