"""Bring the real photos that are not committed (no licence to) back into a folder, checked by sha256.

    python tests/photo/real/fetch.py CLONES_DIR [OUT_DIR]

CLONES_DIR holds a git clone of each source repository named ``owner+name``
(e.g. ``vinixxyama+TrabFinalPi``, a plain ``git clone`` of it: some photos sit
on branches other than the default one, and a clone brings those too); every
photo is read from the manifest's commit and path, so later pushes to the
source do not change the set. OUT_DIR defaults to ``$SCOREKEEPER_REAL_PHOTOS``
or ``/work/photo-data/real``, where the tests and the benchmark look for them.
A repository missing from CLONES_DIR is named at the end (and the exit status
is 1) rather than stopping the others.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

MANIFEST = Path(__file__).with_name("manifest.json")
DEFAULT_OUT = Path(os.environ.get("SCOREKEEPER_REAL_PHOTOS", "/work/photo-data/real"))


def main() -> None:
    clones = Path(sys.argv[1])
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_OUT
    out.mkdir(parents=True, exist_ok=True)
    missing: set[str] = set()
    for photo in json.loads(MANIFEST.read_text())["photos"]:
        if photo["committed"]:
            continue
        source = photo["source"]
        repo = clones / source["repo"].replace("/", "+")
        if not repo.exists():
            missing.add(source["repo"])
            continue
        git_dir = next((p for p in (repo / "repo" / ".git", repo / "repo", repo / ".git", repo) if p.exists()), repo)
        data = subprocess.run(
            ["git", f"--git-dir={git_dir}", "show", f"{source['commit']}:{source['path']}"],
            check=True,
            capture_output=True,
        ).stdout
        if hashlib.sha256(data).hexdigest() != photo["sha256"]:
            raise SystemExit(f"{photo['file']}: bytes differ from the labelled photo")
        (out / photo["file"]).write_bytes(data)
        print(photo["file"])
    if missing:
        raise SystemExit("no clone of: " + ", ".join(sorted(missing)))


if __name__ == "__main__":
    main()
