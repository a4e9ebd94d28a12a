"""Train the half pip counter (scorekeeper/photo/counter.py) and write its weights.

    nice -n 10 python tools/train_counter.py collect [--synthetic 400] [--real DIR] [--out FILE]
    nice -n 10 python tools/train_counter.py train [--data FILE] [--epochs 60] [--seed 7]

The data recipe (``collect``): every tile the reader frames, in the frame it
framed it in (the network must read the frames it will be given, not ideal
ones), labelled by what is really on it:

- real photos of the manifest's ``dev`` split only (never ``holdout``): a
  photo read with exactly its labelled tiles gives each tile its reading; a
  photo of one labelled tile read as one tile gives that tile its label in
  the orientation nearer the reading (the hard crops, where a rule went
  wrong, are the ones worth learning from);
- drawn photos (``tests.photo.synthetic.render``, seeds from 30000,
  never used for tuning or the benchmark) read with exactly their tiles.

Each crop is taken again from jittered frames (moved, scaled, turned a few
degrees, and end for end, which swaps the halves' labels), so a frame a
little off still reads; each is also trained on mirrored. ``train``: a 400-96-7 network (one ReLU layer,
softmax), Adam, weight decay, fixed seed, a tenth of the photos (not of
the crops) held out to report its accuracy; the weights go to
scorekeeper/photo/counter.npz. A few minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.photo.combine import box_of, combine  # noqa: E402
from scorekeeper.photo.counter import CELL, WEIGHTS, forward, half_inputs  # noqa: E402
from scorekeeper.photo.faces import Box  # noqa: E402
from scorekeeper.photo.model import FoundTile, PhotoReading  # noqa: E402
from scorekeeper.photo.reader import _decode, _read  # noqa: E402
from scorekeeper.photo.scan import scan_places  # noqa: E402
from tests.photo.synthetic import render  # noqa: E402

MANIFEST = ROOT / "tests" / "photo" / "real" / "manifest.json"
DATA = Path("/work/photo-data/counter/crops.npz")
JITTERS = 6  # jittered frames per crop, beside the frame itself


def framed(data: bytes) -> tuple[np.ndarray, list[FoundTile]] | None:
    """The working image and the reader's tiles in working pixels (the steps of ``read_tiles``)."""
    decoded = _decode(data)
    if isinstance(decoded, PhotoReading):
        return None
    image, _, _ = decoded
    rgb = np.asarray(image, dtype=np.uint8)
    faces, places = scan_places(rgb)
    tiles, _ = combine(_read(rgb.astype(np.float32), 1.0), faces, rgb, places, learned=False)
    return rgb, tiles


def crops(rgb: np.ndarray, box: Box, a: int, b: int, rnd: np.random.Generator) -> tuple[list[np.ndarray], list[int]]:
    """The halves of ``box`` and of jittered copies of it, with their labels."""
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for k in range(JITTERS + 1):
        jittered = box
        if k:
            jittered = replace(
                box,
                cx=box.cx + rnd.normal(0, 0.04) * box.w,
                cy=box.cy + rnd.normal(0, 0.04) * box.w,
                w=box.w * math.exp(rnd.normal(0, 0.06)),
                h=box.h * math.exp(rnd.normal(0, 0.05)),
                angle=box.angle + rnd.normal(0, 3.0),
            )
        first, second = a, b
        if k % 2:
            jittered = replace(jittered, angle=jittered.angle + 180.0)
            first, second = b, a
        halves = half_inputs(rgb, jittered)
        xs += [halves[0], halves[1]]
        ys += [first, second]
    return xs, ys


def collect(args: argparse.Namespace) -> None:
    rnd = np.random.default_rng(11)
    xs: list[np.ndarray] = []
    ys: list[int] = []
    groups: list[int] = []  # which photo each crop came from (the check split is by photo)
    kinds: list[int] = []  # 0 drawn, 1 real
    photo = 0
    for entry in json.loads(MANIFEST.read_text())["photos"]:
        if entry["split"] != "dev":
            continue  # the hold-out is never trained on
        path = ROOT / entry["path_in_repo"] if entry["committed"] else Path(args.real) / entry["file"]
        if not path.exists():
            print(f"missing: {entry['file']}", file=sys.stderr)
            continue
        got = framed(path.read_bytes())
        if got is None:
            continue
        rgb, tiles = got
        labels = [tuple(int(v) for v in t) for t in entry["tiles"]]
        if sorted(sorted(t.pair) for t in tiles) == sorted(sorted(t) for t in labels):
            chosen = [(t, t.a, t.b) for t in tiles]
        elif len(labels) == 1 and len(tiles) == 1:
            (a, b), t = labels[0], tiles[0]
            if abs(t.a - b) + abs(t.b - a) < abs(t.a - a) + abs(t.b - b):
                a, b = b, a
            chosen = [(t, a, b)]
        else:
            continue
        photo += 1
        for t, a, b in chosen:
            x, y = crops(rgb, box_of(t), a, b, rnd)
            xs += x
            ys += y
            groups += [photo] * len(y)
            kinds += [1] * len(y)
    real = len(ys)
    started = time.monotonic()
    for seed in range(30_000, 30_000 + args.synthetic):
        drawn = render(seed)
        got = framed(drawn.data)
        if got is None:
            continue
        rgb, tiles = got
        if sorted(sorted(t.pair) for t in tiles) != sorted(sorted(t) for t in drawn.tiles):
            continue
        photo += 1
        for t in tiles:
            x, y = crops(rgb, box_of(t), t.a, t.b, rnd)
            xs += x
            ys += y
            groups += [photo] * len(y)
            kinds += [0] * len(y)
        if time.monotonic() - started > args.limit:
            print(f"time limit: drawn photos up to seed {seed}", file=sys.stderr)
            break
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, x=np.stack(xs), y=np.array(ys), group=np.array(groups), kind=np.array(kinds))
    print(f"{len(ys)} half crops ({real} real) from {photo} photos -> {out}")


