"""Two readers, one reading: where they agree the tile is sure, where they differ it is marked.

The divider reader (``reader.py``) was built on drawn photos and reads them
well, but on real photos it often finds nothing or frames a tile badly. The
face reader (``scan.py``: OpenCV masks, each face straightened and checked
against the pip patterns) reads real photos better and misses more drawn
ones. Neither is right often enough alone, and a wrong total that looks sure
is the one failure a scorekeeper must not have. So both read, and each tile
the divider reader found is read again by the face reader in its own frame:

- both read the same halves: surer than the face reader alone;
- they differ: the face reader's reading when it is sure of it, else the
  divider reader's, and either way the tile is marked for the user to check;
- a tile only one of them found keeps the face reader's own confidence; one
  only the face reader saw and could make nothing of is not counted but
  shown as a place to check.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from .counter import half_counts
from .faces import Box, common_area
from .halves import DOUBLE_BLANK, LOST, Face, read_face
from .model import UNSURE, FoundTile, Point
from .scan import SIZE, to_photo

AGREED = 0.3  # what a second reading alike adds to the face reader's own confidence
DIFFERED = 0.3  # the confidence of a tile the readers read differently
UNCONFIRMED = 0.45  # a divider-reader tile the face reader is lost in: confirmed by nothing, so marked
HOPELESS = 0.15  # a face only the face reader saw, this unsure, is shown as unread, not counted
OVERLAP = 0.2  # a face lying this much over a tile already read is no tile of its own
CLOSE_UP = 0.45  # a face wider than this share of the photo's short side is a close-up
#: Two frames this much one (intersection over union) are of the same tile: a frame over half of one
#: tile and half of the next (two tiles end to end, the seam taken for a divider) shares a third.
SAME_PLACE = 0.5
ACROSS = 0.3  # a frame lying this much (of its area) over each of two faces read sure is across them
#: Two readings alike, the face reader's frame this much narrower: the divider reader's takes in what
#: the tile touches (a stone, a neighbour's side), and the learned counter would look at that too.
TIGHTER = 0.1
#: A face narrower than this (working pixels) has pips of a few pixels: the rules alone never trust it.
SMALL = 48
SMALL_SURE = 0.45
#: ... but a small tile the readers were sure of and the learned counter confirms is trusted, down to
#: this width (pips of a pixel or two, under it, are specks to every reader). Weighed on the dev photos
#: shrunk to thumbnails (docs/photo.md, "How it reads"; tests/photo/test_thumbnails.py).
TINY = 24
LEARNED_SURE = 0.9  # the learned counter finds each half's count this likely: the reading is trusted
LEARNED_CONFIDENCE = 0.6  # ... and a tile so confirmed is at least this sure
LEARNED_DOUBT = 0.1  # the learned counter finds a half's count less likely than this: the tile is marked
LEARNED_MARK = 0.45


def combine(
    by_divider: list[FoundTile],
    faces: list[Face],
    rgb: np.ndarray,
    places: list[Box] | None = None,
    learned: bool = True,
) -> tuple[list[FoundTile], list[tuple[Point, Point, Point, Point]]]:
    """The tiles in working pixels, each with its confidence, and the face-like places left unread
    (``places``: tile-shaped places with pips the face reader could not read, shown where no tile
    read lies over them and they are of the tiles' size)."""
    out: list[FoundTile] = []
    others: dict[int, FoundTile] = {}  # a tile the readers read differently: the other reading
    used: set[int] = set()
    blanks: set[int] = set()  # double blanks both readers saw, clearly framed: their doubt is lifted
    for tile in by_divider:
        k = _match(tile, faces, used)
        if k is not None:
            used.add(k)
            face = faces[k]
            if sorted(tile.pair) == sorted((face.a.count, face.b.count)):
                if tile.a == tile.b == 0 and _clear_blank(face, rgb):
                    blanks.add(len(out))
                    out.append(with_confidence(tile, min(1.0, face.plain_sure + AGREED)))
                    continue
                if face.sure < LOST:
                    others[len(out)] = tile  # the face reader's marks make no sense: the counter settles it
                framed = from_face(face) if face.box.w < (1 - TIGHTER) * tile_width(tile) else tile
                out.append(with_confidence(framed, _agreed(face.sure)))
            elif face.sure >= UNSURE:
                others[len(out)] = tile
                out.append(with_confidence(from_face(face), min(face.sure, DIFFERED)))
            else:
                others[len(out)] = from_face(face)
                out.append(with_confidence(tile, UNCONFIRMED if face.sure < LOST else DIFFERED))
            continue
        if _across(tile, faces):
            continue
        check = read_face(rgb, box_of(tile))
        agreed = check is not None and sorted(tile.pair) == sorted((check.a.count, check.b.count))
        if not (agreed and tile.a + tile.b > 0) and _piece_of(tile, faces):
            # A frame the face reader cannot confirm (a blank read in a blank frame confirms nothing),
            # of part of a face it read whole.
            continue
        if check is None:
            out.append(with_confidence(tile, DIFFERED))  # the face reader sees no face there: a phantom as often as not
        elif agreed:
            if check.sure < LOST:
                others[len(out)] = tile
            out.append(with_confidence(tile, _agreed(check.sure)))
        else:
            others[len(out)] = from_face(check)
            out.append(with_confidence(tile, UNCONFIRMED if check.sure < LOST else DIFFERED))
    taken = list(out)
    hopeless: list[Face] = []  # faces only the face reader saw, and could make nothing of
    for k, face in enumerate(faces):
        # A face only the face reader found, lying partly over a tile already read, is a second frame
        # of it (half of one tile and half of the next), not a tile of its own.
        if k in used or any(shared(face, t) > OVERLAP for t in taken):
            continue
        if face.sure < HOPELESS:
            hopeless.append(face)
        else:
            out.append(from_face(face))
    # Shown for the user to check, not counted; beside tiles read, only those of a tile's size (the
    # specks of a textured table are framed by the face reader too, far smaller than any tile).
    boxes = [f.box for f in hopeless] + (places or [])
    unread = missed(boxes, out) if out else [from_face(f).outline for f in hopeless]
    final = [t if i in blanks else _capped(t) for i, t in enumerate(out)]
    if learned:
        # The counter settles the readers' disagreements, and lifts the one doubt of a tile read
        # sure but small. Any other doubt it may add to, never lift: a tile the face reader did
        # not see (a phantom on a textured table looks like a tile to the counter too: it has seen
        # nothing but tiles), a frame far narrower than the widest tile with pips (a piece of a tile).
        widest = max((tile_width(t) for t in final if t.a + t.b > 0), default=0.0)
        final = [
            _second_look(
                t,
                others.get(i),
                rgb,
                lift=(i in others or _small_only(out[i])) and tile_width(t) >= SIZE[0] * widest,
            )
            for i, t in enumerate(final)
        ]
        final = _without_small_doubts(_without_blank_doubts(final))
    return final, unread


def _agreed(sure: float) -> float:
    """The confidence of a tile both readers read alike, the face reader this sure of it: never less
    than a tile they read differently (two readings alike are no weaker evidence than two apart)."""
    return min(1.0, max(sure + AGREED, UNCONFIRMED))


def _without_blank_doubts(tiles: list[FoundTile]) -> list[FoundTile]:
    """Leaves out a 0-0 the readers doubt that is far narrower than a tile read sure beside it: a
    frame of a piece of a tile, a tile's side, a shadow. It adds nothing to the total, so marking
    it would ask the user to check what cannot change the count. A doubted 0-0 of a tile's width
    stays, marked: it may be a double blank (or a misread tile, or a face-down one)."""
    sure = [tile_width(t) for t in tiles if not t.unsure and t.a + t.b > 0]
    if not sure:
        return tiles
    return [t for t in tiles if not (t.unsure and t.a == t.b == 0 and tile_width(t) < SIZE[0] * max(sure))]


def _without_small_doubts(tiles: list[FoundTile]) -> list[FoundTile]:
    """Leaves out a tile the readers doubt that is far smaller, both across and along, than a tile
    read sure: one set's tiles are one size, so it is a few specks on the table (a blown-out cloth's
    weave read as pips), not a tile. A doubted tile narrow but of a tile's length stays: a tile whose
    divider was half lost gets a narrow frame."""
    sure = [t for t in tiles if not t.unsure and t.a + t.b > 0]
    if not sure:
        return tiles
    width, length = max(tile_width(t) for t in sure), max(_length(t) for t in sure)
    return [t for t in tiles if not (t.unsure and tile_width(t) < SIZE[0] * width and _length(t) < SIZE[0] * length)]


def _length(tile: FoundTile) -> float:
    return math.dist(tile.outline[1], tile.outline[2])


def tile_width(tile: FoundTile) -> float:
    """The tile's short side, in the pixels of its outline."""
    return math.dist(tile.outline[0], tile.outline[1])


def _second_look(tile: FoundTile, other: FoundTile | None, rgb: np.ndarray, lift: bool = True) -> FoundTile:
    """The tile as the learned counter (``counter.py``) sees it: of the two readers' readings
    (``other``: the one not taken), the one it finds clearly on the tile is taken and, if ``lift``,
    trusted; a reading it finds clearly not there is marked. A 0-0 gains nothing from it (a
    face-down tile or a tile's side looks as blank to it)."""
    seen: list[tuple[float, float, FoundTile]] = []  # (both halves' likelihood, the worse half's, reading)
    for candidate in (tile,) if other is None else (tile, other):
        p = half_counts(rgb, box_of(candidate))
        if p is None:
            return tile  # no weights: no opinion
        pa, pb = float(p[0][candidate.a]), float(p[1][candidate.b])
        seen.append((pa * pb, min(pa, pb), candidate))
    _, worst, chosen = max(seen, key=lambda s: s[0])
    if lift and worst >= LEARNED_SURE and chosen.a + chosen.b > 0:
        return with_confidence(chosen, max(tile.confidence if chosen is tile else 0.0, LEARNED_CONFIDENCE))
    if seen[0][1] < LEARNED_DOUBT:
        return with_confidence(tile, min(tile.confidence, LEARNED_MARK))
    return tile


def missed(places: list[Box], tiles: list[FoundTile]) -> list[tuple[Point, Point, Point, Point]]:
    """The places where a tile with pips may have been missed: clear of the tiles read (a place lying
    a little over each of two is a frame across their sides), and of their size (a face-like place
    far bigger or smaller is something else)."""
    if not tiles:
        return []
    width = float(np.median([tile_width(t) for t in tiles]))
    out: list[tuple[Point, Point, Point, Point]] = []
    for box in places:
        if not SIZE[0] <= box.w / width <= SIZE[1]:
            continue
        corners = box.corners().astype(np.float32)
        if sum(_box_shared(corners, box, t) for t in tiles) > OVERLAP:
            continue
        points = [_centre((float(x), float(y))) for x, y in corners]
        outline = (points[0], points[1], points[2], points[3])
        if all(apart(outline, o) for o in out):
            out.append(outline)
    return out


def _box_shared(corners: np.ndarray, box: Box, tile: FoundTile) -> float:
    """The share of the frame that lies over the tile's outline."""
    return common_area(corners, np.array(tile.outline, dtype=np.float32)) / max(1e-6, box.w * box.h)


def apart(one: tuple[Point, Point, Point, Point], two: tuple[Point, Point, Point, Point]) -> bool:
    """Two places are two, not one found by two masks: they overlap by less than a fifth."""
    first = np.array(one, dtype=np.float32)
    return common_area(first, np.array(two, dtype=np.float32)) < 0.2 * float(cv2.contourArea(first))


def _clear_blank(face: Face, rgb: np.ndarray) -> bool:
    """A double blank framed like a tile on a table: a dark divider right across, a clean face, and a
    frame well inside the photo (a close-up's whole frame read as one face is not a 0-0 to trust)."""
    return face.plain_sure >= 0.7 and face.divider >= 0.6 and face.box.w <= CLOSE_UP * min(rgb.shape[:2])


def shared(face: Face, tile: FoundTile) -> float:
    """The share of the face's frame that lies over the tile's outline."""
    return _box_shared(face.box.corners().astype(np.float32), face.box, tile)


def _capped(tile: FoundTile) -> FoundTile:
    """Doubts no agreement removes: a 0-0 (a face-down tile or a tile's side reads so too) and a tile
    too small for its pips to be told from specks."""
    limit = 1.0
    if tile.a == tile.b == 0:
        limit = DOUBLE_BLANK
    if tile_width(tile) < SMALL:
        limit = min(limit, SMALL_SURE)
    return tile if tile.confidence <= limit else with_confidence(tile, limit)


def _small_only(tile: FoundTile) -> bool:
    """The readers were sure of the tile, and only its size (not under ``TINY``) marks it."""
    return not tile.unsure and TINY <= tile_width(tile) < SMALL and tile.a + tile.b > 0


def _match(tile: FoundTile, faces: list[Face], used: set[int]) -> int | None:
    """The face read at the same place as ``tile`` (either's centre inside the other) and of about its
    size: a frame far narrower or wider is a part of the tile (half of it and its divider) or a frame
    round it and more, a reading of something else, so it neither confirms nor contradicts it."""
    outline = np.array(tile.outline, dtype=np.float32)
    width = tile_width(tile)
    for k, face in enumerate(faces):
        if k in used or not SIZE[0] <= face.box.w / max(width, 1e-6) <= SIZE[1]:
            continue
        corners = face.box.corners().astype(np.float32)
        if (
            cv2.pointPolygonTest(outline, (face.box.cx, face.box.cy), False) >= 0
            or cv2.pointPolygonTest(corners, tile.center, False) >= 0
        ) and _iou(corners, outline) >= SAME_PLACE:
            return k
    return None


def _across(tile: FoundTile, faces: list[Face]) -> bool:
    """Whether the tile's frame lies across two faces read sure, a good part over each: tiles do not
    overlap, so it is a frame over the end of one and the end of the next (two tiles end to end,
    their seam taken for a divider), and the faces are the tiles."""
    outline = np.array(tile.outline, dtype=np.float32)
    area = max(1e-6, float(cv2.contourArea(outline)))
    over = [
        f
        for f in faces
        if f.sure >= UNSURE and common_area(f.box.corners().astype(np.float32), outline) >= ACROSS * area
    ]
    return len(over) >= 2


def _iou(one: np.ndarray, two: np.ndarray) -> float:
    """How much two convex frames are one: their intersection over their union."""
    shared = common_area(one, two)
    union = cv2.contourArea(one) + cv2.contourArea(two) - shared
    return shared / union if union > 0 else 0.0


def _piece_of(tile: FoundTile, faces: list[Face]) -> bool:
    """Whether the tile, matched to no face, is a second frame of a face the face reader read whole:
    its centre inside a face read sure, or clearly wider and read with the sense of a lone double blank
    at least (half a tile and its divider, a pip and a speck, taken for a tile on a close-up; a frame
    round two tiles reads as nothing), or a sure face's centre inside it (a frame round a tile
    and the table beside it). The face stands for it, read as it was or already taken."""
    outline = np.array(tile.outline, dtype=np.float32)
    width = tile_width(tile)
    for face in faces:
        if face.faint:
            continue
        sure = face.sure >= UNSURE
        corners = face.box.corners().astype(np.float32)
        if cv2.pointPolygonTest(corners, tile.center, False) >= 0 and (
            (sure and face.box.w > width) or (face.sure >= DOUBLE_BLANK and face.box.w > width / SIZE[0])
        ):
            return True
        if sure and cv2.pointPolygonTest(outline, (face.box.cx, face.box.cy), False) >= 0:
            return True
    return False


def box_of(tile: FoundTile) -> Box:
    """A tile's outline as a face proposal (its first two corners close the ``a`` half), with the
    lean of its ends kept: a tile the face reader framed at a slant is a parallelogram, and the
    rectangle on its long side would cut a corner of each half off and take in table instead."""
    c0, c1, c2, _ = tile.outline
    width = math.dist(c0, c1)
    length = math.dist(c1, c2)
    angle = math.degrees(math.atan2(c2[1] - c1[1], c2[0] - c1[0]))
    across = math.degrees(math.atan2(c1[1] - c0[1], c1[0] - c0[0]))
    lean = (across - angle) % 180.0 - 90.0  # as faces.py measures it: the ends' turn from square, either way
    return Box(tile.center[0], tile.center[1], width, length, angle, lean)


def from_face(face: Face) -> FoundTile:
    """A face reader's face as a tile, in working pixels."""
    corners = face.box.corners()
    outline: list[Point] = [_centre((float(x), float(y))) for x, y in corners]
    return FoundTile(
        a=face.a.count,
        b=face.b.count,
        outline=(outline[0], outline[1], outline[2], outline[3]),
        center=_centre((float(face.box.cx), float(face.box.cy))),
        pips_a=tuple(_centre(to_photo(face, p)) for p in face.a.pips),
        pips_b=tuple(_centre(to_photo(face, p)) for p in face.b.pips),
        confidence=round(face.sure, 3),
    )


def _centre(p: Point) -> Point:
    """Working-pixel index to pixel centre, as the divider reader gives its points."""
    return (p[0] + 0.5, p[1] + 0.5)


def with_confidence(tile: FoundTile, confidence: float) -> FoundTile:
    """The tile as it is, but this sure."""
    return FoundTile(tile.a, tile.b, tile.outline, tile.center, tile.pips_a, tile.pips_b, round(confidence, 3))


def scaled_outline(o: tuple[Point, Point, Point, Point], scale: float) -> tuple[Point, Point, Point, Point]:
    return (
        (o[0][0] * scale, o[0][1] * scale),
        (o[1][0] * scale, o[1][1] * scale),
        (o[2][0] * scale, o[2][1] * scale),
        (o[3][0] * scale, o[3][1] * scale),
    )


def scaled(tile: FoundTile, scale: float) -> FoundTile:
    """A tile in working pixels (pixel centres at +0.5) moved to the photo's own pixels."""
    return moved(tile, lambda p: (float(p[0] * scale), float(p[1] * scale)))


def moved(tile: FoundTile, move: Callable[[Point], Point]) -> FoundTile:
    """The same tile, every point of it moved."""
    o = tile.outline
    return FoundTile(
        tile.a,
        tile.b,
        (move(o[0]), move(o[1]), move(o[2]), move(o[3])),
        move(tile.center),
        tuple(move(p) for p in tile.pips_a),
        tuple(move(p) for p in tile.pips_b),
        tile.confidence,
    )
