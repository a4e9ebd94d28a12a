"""The phone's dependency set: what `flet build apk/ipa` packs must install on Android and iOS.

`flet build` installs `[project].dependencies` for the phone from PyPI and
Flet's own index of mobile wheels. A pure-Python wheel installs anywhere; a
compiled one only if Flet builds it for the phone. So the runtime closure of
`scorekeeper` (no extras) is walked from the installed metadata, and every
distribution in it must be pure Python or on the allow-list below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib import metadata

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

#: Compiled packages Flet builds for Android and iOS (pypi.flet.dev; the list is
#: https://docs.flet.dev/reference/binary-packages-android-ios). Only add a
#: package here after finding it on that list, with why the app needs it.
MOBILE_BINARY = {
    "msgpack",  # Flet's own wire protocol (flet requires it)
    "numpy",  # the photo reader (reading pips from a picture of the tiles)
    "pillow",  # the photo reader: decoding the picture
    "websockets",  # on Flet's list; not used by the app today
    "pyyaml",  # on Flet's list; not used by the app today
    "opencv-python",  # the photo reader: finding and straightening tile faces
}
#: Never on the phone: the web server and the desktop client (the `web` and `desktop` extras).
SERVER_OR_DESKTOP = {"uvicorn", "fastapi", "flet-web", "flet-desktop", "uvloop", "httptools", "watchfiles"}
COMPILED_SUFFIXES = (".so", ".pyd", ".dylib", ".dll")

Lookup = Callable[[str], list[str] | None]


def installed_requires(name: str) -> list[str] | None:
    """The Requires-Dist lines of an installed distribution (None when it is not installed)."""
    try:
        return metadata.requires(name) or []
    except metadata.PackageNotFoundError:
        return None


def closure(roots: Iterable[str], requires: Lookup = installed_requires) -> dict[str, set[str]]:
    """Every distribution that installing ``roots`` brings in on this platform, each with what pulled it in.

    Markers are evaluated for this interpreter; an extra's requirements count
    only where a requirement asks for that extra (``flet[web]``).
    """
    env = default_environment()
    found: dict[str, set[str]] = {}
    pending: list[tuple[Requirement, str]] = [(Requirement(root), "(root)") for root in roots]
    seen: set[tuple[str, str]] = set()
    while pending:
        req, parent = pending.pop()
        name = canonicalize_name(req.name)
        found.setdefault(name, set()).add(parent)
        for extra in ["", *sorted(req.extras)]:
            if (name, extra) in seen:
                continue
            seen.add((name, extra))
            lines = requires(name)
            if lines is None:
                raise AssertionError(f"{name} (needed by {parent}) is not installed; reinstall with pip install -e .")
            for line in lines:
                child = Requirement(line)
                if child.marker is None or child.marker.evaluate({**env, "extra": extra}):
                    pending.append((child, name))
    return found


def compiled_files(name: str) -> list[str]:
    """Native files an installed distribution carries; a platlib wheel counts even without them."""
    dist = metadata.distribution(name)
    wheel = dist.read_text("WHEEL") or ""
    native = [str(f) for f in dist.files or () if str(f).endswith(COMPILED_SUFFIXES)]
    if "Root-Is-Purelib: false" in wheel and not native:
        native = ["(platform wheel: Root-Is-Purelib: false)"]
    return native


def not_for_a_phone(found: dict[str, set[str]], is_compiled: Callable[[str], list[str]] = compiled_files) -> list[str]:
    """Each distribution that is neither pure Python nor on Flet's mobile list, with what pulled it in."""
    problems = []
    for name in sorted(found):
        if name in MOBILE_BINARY:
            continue
        native = is_compiled(name)
        if native:
            problems.append(f"{name} (from {', '.join(sorted(found[name]))}): {native[0]}")
    return problems


def test_the_runtime_closure_installs_on_a_phone():
    found = closure(["scorekeeper"])
    assert {"flet", "flet-charts", "tinydb", "filelock", "platformdirs", "msgpack"} <= set(found)
    assert not_for_a_phone(found) == []


def test_no_web_server_or_desktop_client_without_extras():
    found = closure(["scorekeeper"])
    assert sorted(SERVER_OR_DESKTOP & set(found)) == []


def test_the_web_extra_brings_the_server_and_the_check_sees_it():
    """The check can fail: with the web extra the closure holds compiled packages Flet's phone index lacks."""
    found = closure(["scorekeeper[web]"])
    assert {"uvicorn", "fastapi", "flet-web"} <= set(found)
    problems = not_for_a_phone(found)
    assert any(p.startswith("pydantic-core ") for p in problems), problems


# --- the walker itself, on a made-up set of packages --------------------------------

FAKE = {
    "app": ["lib>=1", "srv; extra == 'web'", "winonly; sys_platform == 'win32'"],
    "lib": ["fastlib[speed]"],
    "fastlib": ["plain", "native; extra == 'speed'"],
    "srv": ["native"],
    "plain": [],
    "native": [],
    "winonly": [],
}


def fake_requires(name: str) -> list[str] | None:
    return FAKE.get(name)


def fake_compiled(name: str) -> list[str]:
    return ["native/_speedups.so"] if name == "native" else []


def test_the_walker_follows_requested_extras_and_markers_only():
    found = closure(["app"], fake_requires)
    # native arrives through fastlib[speed]; srv only with app[web]; winonly never on Linux
    assert set(found) == {"app", "lib", "fastlib", "plain", "native"}
    assert found["native"] == {"fastlib"}
    assert not_for_a_phone(found, fake_compiled) == ["native (from fastlib): native/_speedups.so"]
    with_web = closure(["app[web]"], fake_requires)
    assert "srv" in with_web
    assert with_web["native"] == {"fastlib", "srv"}


def test_a_missing_distribution_is_reported_not_ignored():
    with pytest.raises(AssertionError, match="ghost"):
        closure(["ghost"], fake_requires)