def train(args: argparse.Namespace) -> None:
    data = np.load(args.data)
    x, y, group, kind = data["x"].astype(np.float32), data["y"], data["group"], data["kind"]
    # A pip pattern seen in a mirror is a pip pattern (a 2 or a 3 runs along either diagonal).
    mirrored = x.reshape(-1, CELL, CELL)[:, :, ::-1].reshape(len(x), -1)
    x, y, group, kind = np.concatenate([x, mirrored]), np.tile(y, 2), np.tile(group, 2), np.tile(kind, 2)
    rnd = np.random.default_rng(args.seed)
    held = rnd.random(group.max() + 1) < 0.1
    check = held[group]
    mean = x[~check].mean(axis=0)
    hidden = 96
    w = {
        "mean": mean.astype(np.float32),
        "w1": (rnd.normal(0, 1, (x.shape[1], hidden)) * math.sqrt(2 / x.shape[1])).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rnd.normal(0, 1, (hidden, 7)) * math.sqrt(2 / hidden)).astype(np.float32),
        "b2": np.zeros(7, np.float32),
    }
    m = {k: np.zeros_like(v) for k, v in w.items() if k != "mean"}
    v2 = {k: np.zeros_like(v) for k, v in w.items() if k != "mean"}
    # Real crops are few: each counts as much as several drawn ones.
    weight = np.where(kind == 1, 3.0, 1.0).astype(np.float32)
    train_idx = np.flatnonzero(~check)
    step, lr, decay, beta1, beta2 = 0, 2e-3, 1e-4, 0.9, 0.999
    for epoch in range(args.epochs):
        rnd.shuffle(train_idx)
        for start in range(0, len(train_idx), 128):
            idx = train_idx[start : start + 128]
            xb, yb, sw = x[idx] - w["mean"], y[idx], weight[idx]
            h_pre = xb @ w["w1"] + w["b1"]
            h = np.maximum(0.0, h_pre)
            logits = h @ w["w2"] + w["b2"]
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            g = p.copy()
            g[np.arange(len(yb)), yb] -= 1
            g *= (sw / sw.sum())[:, None]
            grads = {"w2": h.T @ g + decay * w["w2"], "b2": g.sum(axis=0)}
            gh = (g @ w["w2"].T) * (h_pre > 0)
            grads["w1"] = xb.T @ gh + decay * w["w1"]
            grads["b1"] = gh.sum(axis=0)
            step += 1
            for k, gk in grads.items():
                m[k] = beta1 * m[k] + (1 - beta1) * gk
                v2[k] = beta2 * v2[k] + (1 - beta2) * gk * gk
                mh = m[k] / (1 - beta1**step)
                vh = v2[k] / (1 - beta2**step)
                w[k] -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        if epoch % 10 == 9 or epoch == args.epochs - 1:
            report(w, x, y, check, kind, f"epoch {epoch + 1}")
    np.savez_compressed(WEIGHTS, **{k: v.astype(np.float16 if k != "mean" else np.float32) for k, v in w.items()})
    report({k: v.astype(np.float16).astype(np.float32) for k, v in w.items()}, x, y, check, kind, "saved")
    print(f"weights -> {WEIGHTS} ({os.path.getsize(WEIGHTS)} bytes)")


def report(
    w: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray, check: np.ndarray, kind: np.ndarray, what: str
) -> None:
    p = forward(w, x)
    right = p.argmax(axis=1) == y
    parts = []
    for name, sel in (("train", ~check), ("check", check)):
        for kname, k in (("drawn", 0), ("real", 1)):
            s = sel & (kind == k)
            if s.any():
                parts.append(f"{name} {kname} {right[s].mean():.3f} ({s.sum()})")
    print(f"{what}: " + ", ".join(parts), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--synthetic", type=int, default=400)
    c.add_argument("--limit", type=float, default=900.0, help="seconds for the drawn photos at most")
    c.add_argument("--real", default=os.environ.get("SCOREKEEPER_REAL_PHOTOS", "/work/photo-data/real"))
    c.add_argument("--out", default=str(DATA))
    t = sub.add_parser("train")
    t.add_argument("--data", default=str(DATA))
    t.add_argument("--epochs", type=int, default=60)
    t.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    collect(args) if args.command == "collect" else train(args)


if __name__ == "__main__":
    main()
