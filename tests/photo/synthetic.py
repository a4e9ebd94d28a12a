"""Synthetic photos of dominoes on a table, with known tiles, to measure the reader on.

Four real photos are far too few and too alike to tune or judge a reader, so
this draws varied ones: ivory, white, black and coloured tiles; black, white,
coloured and per-number coloured pips in their real positions; wood, felt,
leather and patterned tables; rotation, perspective, blur, noise, flash glare,
shadows, several tiles per photo, some laid touching in a row. Everything
follows from the seed.

It lives in the package (not under tests/) because both the tests and
``benchmarks/photo.py`` draw from it, and it needs only numpy and Pillow.

What it does not draw, on purpose (the reader cannot read those, see the
README): a table the same colour as the tiles, tiles stacked on each other,
tiles cut off by the photo's edge.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

# Pip places within a square half, as (across, along) in units of the pip spacing.
PIP_PLACES: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}

FACES = {
    "ivory": (236, 228, 204),
    "white": (246, 246, 243),
    "black": (28, 28, 31),
    "red": (168, 32, 38),
    "blue": (34, 62, 140),
    "green": (28, 108, 62),
    "yellow": (226, 188, 58),
    "teal": (30, 128, 132),
}
PER_NUMBER = {  # the usual "coloured dots" double-six set
    1: (95, 160, 215),
    2: (40, 140, 70),
    3: (200, 40, 40),
    4: (160, 120, 50),
    5: (30, 50, 130),
    6: (120, 60, 140),
}


@dataclass(frozen=True)
class Synthetic:
    """One drawn photo: its JPEG bytes, the tiles on it, and how it was drawn."""

    data: bytes
    tiles: list[tuple[int, int]]
    style: str

    @property
    def total(self) -> int:
        return sum(a + b for a, b in self.tiles)


def render(seed: int) -> Synthetic:
    """Draw photo number ``seed``: the same seed always gives the same photo."""
    rnd = random.Random(seed)
    rng = np.random.default_rng(seed)
    width, height = rnd.choice([(1024, 768), (768, 1024), (960, 720), (1200, 900), (800, 800)])
    face_name = rnd.choices(list(FACES), weights=[4, 3, 3, 1, 1, 1, 1, 1])[0]
    face = FACES[face_name]
    table_name, table = _table(rnd, rng, width, height, face)
    count = rnd.choices(range(1, 8), weights=[3, 3, 3, 3, 2, 2, 2])[0]
    side = rnd.uniform(0.09, 0.15 if count > 4 else 0.17) * min(width, height) * (1.25 if count <= 2 else 1.0)
    pip_style = _pip_style(rnd, face_name)
    tiles: list[tuple[int, int]] = []
    placed = _place(rnd, count, side, width, height)
    images = [_tile(rnd, side, face, pip_style) for _ in placed]
    canvas = Image.fromarray(table)
    shadow = Image.new("L", (width, height), 0)
    for (image, pair), (x, y, angle) in zip(images, placed, strict=True):
        turned = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        at = (round(x - turned.width / 2), round(y - turned.height / 2))
        off = (rnd.randint(-1, 1) * round(side * 0.06), round(side * rnd.uniform(0.02, 0.09)))
        shadow.paste(turned.getchannel("A"), (at[0] + off[0], at[1] + off[1]), turned.getchannel("A"))
        tiles.append(pair)
    shade = np.asarray(shadow.filter(ImageFilter.GaussianBlur(side * 0.06)), dtype=np.float32) / 255
    darker = np.asarray(canvas, dtype=np.float32) * (1 - rnd.uniform(0.3, 0.6) * shade[..., None])
    canvas = Image.fromarray(darker.clip(0, 255).astype(np.uint8))
    for (image, _), (x, y, angle) in zip(images, placed, strict=True):
        turned = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        canvas.paste(turned, (round(x - turned.width / 2), round(y - turned.height / 2)), turned)
    canvas, effects = _camera(rnd, rng, canvas, side)
    out = io.BytesIO()
    canvas.save(out, "JPEG", quality=rnd.randint(70, 95))
    style = f"{face_name} tiles, {pip_style[0]} pips, {table_name}, {len(tiles)} tiles, {effects}"
    return Synthetic(out.getvalue(), tiles, style)


def _pip_style(rnd: random.Random, face_name: str) -> tuple[str, tuple[int, int, int] | None]:
    """Which pips: a name and one colour (None = each number its own colour)."""
    if face_name in ("ivory", "white"):
        return rnd.choice(
            [
                ("black", (22, 22, 24)),
                ("black", (22, 22, 24)),
                ("per-number", None),
                ("blue", (40, 70, 160)),
                ("red", (180, 30, 35)),
            ]
        )
    if face_name == "black":
        return rnd.choice(
            [
                ("white", (240, 240, 236)),
                ("white", (240, 240, 236)),
                ("per-number-bright", None),
                ("gold", (222, 180, 70)),
            ]
        )
    return rnd.choice([("white", (245, 245, 240)), ("black", (20, 20, 22))])


def _tile(
    rnd: random.Random, side: float, face: tuple[int, int, int], pip_style: tuple[str, tuple[int, int, int] | None]
) -> tuple[Image.Image, tuple[int, int]]:
    """One tile, upright, drawn 3x and shrunk (smooth edges), with its halves."""
    k = 3
    s = side * k
    a, b = rnd.randint(0, 6), rnd.randint(0, 6)
    image = Image.new("RGBA", (round(s), round(2 * s)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = tuple(max(0, round(c * 0.8)) for c in face)
    draw.rounded_rectangle([0, 0, s - 1, 2 * s - 1], radius=s * 0.12, fill=(*edge, 255))
    inset = s * 0.03
    draw.rounded_rectangle([inset, inset, s - 1 - inset, 2 * s - 1 - inset], radius=s * 0.1, fill=(*face, 255))
    dark_face = sum(face) < 300
    line = pip_style[1] or ((235, 235, 230) if dark_face else (25, 25, 25))
    span = rnd.uniform(0.72, 0.86)
    thick = s * rnd.uniform(0.025, 0.045)
    draw.rectangle([s * (1 - span) / 2, s - thick / 2, s * (1 + span) / 2, s + thick / 2], fill=(*line, 255))
    if rnd.random() < 0.35:  # a brass spinner pin in the middle of the divider
        r = s * 0.045
        draw.ellipse([s / 2 - r, s - r, s / 2 + r, s + r], fill=(190, 150, 70, 255))
    spacing = s * rnd.uniform(0.24, 0.29)
    radius = s * rnd.uniform(0.065, 0.095)
    ring = rnd.random() < 0.3
    for value, centre in ((a, s / 2), (b, 1.5 * s)):
        colour = pip_style[1] or (PER_NUMBER[value] if value else (0, 0, 0))
        if pip_style[0] == "per-number-bright" and value:
            red, green, blue = PER_NUMBER[value]
            colour = (min(255, red + 90), min(255, green + 90), min(255, blue + 90))
        for across, along in PIP_PLACES[value]:
            x, y = s / 2 + across * spacing, centre + along * spacing
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=(*colour, 255))
            if ring:  # a concave pip catching the light in its middle
                light = tuple(round(c * 0.5 + f * 0.5) for c, f in zip(colour, face, strict=True))
                draw.ellipse([x - radius / 3, y - radius / 3, x + radius / 3, y + radius / 3], fill=(*light, 255))
    image = image.resize((max(1, round(side)), max(1, round(2 * side))), Image.Resampling.LANCZOS)
    return image, (a, b)


def _place(rnd: random.Random, count: int, side: float, width: int, height: int) -> list[tuple[float, float, float]]:
    """Centre and angle per tile: some laid touching in a row, the rest scattered without overlap.

    A tile that finds no free place is left out (the caller keeps only placed tiles).
    """
    placed: list[tuple[float, float, float]] = []
    in_row = rnd.randint(2, count) if count >= 2 and rnd.random() < 0.45 else 0
    margin = side * 1.7
    if in_row:
        angle = rnd.uniform(0, 360)
        step = side * (1 + rnd.uniform(0, 0.04))
        ax, ay = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
        for _ in range(40):
            cx, cy = rnd.uniform(margin, width - margin), rnd.uniform(margin, height - margin)
            offsets = [(i - (in_row - 1) / 2) * step for i in range(in_row)]
            centres = [(cx + o * ax, cy + o * ay) for o in offsets]
            if all(margin <= x <= width - margin and margin <= y <= height - margin for x, y in centres):
                placed += [(x, y, angle + rnd.uniform(-1.0, 1.0)) for x, y in centres]
                break
    while len(placed) < count:
        for _attempt in range(60):
            x, y = rnd.uniform(margin, width - margin), rnd.uniform(margin, height - margin)
            angle = rnd.uniform(0, 360)
            if not any(_overlap((x, y, angle), other, side * 1.12) for other in placed):
                placed.append((x, y, angle))
                break
        else:
            break
    return placed


def _corners(tile: tuple[float, float, float], side: float) -> np.ndarray:
    x, y, angle = tile
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return np.array(
        [
            (x + u * side / 2 * c + v * side * s, y - u * side / 2 * s + v * side * c)
            for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]
    )


def _overlap(one: tuple[float, float, float], two: tuple[float, float, float], side: float) -> bool:
    """Whether two tile rectangles (each 1 x 2 ``side``) overlap: separating-axis test."""
    a, b = _corners(one, side), _corners(two, side)
    for poly in (a, b):
        for i in range(4):
            edge = poly[(i + 1) % 4] - poly[i]
            axis = np.array([-edge[1], edge[0]])
            pa, pb = a @ axis, b @ axis
            if pa.max() < pb.min() or pb.max() < pa.min():
                return False
    return True


def _smooth_noise(rng: np.random.Generator, width: int, height: int, cells: int) -> np.ndarray:
    """Low-frequency noise in [-1, 1] at full size (a small random grid, enlarged smoothly)."""
    grid = rng.uniform(0, 255, (max(2, cells * height // width), cells)).astype(np.uint8)
    big = Image.fromarray(grid).resize((width, height), Image.Resampling.BICUBIC)
    return np.asarray(big, dtype=np.float32) / 127.5 - 1


def _table(
    rnd: random.Random, rng: np.random.Generator, width: int, height: int, face: tuple[int, int, int]
) -> tuple[str, np.ndarray]:
    """A table surface unlike the tile faces (a same-coloured table is a stated failure)."""
    for _ in range(50):
        kind = rnd.choice(["wood", "felt", "leather", "pattern"])
        colours = _table_colours(rnd, kind)
        if all(sum(abs(c - f) for c, f in zip(col, face, strict=True)) > 150 for col in colours):
            break
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    base = np.array(colours[0], dtype=np.float32)
    if kind == "wood":
        turn = math.radians(rnd.uniform(0, 180))
        along = xx * math.cos(turn) + yy * math.sin(turn)
        warp = _smooth_noise(rng, width, height, 6) * rnd.uniform(10, 40)
        grain = np.sin((along + warp) / rnd.uniform(3, 9)) * 0.5 + np.sin((along + warp) / 23) * 0.5
        shade = 1 + 0.12 * grain + 0.08 * _smooth_noise(rng, width, height, 4)
        out = base * shade[..., None]
    elif kind == "felt":
        weave = 0.03 * np.sin(xx * 2.1) * np.sin(yy * 2.1)
        shade = 1 + weave + 0.06 * _smooth_noise(rng, width, height, 5)
        out = base * shade[..., None] + rng.normal(0, 5, (height, width, 1))
    elif kind == "leather":
        blotch = 0.1 * _smooth_noise(rng, width, height, 40) + 0.08 * _smooth_noise(rng, width, height, 7)
        out = base * (1 + blotch)[..., None]
    else:
        period = rnd.uniform(0.05, 0.15) * min(width, height)
        turn = math.radians(rnd.choice([0, 45, rnd.uniform(0, 90)]))
        u = xx * math.cos(turn) + yy * math.sin(turn)
        v = -xx * math.sin(turn) + yy * math.cos(turn)
        style = rnd.choice(["stripes", "checks", "dots"])
        if style == "stripes":
            on = (u // period) % 2 == 0
        elif style == "checks":
            on = ((u // period) + (v // period)) % 2 == 0
        else:
            on = ((u % period - period / 2) ** 2 + (v % period - period / 2) ** 2) < (period * 0.22) ** 2
        out = np.where(on[..., None], np.array(colours[1], dtype=np.float32), base)
        kind = f"{style} cloth"
    return kind, out.clip(0, 255).astype(np.uint8)


def _table_colours(rnd: random.Random, kind: str) -> list[tuple[int, int, int]]:
    def jitter(c: tuple[int, int, int]) -> tuple[int, int, int]:
        return tuple(max(0, min(255, v + rnd.randint(-18, 18))) for v in c)  # type: ignore[return-value]

    if kind == "wood":
        return [jitter(rnd.choice([(176, 128, 80), (120, 76, 44), (84, 52, 32), (196, 156, 104), (150, 96, 60)]))]
    if kind == "felt":
        return [jitter(rnd.choice([(30, 110, 60), (40, 70, 130), (110, 110, 115), (140, 40, 40), (70, 70, 75)]))]
    if kind == "leather":
        return [jitter(rnd.choice([(90, 56, 36), (40, 32, 30), (150, 100, 60), (60, 40, 30)]))]
    pairs = [
        ((200, 40, 40), (240, 240, 235)),
        ((40, 60, 140), (230, 220, 190)),
        ((30, 30, 30), (200, 180, 60)),
        ((60, 120, 70), (190, 60, 50)),
        ((120, 80, 160), (60, 60, 60)),
    ]
    first, second = rnd.choice(pairs)
    return [jitter(first), jitter(second)]


def _camera(rnd: random.Random, rng: np.random.Generator, image: Image.Image, side: float) -> tuple[Image.Image, str]:
    """What a phone and a room do to the picture: light, perspective, blur, noise."""
    width, height = image.size
    effects = []
    pixels = np.asarray(image, dtype=np.float32)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    turn = rnd.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(turn) + yy * math.sin(turn)) / max(width, height)
    light = rnd.uniform(0.75, 1.1) * (1 + rnd.uniform(-0.2, 0.2) * ramp)
    if rnd.random() < 0.35:  # the shadow of a hand or a phone over part of the table
        blob = Image.new("L", (width, height), 0)
        cx, cy = rnd.uniform(0, width), rnd.uniform(0, height)
        r = rnd.uniform(0.15, 0.35) * max(width, height)
        ImageDraw.Draw(blob).ellipse([cx - r, cy - r * 0.6, cx + r, cy + r * 0.6], fill=255)
        soft = np.asarray(blob.filter(ImageFilter.GaussianBlur(r * 0.25)), dtype=np.float32) / 255
        light = light * (1 - rnd.uniform(0.2, 0.4) * soft)
        effects.append("shadow")
    pixels = pixels * light[..., None]
    if rnd.random() < 0.35:  # flash glare: a bright spot
        cx, cy = rnd.uniform(0.2, 0.8) * width, rnd.uniform(0.2, 0.8) * height
        r = rnd.uniform(0.3, 0.8) * side
        glare = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r)) * rnd.uniform(60, 130)
        pixels = pixels + glare[..., None]
        effects.append("glare")
    image = Image.fromarray(pixels.clip(0, 255).astype(np.uint8))
    if rnd.random() < 0.6:
        image = _perspective(rnd, image)
        effects.append("perspective")
    blur = rnd.choice([0, 0, 0.6, 1.0, 1.5]) * side / 90
    if blur:
        image = image.filter(ImageFilter.GaussianBlur(blur))
        effects.append(f"blur {blur:.1f}")
    sigma = rnd.choice([0, 3, 6, 10])
    if sigma:
        noisy = np.asarray(image, dtype=np.float32) + rng.normal(0, sigma, (height, width, 3))
        image = Image.fromarray(noisy.clip(0, 255).astype(np.uint8))
        effects.append(f"noise {sigma}")
    return image, ", ".join(effects) or "clean"


def _perspective(rnd: random.Random, image: Image.Image) -> Image.Image:
    """The table seen a little from the side: each corner moved up to 7% inwards."""
    width, height = image.size
    src: list[tuple[float, float]] = [(0, 0), (width, 0), (width, height), (0, height)]
    inner = [
        (
            x + rnd.uniform(0, 0.07) * width * (1 if x == 0 else -1),
            y + rnd.uniform(0, 0.07) * height * (1 if y == 0 else -1),
        )
        for x, y in src
    ]
    coeffs = _coefficients(inner, src)  # each output corner shows a point of the table a little inwards
    return image.transform((width, height), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC)


def _coefficients(target: list[tuple[float, float]], source: list[tuple[float, float]]) -> tuple[float, ...]:
    """Pillow's eight perspective coefficients mapping output corners ``source`` to input ``target``."""
    rows = []
    for (x, y), (u, v) in zip(source, target, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    matrix = np.array(rows, dtype=np.float64)
    rhs = np.array([c for point in target for c in point], dtype=np.float64)
    return tuple(np.linalg.solve(matrix, rhs).tolist())
